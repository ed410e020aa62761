/**
 * Per-attempt timeouts without an AbortSignal per request. Every attempt gets a deadline; one
 * watchdog per client (a single timer, armed only while attempts are in flight) ends the attempts
 * that pass theirs: an attempt still waiting for headers stops waiting (the late answer's body is
 * cancelled when it comes), an attempt reading its body has the read cancelled, which closes the
 * connection. The body reader also checks the deadline as each chunk arrives.
 *
 * Handing fetch an AbortSignal per request costs Node's fetch measurably on every call (see
 * test/bench/timeout-cost.ts), which is why the timeout is not built on one.
 */
import type { CallLabel } from '../call-label.js';
import { NetworkError, PlatformError } from '../errors/errors.js';
import { type Redactor, redactError } from '../errors/redact.js';
import { describeNetworkFailure } from './network-failure.js';

/** Why a timed-out attempt stopped; `attemptFailure` turns it into a `NetworkError { timedOut }`. */
export class AttemptTimeout extends Error {
  override name = 'TimeoutError';
}

/**
 * How to stop an attempt at its current stage: a function to call, or a body reader to cancel with the timeout as
 * its reason (handed over as it is, so a body read makes no closure per attempt).
 */
export type ExpireAction = (() => void) | { cancel(reason?: unknown): Promise<void> };

/** One attempt's deadline. The transport tells it how to stop the attempt at each stage. */
export class AttemptDeadline {
  // Declared only: the constructor sets them (a field declaration would define each a second time).
  /** `performance.now()`-style milliseconds after which the attempt is over. */
  declare readonly at: number;
  declare readonly timeoutMs: number;
  #expired = false;
  /** The current stage's action, or the response {@link AttemptDeadline.guard} waits for. */
  #stop: ExpireAction | Promise<Response> | undefined;
  /** Rejects the guard's promise. */
  #reject: ((reason: unknown) => void) | undefined;

  constructor(timeoutMs: number, now: number) {
    this.timeoutMs = timeoutMs;
    this.at = now + timeoutMs;
  }

  /** True once the deadline passed (checked by the watchdog or by {@link AttemptDeadline.check}). */
  get expired(): boolean {
    return this.#expired;
  }

  /** The error a timed-out attempt rejects with. */
  reason(): AttemptTimeout {
    return new AttemptTimeout(`The attempt timed out after ${this.timeoutMs} ms`);
  }

  /** What to do when the deadline passes; replaces the previous stage's action. */
  onExpire(stop: ExpireAction | undefined): void {
    this.#stop = stop;
  }

  /** Ends the attempt now: marks it expired and runs the current stage's action once. */
  expire(): void {
    if (this.#expired) return;
    this.#expired = true;
    const stop = this.#stop;
    this.#stop = undefined;
    if (typeof stop === 'function') stop();
    else if (stop && 'cancel' in stop) stop.cancel(this.reason()).catch(ignore);
    else if (stop) {
      // The guard's wait for headers: it rejects now, and a response that comes later has its body cancelled.
      (this.#reject as (reason: unknown) => void)(this.reason());
      stop.then(discardBody, ignore);
    }
  }

  /** Expires the attempt when its deadline has passed at `now`; returns whether it is expired. */
  check(now: number): boolean {
    if (!this.#expired && now >= this.at) this.expire();
    return this.#expired;
  }

  /**
   * `pending`, or a rejection with {@link AttemptTimeout} when the deadline passes first. A response
   * that arrives after that has its body cancelled, so its connection is not left open.
   */
  guard(pending: Promise<Response>): Promise<Response> {
    // One executor for every guard and the response as the stage's action: no closure per attempt.
    const guarded = new Promise<Response>(capture);
    this.#stop = pending;
    this.#reject = rejectGuard;
    pending.then(resolveGuard, rejectGuard);
    return guarded;
  }
}

/** The resolving functions of the promise {@link capture} last ran for; read right after `new Promise`. */
let resolveGuard: (value: Response) => void = ignore;
let rejectGuard: (reason: unknown) => void = ignore;

function capture(resolve: (value: Response) => void, reject: (reason: unknown) => void): void {
  resolveGuard = resolve;
  rejectGuard = reject;
}

/** Discards a body that will not be read, so its connection is released. */
export function discardBody(response: Response): void {
  response.body?.cancel().catch(ignore); // a locked body refuses: ignored, as is anything cancel rejects with
}

/** Does nothing: the handler of a rejection nobody waits for. */
export function ignore(): void {}

/** Milliseconds on a monotonic clock where there is one. */
export function monotonicNow(): number {
  return globalThis.performance?.now() ?? Date.now();
}

/**
 * The watchdog of one client: the attempts in flight and one timer, set for the earliest deadline
 * among them. The timer is unref'd (it never keeps a Node process alive) and is not re-armed once
 * nothing is in flight, so an idle client holds no timer past its last deadline.
 */
export class DeadlineWatchdog {
  readonly #attempts = new Set<AttemptDeadline>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed timer fires; Infinity when none is armed. */
  #timerAt = Infinity;

  /**
   * Starts watching an attempt with `timeoutMs` (a positive number) that started at `startedAt` ({@link monotonicNow},
   * now by default); call {@link DeadlineWatchdog.finish} when it ends.
   */
  start(timeoutMs: number, startedAt?: number): AttemptDeadline {
    const now = monotonicNow();
    const deadline = new AttemptDeadline(timeoutMs, startedAt ?? now);
    this.#attempts.add(deadline);
    if (deadline.at < this.#timerAt) this.#arm(deadline.at, deadline.at - now);
    return deadline;
  }

  /** Stops watching an attempt. The timer stays armed; when it fires with nothing in flight it is not re-armed. */
  finish(deadline: AttemptDeadline): void {
    this.#attempts.delete(deadline);
  }

  /** Attempts in flight (for tests). */
  get size(): number {
    return this.#attempts.size;
  }

  #arm(at: number, delayMs: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timerAt = at;
    const timer = setTimeout(tick, Math.max(1, Math.ceil(delayMs)), this);
    (timer as { unref?: () => void }).unref?.();
    this.#timer = timer;
  }

  /** The timer fired: expire what is due, then arm for the next deadline, if any. */
  tick(): void {
    this.#timer = undefined;
    this.#timerAt = Infinity;
    const now = monotonicNow();
    let next = Infinity;
    for (const deadline of this.#attempts) {
      if (deadline.check(now)) this.#attempts.delete(deadline);
      else if (deadline.at < next) next = deadline.at;
    }
    if (next !== Infinity) this.#arm(next, next - now);
  }
}

function tick(watchdog: DeadlineWatchdog): void {
  watchdog.tick();
}

/** The request an attempt sent, for the message of its failure. */
export interface AttemptRequest {
  /** `POST`, or `GET` for the schema. */
  method: 'POST' | 'GET';
  /** The URL called; never carries the token (credentials in `baseUrl` are rejected at construction). */
  url: string;
  /** The attempts made so far, the failing one included. */
  attempts: number;
}

/**
 * The error for an attempt that got no usable response: the timeout, or a network failure. An abort of the caller's
 * is not told apart here: every caller goes on to its retry step (`waitToRetry`, with the call's signal), which
 * rejects with the call's abort error whatever the attempt failed with. A network failure's message names the
 * request's method and URL, the underlying reason (e.g. `connect ECONNREFUSED 127.0.0.1:4999`) and the attempts made
 * so far; the system code is also on `code`. The message and the whole cause chain are scrubbed of the token. Errors
 * the client raised itself pass through. (Only a failure builds the request's record: the success path allocates
 * nothing for it.)
 */
export function attemptFailure(
  error: unknown,
  deadline: AttemptDeadline | undefined,
  redact: Redactor,
  { method, url, attempts }: AttemptRequest,
  label: CallLabel = {},
): PlatformError {
  if (error instanceof PlatformError) return error;
  const target = `${method} ${redact(url)}`;
  const plural = attempts === 1 ? '' : 's';
  const cause = redactError(error, redact);
  const timedOut = deadline?.expired === true;
  const failure = timedOut ? undefined : describeNetworkFailure(error);
  const message = failure
    ? `Network error: ${target} failed after ${attempts} attempt${plural}: ${redact(failure.reason)}`
    : `The request timed out after ${deadline?.timeoutMs} ms: ${target}, ${attempts} attempt${plural} made`;
  return new NetworkError(message, {
    operationName: label.operationName,
    idempotencyKey: label.idempotencyKey,
    timedOut,
    code: failure?.code,
    attempts,
    cause,
  });
}
