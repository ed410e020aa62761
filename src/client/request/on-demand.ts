/**
 * The SDK's code that loads on demand (the AST printer, the upload form; the error factory has a door of its own,
 * `../errors/response-error.ts`): a load that fails rejects the call, unsent, with a {@link PlatformError} that names what did
 * not load, the failure as its cause (`test/e2e/on-demand-code.test.ts`, from the built package). A call that waits
 * for a load mid-attempt (the error factory) stops waiting at its deadline or its signal, whichever comes first
 * ({@link loadWithin}; `test/e2e/on-demand-deadline.test.ts`).
 */
import { PlatformError } from '../errors/errors.js';
import type { AttemptDeadline } from './attempt-deadline.js';

/** How a wait for a load ended: the load finished, or the call stopped waiting. */
export type LoadOutcome = 'loaded' | 'aborted' | 'timed-out';

/**
 * Waits for `load` (which never rejects) until it settles, `signal` aborts or `deadline` expires (the caller starts
 * and finishes the deadline on its watchdog). A slow chunk then holds neither the call nor its throttle permit past
 * the call's own bounds: with the chunk delayed 8 s, a call with a 1 s timeout once settled after 8.1 s.
 */
export function loadWithin(
  load: Promise<void>,
  signal: AbortSignal | undefined,
  deadline: AttemptDeadline | undefined,
): Promise<LoadOutcome> {
  if (signal?.aborted) return Promise.resolve('aborted');
  if (!signal && !deadline) return load.then(() => 'loaded');
  return new Promise<LoadOutcome>((resolve) => {
    const finish = (outcome: LoadOutcome) => {
      signal?.removeEventListener('abort', onAbort);
      deadline?.onExpire(undefined);
      resolve(outcome);
    };
    const onAbort = () => finish('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    deadline?.onExpire(() => finish('timed-out'));
    load.then(() => finish('loaded'));
  });
}

/** `load`, or a rejection with a PlatformError naming `what` when it fails. */
export function loadOnDemand<T>(load: Promise<T>, what: string): Promise<T> {
  return load.catch((cause: unknown) => {
    throw new PlatformError(`The SDK's ${what} did not load (a chunk of the app's bundle missing?); not sent`, {
      cause,
    });
  });
}
