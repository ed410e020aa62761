/**
 * The retry policy as a pure function: {@link decideRetry} (whether to try again, why, and after
 * how long; the wait itself comes from `./retry-timing.ts`). No clock, no
 * randomness of its own, no I/O: the caller passes the attempt number, the time already waited and
 * a random number, so every rule can be checked with a table.
 */
import {
  DailyLimitError,
  GraphQLResponseError,
  HttpError,
  IdempotencyConflictError,
  NetworkError,
  PlatformError,
  RateLimitError,
} from './errors.js';
import { retryDelayMs } from './retry-timing.js';
import type { RetryOptions, RetryReason } from './types.js';

/** {@link RetryOptions} with every default applied. */
export type RetryPolicy = Required<RetryOptions>;

/** The defaults documented on {@link RetryOptions}. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxAttempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 30_000,
  maxElapsedMs: 60_000,
  conflictDefaultSeconds: 1,
});

/** What the decision needs to know besides the error and the policy. */
export interface RetryContext {
  /** The attempt that just failed; 1 for the first. */
  attempt: number;
  /** Milliseconds already spent waiting between earlier attempts of this call. */
  waitedMs: number;
  /** A number in [0, 1) used for jitter. */
  random: number;
  /** True when sending again cannot do the work twice: a query, or a mutation with an Idempotency-Key. */
  repeatable: boolean;
}

/** The outcome of {@link decideRetry}. */
export type RetryDecision = { retry: false } | { retry: true; reason: RetryReason; delayMs: number };

const NO_RETRY: RetryDecision = { retry: false };

/** Why an error may be retried, and the server's requested wait in seconds; undefined when it never is. */
function classify(error: unknown): { reason: RetryReason; waitSeconds?: number } | undefined {
  if (!(error instanceof PlatformError)) return undefined;
  if (error instanceof NetworkError) {
    if (error.aborted) return undefined;
    return { reason: error.timedOut ? 'timeout' : 'network' };
  }
  // The daily quota lasts until its reset: no call waits that out (test/unit/rate-limit-errors.test.ts).
  if (error instanceof DailyLimitError) return undefined;
  if (error instanceof RateLimitError) return { reason: 'rate-limited', waitSeconds: error.retryAfterSeconds };
  if (error instanceof IdempotencyConflictError) {
    return { reason: 'idempotency-conflict', waitSeconds: error.retryAfterSeconds };
  }
  if (error instanceof GraphQLResponseError) return undefined;
  if (error instanceof HttpError && error.status !== undefined && error.status >= 500 && error.status <= 599) {
    return { reason: 'server-error', waitSeconds: error.retryAfterSeconds };
  }
  return undefined;
}

/**
 * Whether to try a failed call again. Retried: network errors, timeouts, 5xx, 429 and budget errors,
 * 409 idempotency conflicts (all only when the call is repeatable). Never retried: 400, 401, 403 and
 * other 4xx, GraphQL errors, caller aborts, the daily limit (`DailyLimitError`). A server-requested wait (`Retry-After`, `retry_in_seconds`,
 * `t`) wins over backoff; one longer than `maxDelayMs`, or one that would take the call past
 * `maxElapsedMs`, means no retry.
 */
export function decideRetry(error: unknown, context: RetryContext, policy: RetryPolicy): RetryDecision {
  if (context.attempt >= policy.maxAttempts) return NO_RETRY;
  const verdict = classify(error);
  if (!verdict) return NO_RETRY;
  if (!context.repeatable && verdict.reason !== 'idempotency-conflict' && verdict.reason !== 'rate-limited') {
    return NO_RETRY;
  }
  const delayMs = retryDelayMs(verdict.reason, verdict.waitSeconds, context.attempt, policy, context.random);
  if (delayMs > policy.maxDelayMs) return NO_RETRY;
  if (context.waitedMs + delayMs > policy.maxElapsedMs) return NO_RETRY;
  return { retry: true, reason: verdict.reason, delayMs };
}
