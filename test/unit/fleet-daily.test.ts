/**
 * The fleet's daily hold from what a response said: `DAILY_LIMIT_EXCEEDED` (the reset instant) or a `daily` policy
 * spent in the `RateLimit` headers both become the store's daily hold, answered as `daily-limit` (never probed).
 */
import { describe, expect, it } from 'vitest';
import { emptyFleetState, fleetAcquire, fleetSettle } from '../../src/client/throttle/fleet-state.js';
import { storeReportOf } from '../../src/client/throttle/fleet-throttle.js';
import type { StoreAcquireRequest } from '../../src/client/throttle/throttle-store.js';
import type { RateLimitState } from '../../src/client/types.js';

const NO_LIMITS: RateLimitState = { policies: {} } as RateLimitState;
const request = (leaseId: string): StoreAcquireRequest => ({
  account: 'x',
  leaseId,
  ticket: `t-${leaseId}`,
  leaseMs: 10_000,
  initialConcurrency: 4,
  costs: {},
  probeAfterMs: 0,
});

describe('storeReportOf and the daily hold', () => {
  it('DAILY_LIMIT_EXCEEDED: the time to the reset', () => {
    const report = storeReportOf({ status: 429, rateLimit: NO_LIMITS, dailyResetAt: Date.now() + 60_000 });
    expect(report.dailyResetMs).toBeGreaterThan(59_000);
    expect(report.dailyResetMs).toBeLessThanOrEqual(60_000);
    expect(storeReportOf({ status: 200, rateLimit: NO_LIMITS }).dailyResetMs).toBeUndefined();
  });

  it('a spent daily policy in the headers holds the fleet as daily-limit, not a probed window', () => {
    const rateLimit = {
      policies: { daily: { name: 'daily', quota: 100, window: 86_400, remaining: 0, resetSeconds: 30 } },
    } as unknown as RateLimitState;
    const report = storeReportOf({ status: 200, rateLimit });
    expect(report.dailyResetMs).toBe(30_010);
    const state = emptyFleetState();
    expect(fleetAcquire(state, 1000, request('a'))).toEqual({ granted: true, members: 1 });
    fleetSettle(state, 1100, { account: 'x', leaseId: 'a', response: report });
    // probeAfterMs 0: a window's hold would let a probe through; the daily one does not.
    expect(fleetAcquire(state, 2000, request('b'))).toEqual({
      granted: false,
      reason: 'daily-limit',
      policy: 'daily',
      retryInMs: 29_110,
      holdMs: 29_110,
    });
    expect(fleetAcquire(state, 31_200, request('c'))).toEqual({ granted: true, members: 1 });
  });
});
