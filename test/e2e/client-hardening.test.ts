/**
 * The client and the OAuth helpers against hostile servers over real sockets: the emulator redirecting
 * to a second server that records what reaches it, a server that trickles its body, one that never
 * answers, a 100 MB answer, a response carrying `__proto__`, and a connection failure whose error text
 * carries the token.
 */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GraphQLResponseError,
  getSchema,
  NetworkError,
  OAuthClient,
  OAuthError,
  PlatformClient,
  RedirectError,
  ResponseTooLargeError,
} from '../../src/index.js';
import {
  clientFor,
  closeEmulators,
  DEMO_TOKEN,
  graphqlRequests,
  ROADMAP_BOARD_ID,
  startTestEmulator,
} from './harness.js';

/** A node:http server of the test, with every request it saw and every socket it closed. */
interface TestServer {
  url: string;
  received: { method: string; url: string; headers: Record<string, unknown>; body: string }[];
  /** Resolves when the next connection closes. */
  closed: Promise<void>;
  close(): Promise<void>;
}

const servers = new Set<Server>();

afterEach(async () => {
  await closeEmulators();
  const all = [...servers];
  servers.clear();
  await Promise.all(
    all.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse, socket: Socket) => void,
): Promise<TestServer> {
  const received: TestServer['received'] = [];
  let onClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    onClosed = resolve;
  });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      handler(req, res, req.socket);
    });
  });
  server.on('connection', (socket) => socket.on('close', () => onClosed()));
  servers.add(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    closed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A server that answers every request with a GraphQL success (what a hostile origin would forge). */
function recorder(): Promise<TestServer> {
  return listen((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        data: { create_item: { id: 'forged' } },
        access_token: 'forged',
        token_type: 'Bearer',
        scope: 'boards:read',
      }),
    );
  });
}

const CREATE = `mutation { create_item(board_id: "${ROADMAP_BOARD_ID}", item_name: "Redirected") { id } }`;

describe('redirects are refused (the emulator redirects to a second server)', () => {
  it.each([302, 307, 308])(
    'a %i to another origin: nothing reaches it, and the call fails with RedirectError',
    async (status) => {
      const elsewhere = await recorder();
      const emulator = await startTestEmulator({
        faults: [
          { kind: 'respond', status, headers: { location: `${elsewhere.url}/v2?token=${DEMO_TOKEN}` }, body: '' },
        ],
      });
      const client = clientFor(emulator, { headers: { 'x-app-secret': 'custom-secret' } });
      const error = await client.request(CREATE).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).toMatchObject({ status, location: `${elsewhere.url}/v2?token=[REDACTED]` });
      expect(inspect(error, { showHidden: true, depth: 10 })).not.toContain(DEMO_TOKEN);
      expect(elsewhere.received).toEqual([]);
      expect(graphqlRequests(emulator)).toHaveLength(1);
    },
  );

  it('getSchema refuses a redirect too', async () => {
    const elsewhere = await recorder();
    const emulator = await startTestEmulator({
      faults: [
        { route: 'GET /v2/get_schema', kind: 'respond', status: 301, headers: { location: `${elsewhere.url}/schema` } },
      ],
    });
    await expect(getSchema(clientFor(emulator))).rejects.toMatchObject({ name: 'RedirectError', status: 301 });
    expect(elsewhere.received).toEqual([]);
  });

  it('exchangeCode never posts the client secret and the code to a redirect target', async () => {
    const elsewhere = await recorder();
    const emulator = await startTestEmulator({
      apps: [
        {
          clientId: 'app',
          clientSecret: 'the-client-secret',
          redirectUris: ['http://app.test/cb'],
          scopes: ['boards:read'],
        },
      ],
      faults: [
        {
          route: 'POST /oauth2/token',
          kind: 'respond',
          status: 307,
          headers: { location: `${elsewhere.url}/oauth2/token` },
        },
      ],
    });
    const oauth = new OAuthClient({
      clientId: 'app',
      clientSecret: 'the-client-secret',
      authUrl: emulator.authUrl,
      redirectUri: 'http://app.test/cb',
    });
    const error = await oauth.exchangeCode({ code: 'code-123456789' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ code: 'unexpected_redirect', status: 307 });
    expect((error as OAuthError).description).toContain(`${elsewhere.url}/oauth2/token`);
    expect(elsewhere.received).toEqual([]);
  });
});

describe('per-attempt timeouts over a real socket', () => {
  it('ends a call whose server trickles its body forever, and closes the connection', async () => {
    const timers: ReturnType<typeof setInterval>[] = [];
    const trickler = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
      const timer = setInterval(() => res.write(' '), 20);
      timers.push(timer);
      res.on('close', () => clearInterval(timer));
    });
    const client = new PlatformClient({ token: 'tok', baseUrl: trickler.url, timeoutMs: 400, retry: false });
    const started = performance.now();
    const error = await client.boards({ limit: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      timedOut: true,
      message: expect.stringMatching(/^The request timed out after 400 ms: POST http:\/\/.*\/v2, 1 attempt made$/),
    });
    // A generous bound that only catches a hang (chunks keeping the call alive past its 400 ms); not a timing figure.
    expect(performance.now() - started).toBeLessThan(15_000);
    await trickler.closed; // the client cancelled the read, which closed the connection
    for (const timer of timers) clearInterval(timer);
  });

  it('ends such a call by default, after 60 s (the watchdog on a faked clock; the socket is real)', async () => {
    const trickler = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
      const timer = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(timer));
    });
    const client = new PlatformClient({ token: 'tok', baseUrl: trickler.url, retry: false });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const pending = client.boards({ limit: 1 }).catch((caught: unknown) => caught);
      await vi.waitFor(() => expect(trickler.received).toHaveLength(1), { interval: 5 });
      let settled = false;
      void pending.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(59_000);
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await pending).toMatchObject({
        name: 'NetworkError',
        timedOut: true,
        message: expect.stringMatching(/^The request timed out after 60000 ms: POST http:\/\/.*\/v2, 1 attempt made$/),
      });
    } finally {
      vi.useRealTimers();
    }
    await trickler.closed;
  });

  it('ends a call whose server never sends headers, and retries it like a network error', async () => {
    const silent = await listen(() => {});
    const retries: string[] = [];
    const client = new PlatformClient({
      token: 'tok',
      baseUrl: silent.url,
      timeoutMs: 200,
      retry: { maxAttempts: 2, baseDelayMs: 1 },
      hooks: { onRetry: (event) => retries.push(event.reason) },
    });
    await expect(client.boards({ limit: 1 })).rejects.toMatchObject({ name: 'NetworkError', timedOut: true });
    expect(retries).toEqual(['timeout']);
    expect(silent.received).toHaveLength(2);
  });

  it('leaves a call that answers in time untouched', async () => {
    const emulator = await startTestEmulator();
    const result = await clientFor(emulator, { timeoutMs: 5_000 }).boards({ limit: 1 });
    expect(result.status).toBe(200);
  });
});

describe('maxResponseBytes over a real socket', () => {
  const HUNDRED_MB = 100 * 1024 * 1024;

  /** Streams `total` bytes of JSON-ish padding, counting what it managed to write before the client hung up. */
  async function bigAnswer(declareLength: boolean): Promise<TestServer & { written: () => number }> {
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const server = await listen((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(declareLength ? { 'content-length': String(HUNDRED_MB) } : {}),
      });
      const pump = (): void => {
        while (written < HUNDRED_MB && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        if (!res.destroyed) res.end();
      };
      pump();
    });
    return Object.assign(server, { written: () => written });
  }

  it('stops reading a 100 MB answer at the default 32 MiB and fails with ResponseTooLargeError', async () => {
    const big = await bigAnswer(false);
    const client = new PlatformClient({ token: 'tok', baseUrl: big.url, retry: false });
    const heapBefore = process.memoryUsage().heapUsed;
    const error = await client.boards({ limit: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ status: 200, maxResponseBytes: 32 * 1024 * 1024 });
    await big.closed;
    expect(big.written()).toBeLessThan(48 * 1024 * 1024);
    // A generous bound that only catches buffering the whole answer (the written bytes above say where reading
    // stopped); the heap's figures, which the collector moves, are not asserted.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a declared 100 MB Content-Length at once, before reading', async () => {
    const big = await bigAnswer(true);
    const client = new PlatformClient({ token: 'tok', baseUrl: big.url, retry: false, maxResponseBytes: 1024 * 1024 });
    await expect(client.boards({ limit: 1 })).rejects.toMatchObject({
      name: 'ResponseTooLargeError',
      maxResponseBytes: 1024 * 1024,
    });
    await big.closed;
    expect(big.written()).toBeLessThan(HUNDRED_MB / 2);
  });

  it('reads an ordinary answer of the emulator within a small limit', async () => {
    const emulator = await startTestEmulator();
    const result = await clientFor(emulator, { maxResponseBytes: 64 * 1024 }).boards({ limit: 2 });
    expect(result.data.boards).toHaveLength(2);
  });
});

describe('hostile bodies and failures over a real socket', () => {
  it('a __proto__ key in extensions does not turn a GraphQL error into a rate limit', async () => {
    const emulator = await startTestEmulator({
      faults: [
        {
          kind: 'respond',
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: '{"data":null,"errors":[{"message":"boom","extensions":{"__proto__":{"code":"RATE_LIMIT_EXCEEDED","retry_in_seconds":0}}}]}',
        },
      ],
    });
    const error = await clientFor(emulator)
      .boards({ limit: 1 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect(graphqlRequests(emulator)).toHaveLength(1);
  });

  it('a failure whose text carries the token (a fetch that echoes its headers) shows it nowhere', async () => {
    const breaker = await listen((_req, _res, socket) => socket.destroy());
    const echoingFetch: typeof fetch = async (input, init) => {
      try {
        return await fetch(input, init);
      } catch (error) {
        const headers = init?.headers as Record<string, string>;
        throw new TypeError(`fetch failed with ${headers.authorization}`, {
          cause: Object.assign(error as Error, { sent: headers }),
        });
      }
    };
    const events: unknown[] = [];
    const client = new PlatformClient({
      token: DEMO_TOKEN,
      baseUrl: breaker.url,
      fetch: echoingFetch,
      retry: { maxAttempts: 2, baseDelayMs: 1 },
      hooks: { onRetry: (event) => events.push(event), onRequest: (event) => events.push(event) },
    });
    const error = await client.boards({ limit: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    for (const value of [error, events]) {
      expect(inspect(value, { showHidden: true, depth: Number.POSITIVE_INFINITY })).not.toContain(DEMO_TOKEN);
      expect(JSON.stringify(value)).not.toContain(DEMO_TOKEN);
    }
    expect(breaker.received).toHaveLength(2);
  });
});
