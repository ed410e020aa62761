/**
 * Observability hooks end to end: onRequest, onResponse, onRetry and onThrottle are called with the
 * documented shapes, a throwing hook changes nothing, and no token appears anywhere in the events.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { API_VERSION, HttpError, RateLimitError } from '../../src/index.js';
import { recordingHooks } from '../hook-recorder.js';
import { ACME_ACCOUNT_ID, clientFor, closeEmulators, ROADMAP_BOARD_ID, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

const SECRET = 'e2e-hook-secret-token-7f3a9c';
const TOKENS = [{ token: SECRET, accountId: ACME_ACCOUNT_ID, userId: 501 }];

describe('hooks', () => {
  it('report each attempt, response, retry and hold with the documented shapes, and never the token', async () => {
    const emulator = await startTestEmulator({ tokens: TOKENS, faults: [{ kind: 'http-error', first: 1 }] });
    const { events, hooks } = recordingHooks();
    const client = clientFor(emulator, { token: SECRET, hooks, retry: { baseDelayMs: 5, maxDelayMs: 20 } });

    // Fired together: before the first response teaches the quotas, only one request is in flight.
    const [created, boards] = await Promise.all([
      client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Hooked' }),
      client.boards({ limit: 1 }),
    ]);

    const endpoint = `${emulator.baseUrl}/v2`;
    const mutationRequests = events.request.filter((event) => event.operationName === 'CreateItem');
    expect(mutationRequests.map((event) => event.attempt)).toEqual([1, 2]);
    for (const event of mutationRequests) {
      expect(event).toMatchObject({ kind: 'mutation', url: endpoint, idempotencyKey: created.idempotencyKey });
      expect(event.headers['api-version']).toBe(API_VERSION);
      expect(event.headers.authorization).toBeDefined();
      expect(event.headers.authorization).not.toContain(SECRET);
    }
    const queryRequest = events.request.find((event) => event.operationName === 'Boards');
    expect(queryRequest).toMatchObject({ kind: 'query', attempt: 1, url: endpoint });
    expect(queryRequest?.idempotencyKey).toBeUndefined();

    // The retried mutation and the query race once the first response is in: compare per operation.
    const responses = (name: string) => events.response.filter((event) => event.operationName === name);
    expect(events.response[0]).toMatchObject({ operationName: 'CreateItem', attempt: 1, status: 502 });
    expect(responses('CreateItem').map((event) => [event.attempt, event.status])).toEqual([
      [1, 502],
      [2, 200],
    ]);
    expect(responses('Boards').map((event) => [event.attempt, event.status])).toEqual([[1, 200]]);
    for (const event of events.response) {
      expect(event.durationMs).toBeGreaterThanOrEqual(0);
      expect(event.replayed).toBe(false);
    }
    expect(events.response[0]?.rateLimit).toEqual({ policies: {} }); // an HTML page carries no rate-limit headers
    expect(responses('Boards')[0]?.rateLimit).toEqual(boards.rateLimit);
    expect(responses('CreateItem')[1]?.rateLimit.policies.minuteRate?.quota).toBe(emulator.limits.minuteRate.quota);

    expect(events.retry).toHaveLength(1);
    const [retry] = events.retry;
    expect(retry).toMatchObject({ operationName: 'CreateItem', attempt: 1, reason: 'server-error' });
    expect(retry?.delayMs).toBeGreaterThanOrEqual(0);
    expect(retry?.delayMs).toBeLessThanOrEqual(20);
    expect(retry?.error).toBeInstanceOf(HttpError);

    expect(events.throttle).toContainEqual(expect.objectContaining({ operationName: 'Boards', reason: 'concurrency' }));

    const serialised = JSON.stringify(events);
    expect(serialised).not.toContain(SECRET);
    expect(serialised).toContain('CreateItem');
  });

  it('a 429 makes a new call wait the shared backoff, and onThrottle says how long', async () => {
    const tooMany = {
      kind: 'respond' as const,
      status: 429,
      headers: { 'retry-after': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ errors: [{ message: 'Slow down.', extensions: { code: 'RATE_LIMIT_EXCEEDED' } }] }),
      first: 1,
    };
    const emulator = await startTestEmulator({ tokens: TOKENS, faults: [tooMany] });
    const { events, hooks } = recordingHooks();
    const client = clientFor(emulator, { token: SECRET, hooks });

    const first = client.boards({ limit: 1 });
    await expect.poll(() => events.retry.length).toBe(1);
    const second = await client.boards({ limit: 1 });
    await first;

    expect(second.status).toBe(200);
    expect(events.retry[0]).toMatchObject({
      operationName: 'Boards',
      attempt: 1,
      reason: 'rate-limited',
      delayMs: 1_000,
    });
    expect(events.retry[0]?.error).toBeInstanceOf(RateLimitError);
    const backoff = events.throttle.find((event) => event.reason === 'backoff');
    expect(backoff?.operationName).toBe('Boards');
    expect(backoff?.delayMs).toBeGreaterThan(0);
    expect(backoff?.delayMs).toBeLessThanOrEqual(1_000);
    expect(emulator.stats.executedQueries).toBe(2);
    expect(JSON.stringify(events)).not.toContain(SECRET);
  });

  it('a hook that throws changes nothing', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'http-error', first: 1 }] });
    const boom = () => {
      throw new Error('hook failure');
    };
    const client = clientFor(emulator, {
      retry: { baseDelayMs: 5 },
      hooks: { onRequest: boom, onResponse: boom, onRetry: boom, onThrottle: boom },
    });
    const [created] = await Promise.all([
      client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Despite hooks' }),
      client.boards({ limit: 1 }),
    ]);
    expect(created.data.create_item?.name).toBe('Despite hooks');
    expect(emulator.stats.executedMutations).toBe(1);
  });
});
