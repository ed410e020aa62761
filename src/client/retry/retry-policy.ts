/**
 * The retry policy as a pure function: {@link decideRetry} (whether to try again, why, and after
 * how long: the server's wait when it gave one, else the backoff of `./retry-timing.ts`). No clock, no
 * randomness of its own, no I/O: the caller passes the attempt number, the time already waited and
 * a random number, so every rule can be checked with a table.
 */
import {
  DailyLimitError,
  HttpError,
  IdempotencyConflictError,
  NetworkError,
  RateLimitError,
} from '../errors/errors.js';
import type { RetryOptions, RetryReason } from '../types.js';
import { backoffDelayMs } from './retry-timing.js';

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

/**
 * Whether to try a failed call again. Retried: 429 and budget errors, 409 idempotency conflicts, and (only
 * when the call is repeatable) network errors, timeouts and 5xx. Never retried: 400, 401, 403 and
 * other 4xx, GraphQL errors, caller aborts, the daily limit (`DailyLimitError`). A server-requested wait (`Retry-After`, `retry_in_seconds`,
 * `t`) wins over backoff; one longer than `maxDelayMs`, or one that would take the call past
 * `maxElapsedMs`, means no retry.
 */
export function decideRetry(error: unknown, context: RetryContext, policy: RetryPolicy): RetryDecision {
  if (context.attempt >= policy.maxAttempts) return NO_RETRY;
  // Why the error may be retried. Never an abort, the daily quota (it lasts until its reset: no call waits that out,
  // test/unit/rate-limit-errors.test.ts), a GraphQL error or a 4xx; and a call that is not `repeatable` (sending it
  // again could do the work twice) retries only a limit's refusal and a 409: neither ran it.
  let reason: RetryReason;
  if (error instanceof DailyLimitError) return NO_RETRY;
  if (error instanceof RateLimitError) reason = 'rate-limited';
  else if (error instanceof IdempotencyConflictError) reason = 'idempotency-conflict';
  else if (!context.repeatable || (error instanceof NetworkError && error.aborted)) return NO_RETRY;
  else if (error instanceof NetworkError) reason = error.timedOut ? 'timeout' : 'network';
  else if (error instanceof HttpError && (error.status as number) >= 500 && (error.status as number) <= 599)
    reason = 'server-error';
  else return NO_RETRY;
  // The server's wait when it gave one (the error's `retryAfterSeconds`; a 409 without one waits
  // `conflictDefaultSeconds`), else backoff.
  const serverSeconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
  const seconds = reason === 'idempotency-conflict' ? (serverSeconds ?? policy.conflictDefaultSeconds) : serverSeconds;
  const delayMs =
    seconds !== undefined ? Math.ceil(seconds * 1000) : backoffDelayMs(context.attempt, policy, context.random);
  if (delayMs > policy.maxDelayMs || context.waitedMs + delayMs > policy.maxElapsedMs) return NO_RETRY;
  return { retry: true, reason, delayMs };
}
