/**
 * One factory that turns a response into the right {@link PlatformError} (or nothing, for a success),
 * in the manner of stripe-node's `Error.ts`: the status and body pick the class; every error carries
 * status, headers and rate-limit state.
 */
import {
  AuthenticationError,
  type GraphQLErrorInfo,
  GraphQLResponseError,
  HttpError,
  IdempotencyConflictError,
  type PlatformError,
  type PlatformErrorDetails,
  RateLimitError,
} from './errors.js';
import { type Redactor, redactDeep, redactHeadersObject } from './redact.js';
import { parseRetryAfter, resetSecondsFromRateLimit, secondsFrom } from './retry-after.js';
import type { RateLimitState } from './types.js';

/** `extensions.code` values that mean a budget or quota ran out (retried like a 429). */
export const RATE_LIMIT_CODES: ReadonlySet<string> = new Set([
  'COMPLEXITY_BUDGET_EXHAUSTED',
  'RATE_LIMIT_EXCEEDED',
  'DAILY_LIMIT_EXCEEDED',
]);

const EXCERPT_LENGTH = 300;

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
}

/** The error a response stands for, or undefined when it is a GraphQL success. */
export function createResponseError(facts: ResponseFacts): PlatformError | undefined {
  const { status, payload } = facts;
  const errors = graphQLErrorsOf(payload, facts.redact);
  // The common case first, before any error details are built.
  if (status >= 200 && status <= 299 && !errors && isRecord(payload) && isRecord(payload.data)) return undefined;
  const details: PlatformErrorDetails = {
    status,
    headers: redactHeadersObject(facts.headers, facts.redact),
    rateLimit: facts.rateLimit,
    operationName: facts.operationName,
    idempotencyKey: facts.idempotencyKey,
  };
  const retryAfterHeader = parseRetryAfter(facts.headers.get('retry-after'), facts.nowMs);
  const suffix = errors?.[0] ? `: ${errors[0].message}` : '';

  if (status === 401) return new AuthenticationError(`Authentication failed (401)${suffix}`, details);
  if (status === 409) {
    return new IdempotencyConflictError(
      'Idempotency conflict (409): a request with the same Idempotency-Key is still in progress',
      { ...details, retryAfterSeconds: retryAfterHeader },
    );
  }
  if (status === 429) {
    const retryAfterSeconds =
      retryAfterHeader ?? retryInSecondsOf(errors) ?? resetSecondsFromRateLimit(facts.rateLimit);
    return new RateLimitError(`Rate limited (429)${suffix}`, { ...details, retryAfterSeconds, errors });
  }
  if (status < 200 || status > 299) {
    return new HttpError(`HTTP ${status}${suffix}`, {
      ...details,
      bodyExcerpt: excerptOf(facts),
      retryAfterSeconds: retryAfterHeader,
    });
  }
  const exhausted = complexityExceptionOf(payload, errors, facts.redact);
  if (exhausted) {
    return new RateLimitError(`Rate limited: ${exhausted.message}`, {
      ...details,
      retryAfterSeconds: exhausted.seconds ?? retryAfterHeader ?? resetSecondsFromRateLimit(facts.rateLimit),
      errors,
    });
  }
  if (errors && errors.length > 0) {
    const limited = errors.find((error) => RATE_LIMIT_CODES.has(String(error.extensions?.code)));
    if (limited) {
      return new RateLimitError(`Rate limited: ${limited.message}`, {
        ...details,
        retryAfterSeconds: retryInSecondsOf([limited]) ?? retryAfterHeader,
        errors,
      });
    }
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    const data = (payload as { data?: unknown }).data ?? undefined;
    return new GraphQLResponseError(`GraphQL error: ${errors[0]?.message}${more}`, {
      ...details,
      errors,
      data: data === undefined ? undefined : redactDeep(data, facts.redact),
    });
  }
  if (!isRecord(payload) || !isRecord(payload.data)) {
    return new HttpError(`HTTP ${status}: the response is not a GraphQL result`, {
      ...details,
      bodyExcerpt: excerptOf(facts),
    });
  }
  return undefined;
}

/**
 * The platform's older report of an exhausted complexity budget, in a 200: `ComplexityException` (as the body's
 * `error_code`, or an error's `extensions.code`) with `status_code: 429`, the wait only in the message
 * ("... reset in 7 seconds"). Undefined for anything else.
 */
function complexityExceptionOf(
  payload: unknown,
  errors: GraphQLErrorInfo[] | undefined,
  redact: Redactor,
): { message: string; seconds?: number } | undefined {
  let message: string | undefined;
  if (isRecord(payload) && payload.error_code === 'ComplexityException') {
    message = redact(typeof payload.error_message === 'string' ? payload.error_message : 'ComplexityException');
  } else {
    message = errors?.find((error) => error.extensions?.code === 'ComplexityException')?.message;
  }
  if (message === undefined) return undefined;
  const wait = /reset in (\d+(?:\.\d+)?) seconds?/i.exec(message)?.[1];
  return { message, seconds: wait === undefined ? undefined : Number(wait) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The normalised, token-free `errors` of a body, or undefined when it has none. */
function graphQLErrorsOf(payload: unknown, redact: Redactor): GraphQLErrorInfo[] | undefined {
  if (!isRecord(payload) || !Array.isArray(payload.errors) || payload.errors.length === 0) return undefined;
  return payload.errors.map((raw: unknown): GraphQLErrorInfo => {
    const entry = isRecord(raw) ? raw : { message: String(raw) };
    const info: GraphQLErrorInfo = {
      message: redact(typeof entry.message === 'string' ? entry.message : 'Unknown GraphQL error'),
    };
    if (Array.isArray(entry.locations)) info.locations = entry.locations as GraphQLErrorInfo['locations'];
    if (Array.isArray(entry.path)) info.path = redactDeep(entry.path as (string | number)[], redact);
    if (isRecord(entry.extensions)) info.extensions = redactDeep(entry.extensions, redact);
    return info;
  });
}

function retryInSecondsOf(errors: GraphQLErrorInfo[] | undefined): number | undefined {
  for (const error of errors ?? []) {
    const seconds = secondsFrom(error.extensions?.retry_in_seconds);
    if (seconds !== undefined) return seconds;
  }
  return undefined;
}

function excerptOf(facts: ResponseFacts): string | undefined {
  let text = facts.text;
  if (text === undefined && facts.payload !== undefined) {
    try {
      text = JSON.stringify(facts.payload);
    } catch {
      text = undefined;
    }
  }
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  // Redact before cutting, so a token that straddles the cut is not half shown.
  const redacted = facts.redact(trimmed);
  return redacted.length > EXCERPT_LENGTH ? `${redacted.slice(0, EXCERPT_LENGTH)}…` : redacted;
}
