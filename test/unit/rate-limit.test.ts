import { describe, expect, it } from 'vitest';
import { parseRateLimit } from '../../src/client/rate-limit/rate-limit.js';
import { parseList } from '../../src/client/rate-limit/structured-list.js';
import type { RateLimitPolicy } from '../../src/client/types.js';

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

/** What a `RateLimit` value says, read member by member with the structured-field parser (no memo). */
function fullParse(text: string): Record<string, RateLimitPolicy> {
  const policies: Record<string, RateLimitPolicy> = {};
  const members = text.trim() === '' ? undefined : parseList(text);
  for (const [item, params] of members ?? []) {
    if (typeof item !== 'string' || item === '__proto__') continue;
    const policy = Object.hasOwn(policies, item) ? (policies[item] as RateLimitPolicy) : { name: item };
    policies[item] = policy;
    const r = params.get('r');
    const t = params.get('t');
    if (typeof r === 'number' && Number.isFinite(r)) policy.remaining = r;
    if (typeof t === 'number' && Number.isFinite(t) && t >= 0) policy.resetSeconds = t;
  }
  return policies;
}

describe('parseRateLimit on the RateLimit header', () => {
  it('reads a header that repeats, or changes only its figures, as it reads a new one', () => {
    const texts = ['"minuteRate";r=99;t=60, "concurrency";r=4', '"minuteRate";r=98;t=59, "concurrency";r=4'];
    for (const text of [...texts, ...texts, 'minuteRate;r=1.5', texts[0] as string]) {
      expect(state(undefined, text).policies).toEqual(fullParse(text));
    }
  });
});

describe('parseRateLimit on a RateLimit of declared policies', () => {
  const declared = '"minuteRate";q=100;w=60, concurrency;q=4, "two words";q=1, "q\\"uote";q=2';

  /** The declared policies with what `fullParse` reads from `text`, as the join gives them. */
  function joined(text: string): Record<string, RateLimitPolicy> {
    const policies: Record<string, RateLimitPolicy> = {
      minuteRate: { name: 'minuteRate', quota: 100, window: 60 },
      concurrency: { name: 'concurrency', quota: 4 },
      'two words': { name: 'two words', quota: 1 },
      'q"uote': { name: 'q"uote', quota: 2 },
    };
    for (const [name, read] of Object.entries(fullParse(text))) {
      const { name: _, ...fields } = read;
      const policy = Object.hasOwn(policies, name) ? (policies[name] as RateLimitPolicy) : { name };
      policies[name] = Object.assign(policy, fields);
    }
    return policies;
  }

  it('reads every spelling of a member as the structured-field parse does, field order included', () => {
    const texts = [
      '"minuteRate";r=99;t=60, "concurrency";r=4',
      'minuteRate;r=99;t=60,concurrency;r=4',
      '  minuteRate;t=60;r=99 ,\tconcurrency; r=4\t',
      'minuteRate;r=1;r=2;t=3;t=4',
      '"minuteRate";r=1, minuteRate;t=2',
      '"two words";r=5, "q\\"uote";r=6',
      'two;r=5',
      'minuteRate;r=999999999999999;t=0007',
      'minuteRate;r=1234567890123456',
      'minuteRate;r=1.5;t=2',
      'minuteRate;r=-1;t=-2',
      'minuteRate;r="9";t=?1',
      'minuteRate;r;t=2',
      'minuteRate;r=1;q=2',
      'minuteRate;rr=1',
      'minuteRate;R=1',
      'minuteRateX;r=1',
      'minuteRate ;r=1',
      '"minuteRate"x;r=1',
      'minuteRate;r=1,',
      'minuteRate;r=1,, concurrency;r=2',
      'minuteRate;r=1x',
      'unknown;r=1, minuteRate;r=2',
      '(minuteRate);r=1',
      'minuteRate;r=1;t=2, concurrency',
      '',
      '   ',
      '"minuteRate";r=1;t=2 ,\t"concurrency";r=3\t',
      '"minuteRate";t=2;r=1;r=4, "minuteRate";t=0',
      '"minuteRate";r=1234567890123456',
      '"minuteRate";r=1.5',
      '"minuteRate";r=1, ',
      '"minuteRate";r=1,',
      '"minuteRate"; r=1',
      '"minuteRate";r=1, concurrency;r=2',
      '"unknown";r=1;t=2, "__proto__";r=3, "constructor";t=4',
      '"toString";r=1',
      '"two words";r=5, "";r=6',
      '"é";r=1',
      ' \t"minuteRate";r=1',
      '"minuteRate";t=2;r=1',
      '"r=1, 2";t=3, "minuteRate";r=4',
    ];
    for (const text of texts) {
      const parsed = state(declared, text).policies;
      // What the full parse reads from the value as Headers keep it (without its outer spaces and tabs).
      const expected = joined(new Headers({ RateLimit: text }).get('RateLimit') as string);
      // toEqual and the keys in order (toStrictEqual compares `constructor`, here a policy's name).
      expect(parsed, text).toEqual(expected);
      expect(Object.keys(parsed), text).toEqual(Object.keys(expected));
      for (const name of Object.keys(parsed)) {
        expect(Object.keys(parsed[name] as object), text).toEqual(Object.keys(expected[name] as object));
      }
    }
  });

  it('answers a fresh object every call', () => {
    const text = 'minuteRate;r=99;t=60';
    const first = state(declared, text);
    const second = state(declared, text);
    expect(second).not.toBe(first);
    expect(second.policies.minuteRate).not.toBe(first.policies.minuteRate);
    (first.policies.minuteRate as RateLimitPolicy).remaining = 0;
    expect(state(declared, text).policies.minuteRate?.remaining).toBe(99);
  });
});
