/**
 * Faults in a fleet sharing one account through a real redis-server: a worker killed with SIGKILL mid-run (its
 * leases come back within the lease time, the others finish), and Redis itself stopped mid-run (every call
 * completes or fails typed, no process crashes, each client goes on alone and rejoins once Redis is back).
 * One worker per Redis client library: node-redis v5, node-redis v4, ioredis.
 */
import IORedis from 'ioredis';
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN } from 'workspace-platform-emulator';
import type { WorkerConfig } from './fixtures/fleet-worker.js';
import { go, useFleetTestbed } from './fleet-harness.js';
import { graphqlRequests, startTestEmulator, waitFor } from './harness.js';

const DOCUMENT = '{ boards(limit: 1) { id name } }';
const LIBRARIES = ['redis', 'redis4', 'ioredis'] as const;

const testbed = useFleetTestbed();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The process part of a lease id (`l:<process>:<n>`). */
const processOf = (leaseId: string) => leaseId.split(':')[1] ?? '';

describe('fleet faults', () => {
  it('kill -9 of a worker mid-run: its leases return within the lease time and the others finish', async () => {
    const leaseMs = 1500;
    const emulator = await startTestEmulator({
      limits: { concurrency: { quota: 4 } },
      faults: [{ kind: 'latency', ms: 250 }],
    });
    const config: WorkerConfig = {
      baseUrl: emulator.baseUrl,
      token: DEMO_TOKEN,
      redisUrl: testbed.redis().url,
      calls: 24,
      parallel: 4,
      document: DOCUMENT,
      leaseMs,
    };
    const fleet = await testbed.startFleet(LIBRARIES.map((library) => ({ ...config, library })));
    const spy = new IORedis(testbed.redis().url);
    try {
      go(fleet);
      // Wait until every worker holds a lease, then kill the first.
      let leasesKey = '';
      let held: string[] = [];
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        leasesKey = (await spy.keys('wps:*:leases'))[0] ?? '';
        held = leasesKey ? await spy.zrange(leasesKey, 0, -1) : [];
        if (new Set(held.map(processOf)).size === 3) break;
        await sleep(10);
      }
      expect(new Set(held.map(processOf)).size).toBe(3);
      fleet[0]?.child.kill('SIGKILL');
      const killedAt = Date.now();
      const before = new Set(held.map(processOf));
      // Watch the leases: the killed worker's process is the one that takes no new lease after the kill.
      // Leases granted to the killed worker between the look above and its death count as held at the kill too.
      const lastSeen = new Map<string, number>();
      const fresh = new Set<string>();
      await sleep(100);
      const heldAtKill = new Set([...held, ...(await spy.zrange(leasesKey, 0, -1))]);
      while (Date.now() - killedAt < leaseMs + 1500) {
        for (const id of await spy.zrange(leasesKey, 0, -1)) {
          lastSeen.set(processOf(id), Date.now());
          if (!heldAtKill.has(id)) fresh.add(processOf(id));
        }
        await sleep(20);
      }
      const dead = [...before].filter((process) => !fresh.has(process));
      expect(dead).toHaveLength(1);
      const returnedAfterMs = (lastSeen.get(dead[0] as string) ?? killedAt) - killedAt;
      console.log(
        `kill -9: the dead worker's leases returned ${returnedAfterMs} ms after the kill (lease time ${leaseMs} ms)`,
      );
      // Returned by expiry (a dead process renews nothing); the slack covers this loop's polling on a busy machine.
      expect(returnedAfterMs).toBeLessThanOrEqual(leaseMs + 1000);
      // They outlived the requests (250 ms): it was the lease expiry that freed them, not a settle.
      expect(returnedAfterMs).toBeGreaterThan(400);

      const [killed, ...others] = await Promise.all(fleet.map((worker) => worker.finished));
      expect(killed?.signal).toBe('SIGKILL');
      for (const other of others) {
        expect(other.code).toBe(0);
        expect(other.report?.failures).toEqual([]);
        expect(other.report?.ok).toBe(config.calls);
      }
    } finally {
      spy.disconnect();
    }
  }, 60_000);

  it('Redis stopped mid-run: every call completes or fails typed, no crash, and the fleet rejoins after the restart', async () => {
    const emulator = await startTestEmulator({
      limits: { minuteRate: { quota: 60, windowSeconds: 2 }, concurrency: { quota: 4 } },
      faults: [{ kind: 'latency', ms: 10 }],
    });
    const config: WorkerConfig = {
      baseUrl: emulator.baseUrl,
      token: DEMO_TOKEN,
      redisUrl: testbed.redis().url,
      calls: 100,
      parallel: 4,
      document: DOCUMENT,
      leaseMs: 1500,
    };
    const fleet = await testbed.startFleet(LIBRARIES.map((library) => ({ ...config, library })));
    go(fleet);
    // Conditions, not fixed sleeps: Redis stops once the fleet is well into its run, and comes back once the
    // clients have gone on alone for a while (the emulator served calls since the stop).
    const served = () => graphqlRequests(emulator).length;
    await waitFor(() => served() >= 40, 30_000);
    await testbed.redis().stop();
    const atStop = served();
    await waitFor(() => served() >= atStop + 30, 30_000);
    await testbed.redis().restart();
    const results = await Promise.all(fleet.map((worker) => worker.finished));

    const spy = new IORedis(testbed.redis().url);
    const keys = await spy.keys('wps:*');
    spy.disconnect();
    const failures = results.flatMap((result) => result.report?.failures ?? []);
    console.log(
      `Redis down mid-run: ${results.reduce((sum, result) => sum + (result.report?.ok ?? 0), 0)} calls succeeded, ` +
        `${failures.length} failed typed, ${emulator.stats.rejected429} 429s issued; events: ` +
        results.map((result) => result.report?.events.join('>')).join(' | '),
    );
    for (const result of results) {
      expect(result.code).toBe(0);
      expect(result.report?.untyped).toEqual([]);
      expect((result.report?.ok ?? 0) + (result.report?.failures.length ?? 0)).toBe(config.calls);
      const events = result.report?.events ?? [];
      expect(events).toContain('store-unavailable');
      expect(events.lastIndexOf('store-rejoined')).toBeGreaterThan(events.indexOf('store-unavailable'));
    }
    // Back on Redis after the restart (which began empty): the fleet's state is there again.
    expect(keys.some((key) => key.endsWith(':state'))).toBe(true);
    // Alone, each client keeps to its share; the few 429s come from the hand-overs (a tenth of the calls at most).
    expect(emulator.stats.rejected429).toBeLessThanOrEqual((3 * config.calls) / 10);
  }, 60_000);
});
