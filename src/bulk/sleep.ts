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
