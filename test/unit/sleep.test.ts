/**
 * The one abortable sleep (`src/client/request/sleep.ts`), as the client's retries and throttle use it and as the
 * bulk jobs reach it (`src/bulk/sleep.ts`): both must behave alike, so every case runs on both.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep as bulkSleep } from '../../src/bulk/sleep.js';
import { sleep as clientSleep, MAX_TIMER_DELAY_MS } from '../../src/client/request/sleep.js';

describe.each([
  ['the client', clientSleep],
  ['the bulk jobs', bulkSleep],
])('sleep, as %s reach it', (_who, sleep) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves after the delay and not before', async () => {
    let done = false;
    const pending = sleep(100).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves at once, without a timer, for zero, negative and NaN delays', async () => {
    const waits = [sleep(0), sleep(-5), sleep(Number.NaN)];
    expect(vi.getTimerCount()).toBe(0);
    await expect(Promise.all(waits)).resolves.toEqual([undefined, undefined, undefined]);
  });

  it('rejects with the reason of an already aborted signal and starts no timer', async () => {
    const reason = new Error('gone');
    await expect(sleep(1000, AbortSignal.abort(reason))).rejects.toBe(reason);
    await expect(sleep(0, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects promptly with the abort reason and clears its timer', async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('detaches from the signal once it has resolved', async () => {
    const controller = new AbortController();
    const pending = sleep(10, controller.signal);
    await vi.advanceTimersByTimeAsync(10);
    await pending;
    controller.abort(new Error('late'));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits delays beyond the timer limit in steps instead of firing at once', async () => {
    let done = false;
    const controller = new AbortController();
    const pending = sleep(MAX_TIMER_DELAY_MS + 5000, controller.signal).then(
      () => {
        done = true;
      },
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(MAX_TIMER_DELAY_MS);
    expect(done).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    await pending;
    expect(done).toBe(true);
    controller.abort();
  });
});
