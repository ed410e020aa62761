import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  GraphQLResponseError,
  HttpError,
  IdempotencyConflictError,
  NetworkError,
  RateLimitError,
} from '../../src/client/errors/errors.js';
import type { RetryEvent } from '../../src/client/types.js';
import { activeTimers, ENDPOINT, installApi, makeClient, ok, server, status, useMockApi } from './client-fixtures.js';

useMockApi();

const MUTATION = 'mutation Make { create_item(board_id: 1, item_name: "x") { id } }';

function budgetError(code: string, seconds: number): Response {
  return HttpResponse.json({
    data: null,
    errors: [{ message: 'Budget exhausted', extensions: { code, retry_in_seconds: seconds } }],
  });
}

describe('retries', () => {
  it('retries a 5xx and keeps the same Idempotency-Key on every attempt', async () => {
    const received = installApi((_request, index) => (index < 2 ? status(503) : ok({ create_item: { id: '1' } })));
    const retries: RetryEvent[] = [];
    const result = await makeClient({ hooks: { onRetry: (event) => retries.push(event) } }).request(MUTATION);
    expect(received).toHaveLength(3);
    const keys = new Set(received.map((request) => request.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect(result.idempotencyKey).toBe([...keys][0]);
    expect(retries.map((event) => [event.attempt, event.reason, event.operationName])).toEqual([
      [1, 'server-error', 'Make'],
      [2, 'server-error', 'Make'],
    ]);
    expect(retries[0]?.error).toBeInstanceOf(HttpError);
  });

  it('retries network failures', async () => {
    let calls = 0;
    server.use(
      http.post(ENDPOINT, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ data: { a: 1 } });
      }),
    );
    const reasons: string[] = [];
    const result = await makeClient({ hooks: { onRetry: (event) => reasons.push(event.reason) } }).request('{ a }');
    expect(result.data).toEqual({ a: 1 });
    expect(reasons).toEqual(['network']);
  });

  it('surfaces the last error after maxAttempts', async () => {
    const received = installApi(() => status(500));
    const failure = makeClient({ retry: { maxAttempts: 3, baseDelayMs: 1 } }).request('{ a }');
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ status: 500 });
    expect(received).toHaveLength(3);
  });

  it('makes one attempt with retry: false, per client or per call', async () => {
    const received = installApi(() => status(503));
    await expect(makeClient({ retry: false }).request('{ a }')).rejects.toBeInstanceOf(HttpError);
    await expect(makeClient().request('{ a }', undefined, { retry: false })).rejects.toBeInstanceOf(HttpError);
    expect(received).toHaveLength(2);
  });

  it('lets a call override the client policy', async () => {
    const received = installApi(() => status(502));
    await expect(
      makeClient({ retry: false }).request('{ a }', undefined, { retry: { maxAttempts: 2 } }),
    ).rejects.toThrow();
    expect(received).toHaveLength(2);
  });

  it.each([
    [400, HttpError],
    [401, AuthenticationError],
    [403, HttpError],
    [404, HttpError],
  ])('never retries a %i', async (code, type) => {
    const received = installApi(() => status(code));
    await expect(makeClient().request('{ a }')).rejects.toBeInstanceOf(type);
    expect(received).toHaveLength(1);
  });

  it('never retries GraphQL validation errors', async () => {
    const received = installApi(() =>
      HttpResponse.json({
        errors: [{ message: 'Cannot query field "nope"', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }],
      }),
    );
    await expect(makeClient().request('{ nope }')).rejects.toBeInstanceOf(GraphQLResponseError);
    expect(received).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('retries a 429 after its Retry-After', async () => {
    const received = installApi((_request, index) =>
      index === 0 ? status(429, { 'Retry-After': '0' }) : ok({ a: 1 }),
    );
    const delays: number[] = [];
    await makeClient({ hooks: { onRetry: (event) => delays.push(event.delayMs) } }).request('{ a }');
    expect(received).toHaveLength(2);
    expect(delays).toEqual([0]);
  });

  it('fails promptly with RateLimitError when Retry-After is beyond maxDelayMs (3600 s): no hour-long sleep', async () => {
    const timersBefore = activeTimers();
    const received = installApi(() => status(429, { 'Retry-After': '3600' }));
    const retries: RetryEvent[] = [];
    const failure = await makeClient({ hooks: { onRetry: (event) => retries.push(event) } })
      .request('{ a }')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RateLimitError);
    expect(failure).toMatchObject({ status: 429, retryAfterSeconds: 3600 });
    expect(received).toHaveLength(1);
    expect(retries).toEqual([]);
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });

  it('turns a throttle hold longer than maxDelayMs into a prompt RateLimitError without sending', async () => {
    const received = installApi(() => status(429, { 'Retry-After': '3600' }));
    const client = makeClient({ throttle: {} });
    await expect(client.request('{ a }')).rejects.toMatchObject({ name: 'RateLimitError', status: 429 });
    // The 429 paused the whole client for an hour: the next call is refused at once, nothing is sent.
    const held = await client.request('query Next { a }').catch((error: unknown) => error);
    expect(held).toBeInstanceOf(RateLimitError);
    expect(held).toMatchObject({ operationName: 'Next', status: undefined });
    // Its fields are the error's own: the version the call would have been sent at is not one of them.
    expect(Object.keys((held as RateLimitError).toJSON())).not.toContain('apiVersion');
    expect((held as RateLimitError).retryAfterSeconds).toBeGreaterThan(3590);
    expect((held as RateLimitError).retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect((held as Error).message).toMatch(
      /the server's wait \(a pause the server asked for\) would hold this request \d+ s/,
    );
    expect(received).toHaveLength(1);
  });

  it('uses the RateLimit t of the exhausted policy when a 429 has no Retry-After', async () => {
    installApi(() => status(429, { 'RateLimit-Policy': 'minuteRate;q=5;w=60', RateLimit: 'minuteRate;r=0;t=45' }));
    const failure = await makeClient()
      .request('{ a }')
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'RateLimitError', retryAfterSeconds: 45 });
  });

  it.each(['COMPLEXITY_BUDGET_EXHAUSTED', 'RATE_LIMIT_EXCEEDED', 'IP_RATE_LIMIT_EXCEEDED', 'maxConcurrencyExceeded'])(
    'retries a %s error inside a 200 body like a 429',
    async (code) => {
      const received = installApi((_request, index) => (index === 0 ? budgetError(code, 0) : ok({ a: 1 })));
      const reasons: string[] = [];
      const result = await makeClient({ hooks: { onRetry: (event) => reasons.push(event.reason) } }).request('{ a }');
      expect(result.data).toEqual({ a: 1 });
      expect(received).toHaveLength(2);
      expect(reasons).toEqual(['rate-limited']);
    },
  );

  it('fails promptly on a budget error whose retry_in_seconds is beyond maxDelayMs', async () => {
    const received = installApi(() => budgetError('COMPLEXITY_BUDGET_EXHAUSTED', 3600));
    const failure = await makeClient()
      .request('{ a }')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RateLimitError);
    expect(failure).toMatchObject({ status: 200, retryAfterSeconds: 3600, limit: 'complexity' });
    expect(received).toHaveLength(1);
  });
});

describe('idempotency conflicts (409)', () => {
  it('waits Retry-After and retries with the same key until the conflict clears', async () => {
    const received = installApi((_request, index) =>
      index < 2 ? status(409, { 'Retry-After': index === 0 ? '1' : '0' }) : ok({ create_item: { id: '1' } }),
    );
    const retries: RetryEvent[] = [];
    const result = await makeClient({ hooks: { onRetry: (event) => retries.push(event) } }).request(MUTATION);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect(retries.map((event) => [event.reason, event.delayMs])).toEqual([
      ['idempotency-conflict', 1000],
      ['idempotency-conflict', 0],
    ]);
    expect(result.data).toEqual({ create_item: { id: '1' } });
  });

  it('uses conflictDefaultSeconds when Retry-After is missing or invalid', async () => {
    installApi((_request, index) =>
      index === 0 ? status(409) : index === 1 ? status(409, { 'Retry-After': 'later' }) : ok({ ok: 1 }),
    );
    const delays: number[] = [];
    await makeClient({
      retry: { conflictDefaultSeconds: 0.02 },
      hooks: { onRetry: (event) => delays.push(event.delayMs) },
    }).request(MUTATION);
    expect(delays).toEqual([20, 20]);
  });

  it('gives up with IdempotencyConflictError after the allowed attempts', async () => {
    const received = installApi(() => status(409, { 'Retry-After': '0' }));
    const failure = await makeClient({ retry: { maxAttempts: 3 } })
      .request(MUTATION, undefined, { idempotencyKey: 'k-1' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdempotencyConflictError);
    expect(failure).toMatchObject({ status: 409, retryAfterSeconds: 0, idempotencyKey: 'k-1' });
    expect(received).toHaveLength(3);
  });

  it('gives up when the total wait would exceed maxElapsedMs', async () => {
    const received = installApi(() => status(409, { 'Retry-After': '1' }));
    const failure = makeClient({ retry: { maxElapsedMs: 500 } }).request(MUTATION);
    await expect(failure).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(received).toHaveLength(1);
  });

  it('stops waiting at once when the caller aborts', async () => {
    const timersBefore = activeTimers();
    const received = installApi(() => status(409, { 'Retry-After': '20' }));
    const controller = new AbortController();
    const failure = makeClient({ retry: { maxDelayMs: 60_000 } }).request(MUTATION, undefined, {
      signal: controller.signal,
    });
    await expect.poll(() => received.length).toBe(1);
    controller.abort();
    const error = await failure.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ aborted: true, timedOut: false });
    expect(received).toHaveLength(1);
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });
});
