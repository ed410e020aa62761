/**
 * The SDK's code that loads on demand (the AST printer, the upload form; the error factory has a door of its own,
 * `../errors/response-error.ts`): a load that fails rejects the call, unsent, with a {@link PlatformError} that names what did
 * not load, the failure as its cause (`test/e2e/on-demand-code.test.ts`, from the built package).
 */
import { PlatformError } from '../errors/errors.js';

/** `load`, or a rejection with a PlatformError naming `what` when it fails. */
export function loadOnDemand<T>(load: Promise<T>, what: string): Promise<T> {
  return load.catch((cause: unknown) => {
    throw new PlatformError(`The SDK's ${what} did not load (a chunk of the app's bundle missing?); not sent`, {
      cause,
    });
  });
}
