/**
 * `workspace-platform-sdk/webhooks/node`: the webhook handler as a Node `(req, res)` listener, for `node:http`,
 * Express, Connect and any framework that hands over Node's `IncomingMessage` and `ServerResponse`:
 *
 * ```ts
 * // fragment
 * createServer(createNodeWebhookHandler({ signingSecret, audience, onEvent })).listen(3000);
 * app.post('/webhooks', createNodeWebhookHandler({ signingSecret, audience, onEvent }));  // Express
 * ```
 *
 * Rule map:
 * - the body is streamed to the handler as it asks for it, never read ahead: the handler checks the credential
 *   first and stops at `maxBodyBytes`, so a refused request has at most what the socket already buffered read from
 *   it; a request whose body was not read to its end is answered with `Connection: close`, and what is left of it is
 *   drained (discarded) up to 64 KiB so the sender can read the answer, then the socket is closed;
 * - a body a framework's body parser already read (`req.body`: bytes, text or parsed JSON) is used as it is; the
 *   platform's JWT signs the claims, not the body bytes, so re-encoding parsed JSON verifies alike;
 * - the request's URL is the one the client asked for (`req.originalUrl` where a router mounted the handler under a
 *   path, else `req.url`), so the `Request` handed to `onEvent` names the endpoint;
 * - a request the Fetch API cannot carry (a method it forbids, such as `TRACE`; a Host or path that makes a URL with
 *   credentials; a parsed body that is not JSON-writable) is answered by the adapter, never thrown on the server:
 *   405 `wrong-method` for a method other than POST, else 400 `malformed`, told to `onRefused` like any refusal;
 * - an error of the handler itself (a wrong option found per request) goes to `next` when given (Express), else 500.
 * Types only are taken from `node:http`; nothing is imported at run time but the handler.
 * Pinned by test/webhooks/node-adapter.test.ts.
 *
 * @packageDocumentation
 * @module workspace-platform-sdk/webhooks/node
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebhookVerificationError } from './errors.js';
import { createWebhookHandler, type WebhookHandlerOptions } from './handler.js';

/** A Node request as routers hand it over: Express and Connect add `originalUrl`, body parsers `body`. */
export type NodeWebhookRequest = IncomingMessage & {
  /** The URL the client asked for, which Express sets when a router mounted the handler under a path. */
  originalUrl?: string;
  /** The body a framework's body parser already read (bytes, text or parsed JSON), used as it is. */
  body?: unknown;
};

/** A Node `(req, res)` listener; `next` (Express, Connect) gets the handler's own errors. */
export type NodeWebhookListener = (
  req: NodeWebhookRequest,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/**
 * Creates the webhook handler of {@link createWebhookHandler} as a Node `(req, res)` listener.
 * @throws TypeError, RangeError for options that are wrong (an empty `signingSecret` among them), as
 * {@link createWebhookHandler} does, at start-up.
 */
export function createNodeWebhookHandler(options: WebhookHandlerOptions): NodeWebhookListener {
  return nodeListener(createWebhookHandler(options), options.onRefused);
}

/**
 * Serves a Fetch-API handler (`createWebhookHandler`'s, or one wrapping it) as a Node `(req, res)` listener.
 * @throws TypeError when `handle` is not a function.
 */
export function toNodeHandler(handle: (request: Request) => Promise<Response>): NodeWebhookListener {
  if (typeof handle !== 'function') throw new TypeError('toNodeHandler needs the handler function.');
  return nodeListener(handle);
}

/** The listener of {@link toNodeHandler}; `onRefused` is told about requests the adapter itself refuses. */
function nodeListener(
  handle: (request: Request) => Promise<Response>,
  onRefused?: (error: WebhookVerificationError) => void,
): NodeWebhookListener {
  return (req, res, next) => {
    let converted: { request: Request; body: BodyState };
    try {
      converted = toRequest(req, res);
    } catch {
      void send(unreadable(req, onRefused), req, res, { ended: req.body !== undefined }).catch(() => req.destroy());
      return;
    }
    const { request, body } = converted;
    handle(request)
      .then((response) => send(response, req, res, body))
      .catch((error: unknown) => {
        if (next) return next(error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify({ error: 'internal' }));
      });
  };
}

/**
 * The answer to a request that cannot be made a Fetch `Request`: 405 for a method other than POST (webhooks are
 * POSTs; the Fetch API forbids `TRACE`, `TRACK` and `CONNECT`), else 400. The error thrown while converting is not
 * kept: its message can quote the URL, credentials included.
 */
function unreadable(req: IncomingMessage, onRefused?: (error: WebhookVerificationError) => void): Response {
  const error =
    req.method !== 'POST'
      ? new WebhookVerificationError('wrong-method', 'Webhooks are POST requests.')
      : new WebhookVerificationError('malformed', 'The request cannot be read as a Fetch Request (URL or body).');
  try {
    onRefused?.(error);
  } catch {
    // A hook that throws must not turn a refusal into an unanswered request.
  }
  return new Response(JSON.stringify({ error: error.reason }), {
    status: error.reason === 'wrong-method' ? 405 : 400,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Most bytes of an unread body discarded after the answer, so a client that sent a small body reads the answer
 * rather than a reset connection; past it the socket is closed.
 */
const DRAIN_LIMIT_BYTES = 64 * 1024;

/** Whether the handler read the request's body to its end. */
interface BodyState {
  ended: boolean;
}

/** The Fetch `Request` of `req`: its URL, headers, a body read only as the handler asks, and a signal for the client. */
function toRequest(req: NodeWebhookRequest, res: ServerResponse): { request: Request; body: BodyState } {
  const state: BodyState = { ended: req.body !== undefined || req.method === 'GET' || req.method === 'HEAD' };
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      try {
        headers.append(name, one);
      } catch {
        // A header the Fetch API cannot carry (a stray control character) is left out, not fatal.
      }
    }
  }
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: controller.signal };
  if (method !== 'GET' && method !== 'HEAD') {
    if (req.body !== undefined) {
      init.body = parsedBody(req.body);
    } else {
      init.body = bodyStream(req, state);
      init.duplex = 'half';
    }
  }
  return { request: new Request(urlOf(req), init), body: state };
}

/** The body a body parser left: bytes and text as they are, anything else as JSON. */
function parsedBody(body: unknown): BodyInit {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return new Uint8Array(body);
  return JSON.stringify(body) ?? '';
}

/** `req`'s body as a stream pulled chunk by chunk: nothing is read before the handler reads it. */
function bodyStream(req: IncomingMessage, state: BodyState): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        const next = await chunks.next();
        if (next.done) {
          state.ended = true;
          controller.close();
        } else {
          const chunk = next.value;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        }
      },
      cancel() {
        // The handler stopped at its limit: read nothing more (the socket is closed once the answer is written).
        req.pause();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The URL the client asked for, on the host it named (`localhost` when the Host header is not one). */
function urlOf(req: NodeWebhookRequest): string {
  const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  const path = req.originalUrl ?? req.url ?? '/';
  const origin = `${encrypted ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`;
  try {
    return new URL(path, origin).href;
  } catch {
    return new URL(path.startsWith('/') ? path : '/', `${encrypted ? 'https' : 'http'}://localhost`).href;
  }
}

/** Writes `response`; a body left unread is never read: the connection closes once the answer is out. */
async function send(response: Response, req: IncomingMessage, res: ServerResponse, body: BodyState): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (!body.ended) {
    headers.connection = 'close';
    res.once('finish', () => {
      let drained = 0;
      req.on('data', (chunk: Buffer) => {
        drained += chunk.byteLength;
        if (drained > DRAIN_LIMIT_BYTES) req.destroy();
      });
      req.on('error', () => undefined);
      req.resume();
    });
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  res.writeHead(response.status, headers);
  res.end(bytes);
}
