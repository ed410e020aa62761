import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  GraphQLResponseError,
  HttpError,
  IdempotencyConflictError,
  NetworkError,
  PlatformConfigError,
  RateLimitError,
} from '../../src/client/errors/errors.js';
import { DEFAULT_RETRY_POLICY, decideRetry, type RetryContext } from '../../src/client/retry/retry-policy.js';
import { backoffDelayMs } from '../../src/client/retry/retry-timing.js';

const policy = { ...DEFAULT_RETRY_POLICY };
const first: RetryContext = { attempt: 1, waitedMs: 0, random: 0.5, repeatable: true };

describe('backoffDelayMs (capped exponential, full jitter)', () => {
  it.each([
    // attempt, random, expected with base 300 and cap 30 000
    [1, 0, 0],
    [1, 0.5, 150],
    [1, 0.999, 299],
    [2, 0.5, 300],
    [3, 0.5, 600],
    [4, 1, 2400],
    [8, 1, 30_000], // 300 * 2^7 = 38 400, capped
    [30, 0.5, 15_000],
  ])('attempt %i with random %f waits %i ms', (attempt, random, expected) => {
    expect(backoffDelayMs(attempt, policy, random)).toBe(expected);
  });

  it('never exceeds maxDelayMs and never goes negative, whatever the inputs', () => {
    for (let attempt = 1; attempt < 60; attempt += 1) {
      for (const random of [-1, 0, 0.3, 0.99, 2]) {
        const delay = backoffDelayMs(attempt, { baseDelayMs: 1000, maxDelayMs: 5000 }, random);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(5000);
      }
    }
  });
});

const response = { status: 503, headers: new Headers() };

describe('decideRetry', () => {
  it.each([
    ['a network error', new NetworkError('down'), 'network'],
    ['a timeout', new NetworkError('slow', { timedOut: true }), 'timeout'],
    ['a 500', new HttpError('HTTP 500', { status: 500 }), 'server-error'],
    ['a 503', new HttpError('HTTP 503', response), 'server-error'],
    ['a 429 without Retry-After', new RateLimitError('429', { status: 429 }), 'rate-limited'],
  ])('retries %s with backoff', (_label, error, reason) => {
    expect(decideRetry(error, first, policy)).toEqual({ retry: true, reason, delayMs: 150 });
  });

  it.each([
    ['a 400', new HttpError('HTTP 400', { status: 400 })],
    ['a 403', new HttpError('HTTP 403', { status: 403 })],
    ['a 404', new HttpError('HTTP 404', { status: 404 })],
    ['a 401', new AuthenticationError('401', { status: 401 })],
    ['a GraphQL validation error', new GraphQLResponseError('bad', { status: 200, errors: [{ message: 'bad' }] })],
    ['a caller abort', new NetworkError('aborted', { aborted: true })],
    ['a configuration error', new PlatformConfigError('fix it')],
    ['a foreign error', new TypeError('bug')],
    ['a thrown string', 'oops'],
  ])('never retries %s', (_label, error) => {
    expect(decideRetry(error, first, policy)).toEqual({ retry: false });
  });

  it('lets Retry-After (or a 429 t / retry_in_seconds) win over backoff', () => {
    expect(decideRetry(new RateLimitError('429', { retryAfterSeconds: 2 }), first, policy)).toEqual({
      retry: true,
      reason: 'rate-limited',
      delayMs: 2000,
    });
    expect(decideRetry(new HttpError('503', { status: 503, retryAfterSeconds: 1.5 }), first, policy)).toEqual({
      retry: true,
      reason: 'server-error',
      delayMs: 1500,
    });
  });

  it('gives no retry when the server asks for longer than maxDelayMs (Retry-After: 3600)', () => {
    expect(decideRetry(new RateLimitError('429', { retryAfterSeconds: 3600 }), first, policy)).toEqual({
      retry: false,
    });
    expect(decideRetry(new RateLimitError('429', { retryAfterSeconds: 30 }), first, policy)).toMatchObject({
      retry: true,
    });
    expect(decideRetry(new RateLimitError('429', { retryAfterSeconds: 30.001 }), first, policy)).toEqual({
      retry: false,
    });
  });

  it('waits Retry-After on a 409, or conflictDefaultSeconds when it is missing', () => {
    expect(decideRetry(new IdempotencyConflictError('409', { retryAfterSeconds: 3 }), first, policy)).toEqual({
      retry: true,
      reason: 'idempotency-conflict',
      delayMs: 3000,
    });
    expect(
      decideRetry(new IdempotencyConflictError('409'), first, { ...policy, conflictDefaultSeconds: 0.25 }),
    ).toEqual({ retry: true, reason: 'idempotency-conflict', delayMs: 250 });
  });

  it('stops at maxAttempts', () => {
    const error = new NetworkError('down');
    expect(decideRetry(error, { ...first, attempt: 3 }, policy)).toMatchObject({ retry: true });
    expect(decideRetry(error, { ...first, attempt: 4 }, policy)).toEqual({ retry: false });
    expect(decideRetry(error, first, { ...policy, maxAttempts: 1 })).toEqual({ retry: false });
  });

  it('stops when the wait would take the call past maxElapsedMs', () => {
    const error = new RateLimitError('429', { retryAfterSeconds: 10 });
    expect(decideRetry(error, { ...first, waitedMs: 50_000 }, policy)).toMatchObject({ retry: true, delayMs: 10_000 });
    expect(decideRetry(error, { ...first, waitedMs: 50_001 }, policy)).toEqual({ retry: false });
  });

  it('retries network errors and 5xx only when repeating cannot do the work twice', () => {
    const notRepeatable = { ...first, repeatable: false };
    expect(decideRetry(new NetworkError('down'), notRepeatable, policy)).toEqual({ retry: false });
    expect(decideRetry(new HttpError('502', { status: 502 }), notRepeatable, policy)).toEqual({ retry: false });
    // A 429 or a 409 means the server did not run the request: safe to send again.
    expect(decideRetry(new RateLimitError('429'), notRepeatable, policy)).toMatchObject({ retry: true });
    expect(decideRetry(new IdempotencyConflictError('409'), notRepeatable, policy)).toMatchObject({ retry: true });
  });

  it('is pure: the same inputs give the same decision', () => {
    const error = new HttpError('500', { status: 500 });
    const context = { attempt: 2, waitedMs: 100, random: 0.42, repeatable: true };
    expect(decideRetry(error, context, policy)).toEqual(decideRetry(error, context, policy));
    expect(decideRetry(error, context, policy)).toEqual({ retry: true, reason: 'server-error', delayMs: 252 });
  });
});
