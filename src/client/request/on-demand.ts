/**
 * The SDK's code that loads on demand (the AST printer, the upload form, the throttle's refusal wording; the error
 * factory has a door of its own, `../errors/response-error.ts`): a load that fails rejects the call, unsent, with a {@link PlatformError} that names what did
 * not load, the failure as its cause (`test/e2e/on-demand-code.test.ts`, from the built package). A call that waits
 * for a load mid-attempt (the error factory) stops waiting at its deadline or its signal, whichever comes first
 * ({@link loadWithin}; `test/e2e/on-demand-deadline.test.ts`).
 */
import { PlatformError } from '../errors/errors.js';
import type { AttemptDeadline } from './attempt-deadline.js';

/**
 * Waits for `load` (which never rejects) until it settles, `signal` aborts or `deadline` expires (the caller starts
 * and finishes the deadline on its watchdog): true when the load finished first. A slow chunk then holds neither the
 * call nor its throttle permit past the call's own bounds: with the chunk delayed 8 s, a call with a 1 s timeout
 * once settled after 8.1 s.
 */
export async function loadWithin(
  load: Promise<void>,
  signal: AbortSignal | undefined,
  deadline: AttemptDeadline | undefined,
): Promise<boolean> {
  let stop!: () => void;
  const loaded = await new Promise<boolean>((resolve) => {
    stop = () => resolve(false);
    signal?.addEventListener('abort', stop);
    deadline?.onExpire(stop); // (the caller finishes the deadline, which drops its action)
    if (signal?.aborted) stop();
    load.then(() => resolve(true));
  });
  signal?.removeEventListener('abort', stop);
  return loaded;
}

/** `load`, or a rejection with a PlatformError naming `what` when it fails. */
export function loadOnDemand<T>(load: Promise<T>, what: string): Promise<T> {
  return load.catch((cause: unknown) => {
    throw new PlatformError(`The SDK's ${what} did not load (a chunk of the app's bundle missing?); not sent`, {
      cause,
    });
  });
}
