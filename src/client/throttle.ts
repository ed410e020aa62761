/**
 * Client-side throttle: holds requests back so the server never has to reject them.
 * - Before the first response only one request is in flight (it teaches the quotas); then at most the server's
 *   `concurrency` quota, or `initialConcurrency` while that is unknown.
 * - A window quota whose local estimate reaches 0 holds new requests until its reset has certainly passed.
 * - A 429 (or a budget error's retry-after) pauses every waiter and new caller of the client at once.
 * - Cost-aware: a request whose expected complexity cost exceeds the budget left is held until the reset.
 * - A hold longer than `probeAfterMs` (the client's `retry.maxDelayMs`) with no answer from the server since lets
 *   one probe request through when that time is up; the others wait for its answer, which replaces what the
 *   throttle believed. One absurd `Retry-After` or `t` cannot disable a client.
 * Waiters are served first in, first out, with at most one timer for the whole throttle.
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
  rollWindow,
  type WindowTracker,
} from './throttle-window.js';
import type { RateLimitPolicy, RateLimitState, ThrottleEvent, ThrottleOptions } from './types.js';

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
}

/** Options of one {@link Throttle.acquire}. */
export interface AcquireOptions {
  signal?: AbortSignal;
  /** The longest known wait this call accepts; a longer one rejects at once with {@link ThrottleWaitTooLongError}. */
  maxWaitMs: number;
  operationName?: string;
  /** The document's text: the key its complexity cost is learned and looked up under. */
  document?: string;
}

/** Thrown by {@link Throttle.acquire} when the known wait before sending is longer than the caller's `maxWaitMs`. */
export class ThrottleWaitTooLongError extends Error {
  override readonly name = 'ThrottleWaitTooLongError';
  /** The policy that imposes the wait, when one does. */
  readonly policy?: string;
  /** How long the wait would have been, in milliseconds. */
  readonly waitMs: number;
  constructor(waitMs: number, maxWaitMs: number, policy?: string) {
    const cause = policy ? ` by the ${policy} limit` : '';
    super(`Request held back ${Math.ceil(waitMs)} ms${cause}, longer than the ${maxWaitMs} ms allowed`);
    this.waitMs = waitMs;
    this.policy = policy;
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
  deadline: number;
  maxWaitMs: number;
  detach(): void;
}

interface Gate {
  reason: 'quota-exhausted' | 'backoff';
  policy?: string;
  until: number;
  /** When a hold this long has gone unchecked long enough for one probe request, the instant it may go. */
  probeAt?: number;
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
  readonly #windows = new Map<string, WindowTracker>();
  #pause: Gate | undefined;
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
    return this.#gate(now, cost) ? undefined : this.#grant(now, document, cost);
  }

  acquire({ signal, maxWaitMs, operationName, document }: AcquireOptions): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const now = Date.now();
    const cost = this.costs.expected(document);
    const gate = this.#gate(now, cost);
    if (this.#queue.length === 0 && this.#inFlight.size < this.#limit()) {
      if (!gate) return Promise.resolve(this.#grant(now, document, cost));
      if (this.#mayProbe(gate, now)) return Promise.resolve(this.#grant(now, document, cost, true));
    }
    // While a probe is out, its answer decides; before, a hold beyond this call's patience fails it at once.
    if (gate && this.#probeOut === undefined && gate.until - now > maxWaitMs) {
      return Promise.reject(new ThrottleWaitTooLongError(gate.until - now, maxWaitMs, gate.policy));
    }
    return new Promise<Permit>((resolve, reject) => {
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
        deadline: now + maxWaitMs,
        maxWaitMs,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiter);
      const event = gate ? { reason: gate.reason, policy: gate.policy, delayMs: gate.until - now } : undefined;
      this.#emit({ operationName, ...(event ?? { reason: 'concurrency' }) });
      this.#pump();
    });
  }

  observe({ status, rateLimit, retryAfterSeconds, permit, complexityCost }: ThrottleObservation): void {
    try {
      const now = Date.now();
      if (this.#probeOut !== undefined) {
        // The probe's answer (or any answer while it is out) is the truth now: forget the holds it re-checks.
        this.#probeOut = undefined;
        this.#pause = undefined;
        this.#windows.clear();
      }
      this.#gate(now, 0); // move quotas into their next window first, so this response is placed correctly
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
        const tracker = observeWindow(this.#windows.get(name), named, ctx);
        if (tracker) this.#windows.set(name, tracker);
        const t = named.resetSeconds;
        if (named.remaining === 0 && typeof t === 'number' && Number.isFinite(t) && t >= (exhausted?.seconds ?? 0)) {
          exhausted = { name, seconds: t };
        }
      }
      const retryAfter = Number.isFinite(retryAfterSeconds) ? Math.max(0, retryAfterSeconds as number) : undefined;
      if (status === 429 || retryAfter !== undefined) {
        const delayMs =
          retryAfter !== undefined ? retryAfter * 1000 : (exhausted?.seconds ?? 0) * 1000 || DEFAULT_BACKOFF_MS;
        if (!this.#pause || now + delayMs > this.#pause.until) {
          this.#pause = { reason: 'backoff', policy: exhausted?.name, until: now + delayMs };
        }
      }
    } catch {
      // A malformed state is as good as none.
    }
    this.#pump();
  }

  #limit(): number {
    return this.#learned ? (this.#concurrencyQuota ?? this.#initialConcurrency) : 1;
  }

  /**
   * The latest instant any time-based hold lasts until, or undefined when none applies now: a 429's pause, an
   * exhausted window, or a complexity budget left below `cost` (the expected cost of the request to send).
   */
  #gate(now: number, cost: number): Gate | undefined {
    let gate = this.#pause && this.#pause.until > now ? this.#pause : undefined;
    for (const [policy, tracker] of this.#windows) {
      rollWindow(tracker, now, this.#inFlight.size);
      let until = holdUntil(tracker);
      if (until === undefined && cost > 0 && policy === COST_POLICY && Number.isFinite(tracker.resetBy)) {
        const left = Math.min(tracker.quota, tracker.reported) - this.#inFlightCost;
        if (left < cost) until = tracker.resetBy + RESET_MARGIN_MS;
      }
      if (until !== undefined && until > now && until > (gate?.until ?? 0)) {
        gate = { reason: 'quota-exhausted', policy, until };
      }
    }
    if (gate && gate.until - this.#lastAnswerAt > this.#probeAfterMs) {
      gate = { ...gate, probeAt: this.#lastAnswerAt + this.#probeAfterMs };
    }
    return gate;
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
    for (const tracker of this.#windows.values()) recordSend(tracker);
    return new QuotaPermit(this, id, document, cost, this.costs.latest);
  }

  /** Called once per permit, by {@link QuotaPermit.release}. */
  onRelease(permit: QuotaPermit): void {
    const { id } = permit;
    this.#inFlight.delete(id);
    this.#inFlightCost = Math.max(0, this.#inFlightCost - permit.cost);
    if (this.#probeOut === id) this.#probeOut = undefined; // no answer came: the next request probes again
    // The client observes a response and releases its permit in the same turn: the observation is this request's.
    if (this.#pending) {
      this.#pending = false;
      const after = budgetMarkOf(this.#lastState, Date.now());
      this.costs.learn(permit.document, permit.budgetBefore, after, this.#pendingExact);
    }
    for (const tracker of this.#windows.values()) recordRelease(tracker, Date.now());
    this.#pump();
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
        // A probe time still ahead wakes the queue; one already due waits for a free slot (a release pumps).
        const probeAt = gate.probeAt !== undefined && gate.probeAt > now ? gate.probeAt : gate.until;
        if (this.#queue.length > 0) this.#arm(Math.min(gate.until, probeAt), now);
        return;
      }
      if (this.#inFlight.size >= this.#limit()) break;
      this.#queue.shift();
      head.detach();
      head.resolve(this.#grant(now, head.document, head.cost));
    }
    this.#disarm();
  }

  #rejectLate(gate: Gate, now: number): void {
    for (const waiter of this.#queue.filter((w) => w.deadline < gate.until)) {
      this.#remove(waiter);
      waiter.reject(new ThrottleWaitTooLongError(gate.until - now, waiter.maxWaitMs, gate.policy));
    }
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
