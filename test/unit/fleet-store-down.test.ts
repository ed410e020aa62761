/**
 * The fleet throttle while its store is unreachable (src/client/throttle/fleet-throttle.ts), on the in-process fleet
 * model (fleet-model.ts): processes that shared one account through the store go on alone when it goes down, each on
 * its share of what the fleet last knew, and the server refuses nothing. Counts only, on fake time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FleetScenario, runFleetModel } from './fleet-model.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 7_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const BASE: FleetScenario = {
  quota: 20,
  windowMs: 4000,
  concurrency: 4,
  processes: 4,
  callsPerProcess: 20,
  parallel: 4,
  maxLatencyMs: 30,
  offsetMs: 0,
  seed: 1,
};

describe('the store goes down mid-run', () => {
  it.each([
    ['early in a window', 1_000, 0, 3],
    ['late in a window', 3_300, 0, 5],
    ['just after a reset', 4_050, 0, 7],
    ['mid-window, the server already into its window', 2_500, 1_700, 11],
  ])('%s: no request is refused, and each process went on alone', async (_name, storeDownAtMs, offsetMs, seed) => {
    const run = await runFleetModel({ ...BASE, storeDownAtMs, offsetMs, seed });
    for (const process of run.processes) {
      expect(process.events.map((event) => event.reason)).toContain('store-unavailable');
    }
    expect({ refused: run.server.rejected, windows: [...run.server.perWindow.values()] }).toEqual({
      refused: 0,
      windows: expect.any(Array),
    });
    expect(run.server.maxExecuting).toBeLessThanOrEqual(BASE.concurrency);
  });

  it('across 10 seeded networks and stop times: nothing refused', async () => {
    const problems: unknown[] = [];
    for (let seed = 1; seed <= 10; seed += 1) {
      const storeDownAtMs = 500 + ((seed * 733) % 7000);
      const offsetMs = (seed * 397) % 4000;
      const maxLatencyMs = [5, 30, 120, 300][seed % 4] as number;
      const run = await runFleetModel({ ...BASE, storeDownAtMs, offsetMs, maxLatencyMs, seed });
      if (run.server.rejected > 0 || run.server.maxExecuting > BASE.concurrency) {
        const { rejected, maxExecuting } = run.server;
        problems.push({ seed, storeDownAtMs, offsetMs, maxLatencyMs, rejected, maxExecuting });
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  // Fleets of 2 to 5, quotas of 10 to 60 per 2 to 10 s. The concurrency share is at least one request per process, so
  // a fleet larger than the concurrency quota cannot keep it without the store: these fleets are no larger.
  it('across 16 seeded fleets, quotas and windows: nothing refused once the store is down', async () => {
    const problems: unknown[] = [];
    for (let seed = 100; seed < 116; seed += 1) {
      const processes = 2 + (seed % 4);
      const quota = [10, 20, 40, 60][(seed >> 2) % 4] as number;
      const windowMs = [2000, 4000, 10_000][seed % 3] as number;
      const concurrency = Math.max(processes, [2, 4, 8][(seed >> 1) % 3] as number);
      const storeDownAtMs = 300 + ((seed * 733) % (windowMs * 2));
      const scenario: FleetScenario = {
        quota,
        windowMs,
        concurrency,
        processes,
        callsPerProcess: Math.ceil((quota * 3) / processes),
        parallel: 4,
        storeDownAtMs,
        offsetMs: (seed * 397) % windowMs,
        maxLatencyMs: [5, 30, 120, 300][seed % 4] as number,
        seed,
      };
      const run = await runFleetModel(scenario);
      const downAt = run.startedAt + storeDownAtMs;
      const refusedAlone = run.server.log.filter((entry) => !entry.admitted && entry.at >= downAt).length;
      if (refusedAlone > 0 || run.server.maxExecuting > concurrency) {
        problems.push({ ...scenario, refusedAlone, maxExecuting: run.server.maxExecuting });
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
