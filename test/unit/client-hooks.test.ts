import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/client/errors/errors.js';
import { recordingHooks } from '../hook-recorder.js';
import { ENDPOINT, installApi, makeClient, ok, server, status, TOKEN, useMockApi } from './client-fixtures.js';

useMockApi();

describe('hooks', () => {
  it('reports each attempt, response and retry with the token redacted', async () => {
    installApi((_request, index) =>
      index === 0 ? status(503) : ok({ create_item: { id: '1' } }, { headers: { 'Idempotency-Replayed': 'true' } }),
    );
    const { events, hooks } = recordingHooks();
    await makeClient({ hooks }).request('mutation Make { create_item { id } }', undefined, { idempotencyKey: 'k-7' });

    expect(events.request).toHaveLength(2);
    expect(events.request[0]).toMatchObject({
      operationName: 'Make',
      kind: 'mutation',
      attempt: 1,
      url: ENDPOINT,
      idempotencyKey: 'k-7',
    });
    expect(events.request[1]?.attempt).toBe(2);
    expect(events.request[0]?.headers).toMatchObject({
      authorization: '[REDACTED]',
      'idempotency-key': 'k-7',
      'content-type': 'application/json',
    });
    expect(events.response.map((event) => [event.attempt, event.status, event.replayed])).toEqual([
      [1, 503, false],
      [2, 200, true],
    ]);
    expect(events.response[0]?.rateLimit.policies.minuteRate?.remaining).toBe(99);
    expect(events.response[0]?.durationMs).toBeGreaterThanOrEqual(0);
    expect(events.retry).toHaveLength(1);
    expect(events.retry[0]).toMatchObject({ attempt: 1, reason: 'server-error', operationName: 'Make' });
    expect(JSON.stringify(events)).not.toContain(TOKEN);
    expect(String(events.retry[0]?.error)).not.toContain(TOKEN);
  });

  it('ignores hooks that throw', async () => {
    installApi((_request, index) => (index === 0 ? status(500) : ok({ a: 1 })));
    const boom = () => {
      throw new Error('hook failed');
    };
    const client = makeClient({
      hooks: { onRequest: boom, onResponse: boom, onRetry: boom, onThrottle: boom },
      throttle: {},
    });
    expect((await client.request('{ a }')).data).toEqual({ a: 1 });
  });

  it('reports a request held by the throttle', async () => {
    const releases: (() => void)[] = [];
    server.use(
      http.post(ENDPOINT, async () => {
        await new Promise<void>((resolve) => releases.push(resolve));
        return HttpResponse.json({ data: { a: 1 } });
      }),
    );
    const { events, hooks } = recordingHooks();
    const client = makeClient({ hooks, throttle: { initialConcurrency: 4 } });
    // Until the first response teaches the quotas, one request is in flight; the second waits.
    const calls = [client.request('query First { a }'), client.request('query Second { a }')];
    await expect.poll(() => releases.length).toBe(1);
    expect(events.throttle).toEqual([{ operationName: 'Second', reason: 'concurrency' }]);
    releases[0]?.();
    await expect.poll(() => releases.length).toBe(2);
    releases[1]?.();
    await Promise.all(calls);
  });

  it('keeps the token out of network errors and their hook events', async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.error()));
    const { events, hooks } = recordingHooks();
    const failure = await makeClient({ hooks, retry: { maxAttempts: 2, baseDelayMs: 1 } })
      .request('{ a }')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(events.retry.map((event) => event.reason)).toEqual(['network']);
    expect(JSON.stringify(failure)).not.toContain(TOKEN);
    expect(String(failure)).not.toContain(TOKEN);
    expect(JSON.stringify(events)).not.toContain(TOKEN);
  });

  it('keeps the token out of errors when the server echoes it', async () => {
    installApi(() =>
      HttpResponse.json(
        { errors: [{ message: `token ${TOKEN} is revoked`, extensions: { token: TOKEN } }] },
        { status: 401, headers: { 'X-Echo': `Bearer ${TOKEN}` } },
      ),
    );
    const failure = (await makeClient()
      .request('{ a }')
      .catch((error: unknown) => error)) as Error & { headers: Headers };
    expect(failure.name).toBe('AuthenticationError');
    expect(failure.message).toBe(
      "Authentication failed (401): token [REDACTED] is revoked. Check the client's `token` option (an API or OAuth token for this host, without a `Bearer ` prefix)",
    );
    expect(JSON.stringify(failure)).not.toContain(TOKEN);
    expect(failure.headers.get('x-echo')).toBe('Bearer [REDACTED]');
  });
});
