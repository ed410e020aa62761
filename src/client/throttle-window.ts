/**
 * Local accounting for one fixed-window quota (e.g. `minuteRate`, `complexityMinute`), as pure-ish helpers the
 * throttle drives. The estimate is deliberately conservative: the server must never see a request beyond quota.
 *
 * Each response with `t` bounds the reset instant R of the window its request landed in: the request arrived
 * between its send and its receipt, and the server's `t` is the whole seconds left then, rounded up, so
 * `sentAt + (t-1) s < R <= receivedAt + t s`. Intersecting many such bounds pins R down tightly; the next window
 * resets exactly one `w` later.
 */
import type { RateLimitPolicy } from './types.js';

/** Waited past the latest possible reset instant, covering millisecond rounding. */
export const RESET_MARGIN_MS = 10;
/** Event lists are pruned once they grow beyond this. */
const MAX_EVENTS = 1024;

/** The estimate for one window quota. `resetAfter < R <= resetBy`; both infinite while unknown. */
export interface WindowTracker {
  quota: number;
  windowMs?: number;
  /** True when each request costs exactly 1 (a request quota); false when the cost is unknown (e.g. bytes). */
  countsRequests: boolean;
  /** Requests that may count against the current window (request quotas only). */
  used: number;
  /** The lowest `r` the server reported for the current window. */
  reported: number;
  resetAfter: number;
  resetBy: number;
  /** Release instants in the current window: they decide what may spill into the next one. */
  releases: number[];
  /**
   * The event count at which the next prune runs: {@link MAX_EVENTS}, or twice what the last prune kept when it
   * could drop little, so a busy window is scanned once per doubling, not on every response.
   */
  pruneAt: number;
  /**
   * Responses seen in the current window, one column per field (parallel arrays of numbers, so observing a
   * response allocates nothing): when it arrived, its tick, the `r` it reported, and whether it was `accepted`
   * (placed in this window, not in an earlier one).
   */
  observedAt: number[];
  observedTick: number[];
  observedRemaining: number[];
  accepted: boolean[];
  /**
   * `acceptedMin[i]`: the lowest `remaining` among the accepted observations up to observation `i`,
   * kept beside them so {@link provesLaterWindow} needs a binary search, not a scan of up to 1024.
   */
  acceptedMin: number[];
}

/** What the throttle knows when a response is observed. */
export interface ObservationContext {
  now: number;
  /** Order of this observation among the throttle's grants and observations. */
  tick: number;
  /** When the response's request was sent, or a time no later (the oldest request in flight) when unknown. */
  sentAt: number;
  /** The grant tick of that request (or of the oldest in flight). */
  sentTick: number;
  /** Requests in flight besides the one whose response this is. */
  othersInFlight: number;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** True for a policy that counts in-flight requests rather than a window. */
export function isConcurrencyPolicy(policy: RateLimitPolicy): boolean {
  return policy.name === 'concurrency' || policy.unit === 'concurrent-requests';
}

/** Lower bound (exclusive) on the reset instant implied by one response's `t` (seconds), sent at `sentAt`. */
export function resetAfterOf(t: number, sentAt: number): number {
  return sentAt + (t - 1) * 1000;
}

/** Upper bound (inclusive) on the reset instant implied by one response's `t` (seconds), received at `receivedAt`. */
export function resetByOf(t: number, receivedAt: number): number {
  return receivedAt + t * 1000;
}

/** What is certainly left of the quota for a request sent now (a lower bound on what the server has left). */
export function remainingOf(tracker: WindowTracker): number {
  return Math.min(tracker.quota - tracker.used, tracker.reported);
}

/** The instant to hold new requests until, or undefined when this quota does not hold them. */
export function holdUntil(tracker: WindowTracker): number | undefined {
  return remainingOf(tracker) <= 0 && Number.isFinite(tracker.resetBy) ? tracker.resetBy + RESET_MARGIN_MS : undefined;
}

/** Accounts for a request being sent. */
export function recordSend(tracker: WindowTracker): void {
  if (tracker.countsRequests) tracker.used += 1;
}

/** Accounts for a request finishing (with or without a response). */
export function recordRelease(tracker: WindowTracker, now: number): void {
  if (!Number.isFinite(tracker.resetBy)) return;
  tracker.releases.push(now);
  prune(tracker);
}

/**
 * Folds one response's view of a window policy into the tracker (a new one when `tracker` is undefined).
 * Returns the tracker to keep; a policy without a usable `r` changes nothing. Allocates nothing once the
 * tracker exists, unless a later window begins.
 */
export function observeWindow(
  tracker: WindowTracker | undefined,
  policy: RateLimitPolicy,
  ctx: ObservationContext,
): WindowTracker | undefined {
  const r = policy.remaining;
  if (!finite(r)) return tracker;
  const quota = finite(policy.quota) && policy.quota >= 0 ? policy.quota : (tracker?.quota ?? Infinity);
  const windowMs = finite(policy.window) && policy.window > 0 ? policy.window * 1000 : tracker?.windowMs;
  const t = finite(policy.resetSeconds) && policy.resetSeconds >= 0 ? policy.resetSeconds : undefined;
  const after = t === undefined ? -Infinity : resetAfterOf(t, ctx.sentAt);
  const by = t === undefined ? Infinity : resetByOf(t, ctx.now);
  const countsRequests = policy.unit === undefined || policy.unit === 'requests';
  if (tracker && Number.isFinite(tracker.resetBy)) {
    tracker.quota = quota;
    tracker.windowMs = windowMs;
    tracker.observedAt.push(ctx.now);
    tracker.observedTick.push(ctx.tick);
    tracker.observedRemaining.push(r);
    tracker.accepted.push(false);
    tracker.acceptedMin.push(tracker.acceptedMin.at(-1) ?? Infinity);
    prune(tracker);
    if (t === undefined) {
      tracker.reported = Math.min(tracker.reported, r); // cannot place it: only lower the estimate
      return tracker;
    }
    if (by <= tracker.resetAfter) return tracker; // an earlier window
    if (after < tracker.resetBy && !provesLaterWindow(tracker, r, ctx)) {
      // The same window, unless its count proves the request landed before we started counting this one.
      if (tracker.countsRequests && Number.isFinite(quota) && quota - r > tracker.used) return tracker;
      tracker.resetAfter = Math.max(tracker.resetAfter, after);
      tracker.resetBy = Math.min(tracker.resetBy, by);
      tracker.reported = Math.min(tracker.reported, r);
      accept(tracker, ctx.tick, r);
      return tracker;
    }
  }
  // First sight of this policy, or proof that a later window has begun: start from the server's figure, but count
  // no fewer than the requests that may have landed since the old window could have ended (some of them may have
  // landed after this one and been answered first).
  const others = countsRequests ? ctx.othersInFlight : 0;
  const carried = tracker && Number.isFinite(tracker.resetBy) ? spillover(tracker, ctx.othersInFlight + 1) : 0;
  const placed = t !== undefined;
  return {
    quota,
    windowMs,
    countsRequests,
    used: countsRequests && Number.isFinite(quota) ? Math.max(quota - r + others, carried) : 0,
    reported: r - others,
    resetAfter: after,
    resetBy: by,
    releases: [],
    pruneAt: MAX_EVENTS,
    observedAt: placed ? [ctx.now] : [],
    observedTick: placed ? [ctx.tick] : [],
    observedRemaining: placed ? [r] : [],
    accepted: placed ? [true] : [],
    acceptedMin: placed ? [r] : [],
  };
}

/**
 * Moves the tracker into the next window once its reset has certainly passed. Requests active after the earliest
 * possible reset may count in the new window, unless their reported `r` proves they landed in the old one.
 */
export function rollWindow(tracker: WindowTracker, now: number, inFlight: number): void {
  if (now < tracker.resetBy + RESET_MARGIN_MS) return;
  tracker.used = tracker.countsRequests ? spillover(tracker, inFlight) : 0;
  tracker.reported = Infinity;
  const w = tracker.windowMs;
  const windows = w ? Math.floor((now - tracker.resetBy - RESET_MARGIN_MS) / w) + 1 : 0;
  tracker.resetAfter = w ? tracker.resetAfter + windows * w : -Infinity;
  tracker.resetBy = w ? tracker.resetBy + windows * w : Infinity;
  tracker.releases.length = 0;
  tracker.pruneAt = MAX_EVENTS;
  truncateObservations(tracker, 0);
}

/** Requests active since the earliest possible reset, less those whose reported `r` proves an earlier landing. */
function spillover(tracker: WindowTracker, inFlight: number): number {
  const since = tracker.resetAfter;
  let active = inFlight;
  for (const at of tracker.releases) if (at > since) active += 1;
  let provedOld = 0;
  const { observedAt, observedRemaining } = tracker;
  for (let i = 0; i < observedAt.length; i++) {
    if ((observedAt[i] as number) > since && tracker.quota - (observedRemaining[i] as number) > active) provedOld += 1;
  }
  return Math.max(0, active - provedOld);
}

/**
 * Within one window `r` only falls: a request sent after a response reported `x` reports less than `x` if it
 * landed in the same window. Reporting as much or more proves a reset came in between.
 */
function provesLaterWindow(tracker: WindowTracker, r: number, ctx: ObservationContext): boolean {
  // Observations are kept in tick order: find the last one before the request was sent.
  const ticks = tracker.observedTick;
  let low = 0;
  let high = ticks.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ticks[middle] as number) < ctx.sentTick) low = middle + 1;
    else high = middle;
  }
  const before = low === 0 ? Infinity : (tracker.acceptedMin[low - 1] as number);
  return r > before || (tracker.countsRequests && r === before && r > 0);
}

/** Marks the newest observation accepted (placed in the current window), unless pruning already dropped it. */
function accept(tracker: WindowTracker, tick: number, remaining: number): void {
  const last = tracker.observedTick.length - 1;
  if (last < 0 || tracker.observedTick[last] !== tick) return;
  tracker.accepted[last] = true;
  tracker.acceptedMin[last] = Math.min(tracker.acceptedMin[last] as number, remaining);
}

function truncateObservations(tracker: WindowTracker, length: number): void {
  tracker.observedAt.length = length;
  tracker.observedTick.length = length;
  tracker.observedRemaining.length = length;
  tracker.accepted.length = length;
  tracker.acceptedMin.length = length;
}

/**
 * Once the event lists grow beyond {@link WindowTracker.pruneAt}, drops in place every event from before
 * `resetAfter` (they cannot have landed in the current window) and recomputes {@link WindowTracker.acceptedMin}.
 * Amortised constant per event: a window busier than {@link MAX_EVENTS} keeps its events and moves the next prune to
 * twice their count, so a response costs no scan (test/unit/throttle-window.test.ts).
 */
function prune(tracker: WindowTracker): void {
  const { releases, observedAt, observedTick, observedRemaining, accepted, acceptedMin } = tracker;
  if (releases.length + observedAt.length <= tracker.pruneAt) return;
  const since = tracker.resetAfter;
  let kept = 0;
  for (const at of releases) if (at > since) releases[kept++] = at;
  releases.length = kept;
  kept = 0;
  let lowest = Infinity;
  for (let i = 0; i < observedAt.length; i++) {
    if ((observedAt[i] as number) <= since) continue;
    const remaining = observedRemaining[i] as number;
    if (accepted[i]) lowest = Math.min(lowest, remaining);
    observedAt[kept] = observedAt[i] as number;
    observedTick[kept] = observedTick[i] as number;
    observedRemaining[kept] = remaining;
    accepted[kept] = accepted[i] as boolean;
    acceptedMin[kept] = lowest;
    kept += 1;
  }
  truncateObservations(tracker, kept);
  tracker.pruneAt = Math.max(MAX_EVENTS, 2 * (releases.length + kept));
}
