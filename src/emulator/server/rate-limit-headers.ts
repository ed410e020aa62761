/**
 * The `RateLimit-Policy` and `RateLimit` headers as structured-field lists (IETF RateLimit header draft).
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
        ['q', limits.minuteRate.quota],
        ['w', limits.minuteRate.windowSeconds],
      ]),
    ],
    [
      'concurrency',
      new Map<string, number | string>([
        ['q', limits.concurrency.quota],
        ['qu', 'concurrent-requests'],
      ]),
    ],
    [
      'complexityMinute',
      new Map<string, number | string>([
        ['q', limits.complexity.quota],
        ['w', limits.complexity.windowSeconds],
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
        ['r', state.minuteRate.remaining],
        ['t', state.minuteRate.resetSeconds],
      ]),
    ],
    ['concurrency', new Map([['r', state.concurrency.remaining]])],
    [
      'complexityMinute',
      new Map([
        ['r', state.complexity.remaining],
        ['t', state.complexity.resetSeconds],
      ]),
    ],
  ]);
}
