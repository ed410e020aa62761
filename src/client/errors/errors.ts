/**
 * The errors the client throws. All extend {@link PlatformError}; one factory picks the class for
 * a response. Messages, `toString()` and `toJSON()` never
 * contain the token: credential headers are redacted and server text is scrubbed before it gets here.
 */

import { ownValue } from '../object-reads.js';
import type { DocumentInput, RateLimitState } from '../types.js';
import { redactHeaders } from './redact.js';

/** One entry of a GraphQL `errors` array. */
export interface GraphQLErrorInfo {
  /** What went wrong, as the server put it (token redacted). */
  message: string;
  /** Where in the query text, when the error points at it. */
  locations?: {
    /** Line in the query text, from 1. */
    line: number;
    /** Column in that line, from 1. */
    column: number;
  }[];
  /** The response field the error belongs to. */
  path?: (string | number)[];
  /** Extra information, e.g. `code` and `retry_in_seconds`. */
  extensions?: Record<string, unknown>;
}

/**
 * An error's own `extensions.code` when it is a string, else `''`: the code {@link GraphQLResponseError.code} names,
 * and the key of the code tables (`./error-codes.ts`, `./warnings.ts`).
 */
export function codeOf(error: GraphQLErrorInfo | undefined): string {
  const code = ownValue(error?.extensions, 'code');
  return typeof code === 'string' ? code : '';
}

/** What an error knows about the call and, when there was one, the response. */
export interface PlatformErrorDetails {
  /** HTTP status of the response. */
  status?: number;
  /** Headers of the response (credentials redacted). */
  headers?: Headers;
  /** Rate-limit state parsed from the response. */
  rateLimit?: RateLimitState;
  /** The operation that was called. */
  operationName?: string;
  /** The Idempotency-Key the mutation was sent with. */
  idempotencyKey?: string;
  /** The id the server gave the request (`extensions.request_id`), for its support. */
  requestId?: string;
  /** The underlying failure. */
  cause?: unknown;
}

/** Base class of every error the client throws. */
export class PlatformError extends Error {
  /** The class name (`'PlatformError'` or a subclass's): a string, so it survives minification. */
  override name: string = 'PlatformError';
  /** HTTP status of the response, when there was one. */
  readonly status?: number;
  /** Response headers (credentials redacted), when there was a response. */
  readonly headers?: Headers;
  /** Rate-limit state of the response, when there was one. */
  readonly rateLimit?: RateLimitState;
  /** Name of the operation called, when known. */
  readonly operationName?: string;
  /** Idempotency-Key of the mutation, the same on every attempt. */
  readonly idempotencyKey?: string;
  /**
   * The id the server gave the request (its response's `extensions.request_id`), when it sent one; also at the end
   * of the message. Quote it to the platform's support.
   */
  readonly requestId?: string;

  constructor(message: string, details: PlatformErrorDetails = {}) {
    super(
      details.requestId === undefined ? message : `${message} (request id ${details.requestId})`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    // Every field comes from `details`, by this one loop; each constructor only types them. The fields above are class
    // fields, so every error has them, set or not; a subclass declares its own (`declare readonly`), since a class
    // field of its would be reset after this loop. `cause` is the runtime's own, set (not enumerable) by `super` above
    // (`test/unit/errors.test.ts`: "takes every field from its details").
    for (const key in details) {
      if (key !== 'cause') (this as Record<string, unknown>)[key] = (details as Record<string, unknown>)[key];
    }
  }

  /**
   * A plain, token-free description of the error for logs: name, message and every field that is
   * set, with headers as a record whose credential headers are redacted.
   */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (value !== undefined && key !== 'name')
        json[key] = key === 'headers' ? redactHeaders(value as Headers) : value;
    }
    return json;
  }
}

/** Invalid client options or call arguments. The message says what to fix. Nothing was sent. */
export class PlatformConfigError extends PlatformError {
  /** The class name, `'PlatformConfigError'`: a string, so it survives minification. */
  override name = 'PlatformConfigError' as const;
}

/** 401: the token is missing, invalid or revoked. */
export class AuthenticationError extends PlatformError {
  /** The class name, `'AuthenticationError'`: a string, so it survives minification. */
  override name = 'AuthenticationError' as const;
}

/** Fields shared by the errors that tell the client how long to wait. */
export interface RetryAfterDetails extends PlatformErrorDetails {
  /** Seconds the server (or the client-side throttle) asks to wait before trying again. */
  retryAfterSeconds?: number;
}

/**
 * Which of the platform's limits refused a call: the per-minute request quota, the complexity budget, requests
 * at once, the daily call quota, requests per IP address, or a limit on one mutation (e.g. board creation).
 */
export type RateLimitKind = 'minute' | 'complexity' | 'concurrency' | 'daily' | 'ip' | 'mutation';

/** Details of a {@link RateLimitError}. */
export interface RateLimitDetails extends RetryAfterDetails {
  /** The GraphQL errors that reported the limit, when it came in a response body. */
  errors?: GraphQLErrorInfo[];
  /** Which limit refused the call, when the server said. */
  limit?: RateLimitKind;
}

/**
 * Rate limited: a 429, a budget/quota error inside a 200 body, or a wait the server imposed (a pause after a 429,
 * the reset of a long window) that the client's throttle would hold a call for longer than `retry.maxDelayMs`.
 */
export class RateLimitError extends PlatformError {
  /** `RateLimitError`, or `DailyLimitError` for the daily quota. */
  override name: 'RateLimitError' | 'DailyLimitError' = 'RateLimitError';
  /** Seconds to wait before trying again, when known. */
  declare readonly retryAfterSeconds?: number;
  /** The GraphQL errors that reported the limit, when it came in a response body. */
  declare readonly errors?: GraphQLErrorInfo[];
  /** Which limit refused the call, when the server said (`extensions.code`, or a per-mutation message). */
  declare readonly limit?: RateLimitKind;

  constructor(message: string, details: RateLimitDetails = {}) {
    super(message, details);
  }
}

/**
 * The account's daily call quota is spent (`DAILY_LIMIT_EXCEEDED`). It lasts until the daily reset (midnight UTC
 * on the platform), so the client never retries it within a call, and its throttle holds later calls until
 * {@link DailyLimitError.resetsAt} instead of sending calls that would be refused: a call that would wait longer
 * than `retry.maxDelayMs` fails at once with this error, without being sent.
 */
export class DailyLimitError extends RateLimitError {
  override name = 'DailyLimitError' as const;
  /** When the daily quota resets: the server's wait when it gave one, else the next midnight UTC. */
  declare readonly resetsAt: Date;

  constructor(message: string, details: RateLimitDetails & { resetsAt: Date }) {
    super(message, { ...details, limit: 'daily' });
  }
}

/** Why a call waited in the client's throttle: what held the line when it gave up. */
export type ThrottleHoldReason = 'concurrency' | 'quota-exhausted' | 'backoff' | 'daily-limit';

/**
 * The call waited in the client's own throttle longer than its `queueTimeoutMs` and was never sent. Nothing
 * refused it: the throttle was pacing the calls ahead of it within the server's quotas. Not retried.
 */
export class ThrottleQueueTimeoutError extends PlatformError {
  /** The class name, `'ThrottleQueueTimeoutError'`: a string, so it survives minification. */
  override name = 'ThrottleQueueTimeoutError' as const;
  /** How long the call waited in line, in milliseconds. */
  declare readonly queuedMs: number;
  /** Its place in line when it gave up: 1 for the head of the line. */
  declare readonly position: number;
  /** Calls waiting in line at that moment, this one included. */
  declare readonly queued: number;
  /** What held the line: the concurrency cap, an exhausted quota, a pause after a 429, the daily limit. */
  declare readonly reason: ThrottleHoldReason;
  /** The policy that held the line, when one did (`minuteRate`, `complexityMinute`, `concurrency`, `daily`). */
  declare readonly policy?: string;

  constructor(
    message: string,
    details: PlatformErrorDetails & {
      queuedMs: number;
      position: number;
      queued: number;
      reason: ThrottleHoldReason;
      policy?: string;
    },
  ) {
    super(message, details);
  }
}

/** 409: another request with the same Idempotency-Key was still running after the allowed waits. */
export class IdempotencyConflictError extends PlatformError {
  /** The class name, `'IdempotencyConflictError'`: a string, so it survives minification. */
  override name = 'IdempotencyConflictError' as const;
  /** The server's `Retry-After`, in seconds, when it sent a valid one. */
  declare readonly retryAfterSeconds?: number;

  constructor(message: string, details: RetryAfterDetails = {}) {
    super(message, details);
  }
}

/**
 * 422: the Idempotency-Key was already used for a different request (another mutation, or other variables).
 * The server ran nothing for this call. Never retried: send the new request with a new key (or, to retry the
 * first request, send exactly that request again).
 */
export class IdempotencyKeyReuseError extends PlatformError {
  /** The class name, `'IdempotencyKeyReuseError'`: a string, so it survives minification. */
  override name = 'IdempotencyKeyReuseError' as const;
}

/** The most GraphQL errors a {@link GraphQLResponseError} keeps (100); it counts the rest in `omittedErrors`. */
export const MAX_KEPT_ERRORS = 100;

/** The names of {@link GraphQLResponseError} and its subclasses. */
export type GraphQLResponseErrorName =
  | 'GraphQLResponseError'
  | 'NotFoundError'
  | 'PermissionDeniedError'
  | 'InvalidArgumentError'
  | 'ColumnValueError';

/** What a {@link GraphQLResponseError} is built from. */
export interface GraphQLResponseErrorDetails<TData> extends PlatformErrorDetails {
  /** The errors kept (at most 100, the first ones). */
  errors: GraphQLErrorInfo[];
  /** How many errors the response held beyond those kept. */
  omittedErrors?: number;
  /** Partial data returned alongside the errors, if any. */
  data?: TData;
}

/**
 * The response carried a non-empty `errors` array. `TData` types the partial data; a `catch` block
 * gets it typed from the document the call ran with {@link GraphQLResponseError.dataOf}. The common codes
 * come as subclasses: {@link NotFoundError}, {@link PermissionDeniedError}, {@link InvalidArgumentError},
 * {@link ColumnValueError}.
 */
export class GraphQLResponseError<TData = unknown> extends PlatformError {
  /** `GraphQLResponseError`, or the name of the subclass for a common code. */
  override name: GraphQLResponseErrorName = 'GraphQLResponseError';
  /**
   * The GraphQL errors: message, locations, path, extensions. At most 100, the first ones;
   * {@link GraphQLResponseError.omittedErrors} counts the rest.
   */
  declare readonly errors: GraphQLErrorInfo[];
  /** How many errors the response held beyond those in `errors` (0 for nearly every response). */
  declare readonly omittedErrors: number;
  /** The first error's `extensions.code`, e.g. `ResourceNotFoundException`, when it has a string one. */
  declare readonly code?: string;
  /** Partial data returned alongside the errors, if any: fields that failed are `null`. */
  declare readonly data?: TData;

  constructor(message: string, details: GraphQLResponseErrorDetails<TData>) {
    super(message, {
      ...details,
      omittedErrors: details.omittedErrors ?? 0,
      code: codeOf(details.errors[0]) || undefined,
    } as PlatformErrorDetails);
  }

  /**
   * The partial data, typed as the result of `document`: pass the document the failed call ran.
   *
   * ```ts
   * catch (error) {
   *   if (error instanceof GraphQLResponseError) error.dataOf(BoardItemsDocument)?.boards; // typed
   * }
   * ```
   */
  dataOf<TResult>(document: DocumentInput<TResult, never>): TResult | undefined {
    void document; // only its type is used
    return this.data as TResult | undefined;
  }
}

/** A board, item, column, user or other object the call named does not exist, or is not visible to the token. */
export class NotFoundError<TData = unknown> extends GraphQLResponseError<TData> {
  override name = 'NotFoundError' as const;
}

/** The token's user may not do this, or the token lacks the OAuth scope it needs. */
export class PermissionDeniedError<TData = unknown> extends GraphQLResponseError<TData> {
  override name = 'PermissionDeniedError' as const;
}

/** An argument was refused (out of range, malformed, or not allowed with the others). */
export class InvalidArgumentError<TData = unknown> extends GraphQLResponseError<TData> {
  override name = 'InvalidArgumentError' as const;
}

/**
 * A column value was refused: not valid JSON, or not what the column type takes (a status label that does not
 * exist, a malformed date). `errors[0].extensions` says more (the platform adds the column type).
 */
export class ColumnValueError<TData = unknown> extends GraphQLResponseError<TData> {
  override name = 'ColumnValueError' as const;
}

/** Any other non-2xx status, or a response body that is not a GraphQL response. */
export class HttpError extends PlatformError {
  /** `HttpError`, or the name of the subclass for a redirect or an oversized body. */
  override name: 'HttpError' | 'RedirectError' | 'ResponseTooLargeError' = 'HttpError';
  /** The start of the response body (at most a few hundred characters), token redacted. */
  declare readonly bodyExcerpt?: string;
  /** The server's `Retry-After` in seconds, when it sent a valid one (e.g. on a 503). */
  declare readonly retryAfterSeconds?: number;

  constructor(message: string, details: RetryAfterDetails & { bodyExcerpt?: string } = {}) {
    super(message, details);
  }
}

/**
 * 400: the server does not serve the API version the client asked for. Set the client's `apiVersion`
 * option (or `getSchema`'s `version`) to one of {@link UnsupportedApiVersionError.supportedVersions}.
 */
export class UnsupportedApiVersionError extends PlatformError {
  /** The class name, `'UnsupportedApiVersionError'`: a string, so it survives minification. */
  override name = 'UnsupportedApiVersionError' as const;
  /** The version that was asked for. */
  declare readonly apiVersion?: string;
  /** The versions the server said it supports (empty when it did not say). */
  declare readonly supportedVersions: string[];

  constructor(message: string, details: PlatformErrorDetails & { apiVersion?: string; supportedVersions: string[] }) {
    super(message, details);
  }
}

/**
 * The server answered with a redirect (3xx). The client never follows one: a redirect to another
 * origin would carry the request body, its Idempotency-Key and custom headers there.
 */
export class RedirectError extends HttpError {
  override name = 'RedirectError' as const;
  /** The `Location` the server pointed to, token redacted; undefined when it sent none (or the runtime hides it). */
  declare readonly location?: string;

  constructor(message: string, details: RetryAfterDetails & { bodyExcerpt?: string; location?: string } = {}) {
    super(message, details);
  }
}

/** The response body was larger than `maxResponseBytes`: the client stopped reading it and dropped it. */
export class ResponseTooLargeError extends HttpError {
  override name = 'ResponseTooLargeError' as const;
  /** The limit that was exceeded, in bytes. */
  declare readonly maxResponseBytes: number;

  constructor(message: string, details: RetryAfterDetails & { maxResponseBytes: number }) {
    super(message, details);
  }
}

/** No response: the connection failed, the attempt timed out, or the caller aborted. */
export class NetworkError extends PlatformError {
  /** The class name, `'NetworkError'`: a string, so it survives minification. */
  override name = 'NetworkError' as const;
  /** True when the per-attempt timeout fired. */
  declare readonly timedOut: boolean;
  /** True when the caller's AbortSignal aborted the call. */
  declare readonly aborted: boolean;
  /** The system error code behind a connection failure, e.g. `ECONNREFUSED` or `ENOTFOUND`, when the runtime gave one. */
  declare readonly code?: string;
  /** Attempts made when this error was raised, the failing one included (absent for an abort). */
  declare readonly attempts?: number;

  constructor(
    message: string,
    details: PlatformErrorDetails & { timedOut?: boolean; aborted?: boolean; code?: string; attempts?: number } = {},
  ) {
    // Neither timed out nor aborted unless the details say so.
    super(message, { timedOut: false, aborted: false, ...details });
  }
}
