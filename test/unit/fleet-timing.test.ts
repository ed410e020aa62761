/**
 * Timing a window's reset (src/client/throttle/fleet-state.ts): near the end of a window whose reset is known only to
 * within a second, the store holds the last few requests back to send them at instants that halve the uncertainty.
 * That pays only when requests will wait for the next window: when what the fleet's members say they have waiting
 * fits in what the window has left, nothing is held back (the last requests of a batch once waited up to a second).
 */
import { describe, expect, it } from 'vitest';
import { emptyFleetState, fleetAcquire, fleetSettle } from '../../src/client/throttle/fleet-state.js';
import type { StoreAcquireRequest } from '../../src/client/throttle/throttle-store.js';

const NOW = 1_000_000;
const request = (leaseId: string, extra: Partial<StoreAcquireRequest> = {}): StoreAcquireRequest => ({
  account: 'x',
  leaseId,
  ticket: `t-${leaseId}`,
  leaseMs: 10_000,
  initialConcurrency: 4,
  costs: {},
  probeAfterMs: 60_000,
  ...extra,
});

/** A state that knows a 2 s window with 3 requests left, whose reset lies somewhere in a second. */
function nearTheEnd() {
  const state = emptyFleetState();
  expect(fleetAcquire(state, NOW, request('first'))).toMatchObject({ granted: true });
  fleetSettle(state, NOW + 10, {
    account: 'x',
    leaseId: 'first',
    response: {
      status: 200,
      windows: [
        { name: 'minuteRate', quota: 40, windowSeconds: 2, remaining: 3, resetSeconds: 2, countsRequests: true },
      ],
    },
  });
  return state;
}

describe('timing requests', () => {
  it('hold a request back when its client does not say what it has waiting (as before)', () => {
    const result = fleetAcquire(nearTheEnd(), NOW + 20, request('a', { memberId: 'm1' }));
    expect(result).toMatchObject({ granted: false, reason: 'quota-exhausted', policy: 'minuteRate' });
  });

  it('hold a request back while the fleet has more waiting than the window has left', () => {
    const state = nearTheEnd();
    fleetAcquire(state, NOW + 15, request('other', { memberId: 'm2', backlog: 1 })); // m2: 2 waiting
    const result = fleetAcquire(state, NOW + 20, request('a', { memberId: 'm1', backlog: 1 })); // m1: 2 waiting
    expect(result).toMatchObject({ granted: false, reason: 'quota-exhausted', policy: 'minuteRate' });
  });

  it('send at once what fits in what the window has left: nothing will wait for the next window', () => {
    const state = nearTheEnd();
    expect(fleetAcquire(state, NOW + 20, request('a', { memberId: 'm1', backlog: 1 }))).toMatchObject({
      granted: true,
    });
    // m1 was granted one and has one left; m2 asks with nothing behind it: 2 waiting in all, 2 left.
    expect(fleetAcquire(state, NOW + 25, request('b', { memberId: 'm2', backlog: 0 }))).toMatchObject({
      granted: true,
    });
  });

  it("forget a member's word after a few seconds, so a client that died does not count", () => {
    const state = nearTheEnd();
    fleetAcquire(state, NOW + 15, request('other', { memberId: 'm2', backlog: 30 }));
    expect(fleetAcquire(state, NOW + 20, request('a', { memberId: 'm1', backlog: 0 }))).toMatchObject({
      granted: false,
    });
    expect(state.demand.size).toBe(2);
    fleetAcquire(state, NOW + 4_000, request('late', { memberId: 'm1', backlog: 0 }));
    expect([...state.demand.keys()]).toEqual(['m1']);
  });
});
