/**
 * The daily call limit as the platform reports it (`platform_api { daily_limit { base total } }`), read by
 * `dailyLimitStatus(client)` from the emulator over a socket; the emulator answers it from its daily quota, and its
 * `daily_analytics.by_day` from its daily counter.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DailyLimitError, dailyLimitStatus } from '../../src/index.js';
import { clientFor, closeEmulators, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

describe('dailyLimitStatus', () => {
  it("reads the account's daily limit and when it resets", async () => {
    const emulator = await startTestEmulator({ limits: { daily: { quota: 250 } } });
    const client = clientFor(emulator, { apiVersion: '2025-10' });
    const status = await dailyLimitStatus(client);
    expect(status.base).toBe(250);
    expect(status.total).toBe(250);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(status.resetsAt.getTime()).toBe(midnight.getTime());
    expect(status).toMatchObject({ source: 'server', exhausted: false });
    expect(Math.abs((status.observedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('once the daily quota is spent, answers from what the client last saw, unsent, and says so', async () => {
    // The emulator's day resets at midnight UTC on its clock: at 09:00 the reset is 15 hours away, beyond any wait.
    const morning = Date.UTC(2026, 10, 25, 9, 0, 0);
    const emulator = await startTestEmulator({ now: () => morning, limits: { daily: { quota: 3 } } });
    const client = clientFor(emulator, { apiVersion: '2025-10' });
    const asked = await dailyLimitStatus(client);
    expect(asked).toMatchObject({ base: 3, total: 3, source: 'server', exhausted: false });
    await client.boards({ limit: 1 });
    await client.boards({ limit: 1 });
    const refused = await client.boards({ limit: 1 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DailyLimitError);
    const received = emulator.stats.received;

    const status = await dailyLimitStatus(client);
    expect(status).toEqual({
      base: 3,
      total: 3,
      resetsAt: expect.any(Date),
      source: 'memory',
      observedAt: asked.observedAt,
      exhausted: true,
    });
    // The reset the client holds calls until, as the refusal named it (to the throttle's clock, within a second).
    expect(Math.abs(status.resetsAt.getTime() - (refused as DailyLimitError).resetsAt.getTime())).toBeLessThan(1_000);
    expect(emulator.stats.received).toBe(received);
  });

  it('a client that never read the figures still answers when the quota resets, with the figures unknown', async () => {
    const morning = Date.UTC(2026, 10, 25, 9, 0, 0);
    const emulator = await startTestEmulator({ now: () => morning, limits: { daily: { quota: 1 } } });
    const client = clientFor(emulator, { apiVersion: '2025-10' });
    await client.boards({ limit: 1 });
    // Sent, and refused by the server: the answer still comes from what the refusal said.
    const status = await dailyLimitStatus(client);
    expect(status).toMatchObject({ base: undefined, total: undefined, source: 'memory', observedAt: undefined });
    expect(status.exhausted).toBe(true);
    expect(status.resetsAt.getTime()).toBeGreaterThan(Date.now() + 3_600_000); // 15 hours on the emulator's clock
  });

  it("the emulator counts the day's calls in daily_analytics.by_day, this one included", async () => {
    const emulator = await startTestEmulator({ limits: { daily: { quota: 250 } } });
    const client = clientFor(emulator, { apiVersion: '2025-10' });
    await client.boards({ limit: 1 });
    await client.boards({ limit: 1 });
    const result = await client.request('query { platform_api { daily_analytics { by_day { day usage } } } }');
    const today = new Date().toISOString().slice(0, 10);
    expect(result.data).toEqual({ platform_api: { daily_analytics: { by_day: [{ day: today, usage: 3 }] } } });
  });
});
