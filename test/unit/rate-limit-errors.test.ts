/**
 * The platform's limit codes, classified in one place (`rate-limit-errors.ts`): the daily quota becomes a
 * `DailyLimitError` that is never retried within a call, and holds the client's later calls; the others are
 * `RateLimitError`s naming their limit. Codes from https://developer.monday.com/api-reference/docs/rate-limits;
 * the per-mutation message from its changelog on mutation-specific rate limits.
 */
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { limitKindOf, rateLimitErrorFor } from '../../src/client/errors/rate-limit-errors.js';
import { nextMidnightUtc } from '../../src/client/rate-limit/daily-reset.js';
import { DailyLimitError, RateLimitError, type RetryEvent } from '../../src/index.js';
import { installApi, makeClient, ok, RATE_LIMIT_HEADERS, useMockApi } from './client-fixtures.js';

useMockApi();

function limitedBody(code: string, message = `limited: ${code}`, retryInSeconds?: number) {
  const extensions: Record<string, unknown> = { code };
  if (retryInSeconds !== undefined) extensions.retry_in_seconds = retryInSeconds;
  return { errors: [{ message, extensions }] };
}

describe('limit codes', () => {
  it.each([
    ['DAILY_LIMIT_EXCEEDED', 'daily'],
    ['RATE_LIMIT_EXCEEDED', 'minute'],
    ['COMPLEXITY_BUDGET_EXHAUSTED', 'complexity'],
    ['maxConcurrencyExceeded', 'concurrency'],
    ['IP_RATE_LIMIT_EXCEEDED', 'ip'],
  ])('%s is the %s limit', (code, kind) => {
    expect(limitKindOf(limitedBody(code).errors)).toBe(kind);
  });

  it('a per-mutation limit is told by its message', () => {
    expect(limitKindOf([{ message: 'Call limit exceeded for DuplicateBoard' }])).toBe('mutation');
    expect(limitKindOf([{ message: 'Item not found' }])).toBeUndefined();
  });

  it('the daily limit resets after the server wait when given, else at the next midnight UTC', () => {
    const now = Date.UTC(2026, 10, 25, 22, 30);
    const errors = limitedBody('DAILY_LIMIT_EXCEEDED').errors;
    const told = rateLimitErrorFor('x', { errors, retryAfterSeconds: 60 }, now);
    expect(told).toBeInstanceOf(DailyLimitError);
    expect((told as DailyLimitError).resetsAt.getTime()).toBe(now + 60_000);
    const untold = rateLimitErrorFor('x', { errors }, now) as DailyLimitError;
    expect(untold.resetsAt.toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(untold.retryAfterSeconds).toBe(90 * 60);
    expect(nextMidnightUtc(Date.UTC(2026, 0, 1))).toBe(Date.UTC(2026, 0, 2));
  });
});

describe('a daily limit through the client', () => {
  it('is a DailyLimitError, a RateLimitError, never retried', async () => {
    const received = installApi(() =>
      HttpResponse.json(limitedBody('DAILY_LIMIT_EXCEEDED', 'Daily limit exceeded', 5), {
        status: 429,
        headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': '5' },
      }),
    );
    const retries: RetryEvent[] = [];
    const error = await makeClient({ hooks: { onRetry: (event) => retries.push(event) } })
      .request('{ a }')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DailyLimitError);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ name: 'DailyLimitError', limit: 'daily', status: 429, retryAfterSeconds: 5 });
    expect(received).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it('in a 200 body too; later calls are held until the reset, not sent', async () => {
    const received = installApi((_request, index) =>
      index === 0 ? HttpResponse.json(limitedBody('DAILY_LIMIT_EXCEEDED', 'Daily limit exceeded', 7200)) : ok({ a: 1 }),
    );
    const client = makeClient({ throttle: {} });
    await expect(client.request('{ a }')).rejects.toBeInstanceOf(DailyLimitError);
    const held = await client.request('query Next { a }').catch((caught: unknown) => caught);
    expect(held).toBeInstanceOf(DailyLimitError);
    expect(held).toMatchObject({ operationName: 'Next', status: undefined });
    expect((held as DailyLimitError).resetsAt.getTime()).toBeGreaterThan(Date.now() + 7_000_000);
    expect((held as Error).message).toMatch(/Daily call limit reached: calls are held until it resets at .*not sent/);
    expect(client.throttleState?.heldBy).toMatchObject({ reason: 'daily-limit', policy: 'daily' });
    expect(received).toHaveLength(1);
  });

  it('other limits stay retried RateLimitErrors that name their limit', async () => {
    const received = installApi((_request, index) =>
      index === 0
        ? HttpResponse.json(limitedBody('IP_RATE_LIMIT_EXCEEDED', 'Too many requests from this IP', 0), {
            status: 429,
            headers: RATE_LIMIT_HEADERS,
          })
        : ok({ a: 1 }),
    );
    const retries: RetryEvent[] = [];
    const result = await makeClient({ hooks: { onRetry: (event) => retries.push(event) } }).request('{ a }');
    expect(result.data).toEqual({ a: 1 });
    expect(retries.map((event) => [event.reason, (event.error as RateLimitError).limit])).toEqual([
      ['rate-limited', 'ip'],
    ]);
    expect(received).toHaveLength(2);
  });
});

describe('a negative t in RateLimit', () => {
  it('is no reset time: a 429 carrying only t=-5 waits a backoff, never a negative delay', async () => {
    installApi(() =>
      HttpResponse.json(
        { errors: [{ message: 'slow down' }] },
        { status: 429, headers: { 'RateLimit-Policy': 'minuteRate;q=5;w=60', RateLimit: 'minuteRate;r=0;t=-5' } },
      ),
    );
    const retries: RetryEvent[] = [];
    const client = makeClient({
      retry: { maxAttempts: 2, baseDelayMs: 200, maxDelayMs: 2000 },
      hooks: { onRetry: (event) => retries.push(event) },
    });
    const error = await client.request('{ a }').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBeUndefined();
    expect((error as RateLimitError).rateLimit?.policies.minuteRate).toEqual({
      name: 'minuteRate',
      quota: 5,
      window: 60,
      remaining: 0,
    });
    expect(retries).toHaveLength(1);
    expect(retries[0]?.delayMs).toBeGreaterThanOrEqual(0);
  });

  it('the throttle pauses after such a 429 instead of sending again at once', async () => {
    installApi(() =>
      HttpResponse.json(
        { errors: [{ message: 'slow down' }] },
        { status: 429, headers: { 'RateLimit-Policy': 'minuteRate;q=5;w=60', RateLimit: 'minuteRate;r=0;t=-5' } },
      ),
    );
    const client = makeClient({ retry: false, throttle: {} });
    await expect(client.request('{ a }')).rejects.toBeInstanceOf(RateLimitError);
    expect(client.throttleState?.heldBy).toMatchObject({ reason: 'backoff' });
    expect(client.throttleState?.heldBy?.until).toBeGreaterThan(Date.now() + 500);
  });
});
