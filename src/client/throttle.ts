/**
 * Client-side throttle: holds requests back so the server never has to reject them, and lets a backlog of any size
 * finish. Which rule, where (`QuotaThrottle` unless named otherwise):
 *
 * | rule | where |
 * |---|---|
 * | before the first answer one request at a time (it teaches the quotas); then the server's `concurrency` quota, or `initialConcurrency` while unknown | `#limit` |
 * | a window quota (`minuteRate`) whose conservative count reaches 0 holds new requests until its reset has surely passed | `#gate`; counting in `throttle-window.ts` |
 * | cost-aware: a request whose expected complexity cost exceeds the budget left waits for the reset | `#gate`; costs in `throttle-cost.ts` |
 * | a 429 (or a budget error's retry-after) pauses every waiter and new caller at once | `observe` (the pause), `#gate` |
 * | the daily quota spent (`DAILY_LIMIT_EXCEEDED`, or a `daily` policy at 0) holds every call until its reset, never probed | `observe` (`dailyResetAt`), `#gate` |
 * | local pacing (concurrency, a minute window within its own length, the cost budget) waits as long as it takes: only the caller's `signal` and `queueTimeoutMs` bound it | `acquire`, `#expire`, `isPacedWindow` |
 * | a wait the server imposes (a pause, the daily limit, a longer window, a reset beyond the window's length) longer than `maxWaitMs` (`retry.maxDelayMs`) fails at once | `acquire`, `#rejectLate` |
 * | an imposed hold longer than `probeAfterMs` with no answer since lets one probe through; its answer replaces what the throttle believed | `#gate` (`probeAt`), `#mayProbe`, `observe` |
 * | waiters served first in, first out, one timer for the whole throttle (plus a caller's own queue timeout) | `#pump`, `#arm` |
 * | `onThrottle` names what really holds a call: when it joins the line, and again whenever another limit takes over | `#announce` |
 * | the backlog per policy for a batch job's progress | `state` |
 * | while no limit is near (no hold, no waiter, quotas well above what a grant uses), a grant skips the gate: the last full check says how many grants, how much cost and until when it holds | `#settle`, `tryAcquire` |
 *
 * With `throttle.store` the state lives in the store instead (see `fleet-throttle.ts`).
 */
import { MAX_TIMER_DELAY_MS } from './sleep.js';
import { type BudgetMark, budgetMarkOf, COST_POLICY, CostBook } from './throttle-cost.js';
import {
  holdUntil,
  isConcurrencyPolicy,
  type ObservationContext,
  observeWindow,
  RESET_MARGIN_MS,
  recordRelease,
  recordSend,
  remainingOf,
  rollWindow,
  type WindowTracker,
} from './throttle-window.js';
import type {
  RateLimitPolicy,
  RateLimitState,
  ThrottleEvent,
  ThrottleOptions,
  ThrottlePolicyState,
  ThrottleState,
} from './types.js';

/** The policy name of the daily call quota, when a server reports it in its `RateLimit` headers. */
export const DAILY_POLICY = 'daily';

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

/** Thrown by {@link Throttle.acquire} when the server imposes a wait longer than the caller's `maxWaitMs`. */
export class ThrottleWaitTooLongError extends Error {
  override readonly name = 'ThrottleWaitTooLongError';
  /** The policy that imposes the wait, when one does. */
  readonly policy?: string;
  /** How long the wait would have been, in milliseconds. */
  readonly waitMs: number;
  /** What imposes it. */
  readonly reason: HoldReason;
  constructor(waitMs: number, maxWaitMs: number, policy?: string, reason: HoldReason = 'quota-exhausted') {
    const cause = policy ? ` by the ${policy} limit` : '';
    super(`Request held back ${Math.ceil(waitMs)} ms${cause}, longer than the ${maxWaitMs} ms allowed`);
    this.waitMs = waitMs;
    this.policy = policy;
    this.reason = reason;
  }
}

/** Thrown by {@link Throttle.acquire} when a call waited in line longer than its `queueTimeoutMs`. */
export class ThrottleQueueTimeout extends Error {
  override readonly name = 'ThrottleQueueTimeout';
  constructor(
    /** How long it waited, in milliseconds. */
    readonly queuedMs: number,
    /** Its place in line: 1 for the head. */
    readonly position: number,
    /** Calls in line, this one included. */
    readonly queued: number,
    /** What held the line. */
    readonly reason: HoldReason,
    /** The policy that held it, when one did. */
    readonly policy?: string,
  ) {
    super(`Waited ${queuedMs} ms in line (place ${position} of ${queued}), held by ${holdText(reason, policy)}`);
  }
}

/** What holds a line, in words: `the minuteRate limit`, `a pause the server asked for`, ... */
export function holdText(reason: HoldReason, policy: string | undefined): string {
  if (policy !== undefined && reason !== 'backoff') return `the ${policy} limit`;
  if (reason === 'backoff') return 'a pause the server asked for';
  if (reason === 'daily-limit') return 'the daily limit';
  if (reason === 'concurrency') return 'the cap on requests in flight';
  return 'an exhausted quota';
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

/**
 * The longest declared window the throttle paces through without limit: the platform's per-minute quotas. A reset of
 * a longer window (an hourly quota, say) is the server's demand, bounded by `maxWaitMs`
 * (test/e2e/resilience-faults.test.ts, "an exhausted hour-long request window fails fast").
 */
const MAX_PACED_WINDOW_MS = 60_000;

/** True when waiting `holdMs` for a window of `windowMs` to reset is pacing: a minute window, within its length. */
function isPacedWindow(windowMs: number | undefined, holdMs: number): boolean {
  return windowMs !== undefined && windowMs <= MAX_PACED_WINDOW_MS && holdMs <= windowMs + RESET_MARGIN_MS;
}

/** Default bound on requests in flight before the server's `concurrency` quota is known. */
export const DEFAULT_INITIAL_CONCURRENCY = 16;
/** Pause after a 429 that says neither `Retry-After` nor which quota ran out. */
const DEFAULT_BACKOFF_MS = 1000;

interface Waiter {
  document?: string;
  cost: number;
  resolve(permit: Permit): void;
  reject(reason: unknown): void;
  maxWaitMs: number;
  queuedAt: number;
  operationName?: string;
  /** The holds already reported to `onThrottle` for this call (`reason:policy` keys). */
  reported: string[];
  detach(): void;
}

/** A time-based hold. */
interface Gate {
  reason: 'quota-exhausted' | 'backoff' | 'daily-limit';
  policy?: string;
  until: number;
  /**
   * The longest hold among those the server imposes (a pause, the daily limit, a window reset beyond its declared
   * length), when one applies: `maxWaitMs` bounds it. Local pacing alone waits as long as it takes.
   */
  imposed?: Gate;
  /** When an imposed hold has gone unchecked long enough for one probe request, the instant it may go. */
  probeAt?: number;
}

/** What holds the line, as `onThrottle` reports it. */
interface Hold {
  key: string;
  reason: HoldReason;
  policy?: string;
  until?: number;
}

const NO_OP_PERMIT: Permit = { release() {} };
const PASS_THROUGH: Throttle = {
  acquire: ({ signal }) => (signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve(NO_OP_PERMIT)),
  tryAcquire: () => NO_OP_PERMIT,
  observe() {},
};

/** A permit of a {@link QuotaThrottle}; its id is its grant tick. */
class QuotaPermit implements Permit {
  #released = false;
  constructor(
    readonly owner: QuotaThrottle,
    readonly id: number,
    readonly document: string | undefined,
    readonly cost: number,
    readonly budgetBefore: BudgetMark | undefined,
  ) {}

  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.owner.onRelease(this);
  }
}

/** How long a hold may go unchecked before one probe request goes, when the caller does not say. */
export const DEFAULT_PROBE_AFTER_MS = 30_000;

/**
 * Creates a client's local throttle. `false` gives a pass-through that never waits and keeps no state.
 * @param onThrottle - Called when a request has to wait; what it throws is ignored.
 * @param probeAfterMs - A hold longer than this lets one probe request through after this long without an answer.
 * @throws RangeError when `initialConcurrency` is not a positive integer.
 */
export function createThrottle(
  options: ThrottleOptions | false | undefined,
  onThrottle?: (event: ThrottleEvent) => void,
  probeAfterMs = DEFAULT_PROBE_AFTER_MS,
): Throttle {
  if (options === false) return PASS_THROUGH;
  return createQuotaThrottle(options, onThrottle, probeAfterMs);
}

/** The local throttle itself (also the fallback of a store-backed one). */
export function createQuotaThrottle(
  options: ThrottleOptions | undefined,
  onThrottle: ((event: ThrottleEvent) => void) | undefined,
  probeAfterMs: number,
): QuotaThrottle {
  const initial = options?.initialConcurrency ?? DEFAULT_INITIAL_CONCURRENCY;
  if (!Number.isInteger(initial) || initial < 1) {
    throw new RangeError(`throttle.initialConcurrency must be a positive integer, got ${String(initial)}`);
  }
  return new QuotaThrottle(initial, onThrottle, probeAfterMs);
}

/** Scales a window policy to a share of the quota: the part one client of a fleet may use on its own. */
function sharePolicy(policy: RateLimitPolicy, share: number): RateLimitPolicy {
  const scaled = { ...policy };
  if (typeof policy.quota === 'number') scaled.quota = Math.max(1, Math.floor(policy.quota * share));
  if (typeof policy.remaining === 'number') scaled.remaining = Math.floor(policy.remaining * share);
  return scaled;
}

/** The client-side throttle that keeps its state to itself. */
export class QuotaThrottle implements Throttle {
  /** What each document costs of the complexity budget. */
  readonly costs = new CostBook();
  /** The part of the server's quotas this throttle may use (1: all; less while a fleet's store is unreachable). */
  #share = 1;
  /** When the latest response was observed: a hold set before then is as fresh as the server's word. */
  #lastAnswerAt = 0;
  /** The permit id of the probe request out, while one is. */
  #probeOut: number | undefined;
  /** Expected complexity cost of the requests in flight. */
  #inFlightCost = 0;
  /** The latest observation, until the release of the permit it belongs to picks it up. */
  #pending = false;
  #pendingExact: number | undefined;
  #learned = false;
  #concurrencyQuota: number | undefined;
  /** Orders grants and observations even within one millisecond; a grant's tick is its permit's id. */
  #tick = 0;
  readonly #inFlight = new Map<number, number>(); // permit id -> send instant, oldest first
  readonly #queue: Waiter[] = [];
  /** The window quotas by policy name: two columns, searched and walked by index (a response allocates no iterator). */
  readonly #windowNames: string[] = [];
  readonly #windows: WindowTracker[] = [];
  /**
   * What the last full check ({@link QuotaThrottle.#settle}) found free: until when nothing can hold a call (no
   * window rolls, no hold ends or starts without an observation), how many more grants the request quotas allow,
   * and how much complexity cost the budget has left; 0 grants when something holds or may hold.
   */
  #freeUntil = 0;
  #freeGrants = 0;
  #freeCost = 0;
  /** The earliest instant a window may roll: before it, the gate has no side effect (no roll to make first). */
  #rollAt = 0;
  #pause: Gate | undefined;
  /** Until when the spent daily quota holds every call (0: it does not). */
  #dailyUntil = 0;
  /** The key of the hold last announced to the line, so a change of limit is announced once. */
  #announced: string | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = 0;
  readonly #ctx: ObservationContext = { now: 0, tick: 0, sentAt: 0, sentTick: 0, othersInFlight: 0 };
  /** The rate-limit state of the latest observation. */
  #lastState: RateLimitState | undefined;

  readonly #initialConcurrency: number;
  readonly #onThrottle: ((event: ThrottleEvent) => void) | undefined;
  readonly #probeAfterMs: number;

  constructor(
    initialConcurrency: number,
    onThrottle: ((event: ThrottleEvent) => void) | undefined,
    probeAfterMs: number,
  ) {
    this.#initialConcurrency = initialConcurrency;
    this.#onThrottle = onThrottle;
    this.#probeAfterMs = probeAfterMs;
  }

  /** Limits this throttle to `share` (0..1] of each quota the server reports from now on. */
  setShare(share: number): void {
    this.#share = Math.min(1, Math.max(0.01, share));
  }

  tryAcquire(document?: string): Permit | undefined {
    if (this.#queue.length > 0 || this.#inFlight.size >= this.#limit()) return undefined;
    const now = Date.now();
    const cost = this.costs.expected(document);
    // Nothing near a limit since the last full check: the gate would find nothing (test/unit/throttle.test.ts).
    if (now < this.#freeUntil && this.#freeGrants > 0 && (cost <= 0 || cost <= this.#freeCost)) {
      return this.#grant(now, document, cost);
    }
    if (this.#gate(now, cost)) return undefined;
    this.#settle(now);
    return this.#grant(now, document, cost);
  }

  acquire({ signal, maxWaitMs, queueTimeoutMs, operationName, document }: AcquireOptions): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const now = Date.now();
    const cost = this.costs.expected(document);
    const gate = this.#gate(now, cost);
    if (this.#queue.length === 0 && this.#inFlight.size < this.#limit()) {
      if (!gate) return Promise.resolve(this.#grant(now, document, cost));
      if (this.#mayProbe(gate, now)) return Promise.resolve(this.#grant(now, document, cost, true));
    }
    // A wait the server imposes beyond this call's patience fails it at once (while a probe is out, its answer
    // decides); pacing the line never does (test/unit/throttle-backlog.test.ts).
    const imposed = gate?.imposed;
    if (imposed && this.#probeOut === undefined && imposed.until - now > maxWaitMs) {
      return Promise.reject(
        new ThrottleWaitTooLongError(imposed.until - now, maxWaitMs, imposed.policy, imposed.reason),
      );
    }
    return new Promise<Permit>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = (): void => {
        this.#remove(waiter);
        reject(signal?.reason);
        this.#pump();
      };
      const waiter: Waiter = {
        document,
        cost,
        resolve,
        reject,
        maxWaitMs,
        queuedAt: now,
        operationName,
        reported: [],
        detach: () => {
          signal?.removeEventListener('abort', onAbort);
          if (timer !== undefined) clearTimeout(timer);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (queueTimeoutMs !== undefined && Number.isFinite(queueTimeoutMs)) {
        timer = setTimeout(() => this.#expire(waiter), Math.min(Math.max(0, queueTimeoutMs), MAX_TIMER_DELAY_MS));
      }
      this.#queue.push(waiter);
      const hold = this.#holdOf(gate, now);
      waiter.reported.push(hold.key);
      this.#emitFor(waiter, hold, now);
      this.#pump();
    });
  }

  observe({ status, rateLimit, retryAfterSeconds, permit, complexityCost, dailyResetAt }: ThrottleObservation): void {
    try {
      const now = Date.now();
      if (this.#probeOut !== undefined) {
        // The probe's answer (or any answer while it is out) is the truth now: forget the holds it re-checks.
        this.#probeOut = undefined;
        this.#pause = undefined;
        this.#windowNames.length = 0;
        this.#windows.length = 0;
      }
      // Move quotas into their next window first, so this response is placed correctly.
      if (now >= this.#rollAt) this.#gate(now, 0);
      this.#learned = true;
      this.#lastAnswerAt = now;
      this.#pending = true;
      this.#pendingExact = complexityCost;
      const linked = permit instanceof QuotaPermit && permit.owner === this ? permit.id : undefined;
      // The linked request's send, else the oldest in flight's, else now (no pair array per response).
      let sentTick = this.#tick;
      let sentAt = now;
      const linkedAt = linked === undefined ? undefined : this.#inFlight.get(linked);
      if (linked !== undefined && linkedAt !== undefined) {
        sentTick = linked;
        sentAt = linkedAt;
      } else {
        for (const [id, at] of this.#inFlight) {
          sentTick = id;
          sentAt = at;
          break;
        }
      }
      const ctx = this.#ctx; // reused: observing a response allocates no context
      ctx.now = now;
      ctx.tick = ++this.#tick;
      ctx.sentAt = sentAt;
      ctx.sentTick = sentTick;
      ctx.othersInFlight = Math.max(0, this.#inFlight.size - 1);
      let exhausted: { name: string; seconds: number } | undefined;
      this.#lastState = rateLimit;
      const policies = rateLimit?.policies ?? {};
      for (const name in policies) {
        if (!Object.hasOwn(policies, name)) continue;
        const policy = policies[name];
        if (!policy || typeof policy !== 'object') continue;
        let named = policy.name === name ? policy : { ...policy, name };
        if (isConcurrencyPolicy(named)) {
          const q = named.quota;
          if (typeof q === 'number' && Number.isFinite(q) && q >= 1) {
            this.#concurrencyQuota = Math.max(1, Math.floor(Math.floor(q) * this.#share));
          }
          continue;
        }
        if (this.#share < 1) named = sharePolicy(named, this.#share);
        const index = this.#windowNames.indexOf(name);
        const known = index < 0 ? undefined : this.#windows[index];
        const tracker = observeWindow(known, named, ctx);
        if (tracker && tracker !== known) {
          if (index < 0) this.#windowNames.push(name);
          this.#windows[index < 0 ? this.#windows.length : index] = tracker;
        }
        const t = named.resetSeconds;
        if (named.remaining === 0 && typeof t === 'number' && Number.isFinite(t) && t >= (exhausted?.seconds ?? 0)) {
          exhausted = { name, seconds: t };
        }
      }
      if (dailyResetAt !== undefined && Number.isFinite(dailyResetAt)) {
        // The daily quota is spent: every call waits for its reset; no pause or probe stands in for it.
        this.#dailyUntil = Math.max(this.#dailyUntil, dailyResetAt);
      } else {
        const retryAfter = Number.isFinite(retryAfterSeconds) ? Math.max(0, retryAfterSeconds as number) : undefined;
        if (status === 429 || retryAfter !== undefined) {
          const delayMs =
            retryAfter !== undefined ? retryAfter * 1000 : (exhausted?.seconds ?? 0) * 1000 || DEFAULT_BACKOFF_MS;
          if (!this.#pause || now + delayMs > this.#pause.until) {
            this.#pause = { reason: 'backoff', policy: exhausted?.name, until: now + delayMs };
          }
        }
      }
    } catch {
      // A malformed state is as good as none.
    }
    this.#settle(Date.now());
    // With nobody waiting and no timer armed a pump has nothing to do (a line that empties resets it already).
    if (this.#queue.length > 0 || this.#timer !== undefined) this.#pump();
  }

  state(): ThrottleState {
    const now = Date.now();
    const head = this.#queue[0];
    const gate = this.#gate(now, head ? head.cost : 0);
    const queued = this.#queue.length;
    const inFlight = this.#inFlight.size;
    const limit = this.#limit();
    let heldBy: ThrottleState['heldBy'];
    if (gate) heldBy = { reason: gate.reason, policy: gate.policy, until: gate.until };
    else if (inFlight >= limit) heldBy = { reason: 'concurrency', policy: this.#concurrencyPolicy() };
    const queuedFor = (policy: string | undefined): number =>
      heldBy && heldBy.policy === policy && policy !== undefined ? queued : 0;
    const policies: Record<string, ThrottlePolicyState> = {};
    for (let index = 0; index < this.#windows.length; index += 1) {
      const name = this.#windowNames[index] as string;
      const tracker = this.#windows[index] as WindowTracker;
      const entry: ThrottlePolicyState = { queued: queuedFor(name), inFlight };
      const remaining = remainingOf(tracker);
      if (Number.isFinite(remaining)) entry.remaining = Math.max(0, remaining);
      const until = holdUntil(tracker);
      if (until !== undefined && until > now) entry.nextSlotAt = until;
      policies[name] = entry;
    }
    if (this.#concurrencyQuota !== undefined) {
      policies.concurrency = { queued: queuedFor('concurrency'), inFlight, remaining: Math.max(0, limit - inFlight) };
    }
    if (this.#dailyUntil > now) {
      policies[DAILY_POLICY] = {
        queued: queuedFor(DAILY_POLICY),
        inFlight,
        remaining: 0,
        nextSlotAt: this.#dailyUntil,
      };
    }
    return heldBy
      ? { queued, inFlight, concurrencyLimit: limit, heldBy, policies }
      : { queued, inFlight, concurrencyLimit: limit, policies };
  }

  #limit(): number {
    return this.#learned ? (this.#concurrencyQuota ?? this.#initialConcurrency) : 1;
  }

  /**
   * Works out how long, for how many grants and how much cost nothing can hold a call, so that a grant need not
   * run the gate: no pause or daily hold now, each window quota above 0 (a grant uses one of a request quota's),
   * the complexity budget's room, and no window able to roll before `#freeUntil`. Only an observation changes a
   * hold; a release only frees room. Runs after each observation and each full check that grants.
   */
  #settle(now: number): void {
    this.#freeGrants = 0;
    let rollAt = Infinity;
    let grants = Infinity;
    let costLeft = Infinity;
    for (let index = 0; index < this.#windows.length; index += 1) {
      const tracker = this.#windows[index] as WindowTracker;
      if (!Number.isFinite(tracker.resetBy)) continue; // never holds, never rolls
      rollAt = Math.min(rollAt, tracker.resetBy + RESET_MARGIN_MS);
      const remaining = remainingOf(tracker);
      if (tracker.countsRequests) grants = Math.min(grants, remaining);
      else if (remaining <= 0) grants = 0;
      if (this.#windowNames[index] === COST_POLICY) {
        costLeft = Math.min(costLeft, Math.min(tracker.quota, tracker.reported) - this.#inFlightCost);
      }
    }
    this.#rollAt = rollAt;
    if ((this.#pause && this.#pause.until > now) || this.#dailyUntil > now || this.#probeOut !== undefined) return;
    this.#freeUntil = rollAt;
    this.#freeGrants = grants;
    this.#freeCost = costLeft;
  }

  #concurrencyPolicy(): string | undefined {
    return this.#learned && this.#concurrencyQuota !== undefined ? 'concurrency' : undefined;
  }

  /**
   * The latest instant any time-based hold lasts until, or undefined when none applies now: a 429's pause, the
   * daily limit, an exhausted window, or a complexity budget left below `cost` (the expected cost of the request).
   */
  #gate(now: number, cost: number): Gate | undefined {
    let gate: Gate | undefined;
    let imposed: Gate | undefined;
    const pause = this.#pause;
    if (pause && pause.until > now) gate = imposed = pause;
    for (let index = 0; index < this.#windows.length; index += 1) {
      const policy = this.#windowNames[index] as string;
      const tracker = this.#windows[index] as WindowTracker;
      rollWindow(tracker, now, this.#inFlight.size);
      let until = holdUntil(tracker);
      if (until === undefined && cost > 0 && policy === COST_POLICY && Number.isFinite(tracker.resetBy)) {
        const left = Math.min(tracker.quota, tracker.reported) - this.#inFlightCost;
        if (left < cost) until = tracker.resetBy + RESET_MARGIN_MS;
      }
      if (until === undefined || until <= now) continue;
      const daily = policy === DAILY_POLICY;
      const isImposed = daily || !isPacedWindow(tracker.windowMs, until - now);
      const later = until > (gate?.until ?? 0);
      const laterImposed = isImposed && until > (imposed?.until ?? 0);
      if (!later && !laterImposed) continue;
      const hold: Gate = { reason: daily ? 'daily-limit' : 'quota-exhausted', policy, until };
      if (later) gate = hold;
      if (laterImposed) imposed = hold;
    }
    if (this.#dailyUntil > now) {
      const hold: Gate = { reason: 'daily-limit', policy: DAILY_POLICY, until: this.#dailyUntil };
      if (hold.until > (gate?.until ?? 0)) gate = hold;
      if (hold.until > (imposed?.until ?? 0)) imposed = hold;
    }
    if (!gate) return undefined;
    // Only a hold the server imposed (never the daily one) is probed: pacing ends within its window anyway.
    const probe =
      imposed && imposed.reason !== 'daily-limit' && imposed.until - this.#lastAnswerAt > this.#probeAfterMs
        ? this.#lastAnswerAt + this.#probeAfterMs
        : undefined;
    return { reason: gate.reason, policy: gate.policy, until: gate.until, imposed, probeAt: probe };
  }

  /** True when `gate` is a long hold whose probe may go now. */
  #mayProbe(gate: Gate, now: number): boolean {
    return gate.probeAt !== undefined && now >= gate.probeAt && this.#probeOut === undefined;
  }

  #grant(now: number, document: string | undefined, cost: number, probe = false): Permit {
    const id = ++this.#tick;
    this.#inFlight.set(id, now);
    this.#inFlightCost += cost;
    if (probe) this.#probeOut = id;
    for (let index = 0; index < this.#windows.length; index += 1) recordSend(this.#windows[index] as WindowTracker);
    this.#freeGrants -= 1;
    this.#freeCost -= cost;
    return new QuotaPermit(this, id, document, cost, this.costs.latest);
  }

  /** Called once per permit, by {@link QuotaPermit.release}. */
  onRelease(permit: QuotaPermit): void {
    const { id } = permit;
    this.#inFlight.delete(id);
    this.#inFlightCost = Math.max(0, this.#inFlightCost - permit.cost);
    if (this.#probeOut === id) this.#probeOut = undefined; // no answer came: the next request probes again
    const now = Date.now();
    // The client observes a response and releases its permit in the same turn: the observation is this request's.
    if (this.#pending) {
      this.#pending = false;
      const after = budgetMarkOf(this.#lastState, now);
      this.costs.learn(permit.document, permit.budgetBefore, after, this.#pendingExact);
    }
    for (let index = 0; index < this.#windows.length; index += 1) {
      recordRelease(this.#windows[index] as WindowTracker, now);
    }
    if (this.#queue.length > 0 || this.#timer !== undefined) this.#pump();
  }

  /** Serves waiters in order while nothing holds them, and keeps the single timer in step. */
  #pump(): void {
    const now = Date.now();
    while (this.#queue.length > 0) {
      const head = this.#queue[0] as Waiter;
      const gate = this.#gate(now, head.cost);
      if (gate) {
        if (this.#probeOut !== undefined) return; // its answer pumps again
        if (this.#mayProbe(gate, now) && this.#inFlight.size < this.#limit()) {
          this.#queue.shift();
          head.detach();
          head.resolve(this.#grant(now, head.document, head.cost, true));
          return;
        }
        this.#rejectLate(gate, now);
        this.#announce(this.#holdOf(gate, now), now);
        // A probe time still ahead wakes the queue; one already due waits for a free slot (a release pumps).
        const probeAt = gate.probeAt !== undefined && gate.probeAt > now ? gate.probeAt : gate.until;
        if (this.#queue.length > 0) this.#arm(Math.min(gate.until, probeAt), now);
        return;
      }
      if (this.#inFlight.size >= this.#limit()) {
        this.#announce(this.#holdOf(undefined, now), now);
        break;
      }
      this.#queue.shift();
      head.detach();
      head.resolve(this.#grant(now, head.document, head.cost));
    }
    if (this.#queue.length === 0) this.#announced = undefined;
    this.#disarm();
  }

  /** What holds the line now: `gate`, else the concurrency cap. */
  #holdOf(gate: Gate | undefined, now: number): Hold {
    if (gate)
      return {
        key: `${gate.reason}:${gate.policy ?? ''}`,
        reason: gate.reason,
        policy: gate.policy,
        until: gate.until > now ? gate.until : undefined,
      };
    const policy = this.#concurrencyPolicy();
    return { key: `concurrency:${policy ?? ''}`, reason: 'concurrency', policy };
  }

  /** Tells `onThrottle` about each waiter `hold` now holds, once per waiter and hold (not on every pump). */
  #announce(hold: Hold, now: number): void {
    if (hold.key === this.#announced) return;
    this.#announced = hold.key;
    for (const waiter of this.#queue) {
      if (waiter.reported.includes(hold.key)) continue;
      waiter.reported.push(hold.key);
      this.#emitFor(waiter, hold, now);
    }
  }

  #emitFor(waiter: Waiter, hold: Hold, now: number): void {
    if (!this.#onThrottle) return;
    const event: ThrottleEvent = { operationName: waiter.operationName, reason: hold.reason };
    if (hold.policy !== undefined) event.policy = hold.policy;
    if (hold.until !== undefined) event.delayMs = hold.until - now;
    this.#emit(event);
  }

  /** Fails waiters the server makes wait longer than their `maxWaitMs`; pacing never does. */
  #rejectLate(gate: Gate, now: number): void {
    const { imposed } = gate;
    if (!imposed) return;
    const waitMs = imposed.until - now;
    for (const waiter of this.#queue.filter((w) => waitMs > w.maxWaitMs)) {
      this.#remove(waiter);
      waiter.reject(new ThrottleWaitTooLongError(waitMs, waiter.maxWaitMs, imposed.policy, imposed.reason));
    }
  }

  /** A waiter's `queueTimeoutMs` ran out: it leaves the line saying how long it waited, where, and for what. */
  #expire(waiter: Waiter): void {
    const index = this.#queue.indexOf(waiter);
    if (index < 0) return;
    const now = Date.now();
    const hold = this.#holdOf(this.#gate(now, (this.#queue[0] as Waiter).cost), now);
    const queued = this.#queue.length;
    this.#remove(waiter);
    waiter.reject(new ThrottleQueueTimeout(now - waiter.queuedAt, index + 1, queued, hold.reason, hold.policy));
    this.#pump();
  }

  #remove(waiter: Waiter): void {
    waiter.detach();
    const index = this.#queue.indexOf(waiter);
    if (index >= 0) this.#queue.splice(index, 1);
  }

  #arm(at: number, now: number): void {
    if (this.#timer !== undefined && this.#timerAt === at) return;
    this.#disarm();
    this.#timerAt = at;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#pump();
      },
      Math.min(Math.max(0, at - now), MAX_TIMER_DELAY_MS),
    );
  }

  #disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #emit(event: ThrottleEvent): void {
    try {
      this.#onThrottle?.(event);
    } catch {
      // Hooks only observe; a failing one must not break the request.
    }
  }
}
