/**
 * How long to wait, decided in one place (as ky's `retry-timing.ts`): what the server asked for and in
 * which order its signals count, and how long the client waits before trying again. Pure functions;
 * the caller passes the clock and the randomness.
 *
 * Precedence of the server's wait, per kind of answer (applied where the error is made, `./error-factory.ts`):
 * - a 429: `Retry-After`, else a GraphQL error's `extensions.retry_in_seconds`, else the `t` of the
 *   exhausted `RateLimit` policies (else the longest `t` of any policy);
 * - a 200 whose errors say a budget ran out: that error's `retry_in_seconds`, else `Retry-After`;
 * - a 200 with the older `ComplexityException`: the seconds its message names, else `Retry-After`, else
 *   the exhausted policy's `t`;
 * - a 409, a 5xx, any other error status: `Retry-After` only.
 *
 * Before the next attempt: the server's wait when it gave one (a 409 without one waits
 * `conflictDefaultSeconds`), else capped exponential backoff with full jitter.
 */
import type { GraphQLErrorInfo } from './errors.js';
import type { RateLimitState, RetryOptions, RetryReason } from './types.js';
import { ownValue } from './validate.js';

const DELTA_SECONDS = /^\s*(\d+(?:\.\d+)?)\s*$/;

/**
 * Seconds from a `Retry-After` value: delta-seconds, or an HTTP date measured from `nowMs`.
 * Undefined when the value is missing or invalid.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const delta = DELTA_SECONDS.exec(value);
  if (delta) return Number(delta[1]);
  if (!/[a-z]/i.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/** A non-negative number of seconds from a JSON value (number or numeric string), else undefined. */
export function secondsFrom(value: unknown): number | undefined {
  const seconds = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/**
 * Seconds until the limit behind a 429 resets, from the RateLimit `t` parameters: the longest `t`
 * among policies with nothing remaining, else the longest `t` of any policy. Undefined when none has one.
 */
export function resetSecondsFromRateLimit(state: RateLimitState): number | undefined {
  let exhausted: number | undefined;
  let any: number | undefined;
  for (const policy of Object.values(state.policies)) {
    const t = policy?.resetSeconds;
    if (t === undefined || !(t >= 0) || !Number.isFinite(t)) continue; // a state built by hand may hold anything
    any = Math.max(any ?? 0, t);
    if (policy?.remaining !== undefined && policy.remaining <= 0) exhausted = Math.max(exhausted ?? 0, t);
  }
  return exhausted ?? any;
}

/** The first `extensions.retry_in_seconds` among `errors` (own properties only). */
export function retryInSecondsOf(errors: readonly GraphQLErrorInfo[] | undefined): number | undefined {
  for (const error of errors ?? []) {
    const seconds = secondsFrom(ownValue(error.extensions, 'retry_in_seconds'));
    if (seconds !== undefined) return seconds;
  }
  return undefined;
}

/**
 * Full-jitter backoff before attempt `attempt + 1`: a random share of
 * `min(maxDelayMs, baseDelayMs * 2^(attempt - 1))`, in whole milliseconds.
 */
export function backoffDelayMs(
  attempt: number,
  policy: Pick<Required<RetryOptions>, 'baseDelayMs' | 'maxDelayMs'>,
  random: number,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(Math.min(Math.max(random, 0), 1) * ceiling);
}

/**
 * Milliseconds to wait before the next attempt: the server's wait (`serverSeconds`) when it gave one,
 * `conflictDefaultSeconds` for a 409 without one, else backoff.
 */
export function retryDelayMs(
  reason: RetryReason,
  serverSeconds: number | undefined,
  attempt: number,
  policy: Required<RetryOptions>,
  random: number,
): number {
  const seconds = reason === 'idempotency-conflict' ? (serverSeconds ?? policy.conflictDefaultSeconds) : serverSeconds;
  return seconds !== undefined ? Math.ceil(seconds * 1000) : backoffDelayMs(attempt, policy, random);
}

/** The whole seconds a throttle hold of `waitMs` is reported as. */
export function holdSeconds(waitMs: number): number {
  return Math.ceil(waitMs / 1000);
}
