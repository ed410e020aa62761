/**
 * One factory that turns a response into the right {@link PlatformError} (or nothing, for a success),
 * in the manner of stripe-node's `Error.ts`: the status and body pick the class; every error carries
 * status, headers and rate-limit state.
 */

import { LOCATION, RETRY_AFTER } from '../error-headers.js';
import { ownValue } from '../object-reads.js';
import type { RateLimitState } from '../types.js';
import { ERROR_CODE_CLASSES } from './error-codes.js';
import { errorInfoOf, isGraphQLSuccess, requestIdOf } from './error-info.js';
import {
  AuthenticationError,
  codeOf,
  type GraphQLErrorInfo,
  GraphQLResponseError,
  HttpError,
  IdempotencyConflictError,
  IdempotencyKeyReuseError,
  MAX_KEPT_ERRORS,
  type PlatformError,
  type PlatformErrorDetails,
  RedirectError,
  ResponseTooLargeError,
  UnsupportedApiVersionError,
} from './errors.js';
import { limitErrorOf, rateLimitErrorFor } from './rate-limit-errors.js';
import { type Redactor, redactDeep, redactHeadersObject } from './redact.js';
import { parseRetryAfter, resetSecondsFromRateLimit, retryInSecondsOf } from './server-wait.js';

/** Everything the factory needs to know about one response. */
export interface ResponseFacts {
  status: number;
  headers: Headers;
  rateLimit: RateLimitState;
  /** The parsed JSON body, when the body was JSON. */
  payload?: unknown;
  /** The raw body text, when known. */
  text?: string;
  operationName?: string;
  idempotencyKey?: string;
  /** Hides the token in anything taken from the response. */
  redact: Redactor;
  /** Current time, for `Retry-After` dates. */
  nowMs: number;
  /** The API version the request asked for, named by an unsupported-version error. */
  apiVersion?: string;
  /** Set to the limit when the body was larger than `maxResponseBytes` (and so was not read). */
  bodyLimitExceeded?: number;
  /** Set to the limit when the body held more JSON arrays and objects than that (and so was not parsed). */
  bodyContainersExceeded?: number;
}

/** The error a response stands for, or undefined when it is a GraphQL success. */
export function createResponseError(facts: ResponseFacts): PlatformError | undefined {
  const { status, payload, redact, headers, rateLimit, nowMs, apiVersion } = facts;
  // The common case first, before any error details are built.
  if (isGraphQLSuccess(status, payload)) return undefined;
  // The body's `errors` (undefined when it has none), normalised and token-free: the first MAX_KEPT_ERRORS, the rest
  // only counted. A server that sends a million errors costs a count, not a million copies.
  const all = ownValue(payload, 'errors');
  const errors =
    Array.isArray(all) && all.length > 0
      ? all.slice(0, MAX_KEPT_ERRORS).map((raw) => errorInfoOf(raw, redact))
      : undefined;
  const details: PlatformErrorDetails = {
    status,
    headers: redactHeadersObject(headers, redact),
    rateLimit,
    operationName: facts.operationName,
    idempotencyKey: facts.idempotencyKey,
    requestId: requestIdOf(payload, redact),
  };
  const retryAfter = parseRetryAfter(headers.get(RETRY_AFTER), nowMs);
  const first = errors?.[0];
  const said = first ? `: ${first.message}` : '';
  /**
   * An HttpError (or `Class`, one of its subclasses) saying `message` (`HTTP {status}...`): the start of the body
   * (redacted before it is cut, so a token is never half shown), the `Retry-After` wait and `extra`.
   */
  const httpError = (message: string, extra?: object, Class: typeof HttpError = HttpError) => {
    let { text } = facts;
    try {
      // Undefined for an undefined payload.
      text ??= JSON.stringify(payload);
    } catch {
      // Not serialisable: no excerpt.
    }
    const excerpt = text && redact(text.trim());
    return new Class(message, {
      ...details,
      // At most 300 characters (a literal, see `./error-info.ts`: requestIdOf).
      bodyExcerpt: excerpt && excerpt.length > 300 ? `${excerpt.slice(0, 300)}…` : excerpt,
      retryAfterSeconds: retryAfter,
      ...extra,
    });
  };

  if (status === 0 || (status >= 300 && status <= 399)) {
    // Refused, never followed: named with its `Location` (token redacted). A browser hides both (status 0).
    const raw = headers.get(LOCATION);
    const location = raw === null ? undefined : redact(raw);
    const where = `${location === undefined ? '' : ` to ${location}`}: the client does not follow redirects`;
    const head = status ? `HTTP ${status}` : 'a redirect (the runtime hides its status and Location)';
    return httpError(head + where, { retryAfterSeconds: undefined, location }, RedirectError);
  }
  const maxResponseBytes = facts.bodyLimitExceeded;
  if (maxResponseBytes !== undefined) {
    // Not read: no excerpt.
    return httpError(
      `HTTP ${status}: the response body is larger than maxResponseBytes (${maxResponseBytes} bytes); it was not read`,
      { maxResponseBytes },
      ResponseTooLargeError as typeof HttpError,
    );
  }
  if (facts.bodyContainersExceeded !== undefined) {
    return httpError(
      `HTTP ${status}: the response body holds more than ${facts.bodyContainersExceeded} JSON arrays and objects; it was not parsed`,
    );
  }
  if (status === 401)
    // What the server says names its Authorization header, which the client sets from its `token` option.
    return new AuthenticationError(
      `Authentication failed (401)${said}. Check the client's \`token\` option (an API or OAuth token for this host, without a \`Bearer \` prefix)`,
      details,
    );
  if (status === 409) {
    return new IdempotencyConflictError(
      'Idempotency conflict (409): a request with the same Idempotency-Key is still in progress',
      { ...details, retryAfterSeconds: retryAfter },
    );
  }
  if (status === 422 && facts.idempotencyKey !== undefined) {
    return new IdempotencyKeyReuseError(
      'Idempotency-Key reused (422) for a different request: send this one with a new key',
      details,
    );
  }
  // A rate limit: a RateLimitError (or DailyLimitError), its wait in the order of `./server-wait.ts`.
  if (status === 429)
    return rateLimitErrorFor(
      `Rate limited (429)${said}`,
      {
        ...details,
        retryAfterSeconds: retryAfter ?? retryInSecondsOf(errors) ?? resetSecondsFromRateLimit(rateLimit),
        errors,
      },
      nowMs,
    );
  if (status === 400 && errors?.some((error) => codeOf(error) === 'UNSUPPORTED_API_VERSION')) {
    // The versions the server listed (`extensions.supported_versions`), else what it said.
    const listed = errors.map((error) => error.extensions?.supported_versions).find(Array.isArray) ?? [];
    const supportedVersions = listed.filter((version): version is string => typeof version === 'string');
    const asked = apiVersion === undefined ? 'the requested API version' : `API version '${apiVersion}'`;
    const which = supportedVersions.length > 0 ? `: ${supportedVersions.join(', ')}` : ` (server said${said})`;
    return new UnsupportedApiVersionError(
      `The server does not support ${asked} (400). Set the \`apiVersion\` option to a version it supports${which}.`,
      { ...details, apiVersion, supportedVersions },
    );
  }
  if (status < 200 || status > 299) return httpError(`HTTP ${status}${said}`);
  // The platform's older report of an exhausted complexity budget, in a 200: `ComplexityException` (as the body's
  // `error_code`, or an error's `extensions.code`) with `status_code: 429`, the wait only in the message
  // ("... reset in 7 seconds").
  const bodyMessage = ownValue(payload, 'error_message');
  const complexity =
    ownValue(payload, 'error_code') === 'ComplexityException'
      ? redact(typeof bodyMessage === 'string' ? bodyMessage : 'ComplexityException')
      : errors?.find((error) => codeOf(error) === 'ComplexityException')?.message;
  if (complexity !== undefined) {
    // `wait` is undefined or a non-empty string of digits.
    const wait = /reset in (\d+(?:\.\d+)?) seconds?/i.exec(complexity)?.[1];
    const seconds = (wait && Number(wait)) as number | undefined;
    return rateLimitErrorFor(
      `Rate limited: ${complexity}`,
      {
        ...details,
        retryAfterSeconds: seconds ?? retryAfter ?? resetSecondsFromRateLimit(rateLimit),
        errors,
        limit: 'complexity',
      },
      nowMs,
    );
  }
  // A 2xx without errors here has no `data` object (a success returned above).
  if (!first)
    return httpError(`HTTP ${status}: the response is not a GraphQL result`, { retryAfterSeconds: undefined });
  const budget = limitErrorOf(errors);
  if (budget)
    return rateLimitErrorFor(
      `Rate limited: ${budget.message}`,
      { ...details, retryAfterSeconds: retryInSecondsOf([budget]) ?? retryAfter, errors },
      nowMs,
    );
  const kept = errors as GraphQLErrorInfo[];
  const total = (all as unknown[]).length;
  // A subclass for a common first `extensions.code` (see `./error-codes.ts`), else the base class.
  const ErrorClass = ERROR_CODE_CLASSES[codeOf(first)] ?? GraphQLResponseError;
  return new ErrorClass(`GraphQL error: ${first.message}${total > 1 ? ` (and ${total - 1} more)` : ''}`, {
    ...details,
    errors: kept,
    omittedErrors: total - kept.length,
    // A `null` data is no data; redactDeep hands undefined back as it is.
    data: redactDeep(ownValue(payload, 'data') ?? undefined, redact),
  });
}
