/**
 * What an error tells at a glance: the request id the platform puts in a response's top-level `extensions`
 * (https://developer.monday.com/api-reference/docs/error-handling), on every error, result and response hook event;
 * the first error's `extensions.code` as `error.code`, and one subclass per common code; a bounded `errors` list.
 */
import { describe, expect, it } from 'vitest';
import { createResponseError } from '../../src/client/errors/error-factory.js';
import {
  ColumnValueError,
  GraphQLResponseError,
  HttpError,
  InvalidArgumentError,
  MAX_KEPT_ERRORS,
  NotFoundError,
  PermissionDeniedError,
  type PlatformError,
  RateLimitError,
} from '../../src/client/errors/errors.js';
import { createRedactor } from '../../src/client/errors/redact.js';
import type { ResponseEvent, RetryEvent } from '../../src/client/types.js';
import { installApi, makeClient, TOKEN, useMockApi } from './client-fixtures.js';

useMockApi();

const redact = createRedactor(TOKEN);

function facts(status: number, payload: unknown) {
  return {
    status,
    headers: new Headers(),
    rateLimit: { policies: {} },
    payload,
    redact,
    nowMs: Date.now(),
    operationName: 'Op',
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const failure = (code: string) => ({
  data: null,
  errors: [{ message: `failed with ${code}`, extensions: { code, status_code: 200 } }],
  extensions: { request_id: 'req-123' },
});

describe('request ids', () => {
  it('every error carries the request id of its response, in a field and in its message', () => {
    const graphql = createResponseError(facts(200, failure('SomethingElse')));
    expect(graphql).toBeInstanceOf(GraphQLResponseError);
    expect(graphql?.requestId).toBe('req-123');
    expect(graphql?.message).toContain('request id req-123');
    const limited = createResponseError(
      facts(429, { errors: [{ message: 'slow down' }], extensions: { request_id: 'req-429' } }),
    );
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited).toMatchObject({ requestId: 'req-429' });
    expect(limited?.message).toContain('request id req-429');
    const server = createResponseError(facts(500, { error_message: 'boom', extensions: { request_id: 'req-500' } }));
    expect(server).toBeInstanceOf(HttpError);
    expect(server?.requestId).toBe('req-500');
    expect(JSON.stringify(server?.toJSON())).toContain('req-500');
  });

  it('falls back to an error-level request id; ignores one that is not a short string', () => {
    const inError = createResponseError(
      facts(200, { errors: [{ message: 'x', extensions: { code: 'A', request_id: 'req-in-error' } }] }),
    );
    expect(inError?.requestId).toBe('req-in-error');
    for (const bad of [42, { id: 1 }, 'x'.repeat(500), ''])
      expect(
        createResponseError(facts(200, { errors: [{ message: 'x' }], extensions: { request_id: bad } }))?.requestId,
      ).toBeUndefined();
  });

  it('a request id that holds the token is redacted', () => {
    const error = createResponseError(
      facts(200, { errors: [{ message: 'x' }], extensions: { request_id: `r-${TOKEN}` } }),
    );
    expect(error?.requestId).toBe('r-[REDACTED]');
    expect(error?.message).not.toContain(TOKEN);
  });

  it('a result and the onResponse event carry the request id the server sent (msw)', async () => {
    const events: ResponseEvent[] = [];
    installApi(() => json({ data: { me: { id: '1' } }, extensions: { request_id: 'req-ok' } }));
    const client = makeClient({ hooks: { onResponse: (event) => events.push(event) } });
    const result = await client.request('query Me { me { id } }');
    expect(result.requestId).toBe('req-ok');
    expect(events[0]?.requestId).toBe('req-ok');
    installApi(() => json(failure('ResourceNotFoundException')));
    const error = await client.request('query Me { me { id } }').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as PlatformError).requestId).toBe('req-123');
    expect(events[1]?.requestId).toBe('req-123');
  });

  it('an onRetry event carries the id of the answer it retries (msw)', async () => {
    const retries: RetryEvent[] = [];
    installApi((_received, index) =>
      index === 0
        ? json({ errors: [{ message: 'down' }], extensions: { request_id: 'req-503' } }, 503)
        : json({ data: { me: { id: '1' } }, extensions: { request_id: 'req-ok' } }),
    );
    const client = makeClient({
      hooks: { onRetry: (event) => retries.push(event) },
      retry: { baseDelayMs: 1, maxDelayMs: 10 },
    });
    const result = await client.request('query Me { me { id } }');
    expect(result.requestId).toBe('req-ok');
    expect(retries.map((event) => event.requestId)).toEqual(['req-503']);
  });

  it('without one, nothing is invented', async () => {
    installApi(() => json({ data: { me: { id: '1' } } }));
    const result = await makeClient().request('query Me { me { id } }');
    expect(result.requestId).toBeUndefined();
    expect(Object.hasOwn(result, 'requestId')).toBe(false);
  });
});

describe('error codes', () => {
  it.each([
    ['ResourceNotFoundException', NotFoundError],
    ['RESOURCE_NOT_FOUND', NotFoundError],
    // An unknown column id (https://developer.monday.com/api-reference/docs/error-handling); the emulator answers it.
    ['InvalidColumnIdException', NotFoundError],
    ['UserUnauthorizedException', PermissionDeniedError],
    ['USER_UNAUTHORIZED', PermissionDeniedError],
    ['missingRequiredPermissions', PermissionDeniedError],
    ['InvalidArgumentException', InvalidArgumentError],
    ['INVALID_ARGUMENT', InvalidArgumentError],
    ['ItemNameTooLongException', InvalidArgumentError],
    ['ColumnValueException', ColumnValueError],
    ['CorrectedValueException', ColumnValueError],
    ['INVALID_COLUMN_VALUE', ColumnValueError],
  ])('%s → %o, with error.code', (code, type) => {
    const error = createResponseError(facts(200, failure(code)));
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect((error as GraphQLResponseError).code).toBe(code);
    expect(error?.name).toBe(type.name);
  });

  it('another code stays a plain GraphQLResponseError with its code; none gives undefined', () => {
    // A code that names a member of Object.prototype is no class and no limit: the tables have no prototype.
    for (const code of [
      'ItemsLimitationException',
      'CreateBoardException',
      'InvalidVersionException',
      'constructor',
      'toString',
    ]) {
      const other = createResponseError(facts(200, failure(code)));
      expect(other?.constructor).toBe(GraphQLResponseError);
      expect((other as GraphQLResponseError).code).toBe(code);
    }
    const none = createResponseError(facts(200, { errors: [{ message: 'x' }] }));
    expect((none as GraphQLResponseError).code).toBeUndefined();
  });
});

describe('a bounded errors list', () => {
  it(`keeps the first ${MAX_KEPT_ERRORS} errors of a million and counts the rest`, () => {
    const errors = Array.from({ length: 1_000_000 }, (_, i) => ({ message: `e${i}`, extensions: { code: 'X' } }));
    const error = createResponseError(facts(200, { data: null, errors })) as GraphQLResponseError;
    expect(error.errors).toHaveLength(MAX_KEPT_ERRORS);
    expect(error.omittedErrors).toBe(1_000_000 - MAX_KEPT_ERRORS);
    expect(error.message).toContain('(and 999999 more)');
    const few = createResponseError(
      facts(200, { errors: [{ message: 'a' }, { message: 'b' }] }),
    ) as GraphQLResponseError;
    expect(few.errors).toHaveLength(2);
    expect(few.omittedErrors).toBe(0);
  });
});
