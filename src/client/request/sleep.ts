/**
 * An abortable sleep built on `setTimeout` and `AbortSignal` only, so it runs on every supported runtime.
 */

import { MAX_TIMER_DELAY_MS } from '../constants.js';

/** Re-exported for the modules that wait in steps beside `sleep`; defined in `../constants.ts`. */
export { MAX_TIMER_DELAY_MS };

/**
 * Waits `ms` milliseconds.
 *
 * Rejects with `signal.reason` as soon as `signal` aborts (at once when it already has), clearing its timer so
 * nothing is left running. A delay of zero or less (or NaN) resolves on the next microtask.
 *
 * @param ms - How long to wait, in milliseconds. Delays beyond the timer limit are waited in steps.
 * @param signal - Cancels the wait.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (!(ms > 0)) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const endsAt = Date.now() + ms;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const done = (): void => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    // A wait past the timer limit is made of steps: each step waits what is left, at most the limit.
    const arm = (): void => {
      const left = endsAt - Date.now();
      timer = setTimeout(left > MAX_TIMER_DELAY_MS ? arm : done, Math.min(left, MAX_TIMER_DELAY_MS));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    arm();
  });
}
