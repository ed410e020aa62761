/**
 * The local throttle under a backlog: pacing never fails a call (only the caller's `queueTimeoutMs` or signal
 * bounds it), a wait the server imposes beyond `maxWaitMs` still does, `onThrottle` names the limit that really
 * holds each call, and `state()` shows the line per policy. Fake timers: the throttle's clock is `Date.now()`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createQuotaThrottle,
  type Permit,
  type QuotaThrottle,
  type ThrottleObservation,
  ThrottleQueueTimeout,
  ThrottleWaitTooLongError,
} from '../../src/client/throttle/throttle.js';
import type { RateLimitPolicy, ThrottleEvent } from '../../src/client/types.js';

type Policies = Record<string, Omit<RateLimitPolicy, 'name'>>;

function observation(policies: Policies, status = 200): ThrottleObservation {
  return {
    status,
    rateLimit: {
      policies: Object.fromEntries(Object.entries(policies).map(([name, fields]) => [name, { name, ...fields }])),
    },
  };
}

function throttleWithEvents(): { throttle: QuotaThrottle; events: ThrottleEvent[] } {
  const events: ThrottleEvent[] = [];
  return { throttle: createQuotaThrottle({}, (event) => events.push(event), 30_000), events };
}

/** Starts an acquire and records how it settles. */
function track(throttle: QuotaThrottle, options: { maxWaitMs?: number; queueTimeoutMs?: number } = {}) {
  const entry: { permit?: Permit; error?: unknown } = {};
  throttle.acquire({ maxWaitMs: 1000, operationName: 'Boards', ...options }).then(
    (permit) => {
      entry.permit = permit;
    },
    (error: unknown) => {
      entry.error = error;
    },
  );
  return entry;
}

const flush = () => vi.advanceTimersByTimeAsync(0);

/** Sends one request and answers it with `policies`, so the throttle learns them. */
async function learn(throttle: QuotaThrottle, policies: Policies, status = 200): Promise<void> {
  const permit = await throttle.acquire({ maxWaitMs: 1000 });
  throttle.observe({ ...observation(policies, status), permit });
  permit.release();
}

const MINUTE_RATE = { quota: 5, window: 5 };

describe('a backlog behind the local throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('paces 30 calls at 5 per 5 s to the end although the line is 25 s long and maxWaitMs is 1 s', async () => {
    const { throttle, events } = throttleWithEvents();
    await learn(throttle, { minuteRate: { ...MINUTE_RATE, remaining: 4, resetSeconds: 5 } });
    const calls = Array.from({ length: 30 }, () => track(throttle, { maxWaitMs: 1000 }));
    let answered = 0;
    for (let step = 0; step < 400 && answered < 30; step += 1) {
      await vi.advanceTimersByTimeAsync(100);
      for (const call of calls) {
        if (!call.permit) continue;
        const permit = call.permit;
        call.permit = undefined;
        Object.assign(call, { done: true });
        answered += 1;
        throttle.observe({ ...observation({}), permit });
        permit.release();
      }
    }
    expect(calls.filter((call) => call.error)).toEqual([]);
    expect(answered).toBe(30);
    // Every held call was told the minuteRate limit held it, not "concurrency".
    expect(events.filter((event) => event.reason === 'quota-exhausted' && event.policy === 'minuteRate').length).toBe(
      26,
    );
  });

  it('fails a call past its queueTimeoutMs saying how long it waited, where it stood and what held the line', async () => {
    const { throttle } = throttleWithEvents();
    await learn(throttle, { minuteRate: { ...MINUTE_RATE, remaining: 0, resetSeconds: 5 } });
    const first = track(throttle);
    const second = track(throttle, { queueTimeoutMs: 2000 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(first.error).toBeUndefined();
    expect(second.error).toBeInstanceOf(ThrottleQueueTimeout);
    expect(second.error).toMatchObject({
      queuedMs: 2000,
      position: 2,
      queued: 2,
      reason: 'quota-exhausted',
      policy: 'minuteRate',
    });
    expect((second.error as Error).message).toBe('Waited 2000 ms in line');
    await vi.advanceTimersByTimeAsync(3100);
    expect(first.permit).toBeDefined();
  });

  it('reports a wait no shorter than the bound that ended it, even when the wall clock reads a millisecond short', async () => {
    // Timers run on a monotonic clock and Date.now() rounds, so the queue timer may fire when Date.now() has moved
    // one millisecond less than the bound.
    const { throttle } = throttleWithEvents();
    await learn(throttle, { minuteRate: { ...MINUTE_RATE, remaining: 0, resetSeconds: 5 } });
    const waiting = track(throttle, { queueTimeoutMs: 600 });
    const realNow = Date.now.bind(Date);
    await vi.advanceTimersByTimeAsync(599);
    const lagging = vi.spyOn(Date, 'now').mockImplementation(() => realNow() - 1);
    await vi.advanceTimersByTimeAsync(1);
    lagging.mockRestore();
    expect(waiting.error).toBeInstanceOf(ThrottleQueueTimeout);
    expect((waiting.error as ThrottleQueueTimeout).queuedMs).toBe(600);
  });

  it('still refuses at once a pause the server imposes beyond maxWaitMs, and fails waiters it makes late', async () => {
    const { throttle } = throttleWithEvents();
    await learn(throttle, { concurrency: { quota: 1, unit: 'concurrent-requests' } });
    const blocker = await throttle.acquire({ maxWaitMs: 1000 });
    const patient = track(throttle, { maxWaitMs: 120_000 });
    const hasty = track(throttle, { maxWaitMs: 30_000 });
    throttle.observe({ ...observation({}, 429), retryAfterSeconds: 60 });
    blocker.release();
    await flush();
    expect(hasty.error).toBeInstanceOf(ThrottleWaitTooLongError);
    expect(hasty.error).toMatchObject({ reason: 'backoff', waitMs: 60_000 });
    expect(patient.error).toBeUndefined();
  });

  it('exposes the line per policy: queued, in flight, what holds it and until when', async () => {
    const { throttle } = throttleWithEvents();
    await learn(throttle, {
      minuteRate: { ...MINUTE_RATE, remaining: 1, resetSeconds: 5 },
      concurrency: { quota: 4, unit: 'concurrent-requests' },
    });
    const sent = await throttle.acquire({ maxWaitMs: 1000 });
    const waiting = [track(throttle), track(throttle), track(throttle)];
    await flush();
    const state = throttle.state();
    expect(state).toMatchObject({
      queued: 3,
      inFlight: 1,
      concurrencyLimit: 4,
      heldBy: { reason: 'quota-exhausted', policy: 'minuteRate' },
    });
    expect(state.heldBy?.until).toBeGreaterThan(Date.now());
    expect(state.policies.minuteRate).toMatchObject({ queued: 3, inFlight: 1, remaining: 0 });
    expect(state.policies.minuteRate?.nextSlotAt).toBe(state.heldBy?.until);
    expect(state.policies.concurrency).toMatchObject({ queued: 0, inFlight: 1, remaining: 3 });
    sent.release();
    await vi.advanceTimersByTimeAsync(5100);
    expect(waiting.every((call) => call.permit)).toBe(true);
    expect(throttle.state()).toMatchObject({ queued: 0, inFlight: 3 });
  });
});

describe('onThrottle names the limit that holds the call', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('concurrency', async () => {
    const { throttle, events } = throttleWithEvents();
    await learn(throttle, { concurrency: { quota: 1, unit: 'concurrent-requests' } });
    const out = await throttle.acquire({ maxWaitMs: 1000 });
    track(throttle);
    await flush();
    expect(events).toEqual([{ operationName: 'Boards', reason: 'concurrency', policy: 'concurrency' }]);
    out.release();
  });

  it('minuteRate', async () => {
    const { throttle, events } = throttleWithEvents();
    await learn(throttle, { minuteRate: { ...MINUTE_RATE, remaining: 0, resetSeconds: 3 } });
    track(throttle);
    await flush();
    expect(events).toEqual([
      { operationName: 'Boards', reason: 'quota-exhausted', policy: 'minuteRate', delayMs: expect.any(Number) },
    ]);
  });

  it('complexityMinute (a budget left below the document cost)', async () => {
    const { throttle, events } = throttleWithEvents();
    const document = 'query Heavy { boards { id } }';
    const permit = await throttle.acquire({ maxWaitMs: 1000, document });
    const budget = { quota: 1000, window: 60, unit: 'content-bytes' };
    throttle.observe({
      ...observation({ complexityMinute: { ...budget, remaining: 300, resetSeconds: 30 } }),
      permit,
      complexityCost: 400,
    });
    permit.release();
    track(throttle);
    await flush();
    expect(events).toEqual([
      { operationName: 'Boards', reason: 'quota-exhausted', policy: 'complexityMinute', delayMs: expect.any(Number) },
    ]);
  });

  it('a pause after a 429', async () => {
    const { throttle, events } = throttleWithEvents();
    await learn(throttle, {}, 429);
    track(throttle, { maxWaitMs: 5000 });
    await flush();
    expect(events).toEqual([{ operationName: 'Boards', reason: 'backoff', delayMs: 1000 }]);
  });

  it('the daily limit, announced again to a waiting call when it takes over from another limit', async () => {
    const { throttle, events } = throttleWithEvents();
    await learn(throttle, { concurrency: { quota: 1, unit: 'concurrent-requests' } });
    const out = await throttle.acquire({ maxWaitMs: 1000 });
    const waiting = track(throttle, { maxWaitMs: 10_000 });
    await flush();
    throttle.observe({ ...observation({}, 429), permit: out, dailyResetAt: Date.now() + 5000 });
    out.release();
    await flush();
    expect(events.map((event) => [event.reason, event.policy])).toEqual([
      ['concurrency', 'concurrency'],
      ['daily-limit', 'daily'],
    ]);
    expect(waiting.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5000);
    expect(waiting.permit).toBeDefined();
  });

  it('the daily limit beyond maxWaitMs fails a new call at once, never probed', async () => {
    const { throttle } = throttleWithEvents();
    await learn(throttle, {});
    throttle.observe({ ...observation({}, 429), dailyResetAt: Date.now() + 3_600_000 });
    await vi.advanceTimersByTimeAsync(60_000); // past probeAfterMs: a daily hold still sends nothing
    const error = await throttle.acquire({ maxWaitMs: 30_000 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ThrottleWaitTooLongError', reason: 'daily-limit', policy: 'daily' });
    expect(throttle.state().policies.daily).toMatchObject({ remaining: 0, nextSlotAt: 1_000_000 + 3_600_000 });
  });

  it('a `daily` policy the server reports spent holds calls as the daily limit', async () => {
    const { throttle } = throttleWithEvents();
    await learn(throttle, { daily: { quota: 200, window: 86_400, remaining: 0, resetSeconds: 7200 } });
    const error = await throttle.acquire({ maxWaitMs: 30_000 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'daily-limit', policy: 'daily' });
  });
});
