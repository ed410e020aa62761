/**
 * The HTTP layer: routing by path and method, CORS for browser clients, and a guard so that no
 * request, however malformed, can crash the server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OAuthRoutes } from '../oauth/index.js';
import { type ServerContext, sleep } from './context.js';
import { actImmediately, isImmediate } from './fault-actions.js';
import { routeOf } from './faults.js';
import { handleGraphQL } from './graphql-route.js';
import type { RequestRecord } from './log.js';
import { rateLimitPolicyHeader } from './rate-limit-headers.js';
import { jsonError, send } from './responses.js';
import { handleGetSchema } from './schema-route.js';

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'RateLimit, RateLimit-Policy, Retry-After, Idempotency-Replayed, API-Version, Content-Length',
};

const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, API-Version, Idempotency-Key',
  'access-control-max-age': '600',
};

/** Builds the request listener of one emulator. */
export function createRequestListener(ctx: ServerContext, oauth: OAuthRoutes) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const record = ctx.log.open(method, url.pathname, req.headers, ctx.now());
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    if (url.pathname.startsWith('/v2')) res.setHeader('ratelimit-policy', rateLimitPolicyHeader(ctx.limiter.limits));
    const closed = new Promise<void>((resolve) => {
      res.on('close', () => {
        if (record.outcome === 'answered' && !res.writableFinished) record.outcome = 'dropped';
        if (res.headersSent && record.outcome === 'answered') record.status = res.statusCode;
        resolve();
      });
    });
    const handled = route(ctx, oauth, req, res, url, method, record).catch(() => {
      if (res.headersSent) return void res.destroy();
      record.status = 500;
      send(res, jsonError(500, 'The emulator failed to handle this request.', 'INTERNAL_SERVER_ERROR'));
    });
    // Totals are taken when both are over: a client that hangs up mid-execution must still
    // see its mutation counted once the handler has run it.
    void Promise.all([closed, handled]).then(() => ctx.log.close(record, ctx.now()));
  };
}

async function route(
  ctx: ServerContext,
  oauth: OAuthRoutes,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  method: string,
  record: RequestRecord,
): Promise<void> {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (method === 'OPTIONS') {
    record.status = 204;
    res.writeHead(204, PREFLIGHT_HEADERS).end();
    return;
  }
  if (path === '/v2') {
    if (method === 'POST') return handleGraphQL(ctx, req, res, record);
    return methodNotAllowed(res, record, 'POST');
  }
  if (path === '/v2/get_schema') {
    if (method === 'GET') return handleGetSchema(ctx, req, res, url, record);
    return methodNotAllowed(res, record, 'GET');
  }
  if (path.startsWith('/oauth2/')) return handleOAuth(ctx, oauth, req, res, url, method, record);
  notFound(req, res, url, method, record);
}

async function handleOAuth(
  ctx: ServerContext,
  oauth: OAuthRoutes,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  method: string,
  record: RequestRecord,
): Promise<void> {
  const faults = ctx.faults.decide(routeOf(method, url.pathname), false);
  if (faults.latencyMs > 0) record.fault = 'latency';
  await sleep(faults.latencyMs, ctx.closing);
  if (isImmediate(faults.terminal)) return actImmediately(res, faults.terminal, record);
  if (await oauth(req, res, url)) {
    record.status = res.statusCode;
    return;
  }
  notFound(req, res, url, method, record);
}

function notFound(req: IncomingMessage, res: ServerResponse, url: URL, method: string, record: RequestRecord): void {
  record.status = 404;
  req.resume();
  send(res, jsonError(404, `No route ${method} ${url.pathname}.`, 'NOT_FOUND'));
}

function methodNotAllowed(res: ServerResponse, record: RequestRecord, allow: string): void {
  record.status = 405;
  res.req.resume();
  send(res, jsonError(405, `Use ${allow} on this path.`, 'METHOD_NOT_ALLOWED', {}, { allow }));
}
