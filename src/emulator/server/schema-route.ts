/**
 * GET /v2/get_schema: the schema of a version, as SDL text (`format=sdl`) or introspection JSON. No auth.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ServerContext, sleep } from './context.js';
import { actImmediately, deliver, isImmediate } from './fault-actions.js';
import type { RequestRecord } from './log.js';
import { jsonError, type PlannedResponse, send } from './responses.js';

/** Handles one GET /v2/get_schema request. */
export async function handleGetSchema(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  record: RequestRecord,
): Promise<void> {
  const faults = ctx.faults.decide('GET /v2/get_schema', false);
  if (faults.latencyMs > 0) record.fault = 'latency';
  await sleep(faults.latencyMs, ctx.closing);
  if (isImmediate(faults.terminal)) return actImmediately(res, faults.terminal, record);
  const requested = url.searchParams.get('version') ?? firstHeader(req.headers['api-version']);
  const version = ctx.versions.resolve(requested);
  if (!version.ok) {
    const planned = jsonError(400, version.message, 'UNSUPPORTED_API_VERSION', {
      supported_versions: ctx.versions.supported,
    });
    record.status = planned.status;
    record.errorCode = 'UNSUPPORTED_API_VERSION';
    return send(res, planned);
  }
  record.version = version.version;
  const headers = { 'api-version': version.version, 'cache-control': 'no-cache' };
  const planned: PlannedResponse =
    url.searchParams.get('format') === 'sdl'
      ? {
          status: 200,
          headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' },
          body: ctx.engine.sdl(version.version),
        }
      : {
          status: 200,
          headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(ctx.engine.introspection(version.version)),
        };
  deliver(res, planned, faults.terminal, record);
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
