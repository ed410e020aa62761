/**
 * The signal of one attempt: aborts when the caller's signal does or when the per-attempt timeout
 * fires, whichever comes first. `dispose()` clears the timer and the listener, so nothing is left behind.
 */
import { NetworkError, PlatformError } from './errors.js';
import { describeNetworkFailure } from './network-failure.js';
import type { Redactor } from './redact.js';
import { abortedError } from './retry.js';

/** One attempt's abort signal and how it ended. */
export interface AttemptSignal {
  /** Pass to fetch; undefined when there is neither a caller signal nor a timeout. */
  readonly signal: AbortSignal | undefined;
  /** True once the timeout fired (and the caller had not aborted first). */
  timedOut(): boolean;
  /** Clears the timer and the listener on the caller's signal. Call it when the attempt is over. */
  dispose(): void;
}

/** Error a timed-out attempt is aborted with. */
function timeoutReason(timeoutMs: number): Error {
  const message = `The attempt timed out after ${timeoutMs} ms`;
  return typeof DOMException === 'function' ? new DOMException(message, 'TimeoutError') : new Error(message);
}

/** The attempt signal when there is neither a caller signal nor a timeout: nothing to set up or clear. */
const NO_ATTEMPT_SIGNAL: AttemptSignal = { signal: undefined, timedOut: () => false, dispose() {} };

/**
 * One controller, one timer and (with a caller signal) one listener per attempt; the class keeps the
 * hot path free of per-call closures. The timer gets the instance as its argument.
 */
class TimedAttemptSignal implements AttemptSignal {
  readonly #controller = new AbortController();
  readonly #caller: AbortSignal | undefined;
  readonly #timeoutMs: number;
  readonly #timer: ReturnType<typeof setTimeout>;
  #fired = false;

  constructor(caller: AbortSignal | undefined, timeoutMs: number) {
    this.#caller = caller;
    this.#timeoutMs = timeoutMs;
    this.#timer = setTimeout(fireTimeout, timeoutMs, this);
    if (caller?.aborted) this.handleEvent();
    else caller?.addEventListener('abort', this, { once: true });
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  timedOut(): boolean {
    return this.#fired && !this.#caller?.aborted;
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#caller?.removeEventListener('abort', this);
  }

  /** The caller aborted: stop the timer and abort the attempt with the caller's reason. */
  handleEvent(): void {
    clearTimeout(this.#timer);
    this.#controller.abort(this.#caller?.reason);
  }

  /** The timeout fired. */
  fire(): void {
    this.#fired = true;
    this.#controller.abort(timeoutReason(this.#timeoutMs));
  }
}

function fireTimeout(attempt: TimedAttemptSignal): void {
  attempt.fire();
}

/** Combines the caller's signal with a per-attempt timeout (`0` for none). */
export function createAttemptSignal(caller: AbortSignal | undefined, timeoutMs: number): AttemptSignal {
  if (timeoutMs > 0) return new TimedAttemptSignal(caller, timeoutMs);
  return caller ? { signal: caller, timedOut: () => false, dispose() {} } : NO_ATTEMPT_SIGNAL;
}

/** The request an attempt sent, for the message of its failure. */
export interface AttemptRequest {
  method: string;
  /** The URL called; never carries the token (credentials in `baseUrl` are rejected at construction). */
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
}

/**
 * The error for an attempt that got no response: the caller's abort, the timeout, or a network
 * failure. A network failure's message names the method and URL, the underlying reason (e.g.
 * `connect ECONNREFUSED 127.0.0.1:4999`) and the attempts made so far, scrubbed of the token; the
 * system code is also on `code`. Errors the client raised itself pass through.
 */
export function attemptFailure(
  error: unknown,
  attempt: AttemptSignal,
  caller: AbortSignal | undefined,
  context: {
    timeoutMs: number;
    redact: Redactor;
    request: AttemptRequest;
    details?: { operationName?: string; idempotencyKey?: string };
  },
): PlatformError {
  const details = context.details ?? {};
  if (caller?.aborted) return abortedError(caller, details);
  if (error instanceof PlatformError) return error;
  const { method, url, attempt: attempts } = context.request;
  const target = `${method} ${context.redact(url)}`;
  const plural = attempts === 1 ? '' : 's';
  if (attempt.timedOut()) {
    return new NetworkError(`The request timed out after ${context.timeoutMs} ms: ${target}, ${attempts} attempt${plural} made`, {
      ...details,
      timedOut: true,
      attempts,
      cause: error,
    });
  }
  const failure = describeNetworkFailure(error);
  return new NetworkError(`Network error: ${target} failed after ${attempts} attempt${plural}: ${context.redact(failure.reason)}`, {
    ...details,
    code: failure.code,
    attempts,
    cause: error,
  });
}
