/**
 * A store that stalls or answers nonsense never holds calls up for long: a meaningless answer (an empty list, a
 * refusal without a reason, NaN or infinite waits) is a store failure and the client goes on alone, and an acquire
 * the client gave up on while Redis stalled, but which Redis granted once it woke, is given back as soon as Redis
 * answers again, instead of holding the only slot until its lease expires. A budget error asking for 1e308 s
 * holds the next call the same way on both stores: refused at once, not sent.
 */
import IORedis from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryThrottleStore, defineThrottleStore, RateLimitError, type ThrottleEvent } from '../../src/index.js';
import { createRedisThrottleStore } from '../../src/redis/index.js';
import { clientFor, closeEmulators, settle, startTestEmulator } from './harness.js';
import { startRedis, stopAllRedis, type TestRedis } from './redis-harness.js';

let redis: TestRedis;
const connections: IORedis[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(stopAllRedis);
afterEach(async () => {
  for (const connection of connections.splice(0)) connection.disconnect();
  await closeEmulators();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a store answering nonsense', () => {
  it.each([
    ['an empty list', []],
    ['a refusal without a reason', { granted: false }],
    ['NaN and infinite waits', { granted: false, reason: 'backoff', retryInMs: Number.NaN, holdMs: Infinity }],
    ['nothing', undefined],
  ])(
    '%s: the call goes alone and succeeds',
    async (_name, answer) => {
      const emulator = await startTestEmulator();
      const store = defineThrottleStore({
        acquire: async () => answer as never,
        settle: async () => {},
        renew: async () => 1,
      });
      const events: ThrottleEvent['reason'][] = [];
      const client = clientFor(emulator, {
        throttle: { store },
        hooks: { onThrottle: (event) => events.push(event.reason) },
      });
      await expect(client.boards({ limit: 1 })).resolves.toMatchObject({ status: 200 });
      expect(events).toContain('store-unavailable');
    },
    10_000,
  );
});

describe('a line for a slot that never moves', () => {
  it('is left after three lease times: the call goes alone and succeeds', async () => {
    const emulator = await startTestEmulator();
    const leaseMs = 300;
    const store = defineThrottleStore({
      acquire: async () => ({ granted: false as const, reason: 'concurrency' as const }),
      settle: async () => {},
      renew: async () => 1,
    });
    const events: ThrottleEvent['reason'][] = [];
    const client = clientFor(emulator, {
      throttle: { store, leaseMs },
      hooks: { onThrottle: (event) => events.push(event.reason) },
    });
    const { value, ms } = await settle(client.boards({ limit: 1 }));
    expect(value).toMatchObject({ status: 200 });
    expect(events).toEqual(['concurrency', 'store-unavailable']);
    // A lower bound, which a loaded machine cannot break: the line is left after three lease times, not before.
    expect(ms).toBeGreaterThanOrEqual(3 * leaseMs);
  }, 10_000);
});

describe('an acquire given up on while Redis stalled', () => {
  it('is given back when Redis answers again: the single slot is free long before the lease would expire', async () => {
    const leaseMs = 40_000;
    const emulator = await startTestEmulator({ limits: { concurrency: { quota: 1 } } });
    const connection = new IORedis(redis.url);
    const spy = new IORedis(redis.url);
    connections.push(connection, spy);
    await Promise.all([connection.ping(), spy.ping()]);
    const store = createRedisThrottleStore(connection, { namespace: 'stall', commandTimeoutMs: 200 });
    const events: ThrottleEvent['reason'][] = [];
    const client = clientFor(emulator, {
      throttle: { store, leaseMs },
      hooks: { onThrottle: (event) => events.push(event.reason) },
    });
    await client.boards({ limit: 1 }); // learns concurrency 1
    await sleep(100); // its lease settled
    await spy.call('CLIENT', 'PAUSE', '1200', 'ALL');
    // Redis holds this call's acquire past the timeout: the client goes on alone; Redis grants it on waking.
    await client.boards({ limit: 1 });
    expect(events).toContain('store-unavailable');
    await sleep(1500); // Redis is awake, and the client's second of going alone is over
    const started = Date.now();
    for (let call = 0; call < 3; call += 1) await client.boards({ limit: 1 });
    const tookMs = Date.now() - started;
    console.log(`after the stall: 3 calls in ${tookMs} ms (lease time ${leaseMs} ms); events ${events.join('>')}`);
    expect(events.indexOf('store-rejoined')).toBeGreaterThan(events.indexOf('store-unavailable'));
    // Held by the orphan, they would wait for its lease to expire (up to 40 s): a generous bound that only catches
    // that hang; the calls themselves take milliseconds.
    expect(tookMs).toBeLessThan(leaseMs / 2);
    // The last call gives its own lease back just after it returns (one Redis round trip, not awaited by the call):
    // polled for a second, far below the lease time, so only a lease nobody gives back fails here.
    const leasesLeft = async (): Promise<number> => {
      const [leases] = await spy.keys('stall:*:leases');
      return leases ? spy.zcard(leases) : 0;
    };
    const deadline = Date.now() + 1000;
    let left = await leasesLeft();
    while (left > 0 && Date.now() < deadline) {
      await sleep(10);
      left = await leasesLeft();
    }
    expect(left).toBe(0);
  }, 60_000);
});

describe('a budget error asking for 1e308 s', () => {
  it.each(['memory', 'redis'] as const)(
    'the %s store refuses the next call at once, unsent',
    async (kind) => {
      const emulator = await startTestEmulator({
        faults: [
          {
            kind: 'respond',
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: '{"errors":[{"message":"Complexity budget exhausted","extensions":{"code":"COMPLEXITY_BUDGET_EXHAUSTED","retry_in_seconds":1e308}}]}',
            first: 1,
          },
        ],
      });
      let store = createMemoryThrottleStore();
      if (kind === 'redis') {
        const connection = new IORedis(redis.url);
        connections.push(connection);
        await connection.ping();
        store = createRedisThrottleStore(connection, { namespace: 'huge-wait' });
      }
      const client = clientFor(emulator, { throttle: { store } });
      await expect(client.boards({ limit: 1 })).rejects.toBeInstanceOf(RateLimitError);
      const { error, ms } = await settle(client.boards({ limit: 1 }));
      expect(error).toBeInstanceOf(RateLimitError);
      expect(ms).toBeLessThan(5_000); // a wait without end is the defect
      expect(emulator.stats.received).toBe(1);
    },
    15_000,
  );
});
