/**
 * Goodput under quotas: many calls fired together against a small request quota and concurrency
 * quota. The client's throttle keeps every request within quota, so the emulator never refuses one
 * and no 429 reaches the caller. The suite uses a 2-second window so the test takes seconds; the
 * 10-second window of the issue, and any timing, belong to the bench.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RetryEvent, ThrottleEvent } from '../../src/index.js';
import { clientFor, closeEmulators, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

const CALLS = 600;

describe('goodput under quotas', () => {
  it('600 boards calls against 100 requests per 2 s and 5 concurrent: all resolve, the emulator refuses none', async () => {
    const emulator = await startTestEmulator({
      limits: { minuteRate: { quota: 100, windowSeconds: 2 }, concurrency: { quota: 5 } },
    });
    const retries: RetryEvent[] = [];
    const throttled: ThrottleEvent[] = [];
    const client = clientFor(emulator, {
      hooks: { onRetry: (event) => retries.push(event), onThrottle: (event) => throttled.push(event) },
    });

    const outcomes = await Promise.allSettled(Array.from({ length: CALLS }, () => client.boards({ limit: 1 })));

    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(emulator.stats.rejected429).toBe(0);
    expect(emulator.stats.executedQueries).toBe(CALLS);
    expect(retries).toEqual([]);
    // The throttle did the waiting (each held call reported once, when it was queued).
    expect(throttled.length).toBeGreaterThanOrEqual(CALLS - 1);
    expect(emulator.stats.maxConcurrent).toBeLessThanOrEqual(5);
  }, 120_000);
});
