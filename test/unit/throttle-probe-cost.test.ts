/**
 * The local throttle's long-hold probe (one absurd `Retry-After` or `t` cannot disable a client) and its cost
 * awareness, with fake timers; the cost book's learning; the same probe in the shared fleet state.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyFleetState, fleetAcquire, fleetSettle } from '../../src/client/throttle/fleet-state.js';
import {
  createThrottle,
  type Permit,
  type ThrottleObservation,
  ThrottleWaitTooLongError,
} from '../../src/client/throttle/throttle.js';
import { CostBook } from '../../src/client/throttle/throttle-cost.js';
import type { StoreAcquireRequest } from '../../src/client/throttle/throttle-store.js';

const flush = () => vi.advanceTimersByTimeAsync(0);
const ok: ThrottleObservation = { status: 200, rateLimit: { policies: {} } };

describe('a hold longer than probeAfterMs', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails calls made during it, then lets one probe through whose answer the throttle follows', async () => {
    const throttle = createThrottle({}, undefined, 1000);
    const first = await throttle.acquire({ maxWaitMs: 1000 });
    throttle.observe({ status: 429, rateLimit: { policies: {} }, retryAfterSeconds: 31_536_000 });
    first.release();
    await expect(throttle.acquire({ maxWaitMs: 1000 })).rejects.toBeInstanceOf(ThrottleWaitTooLongError);
    expect(throttle.tryAcquire()).toBeUndefined();

    await vi.advanceTimersByTimeAsync(1000);
    const probe = await throttle.acquire({ maxWaitMs: 1000 }); // the probe goes, a year early
    let waiting: Permit | undefined;
    void throttle.acquire({ maxWaitMs: 1000 }).then((permit) => {
      waiting = permit;
    });
    await flush();
    expect(waiting).toBeUndefined(); // the others wait for the probe's answer
    throttle.observe(ok); // the server is fine now
    probe.release();
    await flush();
    expect(waiting).toBeDefined();
    waiting?.release();
    expect(throttle.tryAcquire()).toBeDefined();
  });

  it('re-checks an absurd window reset the same way', async () => {
    const throttle = createThrottle({}, undefined, 500);
    const minuteRate = { quota: 40, window: 2, remaining: 0, resetSeconds: 999_999_999 };
    const first = await throttle.acquire({ maxWaitMs: 500 });
    throttle.observe({ status: 200, rateLimit: { policies: { minuteRate: { name: 'minuteRate', ...minuteRate } } } });
    first.release();
    await expect(throttle.acquire({ maxWaitMs: 500 })).rejects.toBeInstanceOf(ThrottleWaitTooLongError);
    await vi.advanceTimersByTimeAsync(500);
    const probe = await throttle.acquire({ maxWaitMs: 500 });
    const fresh = { quota: 40, window: 2, remaining: 39, resetSeconds: 2 };
    throttle.observe({ status: 200, rateLimit: { policies: { minuteRate: { name: 'minuteRate', ...fresh } } } });
    probe.release();
    expect(throttle.tryAcquire()).toBeDefined();
  });

  it('does not probe a hold shorter than probeAfterMs', async () => {
    const throttle = createThrottle({}, undefined, 5000);
    const first = await throttle.acquire({ maxWaitMs: 5000 });
    throttle.observe({ status: 429, rateLimit: { policies: {} }, retryAfterSeconds: 2 });
    first.release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(throttle.tryAcquire()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1001);
    expect(throttle.tryAcquire()).toBeDefined();
  });
});

describe('cost awareness', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const budget = (remaining: number) => ({
    status: 200,
    rateLimit: {
      policies: {
        complexityMinute: {
          name: 'complexityMinute',
          quota: 3000,
          window: 60,
          unit: 'content-bytes',
          remaining,
          resetSeconds: 30,
        },
      },
    },
  });

  it('holds a document whose learned cost exceeds the budget left, until the reset', async () => {
    const throttle = createThrottle({}, undefined, 30_000);
    const permit = throttle.tryAcquire('doc')!;
    throttle.observe({ ...budget(2000), complexityCost: 1000 });
    permit.release();
    const second = throttle.tryAcquire('doc')!;
    throttle.observe({ ...budget(1000), complexityCost: 1000 });
    second.release();
    const third = throttle.tryAcquire('doc')!; // 1000 left: exactly enough
    expect(third).toBeDefined();
    throttle.observe({ ...budget(0), complexityCost: 1000 });
    third.release();
    expect(throttle.tryAcquire('doc')).toBeUndefined();
    expect(throttle.tryAcquire('cheap')).toBeUndefined(); // unknown documents are guessed at the largest cost
  });

  it('learns a cost from the budget before and after, keeping the smallest drop', () => {
    const book = new CostBook();
    const at = (remaining: number) => ({ remaining, resetAt: 60_000 });
    book.learn('doc', undefined, at(5000));
    expect(book.known('doc')).toBeUndefined();
    book.learn('doc', at(5000), at(4200)); // another request landed in between
    book.learn('doc', at(4200), at(3700));
    expect(book.known('doc')).toBe(500);
    book.learn('doc', at(3700), { remaining: 5000, resetAt: 62_000 }); // a new window: no sample
    expect(book.known('doc')).toBe(500);
    book.learn('doc', undefined, undefined, 450); // the exact figure wins
    expect(book.expected('doc')).toBe(450);
    expect(book.expected('other')).toBe(450);
  });
});

describe('the fleet state', () => {
  const request = (leaseId: string, probeAfterMs = 1000): StoreAcquireRequest => ({
    account: 'a',
    leaseId,
    ticket: leaseId,
    leaseMs: 10_000,
    initialConcurrency: 4,
    costs: {},
    probeAfterMs,
  });

  it('probes a stale long block once, and the probe answer lifts it for the whole fleet', () => {
    const state = emptyFleetState();
    let now = 1_000_000;
    expect(fleetAcquire(state, now, request('a')).granted).toBe(true);
    fleetSettle(state, now, { account: 'a', leaseId: 'a', response: { status: 429, windows: [], retryAfterMs: 3e10 } });
    const held = fleetAcquire(state, now, request('b'));
    expect(held).toMatchObject({ granted: false, reason: 'backoff', retryInMs: 1000 });
    now += 1000;
    expect(fleetAcquire(state, now, request('probe')).granted).toBe(true);
    expect(fleetAcquire(state, now, request('c'))).toMatchObject({ granted: false, reason: 'backoff' });
    fleetSettle(state, now, { account: 'a', leaseId: 'probe', response: { status: 200, windows: [] } });
    expect(fleetAcquire(state, now, request('c')).granted).toBe(true);
  });

  it('gives a lease whose process died back after the lease time', () => {
    const state = emptyFleetState();
    const now = 1_000_000;
    fleetAcquire(state, now, request('first'));
    fleetSettle(state, now, {
      account: 'a',
      leaseId: 'first',
      response: { status: 200, concurrencyQuota: 1, windows: [] },
    });
    expect(fleetAcquire(state, now, request('dies')).granted).toBe(true);
    expect(fleetAcquire(state, now + 9_999, request('next')).granted).toBe(false);
    expect(fleetAcquire(state, now + 10_000, request('next')).granted).toBe(true);
  });
});
