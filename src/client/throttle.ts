/**
 * Client-side throttle: holds requests back so the server never has to reject them.
 * - Before the first response only one request is in flight (it teaches the quotas); then at most the server's
 *   `concurrency` quota, or `initialConcurrency` while that is unknown.
 * - A window quota whose local estimate reaches 0 holds new requests until its reset has certainly passed.
 * - A 429 (or a budget error's retry-after) pauses every waiter and new caller of the client at once.
 * Waiters are served first in, first out, with at most one timer for the whole throttle.
 */
import { MAX_TIMER_DELAY_MS } from './sleep.js';
import {
  holdUntil,
  isConcurrencyPolicy,
  type ObservationContext,
  observeWindow,
  recordRelease,
  recordSend,
  rollWindow,
  type WindowTracker,
} from './throttle-window.js';
import type { RateLimitState, ThrottleEvent, ThrottleOptions } from './types.js';

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
  tryAcquire(): Permit | undefined;
  /** Learns from a response's rate-limit state. Never throws. */
  observe(observation: ThrottleObservation): void;
}

/** Default bound on requests in flight before the server's `concurrency` quota is known. */
export const DEFAULT_INITIAL_CONCURRENCY = 16;
/** Pause after a 429 that says neither `Retry-After` nor which quota ran out. */
const DEFAULT_BACKOFF_MS = 1000;

interface Waiter {
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
  ) {}

  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.owner.onRelease(this.id);
  }
}

/**
 * Creates a client's throttle. `false` gives a pass-through that never waits and keeps no state.
 * @param onThrottle - Called when a request has to wait; what it throws is ignored.
 * @throws RangeError when `initialConcurrency` is not a positive integer.
 */
export function createThrottle(
  options: ThrottleOptions | false | undefined,
  onThrottle?: (event: ThrottleEvent) => void,
): Throttle {
  if (options === false) return PASS_THROUGH;
  const initial = options?.initialConcurrency ?? DEFAULT_INITIAL_CONCURRENCY;
  if (!Number.isInteger(initial) || initial < 1) {
    throw new RangeError(`throttle.initialConcurrency must be a positive integer, got ${String(initial)}`);
  }
  return new QuotaThrottle(initial, onThrottle);
}

class QuotaThrottle implements Throttle {
  private learned = false;
  private concurrencyQuota: number | undefined;
  /** Orders grants and observations even within one millisecond; a grant's tick is its permit's id. */
  private tick = 0;
  private readonly inFlight = new Map<number, number>(); // permit id -> send instant, oldest first
  private readonly queue: Waiter[] = [];
  private readonly windows = new Map<string, WindowTracker>();
  private pause: Gate | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = 0;
  private readonly ctx: ObservationContext = { now: 0, tick: 0, sentAt: 0, sentTick: 0, othersInFlight: 0 };

  constructor(
    private readonly initialConcurrency: number,
    private readonly onThrottle?: (event: ThrottleEvent) => void,
  ) {}

  tryAcquire(): Permit | undefined {
    if (this.queue.length > 0 || this.inFlight.size >= this.limit()) return undefined;
    const now = Date.now();
    return this.gate(now) ? undefined : this.grant(now);
  }

  acquire({ signal, maxWaitMs, operationName }: AcquireOptions): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const now = Date.now();
    const gate = this.gate(now);
    if (this.queue.length === 0 && !gate && this.inFlight.size < this.limit()) return Promise.resolve(this.grant(now));
    if (gate && gate.until - now > maxWaitMs) {
      return Promise.reject(new ThrottleWaitTooLongError(gate.until - now, maxWaitMs, gate.policy));
    }
    return new Promise<Permit>((resolve, reject) => {
      const onAbort = (): void => {
        this.remove(waiter);
        reject(signal?.reason);
        this.pump();
      };
      const waiter: Waiter = {
        resolve,
        reject,
        deadline: now + maxWaitMs,
        maxWaitMs,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
      const event = gate ? { reason: gate.reason, policy: gate.policy, delayMs: gate.until - now } : undefined;
      this.emit({ operationName, ...(event ?? { reason: 'concurrency' }) });
      this.pump();
    });
  }

  observe({ status, rateLimit, retryAfterSeconds, permit }: ThrottleObservation): void {
    try {
      const now = Date.now();
      this.gate(now); // move quotas into their next window first, so this response is placed correctly
      this.learned = true;
      const linked = permit instanceof QuotaPermit && permit.owner === this ? permit.id : undefined;
      // The linked request's send, else the oldest in flight's, else now (no pair array per response).
      let sentTick = this.tick;
      let sentAt = now;
      const linkedAt = linked === undefined ? undefined : this.inFlight.get(linked);
      if (linked !== undefined && linkedAt !== undefined) {
        sentTick = linked;
        sentAt = linkedAt;
      } else {
        for (const [id, at] of this.inFlight) {
          sentTick = id;
          sentAt = at;
          break;
        }
      }
      const { ctx } = this; // reused: observing a response allocates no context
      ctx.now = now;
      ctx.tick = ++this.tick;
      ctx.sentAt = sentAt;
      ctx.sentTick = sentTick;
      ctx.othersInFlight = Math.max(0, this.inFlight.size - 1);
      let exhausted: { name: string; seconds: number } | undefined;
      const policies = rateLimit?.policies ?? {};
      for (const name in policies) {
        if (!Object.hasOwn(policies, name)) continue;
        const policy = policies[name];
        if (!policy || typeof policy !== 'object') continue;
        const named = policy.name === name ? policy : { ...policy, name };
        if (isConcurrencyPolicy(named)) {
          const q = named.quota;
          if (typeof q === 'number' && Number.isFinite(q) && q >= 1) this.concurrencyQuota = Math.floor(q);
          continue;
        }
        const tracker = observeWindow(this.windows.get(name), named, ctx);
        if (tracker) this.windows.set(name, tracker);
        const t = named.resetSeconds;
        if (named.remaining === 0 && typeof t === 'number' && Number.isFinite(t) && t >= (exhausted?.seconds ?? 0)) {
          exhausted = { name, seconds: t };
        }
      }
      const retryAfter = Number.isFinite(retryAfterSeconds) ? Math.max(0, retryAfterSeconds as number) : undefined;
      if (status === 429 || retryAfter !== undefined) {
        const delayMs =
          retryAfter !== undefined ? retryAfter * 1000 : (exhausted?.seconds ?? 0) * 1000 || DEFAULT_BACKOFF_MS;
        if (!this.pause || now + delayMs > this.pause.until) {
          this.pause = { reason: 'backoff', policy: exhausted?.name, until: now + delayMs };
        }
      }
    } catch {
      // A malformed state is as good as none.
    }
    this.pump();
  }

  private limit(): number {
    return this.learned ? (this.concurrencyQuota ?? this.initialConcurrency) : 1;
  }

  /** The latest instant any time-based hold lasts until, or undefined when none applies now. */
  private gate(now: number): Gate | undefined {
    let gate = this.pause && this.pause.until > now ? this.pause : undefined;
    for (const [policy, tracker] of this.windows) {
      rollWindow(tracker, now, this.inFlight.size);
      const until = holdUntil(tracker);
      if (until !== undefined && until > now && until > (gate?.until ?? 0)) {
        gate = { reason: 'quota-exhausted', policy, until };
      }
    }
    return gate;
  }

  private grant(now: number): Permit {
    const id = ++this.tick;
    this.inFlight.set(id, now);
    for (const tracker of this.windows.values()) recordSend(tracker);
    return new QuotaPermit(this, id);
  }

  /** Called once per permit, by {@link QuotaPermit.release}. */
  onRelease(id: number): void {
    this.inFlight.delete(id);
    for (const tracker of this.windows.values()) recordRelease(tracker, Date.now());
    this.pump();
  }

  /** Serves waiters in order while nothing holds them, and keeps the single timer in step. */
  private pump(): void {
    const now = Date.now();
    while (this.queue.length > 0) {
      const gate = this.gate(now);
      if (gate) {
        this.rejectLate(gate, now);
        if (this.queue.length > 0) this.arm(gate.until, now);
        return;
      }
      if (this.inFlight.size >= this.limit()) break;
      const waiter = this.queue.shift()!;
      waiter.detach();
      waiter.resolve(this.grant(now));
    }
    this.disarm();
  }

  private rejectLate(gate: Gate, now: number): void {
    for (const waiter of this.queue.filter((w) => w.deadline < gate.until)) {
      this.remove(waiter);
      waiter.reject(new ThrottleWaitTooLongError(gate.until - now, waiter.maxWaitMs, gate.policy));
    }
  }

  private remove(waiter: Waiter): void {
    waiter.detach();
    const index = this.queue.indexOf(waiter);
    if (index >= 0) this.queue.splice(index, 1);
  }

  private arm(at: number, now: number): void {
    if (this.timer !== undefined && this.timerAt === at) return;
    this.disarm();
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.pump();
      },
      Math.min(Math.max(0, at - now), MAX_TIMER_DELAY_MS),
    );
  }

  private disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private emit(event: ThrottleEvent): void {
    try {
      this.onThrottle?.(event);
    } catch {
      // Hooks only observe; a failing one must not break the request.
    }
  }
}
