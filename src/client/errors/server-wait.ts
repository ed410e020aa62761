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
