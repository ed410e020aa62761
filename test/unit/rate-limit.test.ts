import { describe, expect, it } from 'vitest';
import { parseRateLimit } from '../../src/client/rate-limit.js';

function state(policy?: string, limit?: string) {
  const headers = new Headers();
  if (policy !== undefined) headers.set('RateLimit-Policy', policy);
  if (limit !== undefined) headers.set('RateLimit', limit);
  return parseRateLimit(headers);
}

describe('parseRateLimit', () => {
  it('joins RateLimit-Policy and RateLimit by policy name (names as Tokens)', () => {
    const parsed = state(
      'minuteRate;q=100;w=60, concurrency;q=4;qu="concurrent-requests", complexityMinute;q=5000;w=60;qu="content-bytes"',
      'minuteRate;r=97;t=42, concurrency;r=3, complexityMinute;r=4900;t=42',
    );
    expect(parsed).toEqual({
      policies: {
        minuteRate: { name: 'minuteRate', quota: 100, window: 60, remaining: 97, resetSeconds: 42 },
        concurrency: { name: 'concurrency', quota: 4, unit: 'concurrent-requests', remaining: 3 },
        complexityMinute: {
          name: 'complexityMinute',
          quota: 5000,
          window: 60,
          unit: 'content-bytes',
          remaining: 4900,
          resetSeconds: 42,
        },
      },
    });
  });

  it('accepts names as Strings and units as Tokens, and joins Strings with Tokens', () => {
    const parsed = state('"minuteRate";q=10;w=60;qu=requests', 'minuteRate;r=0;t=5');
    expect(parsed.policies.minuteRate).toEqual({
      name: 'minuteRate',
      quota: 10,
      window: 60,
      unit: 'requests',
      remaining: 0,
      resetSeconds: 5,
    });
  });

  it('gives an empty state when both headers are missing', () => {
    expect(state()).toEqual({ policies: {} });
  });

  it('keeps the valid header when the other is malformed', () => {
    expect(state('minuteRate;q=10', 'minuteRate;r=oops=1,,')).toEqual({
      policies: { minuteRate: { name: 'minuteRate', quota: 10 } },
    });
    expect(state('(((', 'minuteRate;r=4')).toEqual({ policies: { minuteRate: { name: 'minuteRate', remaining: 4 } } });
  });

  it('takes a partial state: RateLimit only, or policies without RateLimit entries', () => {
    expect(state(undefined, 'a;r=1;t=2')).toEqual({ policies: { a: { name: 'a', remaining: 1, resetSeconds: 2 } } });
    expect(state('a;q=5, b;q=6', 'a;r=4')).toEqual({
      policies: { a: { name: 'a', quota: 5, remaining: 4 }, b: { name: 'b', quota: 6 } },
    });
  });

  it('ignores members that name no policy and parameters of the wrong type', () => {
    const parsed = state('1;q=5, (a b);q=1, ok;q="ten";w=?1;qu=1', 'ok;r="x";t=3');
    expect(parsed).toEqual({ policies: { ok: { name: 'ok', resetSeconds: 3 } } });
  });

  it('never throws on garbage and keeps prototype-like names harmless', () => {
    for (const garbage of ['"unterminated', ';;;', 'a;q=1;;', 'é', 'a;q=1, ', '=1']) {
      expect(() => state(garbage, garbage)).not.toThrow();
      expect(state(garbage, garbage)).toEqual({ policies: {} });
    }
    const parsed = state('constructor;q=1, "__proto__";q=2', 'toString;r=1');
    expect(Object.keys(parsed.policies).sort()).toEqual(['constructor', 'toString']);
    expect(parsed.policies.constructor).toEqual({ name: 'constructor', quota: 1 });
    expect(Object.getPrototypeOf(parsed.policies)).toBe(Object.prototype);
  });
});
