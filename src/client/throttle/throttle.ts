/**
 * Client-side throttle: holds requests back so the server never has to reject them, and lets a backlog of any size
 * finish. Which rule, where (`QuotaThrottle` unless named otherwise):
 *
 * | rule | where |
 * |---|---|
 * | before the first answer one request at a time (it teaches the quotas); then the server's `concurrency` quota, or `initialConcurrency` while unknown | `cap`, `observe` |
 * | a window quota (`minuteRate`) whose conservative count reaches 0 holds new requests until its reset has surely passed | `gateAt`; counting in `throttle-window.ts` |
 * | cost-aware: a request whose expected complexity cost exceeds the budget left waits for the reset | `gateAt`; costs in `throttle-cost.ts` |
 * | a 429 (or a budget error's retry-after) pauses every waiter and new caller at once | `observe` (the pause), `gateAt` |
 * | the daily quota spent (`DAILY_LIMIT_EXCEEDED`, or a `daily` policy at 0) holds every call until its reset, never probed | `observe` (`dailyResetAt`), `gateAt` |
 * | local pacing (concurrency, a minute window within its own length, the cost budget) waits as long as it takes: only the caller's `signal` and `queueTimeoutMs` bound it | `acquire`, `expire`, `isPacedWindow` |
 * | a wait the server imposes (a pause, the daily limit, a longer window, a reset beyond the window's length) longer than `maxWaitMs` (`retry.maxDelayMs`) fails at once | `pump` (a call joins the line and pumps it: `acquire`) |
 * | an imposed hold longer than `probeAfterMs` with no answer since lets one probe through; its answer replaces what the throttle believed | `gateAt` (`probeAt`), `pump`, `observe` |
 * | waiters served first in, first out, one timer for the whole throttle (plus a caller's own queue timeout) | `pump`, `arm` |
 * | `onThrottle` names what really holds a call (what holds the head of the line): when it joins the line, and again whenever another limit takes over | `acquire`, `announce` |
 * | the backlog per policy for a batch job's progress | `state` |
 * | while no limit is near (no hold, no waiter, quotas well above what a grant uses), a grant skips the gate: the last full check says how many grants, how much cost and until when it holds | `gateAt`, `tryAcquire` |
 *
 * With `throttle.store` the state lives in the store instead (see `fleet-throttle.ts`). The rules both keep, and their
 * constants, are stated once in `quota-rules.ts`; `test/unit/throttle-differential.test.ts` holds the two to the
 * same decisions. Its own counting (`throttle-window.ts`), not the fleet's steps, because it allocates nothing per
 * call on the path every call takes (`test/bench/quota-algorithms.ts`).
 */
import { callHook } from '../hooks.js';
import { MAX_TIMER_DELAY_MS } from '../request/sleep.js';
import type {
  RateLimitPolicy,
  RateLimitState,
  ThrottleEvent,
  ThrottleOptions,
  ThrottlePolicyState,
  ThrottleState,
} from '../types.js';
import {
  COST_POLICY,
  DAILY_POLICY,
  DEFAULT_BACKOFF_MS,
  isConcurrencyPolicy,
  isPacedWindow,
  MAX_TRACKED_POLICIES,
  RESET_MARGIN_MS,
  waitedInLine,
} from './quota-rules.js';
import { type BudgetMark, budgetMarkOf, CostBook } from './throttle-cost.js';
import {
  finite,
  holdUntil,
  type ObservationContext,
  observeWindow,
  recordRelease,
  recordSend,
  remainingOf,
  rollWindow,
  type WindowTracker,
} from './throttle-window.js';

/** The right to send one request. Release it when the request is over; a second release does nothing. */
export interface Permit {
  release(): void;
}

/** What one response said, handed to {@link Throttle.observe}. */
export interface ThrottleObservation {
  status: number;
  rateLimit: RateLimitState;
  /** Seconds the server asked to wait (429 or a budget error). */
  retryAfterSeconds?: number;
  /** The request's exact complexity cost, when the response reported it (a `complexity { query }` field). */
  complexityCost?: number;
  /**
   * The permit the request was sent under. Optional, but it tells the throttle exactly when the request left,
   * which pins the quota windows down much better than assuming the oldest request in flight.
   */
  permit?: Permit;
  /** When the response said the daily quota is spent (`DAILY_LIMIT_EXCEEDED`): the instant it resets. */
  dailyResetAt?: number;
}

/** Options of one {@link Throttle.acquire}. */
export interface AcquireOptions {
  signal?: AbortSignal;
  /**
   * The longest wait the server may impose on this call (a 429's pause, the daily limit, a window reset beyond its
   * declared length); a longer one rejects at once with {@link ThrottleWaitTooLongError}. Local pacing ignores it.
   */
  maxWaitMs: number;
  /** The longest this call waits in line for local pacing; past it, {@link ThrottleQueueTimeout}. Default: no limit. */
  queueTimeoutMs?: number;
  operationName?: string;
  /** The document's text: the key its complexity cost is learned and looked up under. */
  document?: string;
}

/** What holds a waiting call back. */
export type HoldReason = 'concurrency' | 'quota-exhausted' | 'backoff' | 'daily-limit';

/**
 * Thrown by {@link Throttle.acquire} when the server imposes a wait longer than the caller's `maxWaitMs`. The pipeline
 * turns it into the public `RateLimitError`, whose message names the limit, so this one stays short.
 */
export class ThrottleWaitTooLongError extends Error {
  declare readonly name: 'ThrottleWaitTooLongError';
  /** The policy that imposes the wait, when one does. */
  declare readonly policy?: string;
  /** How long the wait would have been, in milliseconds. */
  declare readonly waitMs: number;
  /** What imposes it. */
  declare readonly reason: HoldReason;
  constructor(waitMs: number, maxWaitMs: number, policy?: string, reason: HoldReason = 'quota-exhausted') {
    super(`Held back ${Math.ceil(waitMs)} ms, past maxWaitMs ${maxWaitMs}`);
    Object.assign(this, { name: 'ThrottleWaitTooLongError', waitMs, policy, reason });
  }
}

/**
 * Thrown by {@link Throttle.acquire} when a call waited in line longer than its `queueTimeoutMs`. Its fields say where
 * and why; the pipeline turns it into the public `ThrottleQueueTimeoutError`, whose message says it all, so this
 * message stays short (it ships in every call's bundle).
 */
export class ThrottleQueueTimeout extends Error {
  declare readonly name: 'ThrottleQueueTimeout';
  /** How long it waited, in milliseconds. */
  declare readonly queuedMs: number;
  /** Its place in line: 1 for the head. */
  declare readonly position: number;
  /** Calls in line, this one included. */
  declare readonly queued: number;
  /** What held the line. */
  declare readonly reason: HoldReason;
  /** The policy that held it, when one did. */
  declare readonly policy?: string;
  constructor(queuedMs: number, position: number, queued: number, reason: HoldReason, policy?: string) {
    super(`Waited ${queuedMs} ms in line`);
    Object.assign(this, { name: 'ThrottleQueueTimeout', queuedMs, position, queued, reason, policy });
  }
}

/** Gatekeeper between a client's calls and the network. */
export interface Throttle {
  /** Waits until a request may be sent. Rejects with `signal.reason` on abort. */
  acquire(options: AcquireOptions): Promise<Permit>;
  /**
   * The permit at once when a request may be sent right now (nothing held, nobody waiting, below the
   * cap), or undefined when {@link Throttle.acquire} has to decide. Saves the common call a promise.
   */
  tryAcquire(document?: string): Permit | undefined;
  /** Learns from a response's rate-limit state. Never throws. */
  observe(observation: ThrottleObservation): void;
  /** The backlog, for progress reports; absent on a throttle that keeps no line of its own. */
  state?(): ThrottleState;
}

/** Default bound on requests in flight before the server's `concurrency` quota is known. */
export const DEFAULT_INITIAL_CONCURRENCY = 16;

/** A call waiting in line (short names: internal only, and they ship in every bundle). */
interface Waiter {
  /** The document's text. */
  d?: string;
  /** Its expected cost. */
  c: number;
  /** Resolves its call with a permit. */
  y(permit: Permit): void;
  /** Rejects its call. */
  n(reason: unknown): void;
  /** `maxWaitMs`. */
  m: number;
  /** When it joined the line. */
  q: number;
  /** `operationName`. */
  o?: string;
  /** The holds already reported to `onThrottle` for this call (`reason:policy` keys). */
  r: string[];
  /** Removes its abort listener and clears its queue timeout (it leaves the line). */
  x(): void;
}

/** What holds a call: the concurrency cap, or a time-based hold ({@link Gate}). */
interface Hold {
  reason: HoldReason;
  policy?: string;
  until?: number;
}

/** A time-based hold. */
export interface Gate {
  reason: 'quota-exhausted' | 'backoff' | 'daily-limit';
  policy?: string;
  until: number;
}

/** A permit of a {@link QuotaThrottle}, as the throttle sees it. */
interface Grant extends Permit {
  /** Its grant tick. */
  i: number;
  /** When it was granted. */
  a: number;
  /** The document's text. */
  d: string | undefined;
  /** Its expected cost. */
  c: number;
  /** The latest complexity budget known when it was granted. */
  b: BudgetMark | undefined;
}

const NO_OP_PERMIT: Permit = { release() {} };
const PASS_THROUGH: Throttle = {
  acquire: ({ signal }) => (signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve(NO_OP_PERMIT)),
  tryAcquire: () => NO_OP_PERMIT,
  observe() {},
};

/** How long a hold may go unchecked before one probe request goes, when the caller does not say. */
export const DEFAULT_PROBE_AFTER_MS = 30_000;

/**
 * Creates a client's local throttle. `false` gives a pass-through that never waits and keeps no state.
 * The client's options are checked before (`initialConcurrency` a positive integer).
 * @param onThrottle - Called when a request has to wait; what it throws is ignored.
 * @param probeAfterMs - A hold longer than this lets one probe request through after this long without an answer.
 */
export function createThrottle(
  options: ThrottleOptions | false | undefined,
  onThrottle?: (event: ThrottleEvent) => void,
  probeAfterMs = DEFAULT_PROBE_AFTER_MS,
): Throttle {
  return options === false ? PASS_THROUGH : createQuotaThrottle(options, onThrottle, probeAfterMs);
}

/** The client-side throttle that keeps its state to itself. */
export interface QuotaThrottle extends Throttle {
  /** What each document costs of the complexity budget. */
  readonly costs: CostBook;
  /**
   * Scales each quota the server reports from now on to the part this throttle may use (a fleet's share, set by
   * `fleet-throttle.ts`, which carries the scaling); undefined: all of it.
   */
  setScale(scale: ((policy: RateLimitPolicy) => RateLimitPolicy) | undefined): void;
  /**
   * Grants a request at `now` (`Date.now()`) whatever holds, expecting `cost`: a fleet's throttle counts each request
   * its store let out as this throttle's own, in flight until the permit is released, so that should this throttle
   * take over it knows what this process already has out and sent this window (`fleet-throttle.ts`: `adopt`). Call
   * {@link QuotaThrottle.refresh} first, so the send counts in the window it lands in.
   */
  grant(now: number, document: string | undefined, cost: number): Permit;
  /**
   * The time-based holds, which a fleet's throttle also sets (`fleet-throttle.ts`: `holdLocally`); call
   * {@link QuotaThrottle.refresh} after a change.
   */
  readonly holds: Holds;
  /** The window quotas, which a fleet's throttle adjusts when it takes over (`fleet-throttle.ts`: `takeOver`). */
  readonly windows: WindowTracker[];
  /** Works out what is free now (rolling the windows that ended), and serves the line if that frees it. */
  refresh(): void;
  state(): ThrottleState;
}

/**
 * The time-based holds of a {@link QuotaThrottle} (short names: they ship in every bundle). A fleet's throttle sets
 * them too, with what its store knows and this process may not, so the module that wires the store carries that
 * code, not every client.
 */
export interface Holds {
  /** Until when the spent daily quota holds every call (0: it does not). */
  d: number;
  /** A 429's pause (or a budget error's retry-after), imposed by the server. */
  p?: Gate;
  /** A window quota another throttle (a fleet's store) said is spent, until its reset: pacing, not imposed. */
  s?: Gate;
}

/** `hold` when there is no `gate` or `hold` ends later, else `gate`. */
export const laterGate = (gate: Gate | undefined, hold: Gate): Gate => (!gate || hold.until > gate.until ? hold : gate);

/**
 * The local throttle itself (also the fallback of a store-backed one). Its state lives in this closure, so a
 * minifier shortens every name of it.
 */
export function createQuotaThrottle(
  options: ThrottleOptions | undefined,
  onThrottle: ((event: ThrottleEvent) => void) | undefined,
  probeAfterMs: number,
): QuotaThrottle {
  const initialConcurrency = options?.initialConcurrency ?? DEFAULT_INITIAL_CONCURRENCY;
  const costs = new CostBook();
  /** Scales the server's quotas to the part this throttle may use (none: all; see `setScale`). */
  let scale: ((policy: RateLimitPolicy) => RateLimitPolicy) | undefined;
  /** When the latest response was observed: a hold set before then is as fresh as the server's word. */
  let lastAnswerAt = 0;
  /** The probe request out, while one is. */
  let probeOut: Grant | undefined;
  /** Expected complexity cost of the requests in flight. */
  let inFlightCost = 0;
  /**
   * The latest observation's exact complexity cost (undefined when it reported none), until the release of the permit
   * it belongs to picks it up; false while no observation waits for one.
   */
  let pending: number | undefined | false = false;
  /**
   * Requests let out at once: one until the first answer teaches the quotas, then the server's `concurrency` quota,
   * else `initialConcurrency`.
   */
  let cap = 1;
  /** The concurrency cap as a hold; its policy is named once the server declared the quota. */
  const capHold: Hold = { reason: 'concurrency' };
  /** Orders grants and observations even within one millisecond; a grant's tick is its permit's `i`. */
  let tick = 0;
  /** The permits out, oldest first. */
  const inFlight = new Set<Grant>();
  const queue: Waiter[] = [];
  /**
   * The window quotas by policy name: two columns, searched and walked by index (a response allocates no iterator).
   * Each tracker's `t` is the observation tick it was last reported at (for the cap: see {@link MAX_TRACKED_POLICIES}).
   */
  const windowNames: string[] = [];
  const windows: WindowTracker[] = [];

  /**
   * The slot a new window quota may take once the cap is reached: the longest unseen holding nothing, else -1 (run by
   * `observe`: seen now is seen at `tick`).
   */
  const freeSlot = (now: number): number => {
    let slot = -1;
    for (let index = 0; index < windows.length; index += 1) {
      const seen = (windows[index] as WindowTracker).t;
      if (seen === tick || holdUntil(windows[index] as WindowTracker) > now) continue;
      if (slot < 0 || seen < (windows[slot] as WindowTracker).t) slot = index;
    }
    return slot;
  };
  /**
   * What the last full check ({@link gateAt}) found free: how many more grants the request quotas allow, and how
   * much complexity cost the budget has left (0 grants when something holds or may hold), until `rollAt`.
   */
  let freeGrants = 0;
  let freeCost = 0;
  /**
   * The earliest instant a window may roll: before it, the gate has no side effect (no roll to make first), and
   * nothing can hold a call that the last full check found free (no hold ends or starts without an observation).
   */
  let rollAt = 0;
  const holds: Holds = { d: 0 };
  /** The key of the hold last announced to the line, so a change of limit is announced once. */
  let announced: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = 0;
  /**
   * What `observe` hands the window quotas: one object, every field present from the start so its shape never changes
   * (an empty literal would leave the fields past the engine's few in-object slots in a store of their own).
   */
  const ctx: ObservationContext = { now: 0, tick: 0, sent: 0, sTick: 0, others: 0, shared: false };
  /** The rate-limit state of the latest observation. */
  let lastState: RateLimitState | undefined;

  /**
   * What the last {@link gateAt} found: the latest hold of all; the latest the server imposes (a pause, the daily
   * limit, a window reset beyond its declared length), which `maxWaitMs` bounds (local pacing alone waits as long as
   * it takes); and when that imposed hold has gone unchecked long enough for one probe request, the instant it may go
   * (else Infinity). Read them right after the call: a hook may run the gate again.
   */
  let gate: Gate | undefined;
  let imposed: Gate | undefined;
  let probeAt = Infinity;
  /** The instant {@link gateAt} checks at: a hold counts only while it lasts beyond it. */
  let at = 0;
  const consider = (hold: Gate | undefined, isImposed: boolean): void => {
    if (!hold || hold.until <= at) return;
    gate = laterGate(gate, hold);
    if (isImposed) imposed = laterGate(imposed, hold);
  };

  const full = (): boolean => inFlight.size >= cap;

  /**
   * The latest instant any time-based hold lasts until, or undefined when none applies now: a 429's pause, the
   * daily limit, an exhausted window, or a complexity budget left below `cost` (the expected cost of the request).
   * On the way it rolls windows whose reset has passed, and works out how long, for how many grants and how much
   * cost nothing can hold a call, so that a grant need not run it again: no pause or daily hold now, each window
   * quota above 0 (a grant uses one of a request quota's), the complexity budget's room, and no window able to roll
   * before `rollAt`. Only an observation changes a hold (and runs this); a release only frees room.
   */
  const gateAt = (now: number, cost: number): Gate | undefined => {
    // (Cast: assigned a bare undefined, TypeScript would take them for undefined to the end, not seeing `consider`.)
    gate = imposed = undefined as Gate | undefined;
    at = now;
    let roll = Infinity;
    let grants = Infinity;
    let costLeft = Infinity;
    consider(holds.p, true);
    consider(holds.s, false);
    for (let index = 0; index < windows.length; index += 1) {
      const policy = windowNames[index] as string;
      const tracker = windows[index] as WindowTracker;
      rollWindow(tracker, now, inFlight.size);
      if (tracker.by === Infinity) continue; // never holds, never rolls
      const resetAt = tracker.by + RESET_MARGIN_MS;
      roll = Math.min(roll, resetAt);
      let remaining = remainingOf(tracker);
      // (A quota of another unit spent leaves no grant either.)
      if (tracker.c || remaining <= 0) grants = Math.min(grants, remaining);
      // (One window has this name: the cost left is its own.) A budget left below the cost holds as one spent.
      if (policy === COST_POLICY) {
        costLeft = Math.min(tracker.q, tracker.r) - inFlightCost;
        if (cost > 0 && costLeft < cost) remaining = 0;
      }
      if (remaining > 0) continue;
      const daily = policy === DAILY_POLICY;
      consider(
        { reason: daily ? 'daily-limit' : 'quota-exhausted', policy, until: resetAt },
        daily || !isPacedWindow(tracker.w, resetAt - now),
      );
    }
    if (holds.d > now) consider({ reason: 'daily-limit', policy: DAILY_POLICY, until: holds.d }, true);
    rollAt = roll;
    // (The cost left only counts while grants are left.)
    freeGrants = gate || probeOut ? 0 : grants;
    freeCost = costLeft;
    // Only a hold the server imposed (never the daily one) is probed: pacing ends within its window anyway.
    probeAt =
      imposed && imposed.reason !== 'daily-limit' && imposed.until - lastAnswerAt > probeAfterMs
        ? lastAnswerAt + probeAfterMs
        : Infinity;
    return gate;
  };

  /** Called once per permit: a second release finds it gone from `inFlight` and does nothing. */
  function release(this: Grant): void {
    if (!inFlight.delete(this)) return;
    inFlightCost = Math.max(0, inFlightCost - this.c);
    if (probeOut === this) probeOut = undefined; // no answer came: the next request probes again
    const now = Date.now();
    // The client observes a response and releases its permit in the same turn: the observation is this request's.
    if (pending !== false) {
      costs.learn(this.d, this.b, budgetMarkOf(lastState, now), pending);
      pending = false;
    }
    for (let index = 0; index < windows.length; index += 1) recordRelease(windows[index] as WindowTracker, now);
    wake();
  }

  const grant = (now: number, document: string | undefined, cost: number, probe?: boolean): Permit => {
    const permit: Grant = { release, i: ++tick, a: now, d: document, c: cost, b: costs.latest };
    inFlight.add(permit);
    inFlightCost += cost;
    if (probe) probeOut = permit;
    for (let index = 0; index < windows.length; index += 1) recordSend(windows[index] as WindowTracker);
    freeGrants -= 1;
    freeCost -= cost;
    return permit;
  };

  /** What holds the line's head now: a time-based hold, else the concurrency cap. */
  const lineHold = (now: number): Hold => gateAt(now, (queue[0] as Waiter).c) ?? capHold;

  /** Tells `onThrottle` that `hold` holds `waiter`, once per waiter and hold. */
  const report = (waiter: Waiter, hold: Hold, now: number): void => {
    // (A reason is one of a few fixed words: joined to the policy, even an undefined one, it names the hold.)
    const key = hold.reason + hold.policy;
    if (waiter.r.includes(key)) return;
    waiter.r.push(key);
    callHook(onThrottle, () => {
      const event: ThrottleEvent = { operationName: waiter.o, reason: hold.reason };
      if (hold.policy !== undefined) event.policy = hold.policy;
      if ((hold.until as number) > now) event.delayMs = (hold.until as number) - now; // (undefined > now is false)
      return event;
    });
  };

  /**
   * Tells `onThrottle` about each waiter `hold` now holds, when it is not the hold last announced (not on every pump).
   */
  const announce = (hold: Hold, now: number): void => {
    if (hold.reason + hold.policy === announced) return;
    announced = hold.reason + hold.policy;
    for (const waiter of queue) report(waiter, hold, now);
  };

  /** Pumps the line, unless nobody waits and no timer is armed: a pump has nothing to do then (a line that empties resets it already). */
  const wake = (): void => {
    if (queue.length > 0 || timer !== undefined) pump();
  };

  /** Takes `waiter` out of the line, failing its call with `reason`. */
  const drop = (waiter: Waiter, reason: unknown): void => {
    waiter.x();
    const index = queue.indexOf(waiter);
    if (index >= 0) queue.splice(index, 1);
    waiter.n(reason);
  };

  const arm = (at: number, now: number): void => {
    if (timer !== undefined && timerAt === at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = undefined;
        pump();
      },
      Math.min(Math.max(0, at - now), MAX_TIMER_DELAY_MS),
    );
  };

  /** Serves waiters in order while nothing holds them, and keeps the single timer in step. */
  const pump = (): void => {
    const now = Date.now();
    for (let head = queue[0]; head; head = queue[0]) {
      const gate = gateAt(now, head.c);
      if (gate) {
        if (probeOut) return; // its answer pumps again
        const probe = now >= probeAt; // a long hold whose probe may go now
        if (probe && !full()) {
          queue.shift();
          head.x();
          head.y(grant(now, head.d, head.c, true));
          return;
        }
        // A probe time still ahead wakes the queue; one already due waits for a free slot (a release pumps).
        const wakeAt = probe ? gate.until : Math.min(gate.until, probeAt);
        // Fails waiters the server makes wait longer than their `maxWaitMs`; pacing never does.
        if (imposed) {
          const waitMs = imposed.until - now;
          for (const waiter of queue.filter((w) => waitMs > w.m)) {
            drop(waiter, new ThrottleWaitTooLongError(waitMs, waiter.m, imposed.policy, imposed.reason));
          }
        }
        announce(gate, now);
        if (queue.length > 0) arm(wakeAt, now);
        return;
      }
      if (full()) {
        announce(capHold, now);
        break;
      }
      queue.shift();
      head.x();
      head.y(grant(now, head.d, head.c));
    }
    if (queue.length === 0) announced = undefined;
    clearTimeout(timer);
    timer = undefined;
  };

  /**
   * A waiter's `queueTimeoutMs` ran out: it leaves the line saying how long it waited (`waitedInLine`), where, and
   * for what.
   */
  const expire = (waiter: Waiter, boundMs: number): void => {
    // (Still in line: every way out of it, `drop` or a grant, runs its `x`, which clears this timer.)
    const index = queue.indexOf(waiter);
    const now = Date.now();
    const hold = lineHold(now);
    drop(
      waiter,
      new ThrottleQueueTimeout(waitedInLine(waiter.q, boundMs, now), index + 1, queue.length, hold.reason, hold.policy),
    );
    pump();
  };

  const refresh = (): void => {
    gateAt(Date.now(), 0); // works out what is free now
    wake();
  };

  return {
    costs,

    setScale(value): void {
      scale = value;
    },

    holds,
    windows,
    refresh,
    grant,

    tryAcquire(document?: string): Permit | undefined {
      if (queue.length > 0 || full()) return undefined;
      const now = Date.now();
      const cost = costs.expected(document);
      // Nothing near a limit since the last full check: the gate would find nothing (test/unit/throttle.test.ts).
      if (!(now < rollAt && freeGrants > 0 && (cost <= 0 || cost <= freeCost)) && gateAt(now, cost)) return undefined;
      return grant(now, document, cost);
    },

    acquire({ signal, maxWaitMs, queueTimeoutMs, operationName, document }: AcquireOptions): Promise<Permit> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<Permit>((resolve, reject) => {
        const now = Date.now();
        let expiry: ReturnType<typeof setTimeout> | undefined;
        const onAbort = (): void => {
          drop(waiter, signal?.reason);
          pump();
        };
        const waiter: Waiter = {
          d: document,
          c: costs.expected(document),
          y: resolve,
          n: reject,
          m: maxWaitMs,
          q: now,
          o: operationName,
          r: [],
          x: () => {
            signal?.removeEventListener('abort', onAbort);
            clearTimeout(expiry);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        if (finite(queueTimeoutMs)) {
          const boundMs = Math.min(Math.max(0, queueTimeoutMs), MAX_TIMER_DELAY_MS);
          expiry = setTimeout(expire, boundMs, waiter, boundMs);
        }
        queue.push(waiter);
        // The line decides at once: it grants the call (or lets it probe) when nothing holds it, and fails it when the
        // server imposes a wait past its `maxWaitMs` (while a probe is out, its answer decides); pacing never does
        // (test/unit/throttle-backlog.test.ts).
        pump();
        // Still in line (the last, as it joined): `onThrottle` hears what holds it, unless the pump just said so.
        if (queue.at(-1) === waiter) report(waiter, lineHold(now), now);
      });
    },

    observe({ status, rateLimit, retryAfterSeconds, permit, complexityCost, dailyResetAt }: ThrottleObservation): void {
      try {
        const now = Date.now();
        if (probeOut) {
          // The probe's answer (or any answer while it is out) is the truth now: forget the holds it re-checks.
          probeOut = holds.p = undefined;
          windowNames.length = windows.length = 0;
        }
        // Move quotas into their next window first, so this response is placed correctly.
        if (now >= rollAt) gateAt(now, 0);
        lastAnswerAt = now;
        pending = complexityCost;
        // The linked request's send, else the oldest in flight's, else now.
        let sent = permit as Grant | undefined;
        if (!inFlight.has(sent as Grant)) [sent] = inFlight;
        ctx.now = now;
        ctx.sTick = sent ? sent.i : tick;
        ctx.sent = sent ? sent.a : now;
        ctx.tick = ++tick;
        ctx.others = Math.max(0, inFlight.size - 1);
        ctx.shared = !!scale;
        /** The exhausted window that resets last, and in how many seconds. */
        let exhausted: string | undefined;
        let exhaustedSeconds = 0;
        lastState = rateLimit;
        const policies = rateLimit?.policies ?? {};
        for (const name in policies) {
          const policy = policies[name];
          // biome-ignore lint/suspicious/noPrototypeBuiltins: within `for...in` over the same object V8 compiles this to a shape check; `Object.hasOwn` stays a call per policy
          if (!{}.hasOwnProperty.call(policies, name) || !policy || typeof policy !== 'object') continue;
          let named = policy.name === name ? policy : { ...policy, name };
          if (scale) named = scale(named);
          if (isConcurrencyPolicy(named)) {
            const q = named.quota;
            if (finite(q) && q >= 1) {
              cap = Math.floor(q);
              capHold.policy = 'concurrency';
            }
            continue;
          }
          let index = windowNames.indexOf(name);
          const tracker = observeWindow(windows[index], named, ctx);
          // (No tracker only for a policy not tracked yet.)
          if (tracker) {
            if (index < 0) {
              index = windows.length < MAX_TRACKED_POLICIES ? windows.length : freeSlot(now);
              if (index >= 0) windowNames[index] = name;
            }
            if (index >= 0) {
              windows[index] = tracker;
              tracker.t = tick; // (this observation's, `ctx.tick`)
            }
          }
          const t = named.resetSeconds;
          if (named.remaining === 0 && finite(t) && t >= exhaustedSeconds) {
            exhausted = name;
            exhaustedSeconds = t;
          }
        }
        if (finite(dailyResetAt)) {
          // The daily quota is spent: every call waits for its reset; no pause or probe stands in for it.
          holds.d = Math.max(holds.d, dailyResetAt);
        } else if (status === 429 || finite(retryAfterSeconds)) {
          const delayMs = finite(retryAfterSeconds)
            ? Math.max(0, retryAfterSeconds) * 1000
            : exhaustedSeconds * 1000 || DEFAULT_BACKOFF_MS;
          holds.p = laterGate(holds.p, { reason: 'backoff', policy: exhausted, until: now + delayMs });
        }
      } catch {
        // A malformed state is as good as none.
      }
      if (!capHold.policy) cap = initialConcurrency; // learned: no more one at a time
      refresh();
    },

    state(): ThrottleState {
      const now = Date.now();
      const gate = gateAt(now, queue[0]?.c ?? 0);
      const queued = queue.length;
      const out = inFlight.size;
      const heldBy = gate || full() ? { ...(gate ?? capHold) } : undefined;
      const policies: Record<string, ThrottlePolicyState> = {};
      const entry = (policy: string, remaining: number, nextSlotAt: number): void => {
        const state: ThrottlePolicyState = { queued: heldBy?.policy === policy ? queued : 0, inFlight: out };
        if (finite(remaining)) state.remaining = Math.max(0, remaining);
        if (nextSlotAt > now) state.nextSlotAt = nextSlotAt;
        policies[policy] = state;
      };
      for (let index = 0; index < windows.length; index += 1) {
        const tracker = windows[index] as WindowTracker;
        entry(windowNames[index] as string, remainingOf(tracker), holdUntil(tracker));
      }
      if (capHold.policy) entry('concurrency', cap - out, 0);
      if (holds.d > now) entry(DAILY_POLICY, 0, holds.d);
      return { queued, inFlight: out, concurrencyLimit: cap, ...(heldBy && { heldBy }), policies };
    },
  };
}
