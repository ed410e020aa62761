/**
 * The pipeline context of each client, for the free functions that run calls through a client (`paginate`,
 * `getSchema`) without being methods of it: a bundle that never calls them leaves them out.
 */
import type { PipelineContext } from './context.js';
import { PlatformConfigError } from './errors/errors.js';

const contexts = new WeakMap<object, PipelineContext>();

/** Records the context of a new client. */
export function registerContext(client: object, context: PipelineContext): void {
  contexts.set(client, context);
}

/** The context of `client`; throws PlatformConfigError when it is not a `PlatformClient`. */
export function contextOf(client: unknown): PipelineContext {
  const context = typeof client === 'object' && client !== null ? contexts.get(client) : undefined;
  if (!context) throw new PlatformConfigError('Pass the PlatformClient to run the call with as the first argument.');
  return context;
}
