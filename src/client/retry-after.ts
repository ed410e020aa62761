/**
 * Reads how long the server asks the client to wait: `Retry-After`, a body's `retry_in_seconds`,
 * or the `t` of the exhausted rate-limit policies.
 */
import type { RateLimitState } from './types.js';

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
    if (t === undefined) continue;
    any = Math.max(any ?? 0, t);
    if (policy?.remaining !== undefined && policy.remaining <= 0) exhausted = Math.max(exhausted ?? 0, t);
  }
  return exhausted ?? any;
}
