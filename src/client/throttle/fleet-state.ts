/**
 * The shared throttle state of one account and the three atomic steps on it (acquire, settle, renew), as
 * plain functions over a plain object. The in-memory store runs them directly; the Redis store runs the same
 * steps as Lua scripts (`src/redis/scripts.ts`, built from the constants below), with Redis's clock.
 * `test/e2e/fleet-store-twins.test.ts` drives one scripted sequence through both and compares every decision.
 * The rules it shares with the local throttle (`throttle.ts`), and their constants, are stated once in
 * `quota-rules.ts`; `test/unit/throttle-differential.test.ts` drives the local throttle and this one (over the
 * memory store) through the same server answers and compares their decisions. The local throttle counts with its
 * own algorithm, which allocates nothing per call (`test/bench/quota-algorithms.ts`); these steps keep plain objects
 * a store can hold and the Lua mirror.
 *
 * Rule map (rule: where):
 * - Concurrency: leases with an expiry; a lease not renewed (its process died) frees its slot when it expires:
 *   `expire`, `fleetRenew`. Before the first answer only one request goes: `fleetAcquire` (`limit`).
 * - Slots go first come, first served across processes, in a strict total order (first-ask time, then ticket), so
 *   waiters that asked in the same millisecond never all count each other as ahead: `ahead` in `fleetAcquire`
 *   (pinned by `fleet-deadlock.test.ts`). A waiter that stopped asking for `FLEET_LINE_STALE_MS` leaves the line.
 * - Window quotas (`minuteRate`, `complexityMinute`): counted for the whole fleet. `used` counts units granted in
 *   the current window, `rep` is the lowest remaining the server reported (for costs, less what was granted after
 *   that request and is still in flight); what is left is the smaller of the two, so the server's figure wins when
 *   it says less is left: `fleetSettle`.
 *   The reset instant R lies in `(after, by]`: a response with `t` sent at `s` and answered at `a` says
 *   `s + (t-1) s < R <= a + t s`. `t` is relative, so no host clock enters. A window whose reset has certainly
 *   passed rolls into the next: `roll`.
 * - Finding the reset precisely: the last few requests of a window are sent at instants chosen to halve the
 *   uncertainty about R (a "timing" request), so holds end right at the reset instead of up to a second late. It
 *   pays only when requests will wait for the next window: each member says what it has waiting (`backlog`), and
 *   when the fleet's total fits in what the window has left, nothing is held back for timing: `fleetDemand`.
 * - A hold longer than `probeAfterMs` with no fresh answer from the server lets one probe request through;
 *   its answer replaces what the fleet believed (a stale `Retry-After: 31536000` cannot disable the fleet).
 *   A hold that is only pacing (spent windows of at most a minute, each within its length: `isPacedWindow`) is
 *   never probed, and is answered `paced`, so the client waits it out whatever its `maxWaitMs`, as the local
 *   throttle does: `fleetAcquire`.
 * - A 429 or a budget error blocks the whole fleet for the wait it names, at most `FLEET_MAX_HOLD_MS`, so a wait
 *   of 1e308 s gives the same finite answer from every store: `fleetSettle`.
 * - The daily quota spent blocks the whole fleet until its reset through the same `blocked`, marked `daily` while
 *   the daily reset is what ends it: acquire answers `daily-limit` with the whole hold, never lets a probe through
 *   (nothing but the reset ends it), and the client refuses a hold beyond `retry.maxDelayMs` unsent: `fleetSettle`,
 *   `fleetAcquire` (pinned by `fleet-daily-limit.test.ts`).
 * - Members: a client counts from its first acquire and while it renews; every grant and renewal says how many
 *   count, the share a client keeps to should the store become unreachable: `fleetAcquire`, `fleetRenew`.
 * - Bounded state: at most `MAX_TRACKED_POLICIES` policies per account; one not reported for `FLEET_POLICY_IDLE_MS`
 *   whose hold is over is dropped, and a new name past the cap takes the place of the longest unseen: `admit`.
 */

import {
  DAILY_POLICY,
  DEFAULT_BACKOFF_MS,
  isPacedWindow,
  MAX_TRACKED_POLICIES,
  RESET_MARGIN_MS,
} from './quota-rules.js';
import type {
  StoreAcquireRequest,
  StoreAcquireResult,
  StoreRenewRequest,
  StoreSettleRequest,
} from './throttle-store.js';

/** Below this uncertainty about a window's reset, no more timing requests are spent. */
export const FLEET_PRECISION_MS = 40;
/** The last this many requests of a window may be sent as timing requests. */
export const FLEET_TIMING_RESERVE = 4;
/** How soon to ask again while a probe or timing request is out. */
export const FLEET_POLL_MS = 20;
/** A waiter that has not asked again for this long has left the line. */
export const FLEET_LINE_STALE_MS = 250;
/** A member (a client) counts for at least this long after it last acquired or renewed. */
export const FLEET_MEMBER_MIN_MS = 3000;
/** What a member last said it has waiting counts this long (a member with waiters asks at least every second). */
export const FLEET_DEMAND_STALE_MS = 3000;
/** The longest hold a store keeps (about 31 years): any longer wait the server names is this one. */
export const FLEET_MAX_HOLD_MS = 1e12;
/** A policy not reported for this long, whose hold is over, is forgotten. */
export const FLEET_POLICY_IDLE_MS = 600_000;
/** An account's state is dropped this long after its last step (the Redis keys' expiry, the memory store's pruning). */
export const FLEET_STATE_TTL_MS = 3_600_000;

/** One window quota as the fleet counts it. */
export interface FleetWindow {
  quota: number;
  /** Window length in ms; 0 while unknown. */
  windowMs: number;
  countsRequests: boolean;
  used: number;
  rep: number;
  after: number;
  by: number;
  /** Units granted so far, ever: tells how many were granted after a given lease. */
  reserved: number;
  /** The largest exact cost reported for one request (for requests whose own cost is unknown). */
  costHint: number;
  /** `reserved` when the window last rolled: leases granted up to then were counted in the new window too. */
  rollMark: number;
  /** When a response last reported this policy. */
  seen: number;
}

/** One request in flight. */
export interface FleetLease {
  expires: number;
  sentAt: number;
  /** Per policy: units this lease reserved, and `reserved` right after its grant. */
  costs: Record<string, number>;
  reservedAt: Record<string, number>;
}

/** An account's shared state. */
export interface FleetState {
  learned: boolean;
  concurrency: number;
  blocked: number;
  /** True while `blocked` is the daily quota's reset (no probe ends it). */
  daily: boolean;
  lastAnswer: number;
  probe: string;
  timing: string;
  windows: Record<string, FleetWindow>;
  leases: Map<string, FleetLease>;
  members: Map<string, number>;
  /** Waiters for a slot, in the order they first asked: ticket -> [first asked, last asked]. */
  line: Map<string, [number, number]>;
  /** What each member last said it has waiting (its `backlog`, plus the request asking): member -> [count, when]. */
  demand: Map<string, [number, number]>;
}

/** A fresh state: nothing known, nothing in flight. */
export function emptyFleetState(): FleetState {
  return {
    learned: false,
    concurrency: 0,
    blocked: 0,
    daily: false,
    lastAnswer: 0,
    probe: '',
    timing: '',
    windows: Object.create(null) as Record<string, FleetWindow>,
    leases: new Map(),
    members: new Map(),
    line: new Map(),
    demand: new Map(),
  };
}

/**
 * What the fleet has waiting, as its members last said (stale reports dropped), with `member`'s `count` now; or
 * Infinity when the asking member does not say (a client that predates `backlog`): timing is then always worth it.
 */
function fleetDemand(state: FleetState, now: number, member: string | undefined, count: number | undefined): number {
  for (const [id, [, at]] of state.demand) if (at < now - FLEET_DEMAND_STALE_MS) state.demand.delete(id);
  if (member === undefined || count === undefined) return Number.POSITIVE_INFINITY;
  state.demand.set(member, [count, now]);
  let total = 0;
  for (const [waiting] of state.demand.values()) total += waiting;
  return total;
}

function freshWindow(): FleetWindow {
  return {
    quota: Number.POSITIVE_INFINITY,
    windowMs: 0,
    countsRequests: true,
    used: 0,
    rep: Number.POSITIVE_INFINITY,
    after: Number.NEGATIVE_INFINITY,
    by: Number.POSITIVE_INFINITY,
    reserved: 0,
    costHint: 0,
    rollMark: 0,
    seen: 0,
  };
}

function forget(window: FleetWindow): void {
  window.used = 0;
  window.rep = Number.POSITIVE_INFINITY;
  window.after = Number.NEGATIVE_INFINITY;
  window.by = Number.POSITIVE_INFINITY;
}

function expire(state: FleetState, now: number): void {
  for (const [id, lease] of state.leases) if (lease.expires <= now) state.leases.delete(id);
  if (state.probe && !state.leases.has(state.probe)) state.probe = '';
  if (state.timing && !state.leases.has(state.timing)) state.timing = '';
  for (const [id, expires] of state.members) if (expires <= now) state.members.delete(id);
}

/** Units of `policy` held by requests in flight. */
function inFlightUnits(state: FleetState, policy: string, window: FleetWindow): number {
  if (window.countsRequests) return state.leases.size;
  let units = 0;
  for (const lease of state.leases.values()) units += lease.costs[policy] ?? 0;
  return units;
}

/** Moves a window whose reset has certainly passed into the window it is in now. */
function roll(state: FleetState, policy: string, window: FleetWindow, now: number): void {
  if (!Number.isFinite(window.by) || now < window.by + RESET_MARGIN_MS) return;
  if (window.windowMs > 0) {
    const steps = Math.floor((now - window.by - RESET_MARGIN_MS) / window.windowMs) + 1;
    window.after += steps * window.windowMs;
    window.by += steps * window.windowMs;
  } else {
    window.after = Number.NEGATIVE_INFINITY;
    window.by = Number.POSITIVE_INFINITY;
  }
  window.rep = Number.POSITIVE_INFINITY;
  window.used = inFlightUnits(state, policy, window); // those in flight may land in the new window
  window.rollMark = window.reserved;
}

function costOf(window: FleetWindow, policy: string, costs: Record<string, number>): number {
  if (window.countsRequests) return 1;
  const cost = costs[policy];
  return cost === undefined || cost < 0 ? window.costHint : cost;
}

type Wait = Extract<StoreAcquireResult, { granted: false }>;

/** Takes a lease for `request` at `now`, or says how long to wait. */
export function fleetAcquire(state: FleetState, now: number, request: StoreAcquireRequest): StoreAcquireResult {
  expire(state, now);
  if (request.memberId) state.members.set(request.memberId, now + Math.max(request.leaseMs, FLEET_MEMBER_MIN_MS));
  const backlog = request.backlog;
  const waiting = backlog === undefined ? undefined : backlog + 1;
  const demand = fleetDemand(state, now, request.memberId, waiting);
  let gateUntil = 0;
  let wait: Wait | undefined;
  /** True while every hold is pacing (a minute window within its length), none the server's demand. */
  let paced = true;
  if (state.blocked > now) {
    paced = false;
    gateUntil = state.blocked;
    wait = state.daily
      ? { granted: false, reason: 'daily-limit', policy: DAILY_POLICY }
      : { granted: false, reason: 'backoff' };
  }
  for (const policy in state.windows) {
    const window = state.windows[policy] as FleetWindow;
    roll(state, policy, window, now);
    const left = Math.min(window.quota - window.used, window.rep);
    const cost = costOf(window, policy, request.costs);
    const until = window.by + RESET_MARGIN_MS;
    if (!Number.isFinite(window.by) || !(left <= 0 || left < cost) || until <= now) continue;
    if (!isPacedWindow(window.windowMs, until - now)) paced = false;
    if (until > gateUntil) {
      gateUntil = until;
      wait = { granted: false, reason: 'quota-exhausted', policy };
    }
  }
  let probe = false;
  if (wait) {
    const holdMs = gateUntil - now;
    const probeAt = state.lastAnswer + request.probeAfterMs;
    // Pacing ends within its window: neither bounded by the caller's `maxWaitMs` nor probed.
    if (paced) return { ...wait, retryInMs: holdMs, holdMs, paced };
    if (wait.reason === 'daily-limit' || gateUntil - state.lastAnswer <= request.probeAfterMs)
      return { ...wait, retryInMs: holdMs, holdMs };
    if (state.probe) return { ...wait, retryInMs: Math.min(holdMs, FLEET_POLL_MS), holdMs };
    if (now < probeAt) return { ...wait, retryInMs: probeAt - now, holdMs };
    probe = true; // the hold is long and stale: this request goes to re-learn the state
  }
  const limit = state.learned ? state.concurrency || request.initialConcurrency : 1;
  // Slots go first come, first served across processes: a waiter ahead in the line keeps its place.
  for (const [ticket, [, last]] of state.line) if (last < now - FLEET_LINE_STALE_MS) state.line.delete(ticket);
  const free = limit - state.leases.size;
  const mine = state.line.get(request.ticket)?.[0] ?? now;
  state.line.set(request.ticket, [mine, now]);
  // Ahead: asked first, or in the same millisecond with a smaller ticket (Redis's ZRANK order: score, then bytes).
  let ahead = 0;
  for (const [ticket, [first]] of state.line) {
    if (first < mine || (first === mine && ticket < request.ticket)) ahead += 1;
  }
  if (free <= ahead) return { granted: false, reason: 'concurrency' };
  state.line.delete(request.ticket);
  let timing = false;
  // Timing the reset pays only when requests will wait for the next window: when what the fleet has waiting fits in
  // what is left, nothing is held back for it (the last requests of a batch once waited up to a second for nothing).
  if (!probe) {
    for (const policy in state.windows) {
      const window = state.windows[policy] as FleetWindow;
      if (!window.countsRequests || window.windowMs <= 1000 || !Number.isFinite(window.by)) continue;
      const left = Math.min(window.quota - window.used, window.rep);
      if (left > FLEET_TIMING_RESERVE || window.by - window.after <= FLEET_PRECISION_MS || demand <= left) continue;
      // Send at the instant whose answer (t = k or k+1) tells on which side of a split point R lies: the
      // midpoint of (after, by] when it is still a whole second or more away, else one second from now.
      let split = (window.after + window.by) / 2;
      let steps = Math.floor((split - now) / 1000);
      if (steps < 1) {
        split = now + 1000; // sent now: t > 1 proves R > now + 1 s
        steps = 1;
      }
      if (split <= window.after || split >= window.by - FLEET_PRECISION_MS / 2) continue;
      if (state.timing) return { granted: false, reason: 'quota-exhausted', policy, retryInMs: FLEET_POLL_MS };
      const at = Math.ceil(split - steps * 1000);
      if (at > now) return { granted: false, reason: 'quota-exhausted', policy, retryInMs: at - now, holdMs: at - now };
      timing = true;
    }
  }
  const lease: FleetLease = { expires: now + request.leaseMs, sentAt: now, costs: {}, reservedAt: {} };
  for (const policy in state.windows) {
    const window = state.windows[policy] as FleetWindow;
    const cost = costOf(window, policy, request.costs);
    window.used += cost;
    window.rep -= cost;
    window.reserved += cost;
    lease.costs[policy] = cost;
    lease.reservedAt[policy] = window.reserved;
  }
  state.leases.set(request.leaseId, lease);
  if (probe) state.probe = request.leaseId;
  if (timing) state.timing = request.leaseId;
  if (request.memberId && backlog !== undefined) state.demand.set(request.memberId, [backlog, now]);
  return { granted: true, members: Math.max(1, state.members.size) };
}

/**
 * Units of `policy` held by requests granted after `lease` and still in flight: the server may not have counted
 * them when it answered `lease`. (Those already answered told their own, lower, figure.)
 */
function grantedLaterInFlight(state: FleetState, policy: string, lease: FleetLease): number {
  const mark = lease.reservedAt[policy];
  if (mark === undefined) return 0;
  let units = 0;
  for (const other of state.leases.values()) {
    const at = other.reservedAt[policy];
    if (at !== undefined && at > mark) units += other.costs[policy] ?? 0;
  }
  return units;
}

/** A window's hold is over (or it never had one). */
function holdOver(window: FleetWindow, now: number): boolean {
  return !Number.isFinite(window.by) || window.by + RESET_MARGIN_MS <= now;
}

/** Drops the policies not reported for `FLEET_POLICY_IDLE_MS` whose hold is over. */
function prune(state: FleetState, now: number): void {
  for (const policy in state.windows) {
    const window = state.windows[policy] as FleetWindow;
    if (window.seen + FLEET_POLICY_IDLE_MS <= now && holdOver(window, now)) delete state.windows[policy];
  }
}

/**
 * The window of `policy`, made when new. Past `MAX_TRACKED_POLICIES`, a new name takes the place of the longest
 * unseen policy whose hold is over, or is ignored when every policy still holds.
 */
function admit(state: FleetState, policy: string, now: number): FleetWindow | undefined {
  const known = state.windows[policy];
  if (known) return known;
  const names = Object.keys(state.windows);
  if (names.length >= MAX_TRACKED_POLICIES) {
    let oldest: string | undefined;
    for (const name of names) {
      const window = state.windows[name] as FleetWindow;
      if (!holdOver(window, now)) continue;
      if (oldest === undefined || window.seen < (state.windows[oldest] as FleetWindow).seen) oldest = name;
    }
    if (oldest === undefined) return undefined;
    delete state.windows[oldest];
  }
  const window = freshWindow();
  state.windows[policy] = window;
  return window;
}

/** Ends a lease and folds its response into the state. */
export function fleetSettle(state: FleetState, now: number, request: StoreSettleRequest): void {
  const lease = state.leases.get(request.leaseId);
  state.leases.delete(request.leaseId);
  const wasProbe = state.probe !== '' && state.probe === request.leaseId;
  if (wasProbe) state.probe = '';
  if (state.timing === request.leaseId) state.timing = '';
  const response = request.response;
  if (!response) return;
  state.lastAnswer = now;
  state.learned = true;
  if (response.concurrencyQuota !== undefined && response.concurrencyQuota >= 1) {
    state.concurrency = Math.floor(response.concurrencyQuota);
  }
  if (wasProbe) {
    // The probe's answer is the truth now: forget the holds it was sent to re-check.
    state.blocked = 0;
    state.daily = false;
    for (const policy in state.windows) forget(state.windows[policy] as FleetWindow);
  }
  prune(state, now);
  let exhaustedMs = 0;
  for (const report of response.windows) {
    const window = admit(state, report.name, now);
    if (!window) continue;
    window.seen = now;
    if (report.quota !== undefined) window.quota = report.quota;
    if (report.windowSeconds !== undefined) window.windowMs = report.windowSeconds * 1000;
    window.countsRequests = report.countsRequests;
    if (report.cost !== undefined && report.cost > window.costHint) window.costHint = report.cost;
    const later = lease ? grantedLaterInFlight(state, report.name, lease) : 0;
    const candidate = report.remaining - later;
    const t = report.resetSeconds;
    const after = t === undefined || !lease ? Number.NEGATIVE_INFINITY : lease.sentAt + (t - 1) * 1000;
    const by = t === undefined ? Number.POSITIVE_INFINITY : now + t * 1000;
    if (t !== undefined && report.remaining <= 0) exhaustedMs = Math.max(exhaustedMs, t * 1000);
    if (t !== undefined && (!Number.isFinite(window.by) || after >= window.by)) {
      // First sight, or the request landed in a later window than the one counted.
      window.after = after;
      window.by = by;
      window.rep = candidate;
      window.used = Number.isFinite(window.quota) ? window.quota - candidate : 0;
    } else if (t !== undefined && by <= window.after) {
      // It landed in the window before: if the roll counted it in this one too, give its units back.
      const mark = lease?.reservedAt[report.name];
      if (lease && mark !== undefined && mark <= window.rollMark) {
        window.used = Math.max(0, window.used - (lease.costs[report.name] ?? 0));
      }
    } else {
      if (t !== undefined) {
        window.after = Math.max(window.after, after);
        window.by = Math.min(window.by, by);
      }
      // Counting requests, the fleet's own count is exact within a window; the server's figure wins when it says
      // less is left (someone outside the fleet spends too), but not less what is still in flight: requests of
      // different processes overtake each other on the way and would be counted twice. Costs are estimates, so
      // there the server's figure, less what is in flight, rules.
      const figure = window.countsRequests ? report.remaining : candidate;
      window.rep = Math.min(window.rep, figure);
      if (Number.isFinite(window.quota)) window.used = Math.max(window.used, window.quota - figure);
    }
  }
  if (response.status === 429 || response.retryAfterMs !== undefined) {
    const delay = Math.min(FLEET_MAX_HOLD_MS, response.retryAfterMs ?? (exhaustedMs || DEFAULT_BACKOFF_MS));
    if (now + delay > state.blocked) {
      state.blocked = now + delay;
      state.daily = false;
    }
  }
  if (response.dailyResetMs !== undefined) {
    const until = now + Math.min(FLEET_MAX_HOLD_MS, response.dailyResetMs);
    if (until >= state.blocked) {
      state.blocked = until;
      state.daily = true;
    }
  }
}

/** Extends live leases and counts the clients that renewed within the last `leaseMs`. */
export function fleetRenew(state: FleetState, now: number, request: StoreRenewRequest): number {
  expire(state, now);
  for (const id of request.leaseIds) {
    const lease = state.leases.get(id);
    if (lease) lease.expires = now + request.leaseMs;
  }
  state.members.set(request.memberId, now + Math.max(request.leaseMs, FLEET_MEMBER_MIN_MS));
  return state.members.size;
}
