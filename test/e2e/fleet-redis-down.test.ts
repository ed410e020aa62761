/**
 * Redis down, the fleet keeps within the quota it last knew: 4 worker processes share one account through a real
 * redis-server (which counts them as 4 members), against `minuteRate` 20 per 4 s and `concurrency` 4, with one
 * attempt per call so any refusal reaches a caller. Redis is stopped early in a window the fleet has mostly spent,
 * and stays down: each process runs the rest alone on its share (a quarter of each window, a quarter of the
 * concurrency, nothing more of a window others may have spent): no 429 reaches a caller. An outcome, not a timing: the emulator refuses nothing, every call succeeds.
 */
import IORedis from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { Emulator } from 'workspace-platform-emulator';
import { DEMO_TOKEN } from 'workspace-platform-emulator';
import type { WorkerConfig } from './fixtures/fleet-worker.js';
import { go, useFleetTestbed } from './fleet-harness.js';
import { graphqlRequests, startTestEmulator } from './harness.js';

const DOCUMENT = '{ boards(limit: 1) { id name } }';
const WORKERS = 4;
const QUOTA = 20;
const WINDOW_SECONDS = 4;

const testbed = useFleetTestbed();

/** Per window of the emulator: how many requests arrived, and how many it refused. */
function timeline(emulator: Emulator, emulatorStart: number): string {
  const windowMs = WINDOW_SECONDS * 1000;
  const windows = new Map<number, { sent: number; refused: number }>();
  for (const record of graphqlRequests(emulator)) {
    const index = Math.floor((record.startedAt - emulatorStart) / windowMs);
    const counts = windows.get(index) ?? { sent: 0, refused: 0 };
    counts.sent += 1;
    if (record.status === 429) counts.refused += 1;
    windows.set(index, counts);
  }
  return [...windows].map(([index, { sent, refused }]) => `w${index}: ${sent} (${refused} refused)`).join(', ');
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many requests reached the emulator in its current window, and how far into the window it is. */
function currentWindow(emulator: Emulator, emulatorStart: number): { sent: number; intoMs: number } {
  const windowMs = WINDOW_SECONDS * 1000;
  const index = Math.floor((Date.now() - emulatorStart) / windowMs);
  const sent = graphqlRequests(emulator).filter(
    (record) => Math.floor((record.startedAt - emulatorStart) / windowMs) === index,
  ).length;
  return { sent, intoMs: Date.now() - emulatorStart - index * windowMs };
}

describe('Redis down', () => {
  it('the fleet keeps within the quota it last knew: no 429 reaches a caller', async () => {
    const emulatorStart = Date.now();
    const emulator = await startTestEmulator({
      limits: { minuteRate: { quota: QUOTA, windowSeconds: WINDOW_SECONDS }, concurrency: { quota: 4 } },
      faults: [{ kind: 'latency', ms: 20 }],
    });
    const config: WorkerConfig = {
      baseUrl: emulator.baseUrl,
      token: DEMO_TOKEN,
      redisUrl: testbed.redis().url,
      calls: 20,
      parallel: 4,
      document: DOCUMENT,
      retry: false,
      leaseMs: 1500,
    };
    const libraries = ['redis', 'redis4', 'ioredis', 'redis'] as const;
    const fleet = await testbed.startFleet(libraries.slice(0, WORKERS).map((library) => ({ ...config, library })));
    const spy = new IORedis(testbed.redis().url);
    go(fleet);
    // Stop Redis once the store has counted every worker (each renews every half second, so each has heard it)
    // and the fleet has spent most of a window early in it: what each process knows of that window is then stale,
    // and the window still has seconds to run when they go on alone.
    let members = 0;
    let window = { sent: 0, intoMs: 0 };
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const key = (await spy.keys('wps:*:members'))[0];
      members = key ? await spy.zcard(key) : 0;
      window = currentWindow(emulator, emulatorStart);
      // (On a loaded machine the fleet may never spend a window early: then early in a window will do.)
      const spentEarly = window.sent >= QUOTA / 2 || Date.now() > deadline - 50_000;
      if (members === WORKERS && emulator.stats.received > QUOTA / 2 && spentEarly && window.intoMs < 1_500) break;
      await sleep(10);
    }
    spy.disconnect();
    expect(members).toBe(WORKERS);
    const receivedWhenStopped = emulator.stats.received;
    const stoppedAt = Date.now() - emulatorStart;
    await testbed.redis().stop();
    const results = await Promise.all(fleet.map((worker) => worker.finished));

    const failures = results.flatMap((result) => result.report?.failures ?? []);
    console.log(
      `Redis down: ${receivedWhenStopped} requests before the stop (${window.sent} in its window, ` +
        `${window.intoMs} ms into it), ${emulator.stats.received} in all, ${emulator.stats.rejected429} 429s; ` +
        `stopped at +${stoppedAt} ms; ${timeline(emulator, emulatorStart)}; failures: ${failures.join(' | ') || 'none'}`,
    );
    for (const result of results) {
      expect(result.code).toBe(0);
      expect(result.report?.untyped).toEqual([]);
      expect(result.report?.events).toContain('store-unavailable');
    }
    // Most of the run happened with Redis down, so the outcome below is the fallback's.
    expect(emulator.stats.received - receivedWhenStopped).toBeGreaterThan(QUOTA);
    expect(failures).toEqual([]);
    expect(emulator.stats.rejected429).toBe(0);
  }, 150_000);
});
