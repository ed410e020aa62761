/**
 * The signal of one attempt: aborts when the caller's signal does or when the per-attempt timeout
 * fires, whichever comes first. `dispose()` clears the timer and the listener, so nothing is left behind.
 */
import { NetworkError, PlatformError } from './errors.js';
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

/** Combines the caller's signal with a per-attempt timeout (`0` for none). */
export function createAttemptSignal(caller: AbortSignal | undefined, timeoutMs: number): AttemptSignal {
  if (timeoutMs <= 0) return { signal: caller, timedOut: () => false, dispose() {} };
  const controller = new AbortController();
  let fired = false;
  const timer = setTimeout(() => {
    fired = true;
    controller.abort(timeoutReason(timeoutMs));
  }, timeoutMs);
  const onAbort = (): void => {
    clearTimeout(timer);
    controller.abort(caller?.reason);
  };
  if (caller?.aborted) onAbort();
  else caller?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => fired && !caller?.aborted,
    dispose() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * The error for an attempt that got no response: the caller's abort, the timeout, or a network
 * failure (its message scrubbed of the token). Errors the client raised itself pass through.
 */
export function attemptFailure(
  error: unknown,
  attempt: AttemptSignal,
  caller: AbortSignal | undefined,
  context: { timeoutMs: number; redact: Redactor; details?: { operationName?: string; idempotencyKey?: string } },
): PlatformError {
  const details = context.details ?? {};
  if (caller?.aborted) return abortedError(caller, details);
  if (error instanceof PlatformError) return error;
  if (attempt.timedOut()) {
    return new NetworkError(`The request timed out after ${context.timeoutMs} ms`, { ...details, timedOut: true, cause: error });
  }
  const reason = error instanceof Error ? context.redact(error.message) : 'unknown failure';
  return new NetworkError(`Network error: ${reason}`, { ...details, cause: error });
}
