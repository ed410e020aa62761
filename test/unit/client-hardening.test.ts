/**
 * The client against hostile answers (msw): redirects are refused, bodies are capped, a trickling body
 * times out, the token stays out of every error and hook payload (checked with util.inspect), and a
 * `__proto__` key in a response never becomes a prototype.
 */

import { inspect } from 'node:util';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  GraphQLResponseError,
  NetworkError,
  PlatformConfigError,
  RedirectError,
  ResponseTooLargeError,
} from '../../src/client/errors/errors.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/client/options.js';
import { planUpload } from '../../src/client/request/multipart.js';
import type { RetryEvent } from '../../src/client/types.js';
import { getSchema } from '../../src/index.js';
import { ENDPOINT, installApi, makeClient, ok, server, TOKEN, useMockApi } from './client-fixtures.js';

useMockApi();

const MUTATION = 'mutation M { create_item(board_id: "1", item_name: "x") { id } }';
const ELSEWHERE = 'https://elsewhere.test/v2';

/** Every view of `value` a log or a debugger would show, none of which may hold the token. */
function views(value: unknown): string[] {
  return [
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    inspect(value),
    JSON.stringify(value),
    String(value),
  ];
}

function expectTokenFree(value: unknown): void {
  for (const view of views(value)) {
    expect(view).not.toContain(TOKEN);
    expect(view).not.toContain(encodeURIComponent(TOKEN));
  }
}

/** A server that records whatever reaches the other origin. */
function elsewhere(): unknown[] {
  const seen: unknown[] = [];
  server.use(
    http.all(ELSEWHERE, async ({ request }) => {
      seen.push({ method: request.method, headers: Object.fromEntries(request.headers) });
      return HttpResponse.json({ data: { create_item: { id: 'forged' } } });
    }),
  );
  return seen;
}

describe('redirects are never followed', () => {
  it.each([301, 302, 303, 307, 308])(
    'a %i is a RedirectError naming status and Location, and nothing reaches the Location',
    async (code) => {
      const seen = elsewhere();
      installApi(() => new HttpResponse(null, { status: code, headers: { location: ELSEWHERE } }));
      const error = await makeClient()
        .request(MUTATION)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).toMatchObject({ status: code, location: ELSEWHERE });
      expect((error as Error).message).toBe(`HTTP ${code} to ${ELSEWHERE}: the client does not follow redirects`);
      expect(seen).toEqual([]);
    },
  );

  it('is not retried, and redacts a token carried in the Location', async () => {
    const received = installApi(
      () =>
        new HttpResponse(null, {
          status: 307,
          headers: { location: `https://x.test/?t=${encodeURIComponent(TOKEN)}&u=${TOKEN}` },
        }),
    );
    const error = (await makeClient()
      .request('{ a }')
      .catch((caught: unknown) => caught)) as RedirectError;
    expect(received).toHaveLength(1);
    expect(error.location).toBe('https://x.test/?t=[REDACTED]&u=[REDACTED]');
    expect(error.headers?.get('location')).toBe('https://x.test/?t=[REDACTED]&u=[REDACTED]');
    expectTokenFree(error);
  });

  it('refuses a redirect of getSchema too', async () => {
    const seen = elsewhere();
    server.use(
      http.get(
        `${ENDPOINT}/get_schema`,
        () => new HttpResponse(null, { status: 302, headers: { location: ELSEWHERE } }),
      ),
    );
    await expect(getSchema(makeClient())).rejects.toMatchObject({
      name: 'RedirectError',
      status: 302,
      location: ELSEWHERE,
    });
    expect(seen).toEqual([]);
  });

  it('reports a browser-style opaque redirect (status 0, no Location) as a RedirectError', async () => {
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null } as unknown as Response;
    const client = makeClient({ fetch: (async () => opaque) as typeof fetch });
    const error = await client.request('{ a }').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toContain('the runtime hides its status and Location');
  });

  it('asks fetch not to follow (redirect: manual)', async () => {
    const modes: (RequestRedirect | undefined)[] = [];
    const client = makeClient({
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        modes.push(init?.redirect);
        return Response.json({ data: { a: 1 } });
      }) as typeof fetch,
    });
    await client.request('{ a }');
    await getSchema(client).catch(() => undefined);
    expect(modes).toEqual(['manual', 'manual']);
  });
});

describe('the token never leaves through an error cause or a hook', () => {
  /** A fetch whose failures carry the request's headers, as some implementations' messages do. */
  const leakyFetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    const inner = Object.assign(new Error(`socket hang up (sent ${headers.authorization})`), {
      code: 'ECONNRESET',
      headers,
      request: { headers, body: String(init?.body) },
    });
    throw new TypeError(`fetch failed: Authorization: ${headers.authorization}`, { cause: inner });
  }) as typeof fetch;

  it('keeps only a redacted copy of the whole cause chain, in the error and in onRetry', async () => {
    const retries: RetryEvent[] = [];
    const client = makeClient({
      fetch: leakyFetch,
      retry: { maxAttempts: 2, baseDelayMs: 1 },
      hooks: { onRetry: (event) => retries.push(event) },
    });
    const error = (await client.request('{ a }').catch((caught: unknown) => caught)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(retries).toHaveLength(1);
    expectTokenFree(error);
    expectTokenFree(retries);
    const cause = error.cause as Error & { cause: Error & { code: string } };
    expect(cause.message).toBe('fetch failed: Authorization: Bearer [REDACTED]');
    expect(cause.name).toBe('TypeError');
    expect(cause.cause.message).toBe('socket hang up (sent Bearer [REDACTED])');
    expect(cause.cause.code).toBe('ECONNRESET');
  });

  it('normalises errors[].locations to numbers and redacts path, extensions and partial data', async () => {
    installApi(() =>
      HttpResponse.json({
        data: { me: { note: `hi ${TOKEN}` } },
        errors: [
          {
            message: `bad ${TOKEN}`,
            locations: [{ line: 1, column: 2, source: TOKEN }, { line: TOKEN, column: 3 }, TOKEN],
            path: ['me', TOKEN, 0, { x: TOKEN }],
            extensions: { [TOKEN]: TOKEN, nested: [{ value: TOKEN }] },
            extra: TOKEN,
          },
        ],
      }),
    );
    const error = (await makeClient()
      .request('{ me { note } }')
      .catch((caught: unknown) => caught)) as GraphQLResponseError;
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect(error.errors[0]).toEqual({
      message: 'bad [REDACTED]',
      locations: [{ line: 1, column: 2 }],
      path: ['me', '[REDACTED]', 0],
      extensions: { '[REDACTED]': '[REDACTED]', nested: [{ value: '[REDACTED]' }] },
    });
    expectTokenFree(error);
  });

  it('shows no token in any hook payload, success or failure', async () => {
    const events: unknown[] = [];
    const record = (event: unknown) => events.push(event);
    installApi((_request, index) =>
      index === 0
        ? HttpResponse.json(
            { errors: [{ message: TOKEN, extensions: { [TOKEN]: TOKEN } }] },
            { status: 503, headers: { 'x-echo': TOKEN } },
          )
        : ok({ a: TOKEN }),
    );
    const client = makeClient({
      throttle: {},
      hooks: { onRequest: record, onResponse: record, onRetry: record, onThrottle: record },
    });
    await Promise.all([client.request('{ a }'), client.request('{ a }'), client.request('{ a }')]);
    const kinds = new Set(
      events.map((event) =>
        Object.keys(event as object)
          .sort()
          .join(),
      ),
    );
    expect(events.some((event) => (event as { reason?: string }).reason === 'concurrency')).toBe(true); // onThrottle
    expect(events.some((event) => (event as { error?: unknown }).error instanceof Error)).toBe(true); // onRetry
    expect(kinds.size).toBeGreaterThanOrEqual(4);
    expectTokenFree(events);
  });
});

describe('__proto__ in a response', () => {
  it('stays an own key: a plain GraphQL error is not classified as a rate limit', async () => {
    installApi(
      () =>
        new HttpResponse(
          '{"data":null,"errors":[{"message":"boom","extensions":{"__proto__":{"code":"RATE_LIMIT_EXCEEDED","retry_in_seconds":1}}}]}',
          {
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    const error = (await makeClient()
      .request('{ a }')
      .catch((caught: unknown) => caught)) as GraphQLResponseError;
    expect(error).toBeInstanceOf(GraphQLResponseError);
    const extensions = error.errors[0]?.extensions as Record<string, unknown>;
    expect(Object.getPrototypeOf(extensions)).toBe(Object.prototype);
    expect(Object.hasOwn(extensions, '__proto__')).toBe(true);
    expect(extensions.code).toBeUndefined();
    expect(({} as Record<string, unknown>).code).toBeUndefined();
  });

  it('never becomes the prototype of the partial data', async () => {
    installApi(
      () =>
        new HttpResponse('{"data":{"me":{"__proto__":{"admin":true}}},"errors":[{"message":"partial"}]}', {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const error = (await makeClient()
      .request('{ me { id } }')
      .catch((caught: unknown) => caught)) as GraphQLResponseError;
    const me = (error.data as { me: Record<string, unknown> }).me;
    expect(Object.getPrototypeOf(me)).toBe(Object.prototype);
    expect(me.admin).toBeUndefined();
    expect(Object.keys(me)).toEqual(['__proto__']);
  });
});

describe('maxResponseBytes', () => {
  /** A body of `chunks` chunks of `size` bytes, with no Content-Length; counts the chunks pulled. */
  function streamedBody(chunks: number, size: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
    let pulled = 0;
    const chunk = new Uint8Array(size).fill(32);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > chunks) controller.close();
        else controller.enqueue(chunk);
      },
    });
    return { stream, pulled: () => pulled };
  }

  it('defaults to 32 MiB and accepts only a positive whole number', () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(32 * 1024 * 1024);
    for (const bad of [0, -1, 1.5, '10', Number.NaN]) {
      expect(() => makeClient({ maxResponseBytes: bad as number })).toThrow(PlatformConfigError);
    }
  });

  it('stops reading a streamed body at the limit and fails with ResponseTooLargeError, not retried', async () => {
    const body = streamedBody(1000, 1024);
    const received = installApi(
      () => new HttpResponse(body.stream, { headers: { 'content-type': 'application/json' } }),
    );
    const error = await makeClient({ maxResponseBytes: 10_000 })
      .request('{ a }')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ status: 200, maxResponseBytes: 10_000 });
    expect((error as Error).message).toBe(
      'HTTP 200: the response body is larger than maxResponseBytes (10000 bytes); it was not read',
    );
    expect(body.pulled()).toBeLessThan(20);
    expect(received).toHaveLength(1);
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const body = streamedBody(1000, 1024);
    installApi(
      () =>
        new HttpResponse(body.stream, {
          headers: { 'content-type': 'application/json', 'content-length': String(1024 * 1000) },
        }),
    );
    await expect(makeClient({ maxResponseBytes: 10_000 }).request('{ a }')).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
    expect(body.pulled()).toBeLessThan(10);
  });

  it('reads a body of exactly the limit', async () => {
    const text = JSON.stringify({ data: { a: 'x'.repeat(100) } });
    installApi(() => new HttpResponse(text, { headers: { 'content-type': 'application/json' } }));
    const result = await makeClient({ maxResponseBytes: text.length }).request('{ a }');
    expect(result.data).toEqual({ a: 'x'.repeat(100) });
  });

  it('caps getSchema too', async () => {
    server.use(http.get(`${ENDPOINT}/get_schema`, () => HttpResponse.text('type Query { a: Int }'.repeat(100))));
    await expect(getSchema(makeClient({ maxResponseBytes: 100 }))).rejects.toMatchObject({
      name: 'ResponseTooLargeError',
      maxResponseBytes: 100,
    });
  });
});

describe('a trickling body', () => {
  it('times out however often chunks arrive (the end-to-end suite checks the connection is closed)', async () => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data":'));
        timer = setInterval(() => controller.enqueue(new TextEncoder().encode(' ')), 5);
      },
      cancel() {
        clearInterval(timer);
      },
    });
    installApi(() => new HttpResponse(stream, { headers: { 'content-type': 'application/json' } }));
    const started = performance.now();
    const error = await makeClient({ timeoutMs: 150, retry: false })
      .request('{ a }')
      .catch((caught: unknown) => caught);
    clearInterval(timer);
    expect(error).toMatchObject({ name: 'NetworkError', timedOut: true });
    // A generous bound that only catches a hang (chunks keeping the call alive past its 150 ms); not a timing figure.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('times out a body that stalls after its first chunk (the watchdog, not a chunk, ends it)', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data":'));
      },
    });
    installApi(() => new HttpResponse(stream, { headers: { 'content-type': 'application/json' } }));
    await expect(makeClient({ timeoutMs: 100, retry: false }).request('{ a }')).rejects.toMatchObject({
      timedOut: true,
    });
  });
});

describe('found by the property tests', () => {
  it('an errors entry nested 100,000 arrays deep is a GraphQLResponseError, not a stack overflow', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    installApi(
      () =>
        new HttpResponse(`{"data":null,"errors":[${deep},"plain"]}`, {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const error = (await makeClient()
      .request('{ a }')
      .catch((caught: unknown) => caught)) as GraphQLResponseError;
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect(error.errors.map((entry) => entry.message)).toEqual(['Unknown GraphQL error', 'plain']);
  });

  it('a file below a key holding a dot is refused (the map path would point elsewhere), and nothing is sent', async () => {
    const received = installApi(() => ok({ a: 1 }));
    const error = await makeClient()
      .request('mutation ($f: File) { a }', { 'in.put': { file: new Blob(['x']) } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformConfigError);
    expect((error as Error).message).toContain("'in.put'");
    expect(received).toHaveLength(0);
  });
});

describe('__proto__ in variables', () => {
  it('a file below an own __proto__ key is mapped to a null at that key, without touching the prototype', () => {
    const input: Record<string, unknown> = {};
    Object.defineProperty(input, '__proto__', {
      value: [new Blob(['x'])],
      enumerable: true,
      writable: true,
      configurable: true,
    });
    const plan = planUpload({ input });
    const stripped = plan?.variables.input as Record<string, unknown>;
    expect(Object.getPrototypeOf(stripped)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(stripped, '__proto__')?.value).toEqual([null]);
    expect(plan?.files[0]?.paths).toEqual(['variables.input.__proto__.0']);
  });
});
