/**
 * The daily call limit as the platform reports it (`platform_api { daily_limit { base total } }`), read by
 * `dailyLimitStatus(client)` from the emulator over a socket; the emulator answers it from its daily quota, and its
 * `daily_analytics.by_day` from its daily counter.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dailyLimitStatus } from '../../src/index.js';
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
