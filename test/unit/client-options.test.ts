import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/client/client.js';
import { PlatformConfigError, PlatformError } from '../../src/client/errors/errors.js';
import type { PlatformClientOptions } from '../../src/client/types.js';
import { API_VERSION } from '../../src/version.js';
import { BASE_URL, installApi, makeClient, ok, TOKEN, useMockApi } from './client-fixtures.js';

useMockApi();

const valid = { token: TOKEN, baseUrl: BASE_URL };

function construct(options: unknown): unknown {
  try {
    new PlatformClient(options as PlatformClientOptions);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('construction', () => {
  it('accepts the minimal options and applies defaults', () => {
    const client = new PlatformClient(valid);
    expect(client.apiVersion).toBe(API_VERSION);
    expect(client.baseUrl).toBe(BASE_URL);
    expect(client.rateLimit).toBeUndefined();
    expect(new PlatformClient({ ...valid, baseUrl: 'http://localhost:8080/api/' }).baseUrl).toBe(
      'http://localhost:8080/api',
    );
    // Trailing slashes go, then one `/v2` the client appends itself.
    for (const [given, kept] of <[string, string][]>[
      ['https://h.test/v2', 'https://h.test'],
      ['https://h.test/v2//', 'https://h.test'],
      ['https://h.test/api/v2/', 'https://h.test/api'],
      ['https://h.test/v2/v2/', 'https://h.test/v2'],
      ['https://h.test//v2', 'https://h.test/'],
      ['https://h.test/v2x/', 'https://h.test/v2x'],
    ]) {
      expect(new PlatformClient({ ...valid, baseUrl: given }).baseUrl).toBe(kept);
    }
  });

  it.each([
    ['options that are not an object', null, /options must be an object/],
    ['a missing token', { baseUrl: BASE_URL }, /`token` must be a non-empty string/],
    ['an empty token', { ...valid, token: '' }, /`token` must be a non-empty string .*got an empty string/],
    ['a blank token', { ...valid, token: '   ' }, /`token` must be a non-empty string .*got only spaces\.$/],
    ['a numeric token', { ...valid, token: 42 }, /`token` must be a non-empty string .*got number/],
    ['a token with a line break', { ...valid, token: 'abc\ndef' }, /got a character outside printable ASCII\.$/],
    ['a non-ASCII token', { ...valid, token: 'tök€n' }, /got a character outside printable ASCII\.$/],
    ['a missing baseUrl', { token: TOKEN }, /`baseUrl` must be an http\(s\) URL/],
    [
      'a baseUrl that is no URL',
      { ...valid, baseUrl: 'api.example.com' },
      /`baseUrl` must be an http\(s\) URL .*got a string of 15 characters that is not a URL/,
    ],
    [
      'an ftp baseUrl',
      { ...valid, baseUrl: 'ftp://api.example.com' },
      /`baseUrl` must be an http\(s\) URL .*got 'ftp:'/,
    ],
    [
      'a baseUrl with credentials',
      { ...valid, baseUrl: 'https://u:p@api.example.com' },
      /`baseUrl` must be an http\(s\) URL .*without credentials.*; got a URL with credentials/,
    ],
    [
      'a baseUrl with a query',
      { ...valid, baseUrl: 'https://api.example.com?x=1' },
      /; got a URL with a query string or fragment/,
    ],
    [
      'month 13',
      { ...valid, apiVersion: '2024-13' },
      /`apiVersion` must be YYYY-MM with a quarter month \(01, 04, 07 or 10\).*'2024-13'/,
    ],
    [
      'a month between quarters',
      { ...valid, apiVersion: '2024-11' },
      /`apiVersion` must be YYYY-MM with a quarter month/,
    ],
    ['month 00', { ...valid, apiVersion: '2024-00' }, /`apiVersion` must be YYYY-MM/],
    ['a one-digit month', { ...valid, apiVersion: '2024-1' }, /`apiVersion` must be YYYY-MM/],
    ['a date', { ...valid, apiVersion: '2024-10-01' }, /`apiVersion` must be YYYY-MM/],
    ['a numeric version', { ...valid, apiVersion: 202410 }, /`apiVersion` must be YYYY-MM.*got number/],
    ['a negative timeout', { ...valid, timeoutMs: -1 }, /`timeoutMs` must be between 0 and 2147483647; got -1/],
    ['a NaN timeout', { ...valid, timeoutMs: Number.NaN }, /`timeoutMs` must be a finite number/],
    ['a string timeout', { ...valid, timeoutMs: '100' }, /`timeoutMs` must be a finite number; got string/],
    ['a huge timeout', { ...valid, timeoutMs: 3e9 }, /`timeoutMs` must be between/],
    ['zero attempts', { ...valid, retry: { maxAttempts: 0 } }, /`retry.maxAttempts` must be between 1 and 100/],
    ['fractional attempts', { ...valid, retry: { maxAttempts: 2.5 } }, /`retry.maxAttempts` must be a whole number/],
    ['a negative base delay', { ...valid, retry: { baseDelayMs: -5 } }, /`retry.baseDelayMs` must be between/],
    [
      'an infinite max delay',
      { ...valid, retry: { maxDelayMs: Number.POSITIVE_INFINITY } },
      /`retry.maxDelayMs` must be a finite number/,
    ],
    ['a negative elapsed budget', { ...valid, retry: { maxElapsedMs: -1 } }, /`retry.maxElapsedMs` must be between/],
    [
      'a bad conflict default',
      { ...valid, retry: { conflictDefaultSeconds: 'one' } },
      /`retry.conflictDefaultSeconds` must be a finite number/,
    ],
    ['an unknown retry option', { ...valid, retry: { attempts: 3 } }, /unknown retry option 'attempts'/],
    ['retry: true', { ...valid, retry: true }, /`retry` must be an object of retry options or false/],
    ['a bad throttle', { ...valid, throttle: 'on' }, /`throttle` must be an object of throttle options or false/],
    [
      'zero concurrency',
      { ...valid, throttle: { initialConcurrency: 0 } },
      /`throttle.initialConcurrency` must be between 1/,
    ],
    ['a fetch that is not a function', { ...valid, fetch: 'fetch' }, /`fetch` must be a fetch function/],
    [
      'headers that are a string',
      { ...valid, headers: 'x: y' },
      /`headers` must be a Headers, an array of \[name, value\] pairs or a record/,
    ],
    ['a header value with a line break', { ...valid, headers: { 'x-n': 'a\nb' } }, /`headers` holds an invalid header/],
    ['an invalid header name', { ...valid, headers: { 'bad name': 'v' } }, /`headers` holds an invalid header/],
    [
      'a header pair of three',
      { ...valid, headers: [['a', 'b', 'c']] },
      /`headers` holds an invalid header: pairs must be \[name, value\]/,
    ],
    [
      'an Authorization header',
      { ...valid, headers: { Authorization: 'Bearer other' } },
      /must not set 'authorization': pass the token as `token`/,
    ],
    [
      'an API-Version header',
      { ...valid, headers: [['API-Version', '2024-01']] },
      /must not set 'api-version': use `apiVersion`/,
    ],
    ['hooks that are not functions', { ...valid, hooks: { onRequest: 'log' } }, /`hooks.onRequest` must be a function/],
    ['an unknown hook', { ...valid, hooks: { onError: () => {} } }, /unknown hook 'onError'/],
    ['an unknown option', { ...valid, timeout: 5 }, /unknown option 'timeout'. Known options: token, baseUrl/],
  ])('rejects %s with a PlatformConfigError saying what to fix', (_label, options, message) => {
    const error = construct(options);
    expect(error).toBeInstanceOf(PlatformConfigError);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/^PlatformClient: /);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });

  it('never shows the token in its messages, even a malformed one', () => {
    for (const token of [`${TOKEN}\n`, `${TOKEN}€`]) {
      const error = construct({ ...valid, token, apiVersion: 'bad' }) as Error;
      expect(error.message).not.toContain(TOKEN);
    }
  });

  it('never echoes a baseUrl that is not a URL: a token pasted there stays out of the error', () => {
    const pasted = 'eyJhbGciOiJIUzI1NiJ9.eyJ0aWQiOjQyfQ.c2lnbmF0dXJlLXBhcnQ';
    for (const baseUrl of [pasted, ` ${pasted} `, `Bearer ${pasted}`]) {
      const error = construct({ ...valid, baseUrl }) as Error;
      expect(error).toBeInstanceOf(PlatformConfigError);
      expect(error.message).toMatch(/`baseUrl` must be an http\(s\) URL .*got a string of \d+ characters/);
      expect(error.message).not.toContain('eyJ0aWQiOjQyfQ');
      expect(inspect(error, { depth: 10, showHidden: true })).not.toContain('eyJ0aWQiOjQyfQ');
      expect(JSON.stringify(error)).not.toContain('eyJ0aWQiOjQyfQ');
    }
  });

  it('never echoes a secret that parses as a URL scheme: only a short, letters-only scheme is shown', () => {
    const pasted = 'eyJhbGciOiJIUzI1NiJ9.eyJ0aWQiOjQyfQ.c2lnbmF0dXJlLXBhcnQ';
    // A colon after a token, or after the first part of `key:secret`, makes what precedes it a URL scheme.
    for (const baseUrl of [`${pasted}:443`, 'k3y-1d.s3cr3t:rest-of-it']) {
      const error = construct({ ...valid, baseUrl }) as Error;
      expect(error.message).toMatch(/`baseUrl` must be an http\(s\) URL .*; got another scheme\.$/);
      expect(error.message).not.toMatch(/eyj0aWQiOjQyfQ|k3y-1d/i);
    }
    expect((construct({ ...valid, baseUrl: 'javascript:alert(1)' }) as Error).message).toMatch(/got 'javascript:'\.$/);
  });

  it('keeps the token out of JSON.stringify, inspect and enumerable properties', () => {
    const client = new PlatformClient(valid);
    expect(JSON.stringify(client)).not.toContain(TOKEN);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(TOKEN);
    expect(Object.values(client).join(' ')).not.toContain(TOKEN);
  });
});

describe('call options', () => {
  it.each([
    [
      'an idempotencyKey with a space',
      { idempotencyKey: 'a b' },
      /`idempotencyKey` must be 1-255 visible ASCII characters/,
    ],
    ['an empty idempotencyKey', { idempotencyKey: '' }, /`idempotencyKey`/],
    ['an operationName that is no GraphQL name', { operationName: 'my-op' }, /`operationName` must be a GraphQL name/],
    ['a signal that is no AbortSignal', { signal: {} }, /`signal` must be an AbortSignal/],
    ['an unknown call option', { idempotency_key: 'x' }, /unknown call option 'idempotency_key'/],
    ['a negative timeout', { timeoutMs: -5 }, /`timeoutMs` must be between 0/],
    ['bad retry', { retry: { maxAttempts: 'many' } }, /`retry.maxAttempts` must be a finite number/],
    ['an Idempotency-Key header', { headers: { 'Idempotency-Key': 'k' } }, /use the `idempotencyKey` call option/],
    ['a Content-Type header', { headers: { 'content-type': 'text/plain' } }, /must not set 'content-type'/],
  ])('rejects %s before sending anything', async (_label, options, message) => {
    const received = installApi(() => ok({ a: 1 }));
    const failure = makeClient().request('mutation M { a }', undefined, options as never);
    await expect(failure).rejects.toBeInstanceOf(PlatformConfigError);
    await expect(failure).rejects.toThrow(message);
    expect(received).toHaveLength(0);
  });

  it('rejects variables that are not an object', async () => {
    await expect(makeClient().request('{ a }', 'x' as never)).rejects.toThrow(
      /`variables` must be an object; got string/,
    );
  });

  it('rejects variables that cannot be sent as JSON', async () => {
    const received = installApi(() => ok({ a: 1 }));
    await expect(makeClient().request('{ a }', { big: 10n })).rejects.toThrow(/cannot be sent as JSON/);
    expect(received).toHaveLength(0);
  });
});

describe('queueTimeoutMs', () => {
  it('is checked per client and per call, with a message naming it; nothing is sent', async () => {
    expect(construct({ ...valid, throttle: { queueTimeoutMs: -1 } })).toBeInstanceOf(PlatformConfigError);
    expect(construct({ ...valid, throttle: { queueTimeoutMs: Number.NaN } })).toMatchObject({
      message: expect.stringMatching(/`throttle.queueTimeoutMs` must be a finite number/),
    });
    expect(construct({ ...valid, throttle: { queueTimeoutMs: 60_000 } })).toBeUndefined();
    const received = installApi(() => ok({ a: 1 }));
    await expect(makeClient().request('{ a }', {}, { queueTimeoutMs: 'soon' as never })).rejects.toThrow(
      /`queueTimeoutMs` must be a finite number/,
    );
    expect(received).toHaveLength(0);
    expect((await makeClient().request('{ a }', {}, { queueTimeoutMs: 1000 })).data).toEqual({ a: 1 });
  });
});
