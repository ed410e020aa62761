/**
 * Local accounting for one fixed-window quota (e.g. `minuteRate`, `complexityMinute`), as pure-ish helpers the
 * throttle drives. The estimate is deliberately conservative: the server must never see a request beyond quota.
 *
 * Each response with `t` bounds the reset instant R of the window its request landed in: the request arrived
 * between its send and its receipt, and the server's `t` is the whole seconds left then, rounded up, so
 * `sentAt + (t-1) s < R <= receivedAt + t s`. Intersecting many such bounds pins R down tightly; the next window
 * resets exactly one `w` later.
 *
 * A tracker may count a share of the quota (`s`: a client of a fleet whose store is unreachable, see
 * `fleet-throttle.ts`): its `q` and `r` are then the share's, other processes send too, and the proofs that assume
 * this client sent every request are off. What it may still send of the window is its share of what the server last
 * reported, less its own sends since that report (`ur`), and never more than its share of the quota: the fleet then
 * keeps within the quota it last knew (test/unit/fleet-store-down.test.ts).
 */
import type { RateLimitPolicy } from '../types.js';
import { countsRequests, RESET_MARGIN_MS } from './quota-rules.js';

/** Event lists are pruned once they grow beyond this. */
const MAX_EVENTS = 1024;

/**
 * The estimate for one window quota. `a < R <= by`; both infinite while unknown. Short field names (the
 * `RateLimit` header's own letters where one fits): the tracker is internal, and its names ship in every bundle.
 */
export interface WindowTracker {
  /** `q`: the quota. */
  q: number;
  /** `w`: the window's length in milliseconds, when declared. */
  w?: number;
  /** `c`ounts: true when each request costs exactly 1 (a request quota); false when its cost is unknown (bytes). */
  c: boolean;
  /** Requests that may count against the current window (request quotas only). */
  u: number;
  /** `r`: the lowest remaining the server reported for the current window. */
  r: number;
  /** `s`hared: the counts are a share of a fleet's quota, and other processes send too. */
  s: boolean;
  /** The value of `u` that `r` already reflects (own sends since then are not in it); read when shared. */
  ur: number;
  /** `a`fter: lower bound (exclusive) on the reset instant. */
  a: number;
  /** Upper bound (inclusive) on the reset instant. */
  by: number;
  /**
   * `l`: release instants in the current window (read as `rel`): they decide what may spill into the next one. The
   * first `rn` entries count; the list is written in place and never shrinks, so a tracker in steady use allocates
   * nothing.
   */
  l: number[];
  /** How many entries of `l` count. */
  rn: number;
  /**
   * The event count at which the next prune runs: {@link MAX_EVENTS}, or twice what the last prune kept when it
   * could drop little, so a busy window is scanned once per doubling, not on every response.
   */
  p: number;
  /**
   * `o`: observations, the responses seen in the current window (read as `obs`), five numbers each, in one flat
   * array (observing a response allocates nothing): at offset 0 when it arrived, 1 its tick, 2 the `r` it reported,
   * 3 a 1 when it was accepted (placed in this window, not in an earlier one) else 0, and 4 the lowest `r` among the
   * accepted ones up to it (so {@link provesLaterWindow} needs a binary search, not a scan of up to 1024). The first
   * `on` numbers count, as in `l`. (The stride and offsets are written as numbers, each offset named in a comment: a
   * constant's name would ship in every bundle.)
   */
  o: number[];
  /** How many numbers of `o` count. */
  on: number;
  /**
   * The tick of the latest observation that reported this quota, kept by the throttle for its cap on tracked
   * policies (`MAX_TRACKED_POLICIES`: the longest unseen gives way).
   */
  t: number;
}

/** What the throttle knows when a response is observed. */
export interface ObservationContext {
  now: number;
  /** Order of this observation among the throttle's grants and observations. */
  tick: number;
  /** When the response's request was sent, or a time no later (the oldest request in flight) when unknown. */
  sent: number;
  /** The grant tick of that request (or of the oldest in flight). */
  sTick: number;
  /** Requests in flight besides the one whose response this is. */
  others: number;
  /** True when the policies are a share of a fleet's quota (see the head comment). */
  shared: boolean;
}

/** True for a finite number. */
export const finite = Number.isFinite as (value: unknown) => value is number;

/** `value` when it is a finite number no less than 0, else undefined. */
export const atLeastZero = (value: unknown): number | undefined => (finite(value) && value >= 0 ? value : undefined);

/**
 * What is certainly left of the quota for a request sent now (a lower bound on what the server has left); for a
 * shared tracker, what is left of this client's share, its sends since the last report counted against it.
 */
export function remainingOf(tracker: WindowTracker): number {
  return Math.min(tracker.q - tracker.u, tracker.s ? tracker.r - Math.max(0, tracker.u - tracker.ur) : tracker.r);
}

/** Lowers the tracker's `r` to a report of `r`, noting which of its own sends the report may not reflect yet. */
function lowerRemaining(tracker: WindowTracker, r: number, others: number): void {
  if (r > tracker.r) return;
  tracker.r = r;
  tracker.ur = Math.max(0, tracker.u - others);
}

/** The instant to hold new requests until, or 0 when this quota does not hold them. */
export function holdUntil(tracker: WindowTracker): number {
  return remainingOf(tracker) <= 0 && tracker.by < Infinity ? tracker.by + RESET_MARGIN_MS : 0;
}

/** Accounts for a request being sent. */
export function recordSend(tracker: WindowTracker): void {
  if (tracker.c) tracker.u += 1;
}

/** Accounts for a request finishing (with or without a response). */
export function recordRelease(tracker: WindowTracker, now: number): void {
  if (tracker.by === Infinity) return;
  tracker.l[tracker.rn++] = now;
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
  const quota = atLeastZero(policy.quota) ?? tracker?.q ?? Infinity;
  const w = atLeastZero(policy.window); // 0: not declared
  const windowMs = w ? w * 1000 : tracker?.w;
  const t = atLeastZero(policy.resetSeconds);
  const placed = t !== undefined;
  // The reset instant R: after `sent + (t-1) s` (exclusive), by `now + t s` (inclusive); see the head comment.
  const after = placed ? ctx.sent + (t - 1) * 1000 : -Infinity;
  const by = placed ? ctx.now + t * 1000 : Infinity;
  const perRequest = countsRequests(policy);
  if (tracker && tracker.by < Infinity) {
    tracker.q = quota;
    tracker.w = windowMs;
    tracker.s = ctx.shared;
    const { o: obs } = tracker;
    const at = tracker.on;
    // Written in order at the end of what counts: in place once the list has room, appended (no holes) before.
    obs[at] = ctx.now;
    obs[at + 1 /* tick */] = ctx.tick;
    obs[at + 2 /* remaining */] = r;
    obs[at + 3 /* accepted */] = 0;
    obs[at + 4 /* lowest */] = at > 0 ? (obs[at - 1] as number) : Infinity;
    tracker.on = at + 5;
    prune(tracker);
    if (!placed) {
      lowerRemaining(tracker, r, ctx.others); // cannot place it: only lower the estimate
      return tracker;
    }
    if (by <= tracker.a) return tracker; // an earlier window
    if (after < tracker.by && !provesLaterWindow(tracker, r, ctx)) {
      // The same window, unless its count proves the request landed before we started counting this one.
      // (Shared, the others' requests count too: no such proof.)
      if (tracker.c && !tracker.s && quota < Infinity && quota - r > tracker.u) return tracker;
      tracker.a = Math.max(tracker.a, after);
      tracker.by = Math.min(tracker.by, by);
      lowerRemaining(tracker, r, ctx.others);
      accept(tracker, ctx.tick, r);
      return tracker;
    }
  }
  // First sight of this policy, or proof that a later window has begun: start from the server's figure, but count
  // no fewer than the requests that may have landed since the old window could have ended (some of them may have
  // landed after this one and been answered first).
  const others = perRequest ? ctx.others : 0;
  const carried = tracker && tracker.by < Infinity ? spillover(tracker, ctx.others + 1) : 0;
  const used = perRequest && quota < Infinity ? Math.max(quota - r + others, carried) : 0;
  return {
    q: quota,
    w: windowMs,
    c: perRequest,
    u: used,
    r: r - others,
    s: ctx.shared,
    ur: used,
    a: after,
    by: by,
    l: [],
    rn: 0,
    p: MAX_EVENTS,
    o: placed ? [ctx.now, ctx.tick, r, 1, r] : [],
    on: placed ? 5 : 0,
    t: ctx.tick,
  };
}

/**
 * Moves the tracker into the next window once its reset has certainly passed. Requests active after the earliest
 * possible reset may count in the new window, unless their reported `r` proves they landed in the old one.
 */
export function rollWindow(tracker: WindowTracker, now: number, inFlight: number): void {
  if (now < tracker.by + RESET_MARGIN_MS) return;
  tracker.u = tracker.c ? spillover(tracker, inFlight) : 0;
  tracker.r = Infinity;
  tracker.ur = tracker.u;
  const w = tracker.w;
  // Whole windows past: the reset moves by as many lengths; an undeclared length leaves it unknown.
  const shift = w ? (Math.floor((now - tracker.by - RESET_MARGIN_MS) / w) + 1) * w : Infinity;
  tracker.a = w ? tracker.a + shift : -shift;
  tracker.by += shift;
  tracker.rn = tracker.on = 0; // the lists keep their room for the next window
  tracker.p = MAX_EVENTS;
}

/** Requests active since the earliest possible reset, less those whose reported `r` proves an earlier landing. */
function spillover(tracker: WindowTracker, inFlight: number): number {
  const since = tracker.a;
  let active = inFlight;
  const { l: rel, o: obs } = tracker;
  for (let i = 0; i < tracker.rn; i += 1) if ((rel[i] as number) > since) active += 1;
  let provedOld = 0;
  // (Shared, a count that others' requests lower proves nothing about this client's.)
  for (let i = 0; !tracker.s && i < tracker.on; i += 5) {
    if ((obs[i] as number) > since && tracker.q - (obs[i + 2 /* remaining */] as number) > active) provedOld += 1;
  }
  return Math.max(0, active - provedOld);
}

/**
 * Within one window `r` only falls: a request sent after a response reported `x` reports less than `x` if it
 * landed in the same window. Reporting as much or more proves a reset came in between.
 */
function provesLaterWindow(tracker: WindowTracker, r: number, ctx: ObservationContext): boolean {
  const { o: obs } = tracker;
  // The lowest accepted `r` only falls along the list: below the newest's, `r` is below the one searched for too, so
  // nothing is proved and the search is skipped (the common case, a count that keeps falling).
  if (tracker.on > 0 && r < (obs[tracker.on - 1] as number)) return false;
  // Observations are kept in tick order: find the last one before the request was sent.
  let low = 0;
  let high = tracker.on / 5;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((obs[middle * 5 + 1 /* tick */] as number) < ctx.sTick) low = middle + 1;
    else high = middle;
  }
  const before = low === 0 ? Infinity : (obs[low * 5 - 1] as number);
  // A share is rounded down: two requests of one window may report the same share of what is left.
  return r > before || (tracker.c && !tracker.s && r === before && r > 0);
}

/** Marks the newest observation accepted (placed in the current window), unless pruning already dropped it. */
function accept(tracker: WindowTracker, tick: number, remaining: number): void {
  const { o: obs } = tracker;
  const last = tracker.on - 5;
  if (last < 0 || obs[last + 1 /* tick */] !== tick) return;
  obs[last + 3 /* accepted */] = 1;
  obs[last + 4 /* lowest */] = Math.min(obs[last + 4 /* lowest */] as number, remaining);
}

/**
 * Once the event lists grow beyond {@link WindowTracker.p}, drops in place every event from before
 * `a` (they cannot have landed in the current window) and recomputes the lowest accepted `r` of each.
 * Amortised constant per event: a window busier than {@link MAX_EVENTS} keeps its events and moves the next prune to
 * twice their count, so a response costs no scan (test/unit/throttle-window.test.ts).
 */
function prune(tracker: WindowTracker): void {
  const { l: rel, o: obs } = tracker;
  if (tracker.rn + tracker.on / 5 <= tracker.p) return;
  const since = tracker.a;
  let kept = 0;
  for (let i = 0; i < tracker.rn; i += 1) if ((rel[i] as number) > since) rel[kept++] = rel[i] as number;
  tracker.rn = kept;
  kept = 0;
  let lowest = Infinity;
  for (let i = 0; i < tracker.on; i += 5) {
    if ((obs[i] as number) <= since) continue;
    if (obs[i + 3 /* accepted */]) lowest = Math.min(lowest, obs[i + 2 /* remaining */] as number);
    obs.copyWithin(kept, i, i + 4);
    obs[kept + 4 /* lowest */] = lowest;
    kept += 5;
  }
  tracker.on = kept;
  tracker.p = Math.max(MAX_EVENTS, 2 * (tracker.rn + kept / 5));
}
