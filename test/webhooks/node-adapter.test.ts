/**
 * The webhook handler as a Node `(req, res)` listener over a real `node:http` server: one line serves it, the body
 * is read only as the handler asks (a request without a credential or past `maxBodyBytes` is refused with little of
 * its body read, however much is sent), and mounted under a path as Express mounts it, with or without a body parser.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../src/webhooks/index.js';
import { signJwt as signWebhookToken } from '../../src/webhooks/jwt.js';
import { createNodeWebhookHandler, type NodeWebhookListener, toNodeHandler } from '../../src/webhooks/node.js';

const SECRET = 'whsec-node-0123456789abcdef';
const EVENT = { type: 'create_pulse', triggerUuid: 'node-1', boardId: 3001, pulseId: 42, pulseName: 'Node' };

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
  server = undefined;
});

/** What the server saw of each request once it answered: status and bytes read from the socket. */
interface Seen {
  status: number;
  bytesRead: number;
}

async function serve(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    res.once('finish', () => seen.push({ status: res.statusCode, bytesRead: req.socket.bytesRead }));
    listener(req, res);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function token(aud: string): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return signWebhookToken({ accountId: 1, userId: 7, aud, iat, exp: iat + 300 }, SECRET);
}

async function post(url: string, body: unknown, authorization?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization) headers.authorization = authorization;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Streams `total` bytes chunked (no Content-Length) with backpressure, until the server answers or drops the
 * connection; resolves once either happened.
 */
function streamTo(url: string, total: number, authorization?: string): Promise<void> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (authorization) headers.authorization = authorization;
    const outgoing = httpRequest(url, { method: 'POST', headers });
    let stopped = false;
    const stop = () => {
      stopped = true;
      outgoing.destroy();
      resolve();
    };
    outgoing.on('response', (response) => {
      response.resume();
      stop();
    });
    outgoing.on('error', stop);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let written = 0;
    const pump = () => {
      while (!stopped && written < total) {
        written += chunk.byteLength;
        if (!outgoing.write(chunk)) return void outgoing.once('drain', pump);
      }
      if (!stopped) outgoing.end();
    };
    pump();
  });
}

const BIG = 64 * 1024 * 1024;

describe('createNodeWebhookHandler on node:http', () => {
  it('serves the challenge and a signed event in one line', async () => {
    const events: { event: WebhookEvent; url: string }[] = [];
    const listener = createNodeWebhookHandler({
      signingSecret: SECRET,
      onEvent: (event, { request }) => void events.push({ event, url: request.url }),
    });
    const { origin } = await serve(listener);
    expect(await post(`${origin}/webhooks`, { challenge: 'node-challenge' })).toEqual({
      status: 200,
      body: { challenge: 'node-challenge' },
    });
    const answer = await post(`${origin}/webhooks`, { event: EVENT }, await token(`${origin}/webhooks`));
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    expect(events.map(({ event, url }) => [event.triggerUuid, url])).toEqual([['node-1', `${origin}/webhooks`]]);
    const refused = await post(`${origin}/webhooks`, { event: EVENT });
    expect(refused).toEqual({ status: 401, body: { error: 'missing-header' } });
  });

  it('refuses a large body without a credential having read little of it', async () => {
    const { origin, seen } = await serve(createNodeWebhookHandler({ signingSecret: SECRET, onEvent: () => {} }));
    await streamTo(`${origin}/webhooks`, BIG);
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]?.status).toBe(401);
    expect(seen[0]?.bytesRead).toBeLessThan(1024 * 1024);
  });

  it('stops reading a signed body at maxBodyBytes, with no Content-Length', async () => {
    const maxBodyBytes = 256 * 1024;
    const { origin, seen } = await serve(
      createNodeWebhookHandler({ signingSecret: SECRET, maxBodyBytes, onEvent: () => {} }),
    );
    await streamTo(`${origin}/webhooks`, BIG, await token(`${origin}/webhooks`));
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]?.status).toBe(413);
    expect(seen[0]?.bytesRead).toBeLessThan(maxBodyBytes + 1024 * 1024);
  });
});

/** A router as Express mounts one: under `prefix`, `req.url` is the rest and `req.originalUrl` the whole path. */
function mount(prefix: string, listener: NodeWebhookListener, before?: (req: IncomingMessage) => Promise<void>) {
  const errors: unknown[] = [];
  const app = async (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (!url.startsWith(`${prefix}/`)) {
      res.writeHead(404).end();
      return;
    }
    Object.assign(req, { originalUrl: url, url: url.slice(prefix.length) });
    await before?.(req);
    listener(req, res, (error) => {
      errors.push(error);
      res.writeHead(500).end('next');
    });
  };
  return { app: (req: IncomingMessage, res: ServerResponse) => void app(req, res), errors };
}

describe('Express-style (req, res, next) use', () => {
  it('works mounted under a path: the Request names the whole URL', async () => {
    const urls: string[] = [];
    const listener = createNodeWebhookHandler({
      signingSecret: SECRET,
      onEvent: (_event, { request }) => void urls.push(request.url),
    });
    const { app } = mount('/hooks', listener);
    const { origin } = await serve(app);
    const url = `${origin}/hooks/monday`;
    expect(await post(url, { event: EVENT }, await token(url))).toEqual({ status: 200, body: { ok: true } });
    expect(urls).toEqual([url]);
  });

  it('takes a body a body parser already read (parsed JSON)', async () => {
    const events: string[] = [];
    const listener = createNodeWebhookHandler({
      signingSecret: SECRET,
      onEvent: (event) => void events.push(event.triggerUuid),
    });
    const { app } = mount('/hooks', listener, async (req) => {
      let text = '';
      for await (const chunk of req) text += String(chunk);
      Object.assign(req, { body: JSON.parse(text) });
    });
    const { origin } = await serve(app);
    const url = `${origin}/hooks/monday`;
    expect(await post(url, { event: EVENT }, await token(url))).toEqual({ status: 200, body: { ok: true } });
    expect(events).toEqual(['node-1']);
  });

  it("hands the handler's own errors to next", async () => {
    const listener = toNodeHandler(() => Promise.reject(new RangeError('broken clock')));
    const { app, errors } = mount('/hooks', listener);
    const { origin } = await serve(app);
    const response = await fetch(`${origin}/hooks/monday`, { method: 'POST', body: '{}' });
    expect(await response.text()).toBe('next');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(RangeError);
    expect(() => toNodeHandler('handler' as never)).toThrow(TypeError);
  });
});

/** Sends a raw request with `method` over a socket and resolves to the status (undefined when the socket closed). */
function rawStatus(url: string, method: string, body?: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const outgoing = httpRequest(url, { method, headers: body ? { 'content-type': 'application/json' } : {} });
    outgoing.on('response', (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    outgoing.on('error', () => resolve(undefined));
    outgoing.end(body);
  });
}

describe('requests the Fetch API cannot carry', () => {
  it('answers TRACE with 405 and keeps serving (no exception on the server)', async () => {
    const refused: string[] = [];
    const { origin } = await serve(
      createNodeWebhookHandler({
        signingSecret: SECRET,
        onEvent: () => {},
        onRefused: (error) => void refused.push(error.reason),
      }),
    );
    expect(await rawStatus(`${origin}/webhooks`, 'TRACE')).toBe(405);
    expect(refused).toEqual(['wrong-method']);
    // A Host naming credentials makes a URL a Request refuses: 400, not an exception.
    const withCredentials = await new Promise<number | undefined>((resolve) => {
      const outgoing = httpRequest(`${origin}/webhooks`, { method: 'POST', headers: { host: 'user:pw@127.0.0.1' } });
      outgoing.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      outgoing.on('error', () => resolve(undefined));
      outgoing.end('{}');
    });
    expect(withCredentials).toBe(400);
    expect(refused).toEqual(['wrong-method', 'malformed']);
    expect(await post(`${origin}/webhooks`, { challenge: 'still-up' })).toEqual({
      status: 200,
      body: { challenge: 'still-up' },
    });
  });

  it('answers 400 for a parsed body that cannot be written as JSON (a framework left a cycle or a BigInt)', async () => {
    const listener = createNodeWebhookHandler({ signingSecret: SECRET, onEvent: () => {} });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const bodies: unknown[] = [cyclic, { n: 1n }];
    let next = 0;
    const { app, errors } = mount('/hooks', listener, async (req) => {
      req.resume();
      Object.assign(req, { body: bodies[next++] });
    });
    const { origin } = await serve(app);
    expect(await rawStatus(`${origin}/hooks/monday`, 'POST', '{}')).toBe(400);
    expect(await rawStatus(`${origin}/hooks/monday`, 'POST', '{}')).toBe(400);
    expect(errors).toEqual([]);
  });
});
