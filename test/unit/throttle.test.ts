import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createThrottle,
  type Permit,
  type QuotaThrottle,
  type Throttle,
  type ThrottleObservation,
  ThrottleWaitTooLongError,
} from '../../src/client/throttle/throttle.js';
import type { RateLimitPolicy, RateLimitState, ThrottleEvent } from '../../src/client/types.js';

/** Builds the parsed state of one response from `name -> fields`. */
function state(policies: Record<string, Omit<RateLimitPolicy, 'name'>>): RateLimitState {
  return {
    policies: Object.fromEntries(Object.entries(policies).map(([name, fields]) => [name, { name, ...fields }])),
  };
}

const ok = (policies: Record<string, Omit<RateLimitPolicy, 'name'>> = {}): ThrottleObservation => ({
  status: 200,
  rateLimit: state(policies),
});

/** Starts an acquire and records when it settles, so tests can check what is still waiting. */
function track(throttle: Throttle, options: { maxWaitMs?: number; signal?: AbortSignal; operationName?: string } = {}) {
  const entry: { permit?: Permit; error?: unknown } = {};
  const promise = throttle.acquire({ maxWaitMs: Number.POSITIVE_INFINITY, ...options }).then(
    (permit) => {
      entry.permit = permit;
    },
    (error: unknown) => {
      entry.error = error;
    },
  );
  return Object.assign(entry, { promise });
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('createThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one request until the first response, then up to initialConcurrency', async () => {
    const throttle = createThrottle({ initialConcurrency: 3 });
    const calls = Array.from({ length: 5 }, () => track(throttle));
    await flush();
    expect(calls.map((c) => c.permit !== undefined)).toEqual([true, false, false, false, false]);
    throttle.observe(ok()); // a response without rate-limit headers still ends the probe
    await flush();
    expect(calls.map((c) => c.permit !== undefined)).toEqual([true, true, true, false, false]);
    calls[0]!.permit!.release();
    await flush();
    expect(calls[3]!.permit).toBeDefined();
    expect(calls[4]!.permit).toBeUndefined();
  });

  it('caps in-flight requests at the concurrency quota once the server tells it', async () => {
    const throttle = createThrottle(undefined);
    const first = await throttle.acquire({ maxWaitMs: 1000 });
    throttle.observe(ok({ concurrency: { quota: 2, unit: 'concurrent-requests', remaining: 1 } }));
    const calls = Array.from({ length: 4 }, () => track(throttle));
    await flush();
    expect(calls.filter((c) => c.permit).length).toBe(1);
    first.release();
    await flush();
    expect(calls.filter((c) => c.permit).length).toBe(2);
  });

  it('holds new requests once a window quota is used up, until its reset has certainly passed', async () => {
    const events: ThrottleEvent[] = [];
    const throttle = createThrottle({}, (e) => events.push(e));
    const first = await throttle.acquire({ maxWaitMs: 60_000 });
    throttle.observe(ok({ minuteRate: { quota: 3, window: 10, remaining: 2, resetSeconds: 5 } }));
    first.release();
    const calls = Array.from({ length: 3 }, () => track(throttle, { operationName: 'boards' }));
    await flush();
    expect(calls.map((c) => c.permit !== undefined)).toEqual([true, true, false]);
    expect(events).toEqual([
      { operationName: 'boards', reason: 'quota-exhausted', policy: 'minuteRate', delayMs: 5010 },
    ]);
    for (const c of calls.slice(0, 2)) c.permit!.release();
    await vi.advanceTimersByTimeAsync(5009);
    expect(calls[2]!.permit).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[2]!.permit).toBeDefined();
    // The new window holds the whole quota again: two more go at once, the next waits a full window.
    const next = Array.from({ length: 3 }, () => track(throttle));
    await flush();
    expect(next.map((c) => c.permit !== undefined)).toEqual([true, true, false]);
    expect(events.at(-1)).toMatchObject({ reason: 'quota-exhausted', delayMs: 10_000 });
  });

  it('pins the reset instant by intersecting the bounds of many responses', async () => {
    const throttle = createThrottle({});
    const probe = await throttle.acquire({ maxWaitMs: 1000 });
    throttle.observe(ok({ minuteRate: { quota: 4, window: 60, remaining: 3, resetSeconds: 10 } })); // R <= +10 s
    probe.release();
    await vi.advanceTimersByTimeAsync(600);
    const second = await throttle.acquire({ maxWaitMs: 1000 });
    throttle.observe(ok({ minuteRate: { quota: 4, window: 60, remaining: 2, resetSeconds: 9 } })); // R <= +9.6 s
    second.release();
    await vi.advanceTimersByTimeAsync(300);
    const third = await throttle.acquire({ maxWaitMs: 1000 });
    throttle.observe(ok({ minuteRate: { quota: 4, window: 60, remaining: 1, resetSeconds: 9 } })); // R <= +9.9 s
    third.release();
    const fourth = await throttle.acquire({ maxWaitMs: 1000 });
    const waiting = track(throttle);
    await flush();
    expect(waiting.permit).toBeUndefined();
    // 900 ms have passed; the tightest bound says the reset is at most 8.7 s away (+10 ms margin).
    await vi.advanceTimersByTimeAsync(8709);
    expect(waiting.permit).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(waiting.permit).toBeDefined();
    fourth.release();
  });

  it('pauses every waiter and new caller after a 429, with one shared timer', async () => {
    const events: ThrottleEvent[] = [];
    const throttle = createThrottle({}, (e) => events.push(e));
    const first = await throttle.acquire({ maxWaitMs: 1000 });
    const queued = Array.from({ length: 3 }, () => track(throttle));
    throttle.observe({ status: 429, rateLimit: state({}), retryAfterSeconds: 2 });
    first.release();
    const late = track(throttle, { operationName: 'late' });
    await flush();
    expect(vi.getTimerCount()).toBe(1);
    expect(events.at(-1)).toEqual({ operationName: 'late', reason: 'backoff', policy: undefined, delayMs: 2000 });
    await vi.advanceTimersByTimeAsync(1999);
    expect([...queued, late].some((c) => c.permit)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect([...queued, late].every((c) => c.permit)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('uses the t of the exhausted policy when a 429 gives no retry-after', async () => {
    const throttle = createThrottle({});
    const first = await throttle.acquire({ maxWaitMs: 1000 });
    throttle.observe({
      status: 429,
      rateLimit: state({
        complexityMinute: { quota: 1000, window: 60, unit: 'content-bytes', remaining: 0, resetSeconds: 7 },
      }),
    });
    first.release();
    await expect(throttle.acquire({ maxWaitMs: 5000 })).rejects.toMatchObject({
      name: 'ThrottleWaitTooLongError',
      policy: 'complexityMinute',
      reason: 'backoff',
      waitMs: 7000,
    });
  });

  it('rejects at once when the known wait exceeds maxWaitMs, and rejects queued callers a new pause makes late', async () => {
    const throttle = createThrottle({});
    const first = await throttle.acquire({ maxWaitMs: 1000 });
    const patient = track(throttle, { maxWaitMs: 120_000 });
    const hasty = track(throttle, { maxWaitMs: 30_000 });
    throttle.observe({ status: 429, rateLimit: state({}), retryAfterSeconds: 60 });
    await flush();
    expect(hasty.error).toBeInstanceOf(ThrottleWaitTooLongError);
    expect(hasty.error).toMatchObject({ waitMs: 60_000 });
    expect(patient.error).toBeUndefined();
    const error = await throttle.acquire({ maxWaitMs: 1000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThrottleWaitTooLongError);
    expect((error as ThrottleWaitTooLongError).message).toMatch(/60000 ms, past maxWaitMs 1000/);
    first.release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(patient.permit).toBeDefined();
  });

  it('removes an aborted waiter at once, rejects with the reason and leaves no timer', async () => {
    const throttle = createThrottle({});
    const first = await throttle.acquire({ maxWaitMs: 1000 });
    throttle.observe({ status: 429, rateLimit: state({}), retryAfterSeconds: 30 });
    const controller = new AbortController();
    const aborted = track(throttle, { signal: controller.signal });
    await flush();
    expect(vi.getTimerCount()).toBe(1);
    const reason = new Error('cancelled');
    controller.abort(reason);
    await flush();
    expect(aborted.error).toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
    await expect(throttle.acquire({ maxWaitMs: 1, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    first.release();
  });

  it('serves waiters first in, first out, skipping one that was aborted', async () => {
    const throttle = createThrottle({});
    const first = await throttle.acquire({ maxWaitMs: 1000 });
    const order: number[] = [];
    const controller = new AbortController();
    const waits = [0, 1, 2, 3].map((i) =>
      throttle.acquire({ maxWaitMs: 1000, signal: i === 1 ? controller.signal : undefined }).then(
        (permit) => {
          order.push(i);
          permit.release();
        },
        () => order.push(-i),
      ),
    );
    controller.abort();
    first.release();
    await Promise.all(waits);
    expect(order).toEqual([-1, 0, 2, 3]);
  });

  it('is a pass-through when turned off: no waits, no state, no timers', async () => {
    const events: ThrottleEvent[] = [];
    const throttle = createThrottle(false, (e) => events.push(e));
    throttle.observe({ status: 429, rateLimit: state({}), retryAfterSeconds: 60 });
    const permits = await Promise.all(Array.from({ length: 50 }, () => throttle.acquire({ maxWaitMs: 0 })));
    expect(permits).toHaveLength(50);
    for (const permit of permits) permit.release();
    expect(events).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    await expect(throttle.acquire({ maxWaitMs: 0, signal: AbortSignal.abort(new Error('x')) })).rejects.toThrow('x');
  });

  it('calls the hook with the reason for each wait and ignores a hook that throws', async () => {
    const seen: ThrottleEvent[] = [];
    const throttle = createThrottle({}, (e) => {
      seen.push(e);
      throw new Error('hook failure');
    });
    const first = await throttle.acquire({ maxWaitMs: 1000 });
    const second = track(throttle, { operationName: 'boards' });
    await flush();
    expect(seen).toEqual([{ operationName: 'boards', reason: 'concurrency' }]);
    first.release();
    await flush();
    expect(second.permit).toBeDefined();
  });

  it('treats a release as idempotent', async () => {
    const throttle = createThrottle({});
    const first = await throttle.acquire({ maxWaitMs: 1000 });
    const [a, b] = [track(throttle), track(throttle)];
    first.release();
    first.release();
    await flush();
    expect(a.permit).toBeDefined();
    expect(b.permit).toBeUndefined();
  });

  it('never throws on malformed or absent state, and such state holds nothing back', async () => {
    const throttle = createThrottle({ initialConcurrency: 4 });
    const first = await throttle.acquire({ maxWaitMs: 1000 });
    const junk = [
      { status: 200, rateLimit: undefined },
      { status: 200, rateLimit: { policies: null } },
      { status: 200, rateLimit: { policies: { minuteRate: null, concurrency: 'x' } } },
      ok({ minuteRate: { quota: Number.NaN, remaining: Number.NaN, resetSeconds: -1 } }),
      ok({ concurrency: { quota: 0, remaining: -3 } }),
      ok({ minuteRate: { remaining: 'five' as unknown as number, resetSeconds: 3 } }),
      { status: 200, rateLimit: state({}), retryAfterSeconds: Number.NaN },
    ] as unknown as ThrottleObservation[];
    for (const observation of junk) expect(() => throttle.observe(observation)).not.toThrow();
    const more = Array.from({ length: 3 }, () => track(throttle, { maxWaitMs: 0 }));
    await flush();
    expect(more.every((c) => c.permit)).toBe(true);
    first.release();
  });

  it('holds on an unknown-cost budget only when the server reports it spent', async () => {
    const throttle = createThrottle({});
    const budget = { quota: 100, window: 60, unit: 'content-bytes' };
    const first = await throttle.acquire({ maxWaitMs: 1000 });
    throttle.observe(ok({ complexityMinute: { ...budget, remaining: 1, resetSeconds: 20 } }));
    first.release();
    const many = Array.from({ length: 5 }, () => track(throttle, { maxWaitMs: 0 }));
    await flush();
    expect(many.every((c) => c.permit)).toBe(true);
    throttle.observe(ok({ complexityMinute: { ...budget, remaining: 0, resetSeconds: 20 } }));
    // Spent within its window: the throttle paces (waits for the reset), it does not refuse.
    const held = track(throttle, { maxWaitMs: 0 });
    await flush();
    expect(held.permit).toBeUndefined();
    expect(held.error).toBeUndefined();
    expect((throttle as QuotaThrottle).state().heldBy).toMatchObject({
      reason: 'quota-exhausted',
      policy: 'complexityMinute',
    });
    for (const c of many) c.permit!.release();
    await vi.advanceTimersByTimeAsync(20_010);
    expect(held.permit).toBeDefined();
  });
});

describe('tryAcquire without a full check while no limit is near', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A throttle that has seen one answer with these policies (its first request released). */
  function answered(policies: Record<string, Omit<RateLimitPolicy, 'name'>>): Throttle {
    const throttle = createThrottle({});
    const first = throttle.tryAcquire('doc') as Permit;
    throttle.observe({
      ...ok({ concurrency: { quota: 1000, unit: 'concurrent-requests' }, ...policies }),
      permit: first,
    });
    first.release();
    return throttle;
  }

  /** How many permits `tryAcquire` grants in a row before it sends the call to the line. */
  function grantsInARow(throttle: Throttle, document = 'doc'): number {
    let granted = 0;
    while (granted < 500 && throttle.tryAcquire(document)) granted += 1;
    return granted;
  }

  it('grants exactly what is left of a request quota, then holds until the window resets', () => {
    const throttle = answered({ minuteRate: { quota: 100, window: 60, remaining: 40, resetSeconds: 30 } });
    expect(grantsInARow(throttle)).toBe(40);
    expect(throttle.state?.().heldBy).toMatchObject({ reason: 'quota-exhausted', policy: 'minuteRate' });
    vi.advanceTimersByTime(30_000 + 20); // past the latest reset and its margin: the window rolls
    expect(throttle.tryAcquire('doc')).toBeDefined();
  });

  it('stops at the complexity budget, counting the cost of each grant in flight', () => {
    const throttle = answered({
      complexityMinute: { quota: 10_000, window: 60, unit: 'complexity', remaining: 5000, resetSeconds: 30 },
    });
    const probe = throttle.tryAcquire('costly') as Permit;
    throttle.observe({
      status: 200,
      rateLimit: state({
        complexityMinute: { quota: 10_000, window: 60, unit: 'complexity', remaining: 4000, resetSeconds: 30 },
      }),
      complexityCost: 1000,
      permit: probe,
    });
    probe.release(); // learns the exact cost: 1000 of the 4000 left
    const permits: Permit[] = [];
    for (let permit = throttle.tryAcquire('costly'); permit; permit = throttle.tryAcquire('costly')) {
      permits.push(permit);
    }
    expect(permits).toHaveLength(4);
    permits[0]?.release(); // its cost leaves the budget in flight: room for one more
    expect(throttle.tryAcquire('costly')).toBeDefined();
    expect(throttle.tryAcquire('costly')).toBeUndefined();
  });

  it('holds at once after an answer that pauses the client, and grants again after the pause', () => {
    const throttle = answered({ minuteRate: { quota: 100_000, window: 60, remaining: 90_000, resetSeconds: 30 } });
    expect(grantsInARow(throttle)).toBe(500);
    throttle.observe({ status: 429, rateLimit: state({}), retryAfterSeconds: 2 });
    expect(throttle.tryAcquire('doc')).toBeUndefined();
    vi.advanceTimersByTime(2000);
    expect(throttle.tryAcquire('doc')).toBeDefined();
  });
});
