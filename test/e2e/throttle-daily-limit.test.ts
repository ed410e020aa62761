/**
 * The daily call quota against the emulator over a socket (`limits.daily`, a short window standing in for the
 * platform's day, which resets at midnight UTC): the refusal is a `DailyLimitError` carrying its reset, never retried;
 * the client then holds its calls until the reset instead of sending ones the server would refuse.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DailyLimitError, RateLimitError, type RetryEvent, type ThrottleEvent } from '../../src/index.js';
import { clientFor, closeEmulators, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

describe('the daily limit', () => {
  it('fails the refused call with its reset, unretried, and holds the next calls until the reset', async () => {
    const emulator = await startTestEmulator({ limits: { daily: { quota: 3, windowSeconds: 2 } } });
    const retries: RetryEvent[] = [];
    const throttled: ThrottleEvent[] = [];
    const client = clientFor(emulator, {
      hooks: { onRetry: (event) => retries.push(event), onThrottle: (event) => throttled.push(event) },
    });
    for (let i = 0; i < 3; i += 1) await client.boards({ limit: 1 });

    const refused = await client.boards({ limit: 1 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DailyLimitError);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused).toMatchObject({ status: 429, limit: 'daily' });
    const resetsAt = (refused as DailyLimitError).resetsAt.getTime();
    expect(resetsAt).toBeGreaterThan(Date.now());
    expect(resetsAt).toBeLessThanOrEqual(Date.now() + 2_000);
    expect(retries).toEqual([]);
    expect(client.throttleState?.heldBy).toMatchObject({ reason: 'daily-limit', policy: 'daily' });

    // Within retry.maxDelayMs of the reset: the next calls wait for it, and then succeed.
    const later = await Promise.all([client.boards({ limit: 1 }), client.boards({ limit: 1 })]);
    expect(later.map((result) => result.status)).toEqual([200, 200]);
    expect(Date.now()).toBeGreaterThanOrEqual(resetsAt);
    expect(emulator.stats.rejected429).toBe(1);
    expect(throttled.some((event) => event.reason === 'daily-limit' && event.policy === 'daily')).toBe(true);
  }, 15_000);

  it('a reset beyond retry.maxDelayMs fails later calls at once, without sending them', async () => {
    // The emulator's day resets at midnight UTC on its clock: at 09:00 the reset is 15 hours away.
    const morning = Date.UTC(2026, 10, 25, 9, 0, 0);
    const emulator = await startTestEmulator({ now: () => morning, limits: { daily: { quota: 1 } } });
    const client = clientFor(emulator);
    await client.boards({ limit: 1 });
    await expect(client.boards({ limit: 1 })).rejects.toBeInstanceOf(DailyLimitError);
    const received = emulator.stats.received;

    const held = await client.boards({ limit: 1 }).catch((error: unknown) => error);
    expect(held).toBeInstanceOf(DailyLimitError);
    expect(held).toMatchObject({ status: undefined, operationName: 'Boards' });
    expect((held as DailyLimitError).resetsAt.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    expect(emulator.stats.received).toBe(received);
    expect(emulator.stats.rejected429).toBe(1);
  });
});
