/**
 * A batch larger than a window's quota, fired at once against the emulator over a socket with default client
 * options: the throttle paces it to the end (a line longer than `retry.maxDelayMs` fails nothing), the emulator
 * refuses nothing, `onRetry` stays silent, `onThrottle` names the limit that held the calls, and
 * `client.throttleState` shows the progress. The suite runs 60 calls at 20 per 1 s; the issue's 200 calls at 5 per
 * 5 s take over three minutes and run in `test/bench/backlog.ts`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type RetryEvent, type ThrottleEvent, ThrottleQueueTimeoutError, type ThrottleState } from '../../src/index.js';
import { clientFor, closeEmulators, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

describe('a backlog behind the client throttle', () => {
  it('60 calls at 20 per 1 s with retry.maxDelayMs 500: all succeed, no 429, minuteRate named', async () => {
    const emulator = await startTestEmulator({ limits: { minuteRate: { quota: 20, windowSeconds: 1 } } });
    const retries: RetryEvent[] = [];
    const throttled: ThrottleEvent[] = [];
    const client = clientFor(emulator, {
      // A line of ~2 s is longer than this: only a server's demand to wait is bounded by it.
      retry: { maxDelayMs: 500 },
      hooks: { onRetry: (event) => retries.push(event), onThrottle: (event) => throttled.push(event) },
    });
    const progress: ThrottleState[] = [];
    const sampler = setInterval(() => {
      const state = client.throttleState;
      if (state) progress.push(state);
    }, 50);

    const outcomes = await Promise.allSettled(Array.from({ length: 60 }, () => client.boards({ limit: 1 })));
    clearInterval(sampler);

    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(emulator.stats.rejected429).toBe(0);
    expect(emulator.stats.executedQueries).toBe(60);
    expect(retries).toEqual([]);
    // The calls beyond the first window's 20 were held by minuteRate, and told so.
    const byMinuteRate = throttled.filter(
      (event) => event.reason === 'quota-exhausted' && event.policy === 'minuteRate',
    );
    expect(byMinuteRate.length).toBeGreaterThanOrEqual(40);
    // A batch job sees its line shrink while minuteRate holds it.
    const held = progress.filter((state) => state.heldBy?.policy === 'minuteRate');
    expect(held.length).toBeGreaterThan(0);
    expect(held[0]?.policies.minuteRate?.queued).toBeGreaterThan(0);
    expect(held[0]?.heldBy?.until).toBeGreaterThan(0);
    expect(client.throttleState).toMatchObject({ queued: 0, inFlight: 0 });
  }, 30_000);

  it('a caller bound on the wait: queueTimeoutMs fails the calls it outlasts, unsent, saying why', async () => {
    const emulator = await startTestEmulator({ limits: { minuteRate: { quota: 2, windowSeconds: 2 } } });
    const client = clientFor(emulator, { throttle: { queueTimeoutMs: 600 } });
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => client.boards({ limit: 1 })));
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(ThrottleQueueTimeoutError);
      expect(failure).toMatchObject({ reason: 'quota-exhausted', policy: 'minuteRate', operationName: 'Boards' });
      expect((failure as ThrottleQueueTimeoutError).queuedMs).toBeGreaterThanOrEqual(600);
      expect((failure as ThrottleQueueTimeoutError).position).toBeGreaterThanOrEqual(1);
      expect((failure as Error).message).toMatch(
        /in the client's throttle line \(place \d+ of \d+, held by the minuteRate limit\)/,
      );
    }
    expect(emulator.stats.executedQueries).toBe(6 - failures.length);
    expect(emulator.stats.rejected429).toBe(0);
  }, 30_000);

  it('a call past the concurrency quota is told the concurrency limit holds it', async () => {
    const emulator = await startTestEmulator({ limits: { concurrency: { quota: 2 } } });
    const throttled: ThrottleEvent[] = [];
    const client = clientFor(emulator, { hooks: { onThrottle: (event) => throttled.push(event) } });
    await client.boards({ limit: 1 }); // learns the quotas
    await Promise.all(Array.from({ length: 6 }, () => client.boards({ limit: 1 })));
    expect(throttled.length).toBeGreaterThan(0);
    expect(throttled.every((event) => event.reason === 'concurrency' && event.policy === 'concurrency')).toBe(true);
    expect(emulator.stats.maxConcurrent).toBeLessThanOrEqual(2);
    expect(emulator.stats.rejected429).toBe(0);
  });
});
