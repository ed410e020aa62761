import { describe, expect, it } from 'vitest';
import { createResponseError } from '../../src/client/errors/error-factory.js';
import { isGraphQLSuccess } from '../../src/client/errors/error-info.js';
import {
  AuthenticationError,
  DailyLimitError,
  GraphQLResponseError,
  HttpError,
  IdempotencyConflictError,
  NetworkError,
  NotFoundError,
  PlatformConfigError,
  PlatformError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  ThrottleQueueTimeoutError,
  UnsupportedApiVersionError,
} from '../../src/client/errors/errors.js';
import { createRedactor } from '../../src/client/errors/redact.js';
import { parseRetryAfter } from '../../src/client/errors/server-wait.js';

const TOKEN = 'tok_SECRET_1234567890';
const redact = createRedactor(TOKEN);
const NOW = Date.UTC(2024, 9, 1, 12, 0, 0);

function facts(status: number, payload?: unknown, headers: Record<string, string> = {}, text?: string) {
  const h = new Headers(headers);
  const rateLimit = {
    policies: { minuteRate: { name: 'minuteRate', quota: 10, remaining: 0, resetSeconds: 12 } },
  };
  return {
    status,
    headers: h,
    rateLimit,
    payload,
    text,
    redact,
    nowMs: NOW,
    operationName: 'Op',
    idempotencyKey: 'key-1',
  };
}

describe('createResponseError picks one class per response', () => {
  it.each([
    [401, AuthenticationError],
    [409, IdempotencyConflictError],
    [429, RateLimitError],
    [400, HttpError],
    [403, HttpError],
    [404, HttpError],
    [500, HttpError],
    [503, HttpError],
  ])('status %i → %o', (status, type) => {
    const error = createResponseError(facts(status, undefined, {}, 'nope'));
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ status, operationName: 'Op', idempotencyKey: 'key-1' });
    expect(error?.rateLimit?.policies.minuteRate?.remaining).toBe(0);
    expect(error?.headers).toBeInstanceOf(Headers);
  });

  it('returns nothing for a GraphQL success', () => {
    expect(createResponseError(facts(200, { data: { boards: [] } }))).toBeUndefined();
    expect(createResponseError(facts(200, { data: { a: 1 }, errors: [] }))).toBeUndefined();
  });

  // The client loads the factory only for a response isGraphQLSuccess refuses (response-error.ts): the two agree.
  it.each([
    [200, { data: { boards: [] } }],
    [200, { data: { a: 1 }, errors: [] }],
    [200, { data: { a: 1 }, extensions: { request_id: 'r' } }],
    [200, { data: { a: 1 }, errors: [{ message: 'x' }] }],
    [200, { data: null, errors: [{ message: 'x' }] }],
    [200, { data: [] }],
    [200, { error_code: 'ComplexityException', status_code: 429, error_message: 'reset in 3 seconds' }],
    [200, { data: {}, error_code: 'ComplexityException' }],
    [200, undefined],
    [200, 'text'],
    [204, { data: {} }],
    [299, { data: {}, errors: 'not a list' }],
    [301, { data: {} }],
    [0, undefined],
    [429, { data: {} }],
    [500, { data: {} }],
  ])('isGraphQLSuccess(%i, %j) is true exactly when the factory finds no error', (status, payload) => {
    const success = createResponseError(facts(status, payload)) === undefined;
    expect(isGraphQLSuccess(status, payload)).toBe(success);
  });

  it('turns a non-empty errors array into GraphQLResponseError with locations, extensions and partial data', () => {
    const error = createResponseError(
      facts(200, {
        data: { boards: null, me: { id: '1' } },
        errors: [
          {
            message: 'Cannot query field',
            locations: [{ line: 1, column: 9 }],
            path: ['boards'],
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          },
          { message: 'second' },
        ],
      }),
    );
    expect(error).toBeInstanceOf(GraphQLResponseError);
    const graphQLError = error as GraphQLResponseError;
    expect(graphQLError.message).toBe('GraphQL error: Cannot query field (and 1 more)');
    expect(graphQLError.errors[0]).toEqual({
      message: 'Cannot query field',
      locations: [{ line: 1, column: 9 }],
      path: ['boards'],
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(graphQLError.data).toEqual({ boards: null, me: { id: '1' } });
  });

  it.each(['COMPLEXITY_BUDGET_EXHAUSTED', 'RATE_LIMIT_EXCEEDED', 'DAILY_LIMIT_EXCEEDED'])(
    'classifies a 200 body with %s as a RateLimitError using retry_in_seconds',
    (code) => {
      const error = createResponseError(
        facts(200, {
          data: null,
          errors: [{ message: 'Budget exhausted', extensions: { code, retry_in_seconds: 7 } }],
        }),
      );
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 200, retryAfterSeconds: 7 });
      expect((error as RateLimitError).errors?.[0]?.extensions?.code).toBe(code);
    },
  );

  it('reads the wait of a 429 from Retry-After, then the body, then the exhausted policy t', () => {
    expect(createResponseError(facts(429, undefined, { 'retry-after': '3' }))).toMatchObject({ retryAfterSeconds: 3 });
    const body = { errors: [{ message: 'slow down', extensions: { retry_in_seconds: '4' } }] };
    expect(createResponseError(facts(429, body))).toMatchObject({
      retryAfterSeconds: 4,
      message: 'Rate limited (429): slow down',
    });
    expect(createResponseError(facts(429))).toMatchObject({ retryAfterSeconds: 12 });
  });

  it('reads Retry-After of a 409 and leaves it undefined when missing or invalid', () => {
    expect(createResponseError(facts(409, undefined, { 'retry-after': '2' }))).toMatchObject({ retryAfterSeconds: 2 });
    expect(
      (createResponseError(facts(409, undefined, { 'retry-after': 'soon' })) as IdempotencyConflictError)
        .retryAfterSeconds,
    ).toBeUndefined();
    expect((createResponseError(facts(409)) as IdempotencyConflictError).retryAfterSeconds).toBeUndefined();
  });

  it('gives HttpError a short excerpt of the body, and flags a 2xx body that is not a GraphQL result', () => {
    const long = `<html>${'x'.repeat(1000)}</html>`;
    const error = createResponseError(facts(502, undefined, {}, long)) as HttpError;
    expect(error.bodyExcerpt?.length).toBeLessThanOrEqual(301);
    expect(error.bodyExcerpt?.startsWith('<html>xxx')).toBe(true);
    const notGraphQL = createResponseError(facts(200, { hello: 'world' }));
    expect(notGraphQL).toBeInstanceOf(HttpError);
    expect(notGraphQL?.message).toMatch(/not a GraphQL result/);
    expect((notGraphQL as HttpError).bodyExcerpt).toBe('{"hello":"world"}');
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['5', 5],
    [' 12 ', 12],
    ['0', 0],
    ['1.5', 1.5],
    ['Tue, 01 Oct 2024 12:00:30 GMT', 30],
    ['Tue, 01 Oct 2024 11:00:00 GMT', 0],
    ['-1', undefined],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j → %j', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('createRedactor', () => {
  it('hides a token as written and as a server may echo it URL-encoded', () => {
    const token = 'eyJ+abc/def==';
    const hide = createRedactor(token);
    expect(hide(`raw ${token} and encoded ${encodeURIComponent(token)}`)).toBe('raw [REDACTED] and encoded [REDACTED]');
    expect(hide('nothing secret')).toBe('nothing secret');
  });
});

describe('errors never reveal the token', () => {
  const leaky = {
    data: { echo: `you sent ${TOKEN}` },
    errors: [{ message: `Invalid token ${TOKEN}`, extensions: { token: TOKEN, nested: [TOKEN] } }],
  };
  const all: PlatformError[] = [
    createResponseError(facts(401, leaky, { 'www-authenticate': `Bearer ${TOKEN}`, authorization: `Bearer ${TOKEN}` })),
    createResponseError(facts(429, leaky)),
    createResponseError(facts(409, leaky, { 'x-echo': TOKEN })),
    createResponseError(facts(200, leaky)),
    createResponseError(facts(500, undefined, { 'set-cookie': `s=${TOKEN}` }, `boom ${TOKEN} boom`)),
    createResponseError(
      facts(200, { data: null, errors: [{ message: TOKEN, extensions: { code: 'RATE_LIMIT_EXCEEDED' } }] }),
    ),
  ].filter((error): error is PlatformError => error !== undefined);

  it.each(all.map((error) => [error.name, error]))('%s: message, toString, JSON, headers', (_name, error) => {
    expect(error.message).not.toContain(TOKEN);
    expect(String(error)).not.toContain(TOKEN);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(JSON.stringify(error.toJSON())).not.toContain(TOKEN);
    for (const [, value] of error.headers ?? new Headers()) expect(value).not.toContain(TOKEN);
    expect(JSON.stringify((error as GraphQLResponseError).errors ?? [])).not.toContain(TOKEN);
    expect(JSON.stringify((error as GraphQLResponseError).data ?? null)).not.toContain(TOKEN);
  });

  it('covers every kind of response error', () => {
    expect(all.map((error) => error.name).sort()).toEqual([
      'AuthenticationError',
      'GraphQLResponseError',
      'HttpError',
      'IdempotencyConflictError',
      'RateLimitError',
      'RateLimitError',
    ]);
  });

  it('serialises to a plain, useful object', () => {
    const error = createResponseError(
      facts(429, undefined, { 'retry-after': '3', authorization: 'x' }),
    ) as RateLimitError;
    expect(error.toJSON()).toEqual({
      name: 'RateLimitError',
      message: 'Rate limited (429)',
      status: 429,
      operationName: 'Op',
      idempotencyKey: 'key-1',
      headers: { authorization: '[REDACTED]', 'retry-after': '3' },
      rateLimit: { policies: { minuteRate: { name: 'minuteRate', quota: 10, remaining: 0, resetSeconds: 12 } } },
      retryAfterSeconds: 3,
    });
    expect(new NetworkError('x', { timedOut: true }).toJSON()).toEqual({
      name: 'NetworkError',
      message: 'x',
      timedOut: true,
      aborted: false,
    });
    expect(new PlatformConfigError('fix').toJSON()).toEqual({ name: 'PlatformConfigError', message: 'fix' });
  });

  it('takes every field from its details, and leaves the cause to the runtime (not enumerable, not in toJSON)', () => {
    const cause = new Error('below');
    const resetsAt = new Date(NOW);
    const cases: [PlatformError, Record<string, unknown>][] = [
      [new HttpError('m', { status: 503, bodyExcerpt: 'b', retryAfterSeconds: 2, cause }), { bodyExcerpt: 'b' }],
      [new RedirectError('m', { status: 302, location: '/x', cause }), { location: '/x' }],
      [new ResponseTooLargeError('m', { status: 200, maxResponseBytes: 9, cause }), { maxResponseBytes: 9 }],
      [new RateLimitError('m', { retryAfterSeconds: 3, limit: 'ip', cause }), { retryAfterSeconds: 3, limit: 'ip' }],
      [new DailyLimitError('m', { resetsAt, cause }), { resetsAt, limit: 'daily' }],
      [new IdempotencyConflictError('m', { retryAfterSeconds: 1, cause }), { retryAfterSeconds: 1 }],
      [
        new ThrottleQueueTimeoutError('m', { queuedMs: 5, position: 1, queued: 2, reason: 'backoff', cause }),
        { queuedMs: 5, position: 1, queued: 2, reason: 'backoff' },
      ],
      [
        new UnsupportedApiVersionError('m', { apiVersion: '2020-01', supportedVersions: ['2026-10'], cause }),
        { apiVersion: '2020-01', supportedVersions: ['2026-10'] },
      ],
      [
        new NotFoundError('m', { errors: [{ message: 'e', extensions: { code: 'C' } }], data: { a: 1 }, cause }),
        { code: 'C', omittedErrors: 0, data: { a: 1 } },
      ],
      [new NetworkError('m', { code: 'ECONNRESET', attempts: 2, cause }), { code: 'ECONNRESET', attempts: 2 }],
    ];
    for (const [error, fields] of cases) {
      expect(error).toMatchObject({ ...fields, message: 'm', cause });
      expect(Object.keys(error)).not.toContain('cause');
      expect(error.toJSON()).not.toHaveProperty('cause');
      // The base's fields are there even when unset.
      expect(Object.keys(error)).toEqual(expect.arrayContaining(['status', 'headers', 'requestId']));
    }
  });
});
