/**
 * Injected faults end to end: malformed rate-limit headers, a 429 asking for an hour, HTML 5xx pages,
 * connections reset in the middle of a body, and an exhausted complexity budget reported inside a 200.
 * Every test that could hang has its own timeout.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { getSchema, HttpError, NetworkError, RateLimitError, type RetryEvent } from '../../src/index.js';
import {
  clientFor,
  closeEmulators,
  graphqlRequests,
  itemsNamed,
  ROADMAP_BOARD_ID,
  settle,
  startTestEmulator,
} from './harness.js';

afterEach(closeEmulators);

const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 50 };

describe('malformed RateLimit headers', () => {
  it('the call succeeds with an empty rate-limit state', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'malformed-rate-limit-headers' }] });
    const client = clientFor(emulator);
    const result = await client.boards({ limit: 1 });
    expect(result.data.boards).toHaveLength(1);
    expect(result.headers.get('ratelimit')).toContain('soon');
    expect(result.rateLimit).toEqual({ policies: {} });
    expect(client.rateLimit).toEqual({ policies: {} });
    // Nothing learned from garbage: later calls still go through.
    await expect(client.boards({ limit: 1 })).resolves.toMatchObject({ status: 200 });
  });
});

describe('a 429 asking for an hour', () => {
  const hourLong = {
    kind: 'respond' as const,
    status: 429,
    headers: { 'retry-after': '3600', 'content-type': 'application/json' },
    body: JSON.stringify({ errors: [{ message: 'Slow down.', extensions: { code: 'RATE_LIMIT_EXCEEDED' } }] }),
  };

  it('rejects promptly with RateLimitError and retryAfterSeconds 3600 instead of sleeping', async () => {
    const emulator = await startTestEmulator({ faults: [hourLong] });
    const client = clientFor(emulator);
    const { error, ms } = await settle(client.boards({ limit: 1 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(3600);
    expect((error as RateLimitError).status).toBe(429);
    expect(ms).toBeLessThan(5_000);
    expect(graphqlRequests(emulator)).toHaveLength(1);
  }, 10_000);

  it('the pause is shared: the next call of the client is refused at once without being sent', async () => {
    const emulator = await startTestEmulator({ faults: [{ ...hourLong, first: 1 }] });
    const client = clientFor(emulator);
    await expect(client.boards({ limit: 1 })).rejects.toBeInstanceOf(RateLimitError);
    const { error, ms } = await settle(client.boards({ limit: 1 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThan(3500);
    expect(ms).toBeLessThan(5_000);
    expect(graphqlRequests(emulator)).toHaveLength(1);
  }, 10_000);
});

describe('quotas that reset far in the future', () => {
  it('an exhausted hour-long request window fails fast, and the next call is refused without being sent', async () => {
    const emulator = await startTestEmulator({ limits: { minuteRate: { quota: 1, windowSeconds: 3600 } } });
    const client = clientFor(emulator);
    const first = await client.boards({ limit: 1 });
    expect(first.rateLimit.policies.minuteRate).toMatchObject({ quota: 1, window: 3600, remaining: 0 });
    const { error, ms } = await settle(client.boards({ limit: 1 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThan(3500);
    expect(ms).toBeLessThan(5_000);
    expect(emulator.stats.received).toBe(1);
    expect(emulator.stats.rejected429).toBe(0);
  }, 10_000);

  it("an exhausted daily quota (not advertised in headers) rejects promptly with the server's Retry-After", async () => {
    // The emulator's day resets at midnight UTC on its clock: at 01:00 the reset is 23 hours away.
    const earlyMorning = Date.UTC(2026, 10, 25, 1, 0, 0);
    const emulator = await startTestEmulator({ now: () => earlyMorning, limits: { daily: { quota: 1 } } });
    const client = clientFor(emulator);
    await client.boards({ limit: 1 });
    const { error, ms } = await settle(client.boards({ limit: 1 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).status).toBe(429);
    expect((error as RateLimitError).errors?.[0]?.extensions?.code).toBe('DAILY_LIMIT_EXCEEDED');
    expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThan(80_000);
    expect(ms).toBeLessThan(5_000);
    expect(emulator.stats.rejected429).toBe(1);
  }, 10_000);
});

describe('HTML 5xx pages', () => {
  it('getSchema is retried past a 502 page too', async () => {
    const emulator = await startTestEmulator({
      faults: [{ kind: 'http-error', route: 'GET /v2/get_schema', first: 1 }],
    });
    const sdl = await getSchema(clientFor(emulator, { retry: FAST_RETRY }));
    expect(sdl).toContain('type Query');
    expect(emulator.requests.map((record) => record.status)).toEqual([502, 200]);
  }, 10_000);

  it('a 502 page on the first two requests is retried, then the call succeeds', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'http-error', first: 2 }] });
    const retries: RetryEvent[] = [];
    const client = clientFor(emulator, { retry: FAST_RETRY, hooks: { onRetry: (event) => retries.push(event) } });
    const result = await client.boards({ limit: 1 });
    expect(result.status).toBe(200);
    expect(graphqlRequests(emulator).map((record) => record.status)).toEqual([502, 502, 200]);
    expect(retries.map((event) => [event.attempt, event.reason])).toEqual([
      [1, 'server-error'],
      [2, 'server-error'],
    ]);
  }, 10_000);

  it('a mutation behind a 502 page is retried and runs once', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'http-error', first: 1 }] });
    const client = clientFor(emulator, { retry: FAST_RETRY });
    const result = await client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Behind a 502' });
    expect(result.replayed).toBe(false);
    expect(itemsNamed(emulator, 'Behind a 502')).toHaveLength(1);
  }, 10_000);

  it('with retry: false the 502 surfaces as HttpError with a short excerpt of the page', async () => {
    const page = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>${'<p>upstream</p>'.repeat(500)}</body></html>`;
    const emulator = await startTestEmulator({ faults: [{ kind: 'http-error', status: 502, body: page }] });
    const client = clientFor(emulator, { retry: false });
    const { error } = await settle(client.boards({ limit: 1 }));
    expect(error).toBeInstanceOf(HttpError);
    const httpError = error as HttpError;
    expect(httpError.status).toBe(502);
    expect(httpError.bodyExcerpt).toContain('502 Bad Gateway');
    expect(httpError.bodyExcerpt?.length).toBeLessThanOrEqual(301);
    expect(httpError.bodyExcerpt?.length).toBeLessThan(page.length);
    expect(graphqlRequests(emulator)).toHaveLength(1);
  }, 10_000);
});

describe('connection reset in the middle of the body', () => {
  it('a query is retried and succeeds', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'reset-mid-body', first: 1 }] });
    const retries: RetryEvent[] = [];
    const client = clientFor(emulator, { retry: FAST_RETRY, hooks: { onRetry: (event) => retries.push(event) } });
    const result = await client.boards({ limit: 2 });
    expect(result.data.boards).toHaveLength(2);
    expect(graphqlRequests(emulator).map((record) => record.outcome)).toEqual(['reset', 'answered']);
    expect(retries.map((event) => event.reason)).toEqual(['network']);
  }, 10_000);

  it('a mutation whose answer was cut is retried and answered from the cache', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'reset-mid-body', first: 1 }] });
    const client = clientFor(emulator, { retry: FAST_RETRY });
    const result = await client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Cut answer' });
    expect(result.replayed).toBe(true);
    expect(itemsNamed(emulator, 'Cut answer').map((item) => item.id)).toEqual([result.data.create_item?.id]);
  }, 10_000);

  it('with retry: false the cut body surfaces as NetworkError', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'reset-mid-body' }] });
    const client = clientFor(emulator, { retry: false });
    const { error } = await settle(client.boards({ limit: 2 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(false);
    expect((error as NetworkError).aborted).toBe(false);
  }, 10_000);

  it('a connection dropped before execution is retried and succeeds', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'drop-before-execute', first: 1 }] });
    const client = clientFor(emulator, { retry: FAST_RETRY });
    const result = await client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Dropped early' });
    expect(result.replayed).toBe(false);
    expect(itemsNamed(emulator, 'Dropped early')).toHaveLength(1);
  }, 10_000);
});

describe('an exhausted complexity budget', () => {
  /** Starts an emulator whose budget holds exactly two boards queries per 2-second window. */
  async function budgetOfTwo(style: 'graphql-error' | 'status-429') {
    const probe = await startTestEmulator();
    await clientFor(probe).boards({ limit: 1 });
    const cost = graphqlRequests(probe)[0]?.complexity ?? Number.NaN;
    expect(cost).toBeGreaterThan(0);
    const emulator = await startTestEmulator({
      complexityErrorStyle: style,
      limits: { complexity: { quota: 2 * cost, windowSeconds: 2 } },
    });
    return emulator;
  }

  for (const style of ['graphql-error', 'status-429'] as const) {
    it(`reported as ${style}: retried after retry_in_seconds, then succeeds`, async () => {
      const emulator = await budgetOfTwo(style);
      emulator.reset(); // realign the windows to now, so the next few calls share one window
      const spender = clientFor(emulator);
      await spender.boards({ limit: 1 });
      await spender.boards({ limit: 1 });

      const retries: RetryEvent[] = [];
      const client = clientFor(emulator, { hooks: { onRetry: (event) => retries.push(event) } });
      const result = await client.boards({ limit: 1 });

      expect(result.status).toBe(200);
      expect(result.data.boards).toHaveLength(1);
      expect(emulator.stats.rejected429).toBe(1);
      const refused = graphqlRequests(emulator)[2];
      expect(refused?.status).toBe(style === 'graphql-error' ? 200 : 429);
      expect(refused?.executed).toBe(false);
      expect(retries).toHaveLength(1);
      const [retry] = retries;
      expect(retry).toMatchObject({ reason: 'rate-limited', attempt: 1 });
      expect(retry?.error).toBeInstanceOf(RateLimitError);
      const asked = retry?.error instanceof RateLimitError ? retry.error.retryAfterSeconds : undefined;
      expect(asked).toBeGreaterThanOrEqual(1);
      expect(asked).toBeLessThanOrEqual(2);
      expect(retry?.delayMs).toBe((asked ?? Number.NaN) * 1000);
    }, 15_000);
  }
});
