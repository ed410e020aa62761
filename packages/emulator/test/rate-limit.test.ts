/**
 * Rate limits, probed with raw fetch: RateLimit-Policy and RateLimit as structured fields on every
 * answer, and a 429 with t and Retry-After for each limit (minute rate, concurrency, complexity, daily).
 */
import { type Item, parseList } from 'structured-headers';
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import {
  BOARDS_QUERY,
  closeTestEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_TOKEN,
  postGraphQL,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

const query = (emu: Emulator, token = DEMO_TOKEN) =>
  postGraphQL(emu, { query: BOARDS_QUERY }, { authorization: token });

/** Parameters of each policy in a structured-field list header, by policy name. */
function policies(header: string | null): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const member of parseList(header ?? '')) {
    const [name, params] = member as Item;
    out[String(name)] = Object.fromEntries(params);
  }
  return out;
}

interface ErrorBody {
  errors: { message: string; extensions: { code: string; retry_in_seconds: number } }[];
}

async function expect429(res: Response, code: string): Promise<ErrorBody> {
  expect(res.status).toBe(429);
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(res.headers.get('ratelimit-policy')).toBeTruthy();
  const body = (await res.json()) as ErrorBody;
  expect(body.errors[0]?.extensions.code).toBe(code);
  expect(body.errors[0]?.extensions.retry_in_seconds).toBe(Number(retryAfter));
  return body;
}

describe('rate-limit headers', () => {
  it('declares each policy with q, w and qu as structured fields', async () => {
    const emu = await startTestEmulator({
      limits: { minuteRate: { quota: 100 }, concurrency: { quota: 10 }, complexity: { quota: 5_000_000 } },
    });
    const res = await query(emu);
    expect(res.headers.get('ratelimit-policy')).toBe(
      '"minuteRate";q=100;w=60, "concurrency";q=10;qu="concurrent-requests", "complexityMinute";q=5000000;w=60;qu="content-bytes"',
    );
    const state = policies(res.headers.get('ratelimit'));
    expect(state.minuteRate).toEqual({ r: 99, t: expect.any(Number) });
    expect(state.concurrency).toEqual({ r: 9 });
    const cost = emu.requests[0]!.complexity!;
    expect(cost).toBeGreaterThan(0);
    expect(state.complexityMinute).toEqual({ r: 5_000_000 - cost, t: expect.any(Number) });
    expect(state.minuteRate?.t).toBeGreaterThanOrEqual(1);
    expect(state.minuteRate?.t).toBeLessThanOrEqual(60);
  });

  it('puts the headers on error answers too', async () => {
    const emu = await startTestEmulator();
    const res = await postGraphQL(emu, '{oops', { authorization: DEMO_TOKEN });
    expect(res.status).toBe(400);
    expect(policies(res.headers.get('ratelimit')).minuteRate?.r).toBe(emu.limits.minuteRate.quota - 1);
    const unauthenticated = await postGraphQL(emu, { query: BOARDS_QUERY });
    expect(unauthenticated.status).toBe(401);
    expect(policies(unauthenticated.headers.get('ratelimit-policy')).minuteRate?.q).toBe(emu.limits.minuteRate.quota);
    const schema = await fetch(`${emu.baseUrl}/v2/get_schema?format=sdl`);
    expect(policies(schema.headers.get('ratelimit-policy')).concurrency?.qu).toBe('concurrent-requests');
  });

  it('counts fixed windows from the start and rounds t up, never early', async () => {
    let now = 1_000_000;
    const emu = await startTestEmulator({ now: () => now, limits: { minuteRate: { quota: 5, windowSeconds: 60 } } });
    now += 37_200;
    const mid = policies((await query(emu)).headers.get('ratelimit'));
    expect(mid.minuteRate).toEqual({ r: 4, t: 23 });
    now += 22_799;
    const late = policies((await query(emu)).headers.get('ratelimit'));
    expect(late.minuteRate).toEqual({ r: 3, t: 1 });
    now += 1;
    const next = policies((await query(emu)).headers.get('ratelimit'));
    expect(next.minuteRate).toEqual({ r: 4, t: 60 });
  });
});

describe('429', () => {
  it('refuses past the minute quota with t and Retry-After, and recovers when t has passed', async () => {
    let now = 5_000_000;
    const emu = await startTestEmulator({ now: () => now, limits: { minuteRate: { quota: 3, windowSeconds: 10 } } });
    now += 2_000;
    for (let i = 0; i < 3; i++) expect((await query(emu)).status).toBe(200);
    const refused = await query(emu);
    expect(policies(refused.headers.get('ratelimit')).minuteRate).toEqual({ r: 0, t: 8 });
    expect(refused.headers.get('retry-after')).toBe('8');
    await expect429(refused, 'RATE_LIMIT_EXCEEDED');
    expect(emu.stats.rejected429).toBe(1);
    expect((await query(emu, DEMO_OTHER_ACCOUNT_TOKEN)).status).toBe(200);
    now += 7_999;
    expect((await query(emu)).status).toBe(429);
    now += 1;
    expect((await query(emu)).status).toBe(200);
  });

  it('refuses a request beyond the concurrency quota', async () => {
    // All three must arrive while the first two execute: a second of latency leaves room on a loaded machine.
    const emu = await startTestEmulator({
      limits: { concurrency: { quota: 2 } },
      faults: [{ kind: 'latency', ms: 1_000 }],
    });
    const answers = await Promise.all([query(emu), query(emu), query(emu)]);
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const refused = answers.find((res) => res.status === 429)!;
    expect(policies(refused.headers.get('ratelimit')).concurrency).toEqual({ r: 0 });
    await expect429(refused, 'RATE_LIMIT_EXCEEDED');
    expect(emu.stats.executedQueries).toBe(2);
  });

  it('refuses an operation costing more than the remaining complexity budget', async () => {
    const probe = await startTestEmulator();
    await query(probe);
    const cost = probe.requests[0]!.complexity!;
    await probe.close();
    const emu = await startTestEmulator({ limits: { complexity: { quota: cost * 2 + 1 } } });
    expect((await query(emu)).status).toBe(200);
    expect((await query(emu)).status).toBe(200);
    const refused = await query(emu);
    const state = policies(refused.headers.get('ratelimit'));
    expect(state.complexityMinute).toEqual({ r: 1, t: Number(refused.headers.get('retry-after')) });
    await expect429(refused, 'RATE_LIMIT_EXCEEDED');
    expect(emu.stats.executedQueries).toBe(2);
  });

  it('reports an exhausted complexity budget as a GraphQL error when asked to', async () => {
    const emu = await startTestEmulator({
      complexityErrorStyle: 'graphql-error',
      limits: { complexity: { quota: 1 } },
    });
    const res = await query(emu);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0]?.extensions).toEqual({
      code: 'COMPLEXITY_BUDGET_EXHAUSTED',
      retry_in_seconds: expect.any(Number),
    });
    expect(body.errors[0]!.extensions.retry_in_seconds).toBeGreaterThanOrEqual(1);
    expect(emu.stats.executedQueries).toBe(0);
  });

  it('refuses past the daily quota with DAILY_LIMIT_EXCEEDED until midnight UTC, then counts a new day', async () => {
    // Started at 21:00 UTC: the platform's daily limit resets at midnight UTC, not a day after the first call.
    let now = Date.UTC(2026, 10, 25, 21, 0, 0);
    const emu = await startTestEmulator({ now: () => now, limits: { daily: { quota: 2 } } });
    await query(emu);
    await query(emu);
    const refused = await query(emu);
    const body = await expect429(refused, 'DAILY_LIMIT_EXCEEDED');
    expect(body.errors[0]!.extensions.retry_in_seconds).toBe(3 * 3_600);
    now = Date.UTC(2026, 10, 25, 23, 59, 59);
    await expect429(await query(emu), 'DAILY_LIMIT_EXCEEDED');
    now = Date.UTC(2026, 10, 26, 0, 0, 0);
    expect((await query(emu)).status).toBe(200);
    emu.reset();
    now = Date.UTC(2026, 10, 26, 6, 0, 0);
    await query(emu);
    await query(emu);
    const again = await expect429(await query(emu), 'DAILY_LIMIT_EXCEEDED');
    expect(again.errors[0]!.extensions.retry_in_seconds).toBe(18 * 3_600);
  });

  it('starts counting again after reset()', async () => {
    const emu = await startTestEmulator({ limits: { minuteRate: { quota: 1 } } });
    await query(emu);
    expect((await query(emu)).status).toBe(429);
    emu.reset();
    expect(emu.requests).toHaveLength(0);
    expect((await query(emu)).status).toBe(200);
  });
});
