/**
 * GET /v2/get_schema: the schema of a version, as SDL text (`format=sdl`) or introspection JSON. No auth.
 * Order: the faults chosen for the route (latency, then one that replaces handling), then a version not served
 * (400 UNSUPPORTED_API_VERSION); the schema itself may be spoiled by a delivery fault.
 */
import { ERROR_CODE, HEADER, MEDIA, ROUTE } from '../wire.js';
import { waitUnlessClosing } from './context.js';
import { type Exchange, headerOf, learn } from './exchange.js';
import { isImmediate } from './fault-actions.js';
import { faultReply, planError, reply } from './reply.js';

/** Handles one GET /v2/get_schema request. */
export async function handleGetSchema(x: Exchange, url: URL): Promise<void> {
  const { ctx } = x;
  x.faults = ctx.faults.decide(ROUTE.schema, false);
  await waitUnlessClosing(x.faults.latencyMs, ctx.closing);
  if (isImmediate(x.faults.terminal)) return reply(x, faultReply(x.faults.terminal));
  const requested = url.searchParams.get('version') ?? headerOf(x, HEADER.apiVersion);
  const version = ctx.versions.resolve(requested);
  if (!version.ok) {
    const extra = { supported_versions: ctx.versions.supported };
    return reply(x, planError(400, version.message, ERROR_CODE.unsupportedApiVersion, extra, { rateLimit: 'policy' }));
  }
  learn(x, { version: version.version });
  const sdl = url.searchParams.get('format') === 'sdl';
  const text = sdl ? ctx.engine.sdl(version.version) : JSON.stringify(ctx.engine.introspection(version.version));
  reply(x, {
    status: 200,
    headers: { [HEADER.contentType]: sdl ? MEDIA.text : MEDIA.json, [HEADER.cacheControl]: 'no-cache' },
    content: { kind: 'text', text },
    rateLimit: 'policy',
    spoilable: true,
  });
}
