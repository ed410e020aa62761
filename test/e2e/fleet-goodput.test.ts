/**
 * Many processes, one account: 4 worker processes, each with its own client keeping 8 calls going, share one
 * token's quotas through a real redis-server. 200 calls against `minuteRate` 40 per 2 s and `concurrency` 4:
 * the emulator refuses none, every call succeeds and the concurrency cap holds. How close the run comes to the
 * minimum the quota allows is a speed figure: printed here, measured by the bench (`test/bench/fleet.ts`), never
 * asserted. The same fleet without the store shows (and prints) the 429s it draws.
 */
import { describe, expect, it } from 'vitest';
import type { Emulator } from 'workspace-platform-emulator';
import { DEMO_TOKEN } from 'workspace-platform-emulator';
import type { WorkerConfig } from './fixtures/fleet-worker.js';
import { go, useFleetTestbed } from './fleet-harness.js';
import { graphqlRequests, startTestEmulator } from './harness.js';

const WORKERS = 4;
const CALLS = 200;
const QUOTA = 40;
const WINDOW_SECONDS = 2;
const DOCUMENT = '{ boards(limit: 1) { id name } }';

const testbed = useFleetTestbed();

async function runFleet(store: boolean) {
  const emulator = await startTestEmulator({
    limits: { minuteRate: { quota: QUOTA, windowSeconds: WINDOW_SECONDS }, concurrency: { quota: 4 } },
  });
  const base: WorkerConfig = {
    baseUrl: emulator.baseUrl,
    token: DEMO_TOKEN,
    calls: CALLS / WORKERS,
    parallel: 8,
    document: DOCUMENT,
  };
  const fleet = await testbed.startFleet(
    Array.from({ length: WORKERS }, () =>
      store ? { ...base, redisUrl: testbed.redis().url, library: 'redis' as const } : base,
    ),
  );
  // The emulator's windows start with its rate limiter, which a reset realigns to now, so the alignment below is
  // exact (timed from before the emulator started, a slow start could put the run just before a reset instead).
  emulator.reset();
  const emulatorStart = Date.now();
  // Start just after a window opens, so the minimum is whole windows (a run started late in a window could not
  // use that window's quota, however fast).
  const windowMs = WINDOW_SECONDS * 1000;
  const intoWindow = (Date.now() - emulatorStart) % windowMs;
  await new Promise((resolve) => setTimeout(resolve, (windowMs - intoWindow + 20) % windowMs));
  const first = Date.now();
  go(fleet);
  const results = await Promise.all(fleet.map((worker) => worker.finished));
  const reports = results.map((result) => result.report);
  const finished = Math.max(...reports.map((report) => report?.finishedAt ?? Number.POSITIVE_INFINITY));
  const k0 = Math.floor((first - emulatorStart) / windowMs);
  const minimumMs = emulatorStart + (k0 + Math.ceil(CALLS / QUOTA) - 1) * windowMs - first;
  return {
    emulator,
    results,
    reports,
    elapsedMs: finished - first,
    minimumMs,
    timeline: timeline(emulator, emulatorStart, windowMs),
  };
}

/** Per window of the emulator: requests that arrived, and how late after the window opened the first came. */
function timeline(emulator: Emulator, emulatorStart: number, windowMs: number): string {
  const windows = new Map<number, number[]>();
  for (const record of graphqlRequests(emulator)) {
    const index = Math.floor((record.startedAt - emulatorStart) / windowMs);
    const offsets = windows.get(index) ?? [];
    offsets.push(record.startedAt - emulatorStart - index * windowMs);
    windows.set(index, offsets);
  }
  return [...windows]
    .map(([index, offsets]) => `w${index}: ${offsets.length} from +${Math.min(...offsets)} ms`)
    .join(', ');
}

describe('a fleet of processes sharing one account through Redis', () => {
  it('4 workers, 200 calls, 40 per 2 s, 4 concurrent: no 429, all succeed, the concurrency cap held', async () => {
    const run = await runFleet(true);
    const ratio = run.elapsedMs / run.minimumMs;
    console.log(
      `fleet goodput with the Redis store: ${(run.elapsedMs / 1000).toFixed(2)} s against a minimum of ` +
        `${(run.minimumMs / 1000).toFixed(2)} s = ${ratio.toFixed(3)}x; ${run.emulator.stats.rejected429} 429s issued, ` +
        `at most ${run.emulator.stats.maxConcurrent} in flight; ${run.timeline}`,
    );
    expect(run.results.map((result) => result.code)).toEqual([0, 0, 0, 0]);
    expect(run.reports.flatMap((report) => report?.failures ?? ['no report'])).toEqual([]);
    expect(run.reports.reduce((sum, report) => sum + (report?.ok ?? 0), 0)).toBe(CALLS);
    expect(run.emulator.stats.rejected429).toBe(0);
    expect(run.emulator.stats.executedQueries).toBe(CALLS);
    expect(run.emulator.stats.maxConcurrent).toBeLessThanOrEqual(4);
  }, 60_000);

  it('the same fleet without the store draws 429s (the baseline, printed)', async () => {
    const run = await runFleet(false);
    const failed = run.reports.flatMap((report) => report?.failures ?? []);
    console.log(
      `fleet baseline without a store: ${run.emulator.stats.rejected429} 429s issued by the emulator, ` +
        `${failed.length} calls failed, ${(run.elapsedMs / 1000).toFixed(2)} s (minimum ${(run.minimumMs / 1000).toFixed(2)} s); ${run.timeline}`,
    );
    expect(run.emulator.stats.rejected429).toBeGreaterThan(0);
  }, 60_000);
});
