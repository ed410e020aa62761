/**
 * The daily call quota across a fleet, with a real redis-server: two worker processes of one account, then two
 * clients each on its own Redis connection. The emulator's daily quota (`limits.daily`) refuses one client; the other
 * then sends nothing the server would refuse: it fails at once with `DailyLimitError` when the reset is beyond
 * `retry.maxDelayMs`, and waits for the reset when it is within it.
 */
import IORedis from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { DailyLimitError, type PlatformClient, type ThrottleEvent } from '../../src/index.js';
import { createRedisThrottleStore } from '../../src/redis/index.js';
import type { WorkerConfig } from './fixtures/fleet-worker.js';
import { go, useFleetTestbed } from './fleet-harness.js';
import { clientFor, DEMO_TOKEN, startTestEmulator } from './harness.js';

const testbed = useFleetTestbed();
const connections: IORedis[] = [];
afterEach(() => {
  for (const connection of connections.splice(0)) connection.disconnect();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let namespace = 0;

/** Two clients of one account, each with its own connection to the same redis-server. */
async function twoClients(
  emulator: Awaited<ReturnType<typeof startTestEmulator>>,
  throttled: ThrottleEvent[] = [],
): Promise<[PlatformClient, PlatformClient]> {
  const prefix = `daily-${++namespace}`;
  const make = async (): Promise<PlatformClient> => {
    const connection = new IORedis(testbed.redis().url);
    connections.push(connection);
    await connection.ping();
    const store = createRedisThrottleStore(connection, { namespace: prefix });
    return clientFor(emulator, { throttle: { store }, hooks: { onThrottle: (event) => throttled.push(event) } });
  };
  return [await make(), await make()];
}

/** Lets the refused call's settle reach the store (it runs after the call has failed). */
const settled = () => sleep(200);

describe('the daily limit across a fleet', () => {
  it('one process meets it: another process sends nothing more, every call a DailyLimitError', async () => {
    const emulator = await startTestEmulator({ limits: { daily: { quota: 2 } } });
    const config = (calls: number): WorkerConfig => ({
      baseUrl: emulator.baseUrl,
      token: DEMO_TOKEN,
      redisUrl: testbed.redis().url,
      library: 'ioredis',
      calls,
      parallel: 1,
      document: 'query { boards(limit: 1) { id } }',
    });
    const [first] = await testbed.startFleet([config(3)]);
    go([first as never]);
    const met = await first?.finished;
    expect(met?.report?.ok).toBe(2);
    expect(met?.report?.failures).toEqual([expect.stringMatching(/^DailyLimitError:/)]);
    const received = emulator.stats.received;

    const [second] = await testbed.startFleet([config(4)]);
    go([second as never]);
    const held = await second?.finished;
    expect(held?.report?.ok).toBe(0);
    expect(held?.report?.untyped).toEqual([]);
    expect(held?.report?.failures).toHaveLength(4);
    for (const failure of held?.report?.failures ?? []) {
      // The throttle's refusal (the server's own names no hold); the emulator's count below proves it unsent.
      expect(failure).toMatch(/^DailyLimitError:Daily call limit reached: calls are held/);
    }
    expect(emulator.stats.received).toBe(received);
    expect(emulator.stats.rejected429).toBe(1);
  }, 60_000);

  it('one client meets it: the other sends nothing more and fails with DailyLimitError', async () => {
    const emulator = await startTestEmulator({ limits: { daily: { quota: 2 } } });
    const [first, second] = await twoClients(emulator);
    await first.boards({ limit: 1 });
    await second.boards({ limit: 1 });
    await expect(first.boards({ limit: 1 })).rejects.toBeInstanceOf(DailyLimitError);
    await settled();
    const received = emulator.stats.received;

    const held = await second.boards({ limit: 1 }).catch((error: unknown) => error);
    expect(held).toBeInstanceOf(DailyLimitError);
    // Unsent: no status, and the emulator saw nothing more.
    expect(held).toMatchObject({ status: undefined, operationName: 'Boards' });
    expect((held as DailyLimitError).resetsAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    const again = await Promise.all([1, 2, 3].map(() => second.boards({ limit: 1 }).catch((error: unknown) => error)));
    for (const error of again) expect(error).toBeInstanceOf(DailyLimitError);
    expect(emulator.stats.received).toBe(received);
    expect(emulator.stats.rejected429).toBe(1);
  }, 15_000);

  it('a reset within retry.maxDelayMs: the other client waits for it, then its calls succeed', async () => {
    const emulator = await startTestEmulator({ limits: { daily: { quota: 2, windowSeconds: 2 } } });
    const throttled: ThrottleEvent[] = [];
    const [first, second] = await twoClients(emulator, throttled);
    await first.boards({ limit: 1 });
    await first.boards({ limit: 1 });
    const refused = await first.boards({ limit: 1 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DailyLimitError);
    const resetsAt = (refused as DailyLimitError).resetsAt.getTime();
    await settled();

    const later = await Promise.all([second.boards({ limit: 1 }), second.boards({ limit: 1 })]);
    expect(later.map((result) => result.status)).toEqual([200, 200]);
    expect(Date.now()).toBeGreaterThanOrEqual(resetsAt - 50);
    expect(emulator.stats.rejected429).toBe(1);
    expect(throttled.some((event) => event.reason === 'daily-limit' && event.policy === 'daily')).toBe(true);
  }, 15_000);
});
