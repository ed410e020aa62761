/**
 * Waiters for a slot that first asked in the same millisecond (clients that start together, or wake at one reset)
 * are ordered by ticket, so one of them is always first and the line moves: several clients sharing one account at
 * a small `concurrency`, all starting at once, finish every call. Both stores: in memory, and Redis (one connection
 * per client, as separate processes have).
 */
import IORedis from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryThrottleStore, type PlatformClient, type ThrottleStore } from '../../src/index.js';
import { createRedisThrottleStore } from '../../src/redis/index.js';
import { useFleetTestbed } from './fleet-harness.js';
import { clientFor, startTestEmulator } from './harness.js';

const DOCUMENT = '{ boards(limit: 1) { id name } }';

const testbed = useFleetTestbed();
const connections: IORedis[] = [];
afterEach(() => {
  for (const connection of connections.splice(0)) connection.disconnect();
});

/** One store per client, all on one account's shared state. */
async function storesFor(kind: 'memory' | 'redis', clients: number): Promise<ThrottleStore[]> {
  if (kind === 'memory') return Array(clients).fill(createMemoryThrottleStore());
  return Promise.all(
    Array.from({ length: clients }, async () => {
      const connection = new IORedis(testbed.redis().url);
      connections.push(connection);
      await connection.ping();
      return createRedisThrottleStore(connection);
    }),
  );
}

describe.each(['memory', 'redis'] as const)('ties in the line for a slot (%s store)', (kind) => {
  it.each([
    [3, 1, 9],
    [8, 2, 24],
  ])(
    '%i clients at concurrency %i, %i calls started at once: every call finishes',
    async (clients, cap, calls) => {
      const emulator = await startTestEmulator({
        limits: { concurrency: { quota: cap } },
        faults: [{ kind: 'latency', ms: 30 }],
      });
      const stores = await storesFor(kind, clients);
      const fleet: PlatformClient[] = stores.map((store) => clientFor(emulator, { throttle: { store } }));
      const started = Date.now();
      const outcomes = await Promise.allSettled(
        Array.from({ length: calls }, (_, index) => fleet[index % clients]?.request(DOCUMENT)),
      );
      console.log(`${kind}: ${clients} clients at concurrency ${cap}: ${calls} calls in ${Date.now() - started} ms`);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(calls);
      expect(emulator.stats.rejected429).toBe(0);
      expect(emulator.stats.maxConcurrent).toBeLessThanOrEqual(cap);
    },
    20_000,
  );
});
