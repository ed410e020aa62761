/**
 * A Redis store on a client that is not connected yet, as real apps start: workers that build their client from
 * the README's lines exactly (ioredis `new Redis(url)`, node-redis `connect()` not awaited) and start calling at
 * once. The store waits for the first connection (bounded), so no worker runs alone on the whole quota and the
 * emulator refuses nothing. And with Redis down from the start, each worker goes on alone on a conservative share
 * (the fleet's size was never counted), so the account's quotas hold: every call succeeds, with at most a few 429s.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN } from 'workspace-platform-emulator';
import type { WorkerConfig } from './fixtures/fleet-worker.js';
import { go, useFleetTestbed } from './fleet-harness.js';
import { startTestEmulator } from './harness.js';
import { freePort } from './redis-harness.js';

const DOCUMENT = '{ boards(limit: 1) { id name } }';

const testbed = useFleetTestbed();

describe('a store whose Redis client is still connecting', () => {
  it.each(['ioredis', 'redis'] as const)(
    'workers started with the README lines (%s, not awaited): no 429, no call alone, all succeed',
    async (library) => {
      const emulator = await startTestEmulator({
        limits: { minuteRate: { quota: 30, windowSeconds: 2 }, concurrency: { quota: 3 } },
        faults: [{ kind: 'latency', ms: 20 }],
      });
      const config: WorkerConfig = {
        baseUrl: emulator.baseUrl,
        token: DEMO_TOKEN,
        redisUrl: testbed.redis().url,
        library,
        connect: 'unawaited',
        calls: 12,
        parallel: 4,
        document: DOCUMENT,
      };
      const fleet = await testbed.startFleet([config, config, config]);
      go(fleet);
      const results = await Promise.all(fleet.map((worker) => worker.finished));
      console.log(
        `README lines (${library}): ${emulator.stats.rejected429} 429s, at most ${emulator.stats.maxConcurrent} in ` +
          `flight; events: ${results.map((result) => result.report?.events.join('>') || '-').join(' | ')}`,
      );
      for (const result of results) {
        expect(result.code).toBe(0);
        expect(result.report?.failures).toEqual([]);
        expect(result.report?.ok).toBe(config.calls);
        expect(result.report?.events).not.toContain('store-unavailable');
      }
      expect(emulator.stats.rejected429).toBe(0);
      expect(emulator.stats.maxConcurrent).toBeLessThanOrEqual(3);
    },
    60_000,
  );

  it('Redis down from the start, 4 workers: each keeps to a conservative share, every call succeeds', async () => {
    const quota = 40;
    const emulator = await startTestEmulator({
      limits: { minuteRate: { quota, windowSeconds: 2 }, concurrency: { quota: 4 } },
      faults: [{ kind: 'latency', ms: 20 }],
    });
    const config: WorkerConfig = {
      baseUrl: emulator.baseUrl,
      token: DEMO_TOKEN,
      redisUrl: `redis://127.0.0.1:${await freePort()}`, // nothing listens there
      library: 'ioredis',
      connect: 'unawaited',
      calls: 15,
      parallel: 4,
      document: DOCUMENT,
    };
    const fleet = await testbed.startFleet([config, config, config, config]);
    go(fleet);
    const results = await Promise.all(fleet.map((worker) => worker.finished));
    console.log(
      `Redis down from the start: ${emulator.stats.rejected429} 429s, at most ${emulator.stats.maxConcurrent} in flight`,
    );
    for (const result of results) {
      expect(result.code).toBe(0);
      expect(result.report?.failures).toEqual([]);
      expect(result.report?.ok).toBe(config.calls);
      expect(result.report?.events).toContain('store-unavailable');
    }
    // Alone on the whole quota each, 4 workers drew dozens; on a share, at most a tenth of one window's quota.
    expect(emulator.stats.rejected429).toBeLessThanOrEqual(quota / 10);
  }, 60_000);
});
