/**
 * The `RateLimit-Policy` and `RateLimit` headers as structured-field lists (IETF RateLimit header draft).
 * Every number is brought into the range a structured field can carry, so a huge quota in the options cannot
 * make the serializer throw on every answer.
 */
import { serializeList } from 'structured-headers';
import type { ResolvedLimits } from './options.js';
import type { RateLimitSnapshot } from './rate-limit.js';

/** `"minuteRate";q=…;w=…, "concurrency";q=…;qu="concurrent-requests", "complexityMinute";q=…;w=…;qu="content-bytes"`. */
export function rateLimitPolicyHeader(limits: ResolvedLimits): string {
  return serializeList([
    [
      'minuteRate',
      new Map<string, number>([
        ['q', sfNumber(limits.minuteRate.quota)],
        ['w', sfNumber(limits.minuteRate.windowSeconds)],
      ]),
    ],
    [
      'concurrency',
      new Map<string, number | string>([
        ['q', sfNumber(limits.concurrency.quota)],
        ['qu', 'concurrent-requests'],
      ]),
    ],
    [
      'complexityMinute',
      new Map<string, number | string>([
        ['q', sfNumber(limits.complexity.quota)],
        ['w', sfNumber(limits.complexity.windowSeconds)],
        ['qu', 'content-bytes'],
      ]),
    ],
  ]);
}

/** `"minuteRate";r=…;t=…, "concurrency";r=…, "complexityMinute";r=…;t=…`. */
export function rateLimitHeader(state: RateLimitSnapshot): string {
  return serializeList([
    [
      'minuteRate',
      new Map([
        ['r', sfNumber(state.minuteRate.remaining)],
        ['t', sfNumber(state.minuteRate.resetSeconds)],
      ]),
    ],
    ['concurrency', new Map([['r', sfNumber(state.concurrency.remaining)]])],
    [
      'complexityMinute',
      new Map([
        ['r', sfNumber(state.complexity.remaining)],
        ['t', sfNumber(state.complexity.resetSeconds)],
      ]),
    ],
  ]);
}

/** Largest integer a structured field can carry. */
const SF_MAX_INTEGER = 999_999_999_999_999;
/** Largest decimal a structured field can carry (three fraction digits at most). */
const SF_MAX_DECIMAL = 999_999_999_999.999;

/** `value` clamped into the structured-field integer or decimal range (decimals rounded to three digits). */
export function sfNumber(value: number): number {
  if (Number.isNaN(value)) return 0;
  const clamp = (n: number) => Math.min(SF_MAX_INTEGER, Math.max(-SF_MAX_INTEGER, n));
  if (Number.isInteger(value) || !Number.isFinite(value)) return clamp(value);
  if (Math.abs(value) > SF_MAX_DECIMAL) return clamp(Math.round(value));
  return Math.round(value * 1000) / 1000;
}
