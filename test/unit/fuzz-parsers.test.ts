/**
 * Property tests (fast-check) over every client parser that reads untrusted input: the RateLimit and
 * RateLimit-Policy headers, Retry-After, whole GraphQL responses (any JSON, partial data, odd errors and
 * extensions, any status), multipart building, OAuth callback URLs and token answers. The properties:
 * nothing but a typed error is ever thrown, the token (or client secret, or code) never shows in an
 * error, and nothing handed back has a prototype other than Object's or Array's. Seeded and bounded:
 * the whole file runs in a few seconds.
 */
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/client/client.js';
import { PlatformError } from '../../src/client/errors/errors.js';
import { parseRetryAfter } from '../../src/client/errors/server-wait.js';
import { parseRateLimit } from '../../src/client/rate-limit/rate-limit.js';
import { multipartBody, planUpload } from '../../src/client/request/multipart.js';
import { OAuthClient, OAuthError } from '../../src/oauth/index.js';
import { constantTimeEqual } from '../../src/oauth/state.js';
import { SCOPES } from '../../src/scopes.js';

const TOKEN = 'tok_FUZZ_SECRET_0123456789';
const SECRET = 'client-secret/+= FUZZ';
const CODE = 'code-FUZZ-0123456789';
const RUNS = { seed: 20_251_123, numRuns: 300 };

/** Header text as a server could send it (any Latin-1 byte but CR, LF and NUL), or a structured-field list. */
const headerText = fc.oneof(
  fc.string({
    unit: fc
      .integer({ min: 1, max: 255 })
      .filter((code) => code !== 10 && code !== 13)
      .map((code) => String.fromCharCode(code)),
  }),
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(
            'minuteRate',
            'concurrency',
            'complexityMinute',
            '__proto__',
            'constructor',
            'toString',
            '"q"',
            '?1',
            '(a b)',
            '',
          ),
          fc.string(),
        ),
        fc.array(
          fc.tuple(
            fc.constantFrom('q', 'w', 'r', 't', 'qu', '__proto__', 'x'),
            fc.oneof(fc.integer(), fc.double(), fc.constantFrom('"s"', 'tok', '?0', '1e400', '-0', ':AA=:')),
          ),
          { maxLength: 4 },
        ),
      ),
      { maxLength: 5 },
    )
    .map((members) =>
      members.map(([name, params]) => `${name}${params.map(([key, value]) => `;${key}=${value}`).join('')}`).join(', '),
    ),
);

/** Headers built from `entries`; undefined when the Headers class itself refuses a value (a runtime would too). */
function headersOf(entries: Record<string, string>): Headers | undefined {
  try {
    return new Headers(entries);
  } catch {
    return undefined;
  }
}

/** Every object reachable from `value` has Object's, Array's or no prototype (or is a Headers or an Error). */
function expectUnpolluted(value: unknown, seen = new Set<unknown>()): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  if (value instanceof Headers || value instanceof Error) return;
  const proto = Object.getPrototypeOf(value);
  expect(proto === Object.prototype || proto === Array.prototype || proto === null).toBe(true);
  for (const key of Object.keys(value)) expectUnpolluted((value as Record<string, unknown>)[key], seen);
}

function expectFree(value: unknown, secrets: string[]): void {
  const text = `${inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true })}\n${JSON.stringify(value)}\n${String(value)}`;
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe('RateLimit and RateLimit-Policy headers', () => {
  it('never throw, give finite numbers only, and keep every policy an own, unpolluted entry', () => {
    fc.assert(
      fc.property(headerText, headerText, (policy, state) => {
        const headers = headersOf({ 'ratelimit-policy': policy, ratelimit: state });
        fc.pre(headers !== undefined);
        const parsed = parseRateLimit(headers as Headers);
        expectUnpolluted(parsed);
        for (const [name, entry] of Object.entries(parsed.policies)) {
          if (entry === undefined) throw new Error(`policy ${name} is present but undefined`);
          expect(entry.name).toBe(name);
          for (const field of ['quota', 'window', 'remaining', 'resetSeconds'] as const) {
            if (entry[field] !== undefined) expect(Number.isFinite(entry[field])).toBe(true);
          }
        }
        expect(({} as Record<string, unknown>).q).toBeUndefined();
      }),
      RUNS,
    );
  });
});

describe('Retry-After', () => {
  it('is undefined or a finite, non-negative number of seconds, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.date({ noInvalidDate: true }).map((date) => date.toUTCString()),
          fc.double().map(String),
          fc.bigInt().map(String),
        ),
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        (value, now) => {
          const seconds = parseRetryAfter(value, now);
          if (seconds !== undefined) {
            expect(Number.isFinite(seconds)).toBe(true);
            expect(seconds).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      RUNS,
    );
  });
});

/** JSON values where keys and strings are often the token, `__proto__` or `constructor`. */
const hostileJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(
      null,
      true,
      0,
      -1,
      1.5,
      TOKEN,
      `Bearer ${TOKEN}`,
      encodeURIComponent(TOKEN),
      'RATE_LIMIT_EXCEEDED',
      'COMPLEXITY_BUDGET_EXHAUSTED',
    ),
    fc.string(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          '__proto__',
          'constructor',
          'code',
          'retry_in_seconds',
          'message',
          'locations',
          'path',
          'extensions',
          'data',
          'errors',
          TOKEN,
        ),
        fc.string(),
      ),
      tie('value'),
      { maxKeys: 5 },
    ),
  ),
})).value;

/** A GraphQL-ish body: an object with data, errors and extensions drawn from hostile JSON. */
const responseBody = fc.oneof(
  hostileJson.map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        data: hostileJson,
        errors: fc.oneof(fc.array(hostileJson, { maxLength: 3 }), hostileJson),
        extensions: hostileJson,
        account_id: hostileJson,
      },
      { requiredKeys: [] },
    )
    .map((body) => JSON.stringify(body)),
  fc.string(),
  // A JSON text with a literal `__proto__` key, which JSON.stringify of a parsed object would not produce.
  hostileJson.map(
    (value) => `{"data":null,"errors":[{"message":"m","extensions":{"__proto__":${JSON.stringify(value) ?? 'null'}}}]}`,
  ),
);

describe('GraphQL responses', () => {
  it('resolve to a result or reject with a PlatformError: token-free, unpolluted, whatever the status and body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(200, 200, 200, 201, 204, 301, 307, 400, 401, 403, 409, 429, 500, 503),
        responseBody,
        fc.constantFrom(
          'application/json',
          'application/graphql-response+json',
          'text/plain',
          'APPLICATION/JSON; charset=utf-8',
        ),
        fc.constantFrom('', '1', `${TOKEN}`, 'Wed, 21 Oct 2015 07:28:00 GMT', '99999999999'),
        async (status, body, contentType, retryAfter) => {
          const nullBody = status === 204;
          const fetchImpl = (async () =>
            new Response(nullBody ? null : body, {
              status,
              headers: {
                'content-type': contentType,
                'retry-after': retryAfter,
                'x-echo': TOKEN,
                location: `https://x.test/?t=${TOKEN}`,
              },
            })) as typeof fetch;
          const client = new PlatformClient({
            token: TOKEN,
            baseUrl: 'https://api.test',
            fetch: fetchImpl,
            retry: false,
            throttle: false,
          });
          try {
            const result = await client.request('{ a }');
            expect(status).toBeGreaterThanOrEqual(200);
            expect(status).toBeLessThan(300);
            expectUnpolluted(result.rateLimit);
          } catch (error) {
            expect(error).toBeInstanceOf(PlatformError);
            expectFree(error, [TOKEN, encodeURIComponent(TOKEN)]);
            expectUnpolluted({ ...(error as object) });
          }
        },
      ),
      { ...RUNS, numRuns: 400 },
    );
    expect(({} as Record<string, unknown>).code).toBeUndefined();
  });
});

describe('multipart building', () => {
  const blobA = new Blob(['a']);
  const blobB = new File(['b'], 'b.txt');
  const variables = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(blobA, blobB, null, 1, 'text'),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(
        fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a.b', 'file', '0'), fc.string({ maxLength: 3 })),
        tie('value'),
        { maxKeys: 4 },
      ),
    ),
  })).value;

  /** Follows a `variables.…` path through the variables sent. */
  function follow(root: unknown, path: string): { found: boolean; value?: unknown } {
    let node: unknown = { variables: root };
    for (const segment of path.split('.')) {
      if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return { found: false };
      node = (node as Record<string, unknown>)[segment];
    }
    return { found: true, value: node };
  }

  it('maps every file to paths that lead to a null in operations, or refuses the variables with a PlatformError', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.oneof(fc.constantFrom('__proto__', 'file', 'a.b', 'a[0]'), fc.string({ maxLength: 3 })),
          variables,
          {
            maxKeys: 4,
          },
        ),
        (vars) => {
          let plan: ReturnType<typeof planUpload>;
          try {
            plan = planUpload(vars);
          } catch (error) {
            expect(error).toBeInstanceOf(PlatformError);
            return;
          }
          if (!plan) return;
          expectUnpolluted(plan.variables);
          const form = multipartBody({ query: 'q', variables: JSON.stringify(plan.variables) }, plan);
          const sent = JSON.parse(String(form.get('variables'))) as unknown;
          const parts = [...form.keys()].filter((name) => name.startsWith('variables['));
          expect(parts).toHaveLength(plan.files.reduce((sum, file) => sum + file.paths.length, 0));
          for (const name of parts) {
            // `variables[a][0]` back to `variables.a.0`: every part fills a null of the variables sent.
            const path = name.replace(/\[([^[\]]*)\]/g, '.$1');
            expect(follow(sent, path)).toEqual({ found: true, value: null });
          }
        },
      ),
      RUNS,
    );
  });
});

describe('OAuth callbacks', () => {
  const client = new OAuthClient({ clientId: 'app', authUrl: 'https://auth.test' });
  const query = fc
    .array(
      fc.tuple(
        fc.constantFrom('code', 'state', 'error', 'error_description', 'scope', '__proto__'),
        fc.oneof(fc.string(), fc.constantFrom('s1', 'boards:read me:read', 'nope')),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => new URLSearchParams(pairs).toString());

  it('return a code only for the expected state, and otherwise throw an OAuthError', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          query.map((text) => `/cb?${text}`),
          query.map((text) => `https://app.test/cb?${text}#frag`),
          fc.string(),
        ),
        fc.oneof(fc.constant('s1'), fc.string({ minLength: 1 })),
        (url, expected) => {
          try {
            const callback = client.parseCallback(url, expected);
            expect(callback.state).toBe(expected);
            expect(typeof callback.code).toBe('string');
            for (const scope of callback.scopes) expect(SCOPES).toContain(scope);
            expectUnpolluted(callback);
          } catch (error) {
            expect(error).toBeInstanceOf(OAuthError);
          }
        },
      ),
      RUNS,
    );
  });

  /** Strings of UTF-16 code units, lone surrogates included. */
  const utf16 = fc.string({
    unit: fc.oneof(
      fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\ufffd'),
      fc.string({ minLength: 1, maxLength: 1 }),
    ),
    maxLength: 6,
  });

  it('compare states exactly: equal only when the strings are equal (lone surrogates included)', () => {
    fc.assert(
      fc.property(utf16, utf16, (a, b) => {
        expect(constantTimeEqual(a, b)).toBe(a === b);
        expect(constantTimeEqual(a, a)).toBe(true);
      }),
      { ...RUNS, numRuns: 500 },
    );
  });
});

describe('OAuth token answers', () => {
  const field = fc.oneof(
    fc.string(),
    fc.constantFrom(SECRET, CODE, encodeURIComponent(SECRET), 'Bearer', 'bearer', 'boards:read', 'tok'),
    hostileJson,
  );
  const answer = fc.oneof(
    fc
      .record(
        { access_token: field, token_type: field, scope: field, error: field, error_description: field },
        { requiredKeys: [] },
      )
      .map((body) => JSON.stringify(body)),
    hostileJson.map((value) => JSON.stringify(value)),
    fc.string(),
  );

  it('resolve to a valid Bearer token or reject with an OAuthError that holds neither the secret nor the code', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(200, 200, 201, 302, 400, 401, 500), answer, async (status, body) => {
        const oauth = new OAuthClient({
          clientId: 'app',
          clientSecret: SECRET,
          authUrl: 'https://auth.test',
          redirectUri: 'https://app.test/cb',
          fetch: async () =>
            new Response(body, {
              status,
              headers: { 'content-type': 'application/json', location: `https://x.test/?s=${SECRET}&c=${CODE}` },
            }),
        });
        try {
          const token = await oauth.exchangeCode({ code: CODE });
          expect(token.tokenType).toBe('Bearer');
          expect(token.accessToken).toMatch(/^[\x21-\x7e]+$/);
          for (const scope of token.scopes) expect(SCOPES).toContain(scope);
          expect(() => new PlatformClient({ token: token.accessToken, baseUrl: 'https://api.test' })).not.toThrow();
        } catch (error) {
          expect(error).toBeInstanceOf(OAuthError);
          expectFree(error, [SECRET, encodeURIComponent(SECRET), CODE]);
        }
      }),
      RUNS,
    );
  });
});
