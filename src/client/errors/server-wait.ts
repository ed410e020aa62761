/**
 * What the server said about how long to wait, read from a failed response where its error is made
 * (`./error-factory.ts`, which loads on demand: so does this). Pure functions; the caller passes the clock.
 *
 * Precedence of the server's wait, per kind of answer:
 * - a 429: `Retry-After`, else a GraphQL error's `extensions.retry_in_seconds`, else the `t` of the
 *   exhausted `RateLimit` policies (else the longest `t` of any policy);
 * - a 200 whose errors say a budget ran out: that error's `retry_in_seconds`, else `Retry-After`;
 * - a 200 with the older `ComplexityException`: the seconds its message names, else `Retry-After`, else
 *   the exhausted policy's `t`;
 * - a 409, a 5xx, any other error status: `Retry-After` only.
 */

import { ownValue } from '../object-reads.js';
import type { RateLimitState } from '../types.js';
import type { GraphQLErrorInfo } from './errors.js';

/**
 * Seconds from a `Retry-After` value: delta-seconds, or an HTTP date measured from `nowMs`.
 * Undefined when the value is missing or invalid.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value == null) return undefined;
  const delta = /^\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (delta) return Number(delta[1]);
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
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
    // A state built by hand may hold anything.
    if (!(Number.isFinite(t) && (t as number) >= 0)) continue;
    any = Math.max(any ?? 0, t as number);
    if ((policy?.remaining as number) <= 0) exhausted = Math.max(exhausted ?? 0, t as number);
  }
  return exhausted ?? any;
}

/**
 * The first `extensions.retry_in_seconds` among `errors` (own properties only) that is a non-negative number of
 * seconds (a number or a numeric string).
 */
export function retryInSecondsOf(errors: readonly GraphQLErrorInfo[] | undefined): number | undefined {
  for (const error of errors ?? []) {
    const value = ownValue(error.extensions, 'retry_in_seconds');
    const seconds = typeof value === 'string' && value.trim() ? Number(value) : value;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) return seconds;
  }
  return undefined;
}
