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
import { parseRequestTarget, printableTarget } from './request-target.js';
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

/**
 * Builds the request listener of one emulator. Nothing escapes it: a target that is no URL gets a 400, and
 * anything thrown while answering (synchronously or not) ends in a 500, or a closed connection once headers went out.
 */
export function createRequestListener(ctx: ServerContext, oauth: OAuthRoutes) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    try {
      listen(ctx, oauth, req, res);
    } catch {
      failUnexpectedly(res);
    }
  };
}

function listen(ctx: ServerContext, oauth: OAuthRoutes, req: IncomingMessage, res: ServerResponse): void {
  const method = (req.method ?? 'GET').toUpperCase();
  const url = parseRequestTarget(req.url);
  const record = ctx.log.open(method, url ? url.pathname : printableTarget(req.url), req.headers, ctx.now());
  // Only the API is open to other origins: the OAuth pages must not be readable by a third-party page.
  if (url && isApiPath(url.pathname))
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
  const closed = new Promise<void>((resolve) => {
    res.on('close', () => {
      if (record.outcome === 'answered' && !res.writableFinished) record.outcome = 'dropped';
      if (res.headersSent && record.outcome === 'answered') record.status = res.statusCode;
      resolve();
    });
  });
  const handled = url ? routeSafely(ctx, oauth, req, res, url, method, record) : badTarget(req, res, record);
  // Totals are taken when both are over: a client that hangs up mid-execution must still
  // see its mutation counted once the handler has run it. A throwing log sink cannot take the process down.
  void Promise.all([closed, handled])
    .then(() => ctx.log.close(record, ctx.now()))
    .catch(() => undefined);
}

async function routeSafely(
  ctx: ServerContext,
  oauth: OAuthRoutes,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  method: string,
  record: RequestRecord,
): Promise<void> {
  try {
    if (isApiPath(url.pathname)) res.setHeader('ratelimit-policy', rateLimitPolicyHeader(ctx.limiter.limits));
    await route(ctx, oauth, req, res, url, method, record);
  } catch {
    record.status = 500;
    failUnexpectedly(res);
  }
}

async function badTarget(req: IncomingMessage, res: ServerResponse, record: RequestRecord): Promise<void> {
  record.status = 400;
  req.resume();
  send(
    res,
    jsonError(400, 'The request target is not a valid path or URL.', 'BAD_REQUEST', {}, { connection: 'close' }),
  );
}

function failUnexpectedly(res: ServerResponse): void {
  try {
    if (res.headersSent) return void res.destroy();
    send(res, jsonError(500, 'The emulator failed to handle this request.', 'INTERNAL_SERVER_ERROR'));
  } catch {
    res.destroy();
  }
}

function isApiPath(pathname: string): boolean {
  return pathname === '/v2' || pathname.startsWith('/v2/');
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
  if (method === 'OPTIONS' && isApiPath(path)) {
    record.status = 204;
    res.writeHead(204, PREFLIGHT_HEADERS).end();
    return;
  }
  // `/v2/file` is where the platform's docs send uploads (https://developer.monday.com/api-reference/docs/assets).
  if (path === '/v2' || path === '/v2/file') {
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
