/**
 * The quota rules, stated once. Two throttles keep them: the local one (`throttle.ts`, counting in
 * `throttle-window.ts`, costs in `throttle-cost.ts`) and the fleet's (`fleet-state.ts`, run as Lua by the Redis store
 * in `src/redis/scripts.ts`, which writes these constants into its scripts). `test/unit/throttle-differential.test.ts`
 * drives both through the same server answers and holds their decisions equal.
 *
 * | rule | constant | local throttle | fleet |
 * |---|---|---|---|
 * | a window quota spent holds until its reset has surely passed: the latest possible reset plus a margin for millisecond rounding | `RESET_MARGIN_MS` | `holdUntil`, `rollWindow`, `gateAt` | `roll`, `fleetAcquire`, `holdOver` |
 * | a policy counts requests unless its unit says otherwise; `concurrency` (or the unit `concurrent-requests`) caps requests in flight, it is no window | `countsRequests`, `isConcurrencyPolicy` | `observeWindow`, `observe` | `storeReportOf` |
 * | a window of at most a minute, spent, paces calls until its reset (however long the caller's `maxWaitMs`, never probed); any other hold is the server's demand, bounded by `maxWaitMs` | `MAX_PACED_WINDOW_MS`, `isPacedWindow` | `gateAt`, `pump` | `fleetAcquire` (`paced`), `FleetThrottle` |
 * | a 429 (or a budget error's retry-after) pauses every call for the `Retry-After`, else for the reset of the exhausted window that resets last, else for `DEFAULT_BACKOFF_MS` | `DEFAULT_BACKOFF_MS` | `observe` | `fleetSettle` |
 * | the daily quota spent (`DAILY_LIMIT_EXCEEDED`, or the `DAILY_POLICY` window at 0) holds every call until its reset, never probed | `DAILY_POLICY` | `observe`, `gateAt` | `storeReportOf`, `fleetSettle`, `fleetAcquire` |
 * | a request's complexity cost is counted against `COST_POLICY`: a call whose expected cost exceeds what is left waits for the reset | `COST_POLICY` | `gateAt`, `CostBook` | `costOf`, `fleetAcquire` |
 * | a server naming fresh policies on every answer cannot grow the state: at most `MAX_TRACKED_POLICIES` window quotas; a new name takes the place of the longest unseen one that holds nothing, or is not tracked | `MAX_TRACKED_POLICIES` | `observe` (`freeSlot`) | `admit` |
 * | a call past its `queueTimeoutMs` leaves the line reporting a wait no shorter than that bound (timers run on a monotonic clock, `Date.now()` may read a millisecond short when one fires) | `waitedInLine` | `expire` | `acquire` |
 * | an imposed hold longer than `probeAfterMs` with no answer since lets one probe through; its answer replaces what the throttle believed | (the client's option) | `gateAt`, `observe` | `fleetAcquire`, `fleetSettle` |
 *
 * Two algorithms keep these rules, on purpose: the local throttle counts windows in `throttle-window.ts`, which
 * allocates nothing per call in a steady state, where the fleet's steps (plain objects a store can serialise)
 * allocate about 200 bytes a call and cost no less time (`test/bench/quota-algorithms.ts`); every call of a client
 * without a store takes the local path. Deliberate differences: the fleet caps any hold at `FLEET_MAX_HOLD_MS`, so
 * every store answers the same finite figure, and times the last requests of a window to find its reset
 * (`fleet-state.ts`); a hold that mixes pacing with a shorter imposed hold counts whole against `maxWaitMs` in the
 * fleet (its store answers one figure), the imposed part only in the local throttle (`fleet-throttle.ts`).
 */
import type { RateLimitPolicy } from '../types.js';

/** Waited past the latest possible reset instant of a window, covering millisecond rounding. */
export const RESET_MARGIN_MS = 10;

/**
 * Window quotas a throttle keeps: a server naming fresh policies on every answer grew a client to 120 MB and 146 ms a
 * call after 500 answers (test/unit/throttle-fresh-policies.test.ts).
 */
export const MAX_TRACKED_POLICIES = 32;

/** Pause after a 429 that says neither `Retry-After` nor which quota ran out. */
export const DEFAULT_BACKOFF_MS = 1000;

/** The policy name of the daily call quota, when a server reports it in its `RateLimit` headers. */
export const DAILY_POLICY = 'daily';

/** The policy whose units are a request's complexity cost. */
export const COST_POLICY = 'complexityMinute';

/**
 * The longest declared window a throttle paces through without limit: the platform's per-minute quotas. A reset of
 * a longer window (an hourly quota, say) is the server's demand, bounded by `maxWaitMs`
 * (test/e2e/resilience-faults.test.ts, "an exhausted hour-long request window fails fast").
 */
export const MAX_PACED_WINDOW_MS = 60_000;

/**
 * True when waiting `holdMs` for a window of `windowMs` (undefined or 0: not declared) to reset is pacing, which
 * only the caller's `signal` and `queueTimeoutMs` bound and no probe cuts short: a minute window, within its length.
 * Any other hold is imposed by the server and bounded by `maxWaitMs`.
 */
export function isPacedWindow(windowMs: number | undefined, holdMs: number): boolean {
  return !!windowMs && windowMs <= MAX_PACED_WINDOW_MS && holdMs <= windowMs + RESET_MARGIN_MS;
}

/** True for a policy that counts in-flight requests rather than a window. */
export function isConcurrencyPolicy(policy: RateLimitPolicy): boolean {
  return policy.name === 'concurrency' || policy.unit === 'concurrent-requests';
}

/** True for a window policy whose every request costs exactly 1 (no unit, or `requests`). */
export function countsRequests(policy: RateLimitPolicy): boolean {
  return policy.unit === undefined || policy.unit === 'requests';
}

/**
 * How long a call that timed out in line waited: the wall clock's reading, but never less than the bound whose timer
 * ended the wait (the timer's clock is monotonic; `Date.now()` rounds and may read a millisecond short).
 */
export function waitedInLine(queuedAt: number, boundMs: number, now: number): number {
  return Math.max(now - queuedAt, boundMs);
}
