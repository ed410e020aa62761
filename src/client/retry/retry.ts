/**
 * The retry loop: runs attempts until one succeeds or {@link decideRetry} says stop, waiting between
 * them with an abortable {@link sleep}. The decision itself lives in `./retry-policy.ts`.
 */
import type { CallLabel } from '../call-label.js';
import { NetworkError, PlatformError } from '../errors/errors.js';
import { sleep } from '../request/sleep.js';
import type { RetryReason } from '../types.js';
import { decideRetry, type RetryPolicy } from './retry-policy.js';

/** How the loop runs for one call. */
export interface RetryLoopOptions {
  policy: RetryPolicy;
  /** The caller's signal: aborting it ends the wait between attempts at once. */
  signal?: AbortSignal;
  /** True for queries and for mutations carrying an Idempotency-Key. */
  repeatable: boolean;
  /** Told about each retry before the wait starts. */
  onRetry?(event: { attempt: number; reason: RetryReason; delayMs: number; error: Error; requestId?: string }): void;
  /** Source of jitter; defaults to Math.random. */
  random?: () => number;
  /** The call, named by the error thrown when the caller aborts during a wait. */
  label?: CallLabel;
}

/** The error for a call the caller aborted. */
export function abortedError(signal: AbortSignal | undefined, label: CallLabel = {}): NetworkError {
  return new NetworkError('The call was aborted', {
    operationName: label.operationName,
    idempotencyKey: label.idempotencyKey,
    aborted: true,
    cause: signal?.reason,
  });
}

/** Runs `attempt(1)`, `attempt(2)`, … until one resolves or the policy gives up; rethrows the last error. */
export async function withRetry<T>(attempt: (attempt: number) => Promise<T>, options: RetryLoopOptions): Promise<T> {
  let waitedMs = 0;
  for (let number = 1; ; number += 1) {
    try {
      return await attempt(number);
    } catch (error) {
      waitedMs += await waitToRetry(error, number, waitedMs, options);
    }
  }
}

/**
 * After attempt `attempt` failed with `error` (`waitedMs` already spent between earlier attempts): tells `onRetry`,
 * waits the policy's delay and resolves with it, or rejects with the error the call ends with (the caller's abort
 * when it aborted). The call's first attempt can run outside any loop and come here only when it fails.
 */
export async function waitToRetry(
  error: unknown,
  attempt: number,
  waitedMs: number,
  options: RetryLoopOptions,
): Promise<number> {
  const { signal } = options;
  // The one place an abort during an attempt is named: whatever the attempt failed with, the call ends with its abort.
  if (signal?.aborted) throw abortedError(signal, options.label);
  const decision = decideRetry(
    error,
    { attempt, waitedMs, random: (options.random ?? Math.random)(), repeatable: options.repeatable },
    options.policy,
  );
  if (!decision.retry) throw error;
  const failure = error instanceof Error ? error : new PlatformError(String(error));
  const requestId = failure instanceof PlatformError ? failure.requestId : undefined;
  options.onRetry?.({
    attempt,
    reason: decision.reason,
    delayMs: decision.delayMs,
    error: failure,
    ...(requestId === undefined ? {} : { requestId }),
  });
  try {
    await sleep(decision.delayMs, signal);
  } catch {
    throw abortedError(signal, options.label);
  }
  return decision.delayMs;
}
