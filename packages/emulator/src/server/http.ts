/**
 * The HTTP layer: routing by path and method, CORS for browser clients, and a guard so that no
 * request, however malformed, can crash the server. Every route takes the request's exchange and answers
 * through `reply()`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OAuthRoutes } from '../oauth/index.js';
import { ERROR_CODE, HEADER, MEDIA } from '../wire.js';
import { bulkTarget, handleBulkTransfer } from './bulk-route.js';
import type { ServerContext } from './context.js';
import { waitUnlessClosing } from './context.js';
import { type Exchange, openExchange } from './exchange.js';
import { isImmediate } from './fault-actions.js';
import { routeOf } from './faults.js';
import { handleGraphQL } from './graphql-route.js';
import { faultReply, planError, reply } from './reply.js';
import { parseRequestTarget } from './request-target.js';
import { send } from './responses.js';
import { handleGetSchema } from './schema-route.js';

const PREFLIGHT_HEADERS = {
  [HEADER.corsAllowMethods]: 'GET, POST, OPTIONS',
  [HEADER.corsAllowHeaders]: 'Authorization, Content-Type, API-Version, Idempotency-Key',
  [HEADER.corsMaxAge]: '600',
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
  const x = openExchange(ctx, req, res, parseRequestTarget(req.url));
  const { record } = x;
  const closed = new Promise<void>((resolve) => {
    res.on('close', () => {
      if (record.outcome === 'answered' && !res.writableFinished) record.outcome = 'dropped';
      if (res.headersSent && record.outcome === 'answered') record.status = res.statusCode;
      resolve();
    });
  });
  const handled = routeSafely(x, oauth);
  // Totals are taken when both are over: a client that hangs up mid-execution must still
  // see its mutation counted once the handler has run it. A throwing log sink cannot take the process down.
  void Promise.all([closed, handled])
    .then(() => ctx.log.close(record, ctx.now()))
    .catch(() => undefined);
}

async function routeSafely(x: Exchange, oauth: OAuthRoutes): Promise<void> {
  try {
    await route(x, oauth);
  } catch {
    if (x.res.headersSent) {
      x.res.destroy();
      return;
    }
    reply(
      x,
      planError(500, 'The emulator failed to handle this request.', ERROR_CODE.internalServerError, {}, policy(x)),
    );
  }
}

/** A 500 written without the exchange, when even opening it threw. */
function failUnexpectedly(res: ServerResponse): void {
  try {
    if (res.headersSent) return void res.destroy();
    const body = JSON.stringify({
      errors: [
        {
          message: 'The emulator failed to handle this request.',
          extensions: { code: ERROR_CODE.internalServerError },
        },
      ],
    });
    send(res, { status: 500, headers: { [HEADER.contentType]: MEDIA.json }, body });
  } catch {
    res.destroy();
  }
}

/** Answers on the API take `RateLimit-Policy`; other paths take no rate-limit header. */
function policy(x: Exchange) {
  return { rateLimit: x.api ? 'policy' : 'none' } as const;
}

async function route(x: Exchange, oauth: OAuthRoutes): Promise<void> {
  const { url, method, path } = x;
  if (!url) {
    const message = 'The request target is not a valid path or URL.';
    const headers = { [HEADER.connection]: 'close' };
    return reply(x, planError(400, message, ERROR_CODE.badRequest, {}, { headers, rateLimit: 'none' }));
  }
  if (method === 'OPTIONS' && x.api) {
    return reply(x, {
      status: 204,
      headers: PREFLIGHT_HEADERS,
      content: { kind: 'empty' },
      rateLimit: 'policy',
      spoilable: false,
    });
  }
  // `/v2/file` is where the platform's docs send uploads (https://developer.monday.com/api-reference/docs/assets).
  if (path === '/v2' || path === '/v2/file') {
    if (method === 'POST') return handleGraphQL(x);
    return methodNotAllowed(x, 'POST');
  }
  if (path === '/v2/get_schema') {
    if (method === 'GET') return handleGetSchema(x, url);
    return methodNotAllowed(x, 'GET');
  }
  if (path.startsWith('/oauth2/')) return handleOAuth(x, url, oauth);
  const bulk = bulkTarget(path);
  if (bulk) return handleBulkTransfer(x, url, bulk);
  notFound(x, url);
}

async function handleOAuth(x: Exchange, url: URL, oauth: OAuthRoutes): Promise<void> {
  x.faults = x.ctx.faults.decide(routeOf(x.method, url.pathname), false);
  await waitUnlessClosing(x.faults.latencyMs, x.ctx.closing);
  if (isImmediate(x.faults.terminal)) return reply(x, faultReply(x.faults.terminal));
  if (await oauth(x.req, x.res, url)) {
    return reply(x, {
      status: 0,
      headers: {},
      content: { kind: 'answered-elsewhere' },
      rateLimit: 'none',
      spoilable: false,
    });
  }
  notFound(x, url);
}

function notFound(x: Exchange, url: URL): void {
  reply(x, planError(404, `No route ${x.method} ${url.pathname}.`, ERROR_CODE.notFound, {}, policy(x)));
}

function methodNotAllowed(x: Exchange, allow: string): void {
  const headers = { [HEADER.allow]: allow };
  reply(
    x,
    planError(405, `Use ${allow} on this path.`, ERROR_CODE.methodNotAllowed, {}, { headers, rateLimit: 'policy' }),
  );
}
