/**
 * The in-memory {@link ThrottleStore}: the fleet's shared state kept in this process, so several clients of one
 * account in one process throttle as one. The same steps as the Redis store, with this host's clock; an account
 * idle for `FLEET_STATE_TTL_MS` is forgotten, as the Redis store's keys expire (`test/unit/memory-store.test.ts`).
 */
import {
  emptyFleetState,
  FLEET_STATE_TTL_MS,
  type FleetState,
  fleetAcquire,
  fleetRenew,
  fleetSettle,
} from './fleet-state.js';
import { defineThrottleStore } from './fleet-throttle.js';
import type { StoreReserveRequest, StoreReserveResult, ThrottleStore } from './throttle-store.js';

/** How often idle accounts are looked for. */
const SWEEP_EVERY_MS = 60_000;

/** The accounts of one memory store, each dropped `FLEET_STATE_TTL_MS` after its last step. */
export class AccountStates {
  readonly #accounts = new Map<string, { state: FleetState; lastStep: number }>();
  #sweptAt = 0;

  /** Accounts held now. */
  get size(): number {
    return this.#accounts.size;
  }

  /** The state of `account` for a step at `now`, made when new or forgotten. */
  stateOf(account: string, now: number): FleetState {
    if (now - this.#sweptAt >= SWEEP_EVERY_MS) this.#sweep(now);
    let entry = this.#accounts.get(account);
    if (!entry) {
      entry = { state: emptyFleetState(), lastStep: now };
      this.#accounts.set(account, entry);
    }
    entry.lastStep = now;
    return entry.state;
  }

  #sweep(now: number): void {
    this.#sweptAt = now;
    for (const [account, entry] of this.#accounts) {
      if (now - entry.lastStep >= FLEET_STATE_TTL_MS) this.#accounts.delete(account);
    }
  }
}

/** Sliding-window reservations by key (`reserveUnits`), each list pruned as its reservations age out. */
export class WindowReservations {
  readonly #keys = new Map<string, { at: number; units: number }[]>();

  /** Counts `units` under `request.key` at `now` when they fit the quota; else when they will. */
  reserve(request: StoreReserveRequest, now: number): StoreReserveResult {
    const live = (this.#keys.get(request.key) ?? []).filter((entry) => entry.at > now - request.windowMs);
    let used = live.reduce((sum, entry) => sum + entry.units, 0);
    if (used + request.units <= request.quota) {
      live.push({ at: now, units: request.units });
      this.#keys.set(request.key, live);
      return { granted: true };
    }
    this.#keys.set(request.key, live);
    for (const entry of live) {
      used -= entry.units;
      if (used + request.units <= request.quota)
        return { granted: false, retryInMs: entry.at + request.windowMs - now };
    }
    return { granted: false, retryInMs: request.windowMs };
  }
}

/**
 * A {@link ThrottleStore} in this process's memory. Give the same store to several clients of one account
 * (`throttle: { store }`) and they share its quotas; for clients in several processes use the Redis store
 * (`createRedisThrottleStore` from `workspace-platform-sdk/redis`).
 */
export function createMemoryThrottleStore(): ThrottleStore {
  const accounts = new AccountStates();
  const reservations = new WindowReservations();
  return defineThrottleStore({
    reserveUnits: (request) => Promise.resolve(reservations.reserve(request, Date.now())),
    acquire: (request) => {
      const now = Date.now();
      return Promise.resolve(fleetAcquire(accounts.stateOf(request.account, now), now, request));
    },
    settle: (request) => {
      const now = Date.now();
      return Promise.resolve(fleetSettle(accounts.stateOf(request.account, now), now, request));
    },
    renew: (request) => {
      const now = Date.now();
      return Promise.resolve(fleetRenew(accounts.stateOf(request.account, now), now, request));
    },
  });
}

/**
 * The former name of {@link createMemoryThrottleStore}, kept through the 0.x line.
 * @deprecated Use `createMemoryThrottleStore`: the name says what it makes.
 */
export const createMemoryStore: () => ThrottleStore = createMemoryThrottleStore;
