/**
 * The in-memory {@link ThrottleStore}: the fleet's shared state kept in this process, so several clients of one
 * account in one process throttle as one. The same steps as the Redis store, with this host's clock.
 */
import { emptyFleetState, type FleetState, fleetAcquire, fleetRenew, fleetSettle } from './fleet-state.js';
import { defineThrottleStore } from './fleet-throttle.js';
import type { ThrottleStore } from './throttle-store.js';

/**
 * A {@link ThrottleStore} in this process's memory. Give the same store to several clients of one account
 * (`throttle: { store }`) and they share its quotas; for clients in several processes use the Redis store.
 */
export function createMemoryStore(): ThrottleStore {
  const accounts = new Map<string, FleetState>();
  const stateOf = (account: string): FleetState => {
    let state = accounts.get(account);
    if (!state) {
      state = emptyFleetState();
      accounts.set(account, state);
    }
    return state;
  };
  return defineThrottleStore({
    acquire: (request) => Promise.resolve(fleetAcquire(stateOf(request.account), Date.now(), request)),
    settle: (request) => Promise.resolve(fleetSettle(stateOf(request.account), Date.now(), request)),
    renew: (request) => Promise.resolve(fleetRenew(stateOf(request.account), Date.now(), request)),
  });
}
