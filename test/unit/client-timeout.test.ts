import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../src/client/errors/errors.js';
import { DEFAULT_TIMEOUT_MS } from '../../src/client/options.js';
import { getSchema } from '../../src/index.js';
import { activeTimers, ENDPOINT, makeClient, server, useMockApi } from './client-fixtures.js';

useMockApi();

/** An API that never answers; counts the requests it got. */
function hangingApi(): { count: () => number } {
  let count = 0;
  server.use(
    http.post(ENDPOINT, async () => {
      count += 1;
      await delay('infinite');
      return HttpResponse.json({ data: {} });
    }),
  );
  return { count: () => count };
}

describe('timeouts', () => {
  it('rejects with NetworkError { timedOut } when an attempt exceeds timeoutMs, and leaves no timer', async () => {
    const api = hangingApi();
    const timersBefore = activeTimers();
    const failure = await makeClient({ timeoutMs: 30, retry: false })
      .request('{ a }')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure).toMatchObject({ timedOut: true, aborted: false, attempts: 1 });
    expect((failure as NetworkError).message).toMatch(
      /^The request timed out after 30 ms: POST https?:\/\/\S+\/v2, 1 attempt made$/,
    );
    expect(api.count()).toBe(1);
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });

  it('retries timed-out attempts (each gets its own timeout)', async () => {
    const api = hangingApi();
    const reasons: string[] = [];
    const failure = makeClient({
      timeoutMs: 20,
      retry: { maxAttempts: 3, baseDelayMs: 1 },
      hooks: { onRetry: (event) => reasons.push(event.reason) },
    }).request('{ a }');
    await expect(failure).rejects.toMatchObject({ name: 'NetworkError', timedOut: true });
    expect(api.count()).toBe(3);
    expect(reasons).toEqual(['timeout', 'timeout']);
  });

  it('lets a call override the timeout, and 0 disables it', async () => {
    const api = hangingApi();
    const client = makeClient({ timeoutMs: 0, retry: false });
    await expect(client.request('{ a }', undefined, { timeoutMs: 15 })).rejects.toMatchObject({ timedOut: true });
    const controller = new AbortController();
    const pending = client.request('{ a }', undefined, { signal: controller.signal });
    await expect.poll(() => api.count()).toBe(2);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ aborted: true, timedOut: false });
  });
});

describe('abort', () => {
  it('rejects at once, sending nothing, when the signal is already aborted', async () => {
    const api = hangingApi();
    const failure = await makeClient()
      .request('{ a }', undefined, { signal: AbortSignal.abort(new Error('stop')) })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure).toMatchObject({ aborted: true });
    expect((failure as Error).cause).toEqual(new Error('stop'));
    expect(api.count()).toBe(0);
  });

  it('cancels the request in flight, is not retried and leaves no timer', async () => {
    const api = hangingApi();
    const timersBefore = activeTimers();
    const controller = new AbortController();
    const retries: string[] = [];
    const pending = makeClient({ hooks: { onRetry: (event) => retries.push(event.reason) } }).request(
      '{ a }',
      undefined,
      {
        signal: controller.signal,
      },
    );
    await expect.poll(() => api.count()).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'NetworkError', aborted: true, timedOut: false });
    expect(api.count()).toBe(1);
    expect(retries).toEqual([]);
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });

  it('aborts getSchema too', async () => {
    server.use(
      http.get(`${ENDPOINT}/get_schema`, async () => {
        await delay('infinite');
        return HttpResponse.text('type Query { a: Int }');
      }),
    );
    const controller = new AbortController();
    const pending = getSchema(makeClient(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expect(pending).rejects.toMatchObject({ name: 'NetworkError', aborted: true });
  });
});

describe('the default: a bounded timeout without a signal per request', () => {
  /** A fetch that records the signal each request was given and answers at once. */
  function recordingFetch(): { fetch: typeof fetch; signals: (AbortSignal | null | undefined)[] } {
    const signals: (AbortSignal | null | undefined)[] = [];
    const fetchImpl = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      signals.push(init?.signal);
      return Response.json({ data: { a: 1 } });
    }) as typeof fetch;
    return { fetch: fetchImpl, signals };
  }

  it('hands fetch no signal of its own, whatever the timeout; only a caller signal is passed on', async () => {
    const recorder = recordingFetch();
    const client = makeClient({ fetch: recorder.fetch });
    await client.request('{ a }');
    await client.request('{ a }', undefined, { timeoutMs: 1000 });
    const callerSignal = new AbortController().signal;
    await client.request('{ a }', undefined, { signal: callerSignal });
    const withTimeout = makeClient({ fetch: recorder.fetch, timeoutMs: 1000 });
    await withTimeout.request('{ a }');
    expect(recorder.signals).toEqual([undefined, undefined, callerSignal, undefined]);
  });

  it('times out by default after 60 s (DEFAULT_TIMEOUT_MS)', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(60_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
    try {
      const api = hangingApi();
      const pending = makeClient({ retry: false })
        .request('{ a }')
        .catch((error: unknown) => error);
      await vi.waitFor(() => expect(api.count()).toBe(1));
      await vi.advanceTimersByTimeAsync(59_000);
      let settled = false;
      void pending.then(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(await pending).toMatchObject({
        name: 'NetworkError',
        timedOut: true,
        message: expect.stringMatching(
          /^The request timed out after 60000 ms: POST https?:\/\/.*\/v2, 1 attempt made$/,
        ),
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
