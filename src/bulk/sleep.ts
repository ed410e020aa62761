/** Waiting that a signal cuts short. */

/**
 * Resolves after `ms` milliseconds, or rejects with the signal's reason as soon as `signal` aborts (at once when it
 * already has). The timer is cleared either way, so an aborted import leaves nothing pending.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Waits until `ms` have passed on the `now` clock, checking it at least every `stepMs` of real time: with the real
 * clock that is `ms` (woken every `stepMs`), with a clock that runs faster (a test's, compressed) correspondingly less.
 * @throws the signal's reason as soon as `signal` aborts.
 */
export async function sleepOnClock(now: () => number, ms: number, stepMs: number, signal?: AbortSignal): Promise<void> {
  const until = now() + ms;
  for (let left = ms; left > 0; left = until - now()) await sleep(Math.min(left, stepMs), signal);
}
