/**
 * The error factory's door. A response that is no GraphQL success needs the factory (`./error-factory.ts`) to pick
 * its error class; a success never does. So the factory loads on demand, once, at the first failed response: an
 * app's bundler puts it in a chunk of its own, which an app whose calls succeed never downloads.
 *
 * | rule | where |
 * |---|---|
 * | which responses need the factory: all but a GraphQL success | `error-info.ts`: isGraphQLSuccess (the caller asks) |
 * | loaded once; its load is awaited before the response is interpreted, so a response's observation and its permit's release stay in one turn | `loadErrorFactory` |
 * | a factory that fails to load (its chunk gone after an app's redeploy, say): the error still names the status and request id, with the load failure as its cause; a 429 stays a `RateLimitError` (retried, and it pauses the throttle), anything else an `HttpError`; the next failed response tries the load again | `responseError` |
 */
import type * as Factory from './error-factory.js';
import { requestIdOf } from './error-info.js';
import { HttpError, type PlatformError, RateLimitError } from './errors.js';

let factory: typeof Factory | undefined;
let loading: Promise<void> | undefined;
/** Why the last load failed, until one succeeds. */
let loadFailure: unknown;

/** Loads the error factory: undefined once it is loaded, else the promise of its load (which never rejects). */
export function loadErrorFactory(): Promise<void> | undefined {
  if (factory) return undefined;
  loading ??= import('./error-factory.js').then(
    (module) => {
      factory = module;
    },
    (error: unknown) => {
      loadFailure = error;
      loading = undefined;
    },
  );
  return loading;
}

/**
 * The error a response stands for, or undefined for a success; {@link loadErrorFactory} has been awaited. Without
 * the factory (its load failed), the error the status alone says.
 */
export function responseError(facts: Factory.ResponseFacts): PlatformError | undefined {
  if (factory) return factory.createResponseError(facts);
  const { status, rateLimit, operationName, idempotencyKey } = facts;
  return new (status === 429 ? RateLimitError : HttpError)(
    `HTTP ${status}: the SDK's error module did not load, so the response was not read further`,
    {
      status,
      rateLimit,
      operationName,
      idempotencyKey,
      requestId: requestIdOf(facts.payload, facts.redact),
      cause: loadFailure,
    },
  );
}
