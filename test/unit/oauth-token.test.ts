import { inspect } from 'node:util';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OAuthClient, OAuthError, TOKEN_ERROR_CODES } from '../../src/oauth/index.js';

const SECRET = 'top-secret value/+=';
const TOKEN_URL = 'https://auth.example.com/oauth2/token';
const client = new OAuthClient({
  clientId: 'app-1',
  clientSecret: SECRET,
  authUrl: 'https://auth.example.com',
  redirectUri: 'https://app.example.com/cb',
});

const server = setupServer();

/** Every way an object gets printed: inspection with everything shown, JSON and string conversion. */
function inspectAll(value: unknown): string {
  const everything = { depth: Number.POSITIVE_INFINITY, showHidden: true, getters: true };
  return `${inspect(value, everything)}${JSON.stringify(value)}${String(value)}`;
}
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function answer(
  body: string | Record<string, unknown>,
  init: { status?: number; headers?: Record<string, string> } = {},
) {
  server.use(
    http.post(TOKEN_URL, () =>
      typeof body === 'string' ? new HttpResponse(body, init) : HttpResponse.json(body, init),
    ),
  );
}

async function rejection(promise: Promise<unknown>): Promise<OAuthError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(OAuthError);
  const oauthError = error as OAuthError;
  for (const text of [
    oauthError.message,
    String(oauthError),
    JSON.stringify(oauthError),
    oauthError.description ?? '',
  ]) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(encodeURIComponent(SECRET));
  }
  return oauthError;
}

describe('exchangeCode', () => {
  it('posts the four form fields and returns the validated token', async () => {
    let seen: { contentType: string | null; url: string; form: Record<string, string> } | undefined;
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        seen = {
          contentType: request.headers.get('content-type'),
          url: request.url,
          form: Object.fromEntries(new URLSearchParams(await request.text())),
        };
        return HttpResponse.json({ access_token: 'tok123', token_type: 'bearer', scope: 'boards:read me:read' });
      }),
    );
    const token = await client.exchangeCode({ code: 'the-code' });
    expect(token.accessToken).toBe('tok123');
    expect(token).toEqual({ tokenType: 'Bearer', scopes: ['boards:read', 'me:read'] });
    // Read by name only: a log line or a serialised session never carries the credential.
    expect(inspectAll(token)).not.toContain('tok123');
    expect(JSON.stringify({ ...token })).not.toContain('tok123');
    expect(seen?.contentType).toBe('application/x-www-form-urlencoded');
    expect(seen?.url).toBe(TOKEN_URL);
    expect(seen?.form).toEqual({
      client_id: 'app-1',
      client_secret: SECRET,
      redirect_uri: 'https://app.example.com/cb',
      code: 'the-code',
    });
  });

  it('uses the redirectUri given to the call over the default', async () => {
    let redirect: string | null = null;
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        redirect = new URLSearchParams(await request.text()).get('redirect_uri');
        return HttpResponse.json({ access_token: 't', token_type: 'Bearer', scope: '' });
      }),
    );
    const token = await client.exchangeCode({ code: 'c', redirectUri: 'https://app.example.com/other' });
    expect(redirect).toBe('https://app.example.com/other');
    expect(token.scopes).toEqual([]);
  });

  it('lists the token endpoint error codes of RFC 6749 section 5.2, none of them one of the SDK own codes', () => {
    expect([...TOKEN_ERROR_CODES].sort()).toEqual([
      'invalid_client',
      'invalid_grant',
      'invalid_request',
      'invalid_scope',
      'unauthorized_client',
      'unsupported_grant_type',
    ]);
    for (const own of ['invalid_response', 'network_error', 'unexpected_redirect', 'invalid_config'])
      expect(TOKEN_ERROR_CODES as readonly string[]).not.toContain(own);
  });

  it.each([
    ...TOKEN_ERROR_CODES.map((code): [string, number] => [code, code === 'invalid_client' ? 401 : 400]),
    ['some_future_code', 400],
  ])('turns the server error %s into an OAuthError with its description and status', async (code, status) => {
    answer({ error: code, error_description: 'The code is expired' }, { status });
    const error = await rejection(client.exchangeCode({ code: 'c' }));
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.description).toBe('The code is expired');
  });

  it('redacts the secret when a server echoes it in the error', async () => {
    answer(
      { error: 'invalid_client', error_description: `Secret ${SECRET} / ${encodeURIComponent(SECRET)} is wrong` },
      { status: 401 },
    );
    const error = await rejection(client.exchangeCode({ code: 'c' }));
    expect(error.description).toBe('Secret [redacted] / [redacted] is wrong');
  });

  it('redacts the authorization code when a server echoes it in the error', async () => {
    const code = 'SplxlOBeZQQYbYS6WxSbIA';
    answer({ error: 'invalid_client', error_description: `Client app-1 may not redeem ${code}` }, { status: 401 });
    const error = await rejection(client.exchangeCode({ code }));
    expect(error.description).toBe('Client app-1 may not redeem [redacted]');
    expect(JSON.stringify(error)).not.toContain(code);
  });

  it('summarises a non-OAuth error body without echoing it', async () => {
    answer(`<html>${SECRET}</html>`, { status: 502, headers: { 'content-type': 'text/html' } });
    const error = await rejection(client.exchangeCode({ code: 'c' }));
    expect(error.code).toBe('server_error');
    expect(error.status).toBe(502);
    expect(error.description).toMatch(/HTTP 502 without an OAuth error \(text\/html, \d+ characters\)/);
    answer('nope', { status: 404 });
    expect((await rejection(client.exchangeCode({ code: 'c' }))).code).toBe('invalid_response');
  });

  it.each([
    ['a body that is not JSON', 'not json', /not a JSON object/],
    ['a JSON array', '[]', /not a JSON object/],
    ['a JSON string', '"token"', /not a JSON object/],
    ['no access_token', { token_type: 'Bearer', scope: 'me:read' }, /access_token/],
    ['an empty access_token', { access_token: '', token_type: 'Bearer', scope: 'me:read' }, /access_token/],
    ['a non-Bearer token_type', { access_token: 't', token_type: 'mac', scope: 'me:read' }, /Bearer/],
    ['no token_type', { access_token: 't', scope: 'me:read' }, /Bearer/],
    ['no scope', { access_token: 't', token_type: 'Bearer' }, /scope/],
    [
      'an unknown scope',
      { access_token: 't', token_type: 'Bearer', scope: 'me:read god:mode' },
      /unknown scopes: god:mode/,
    ],
  ])('rejects a 200 with %s as invalid_response', async (_label, body, message) => {
    answer(body, { status: 200 });
    const error = await rejection(client.exchangeCode({ code: 'c' }));
    expect(error.code).toBe('invalid_response');
    expect(error.status).toBe(200);
    expect(error.message).toMatch(message);
  });

  it('reports a network failure as network_error, keeping the cause', async () => {
    server.use(http.post(TOKEN_URL, () => HttpResponse.error()));
    const error = await rejection(client.exchangeCode({ code: 'c' }));
    expect(error.code).toBe('network_error');
    expect(error.cause).toBeDefined();
  });

  it('honours an AbortSignal', async () => {
    server.use(http.post(TOKEN_URL, () => new Promise<never>(() => {})));
    const controller = new AbortController();
    const pending = client.exchangeCode({ code: 'c', signal: controller.signal });
    controller.abort();
    const error = await rejection(pending);
    expect(error.code).toBe('network_error');
    expect(error.description).toMatch(/aborted/);
  });

  it('uses an injected fetch, and never puts the secret in the URL', async () => {
    const calls: string[] = [];
    const injected = new OAuthClient({
      clientId: 'a',
      clientSecret: SECRET,
      authUrl: 'https://auth.example.com/base',
      redirectUri: 'https://app.example.com/cb',
      fetch: async (input) => {
        calls.push(String(input));
        return Response.json({ access_token: 'x', token_type: 'Bearer', scope: 'boards:write' });
      },
    });
    expect((await injected.exchangeCode({ code: 'c' })).scopes).toEqual(['boards:write']);
    expect(calls).toEqual(['https://auth.example.com/base/oauth2/token']);
  });
});

describe('exchangeCode against a hostile token endpoint', () => {
  const CODE = 'code-0123456789abcdef';

  it.each([302, 307, 308])(
    'refuses a %i: unexpected_redirect naming status and Location, and posts nothing there',
    async (code) => {
      const seen: string[] = [];
      server.use(
        http.post(
          TOKEN_URL,
          () =>
            new HttpResponse(null, {
              status: code,
              headers: { location: `https://evil.test/steal?c=${CODE}&s=${encodeURIComponent(SECRET)}` },
            }),
        ),
        http.all('https://evil.test/steal', async ({ request }) => {
          seen.push(await request.text());
          return HttpResponse.json({ access_token: 'forged', token_type: 'Bearer', scope: 'boards:read' });
        }),
      );
      const error = await rejection(client.exchangeCode({ code: CODE }));
      expect(error).toMatchObject({ code: 'unexpected_redirect', status: code });
      expect(error.description).toBe(
        `The token endpoint answered HTTP ${code} to https://evil.test/steal?c=[redacted]&s=[redacted]; redirects are not followed`,
      );
      expect(seen).toEqual([]);
      expect(inspectAll(error)).not.toContain(CODE);
    },
  );

  it('keeps neither the secret nor the code in a network failure cause chain', async () => {
    const leaky = new OAuthClient({
      clientId: 'app-1',
      clientSecret: SECRET,
      authUrl: 'https://auth.example.com',
      redirectUri: 'https://app.example.com/cb',
      fetch: async (_input, init) => {
        throw new TypeError(`fetch failed: ${String(init?.body)}`, {
          cause: new Error(`body was ${String(init?.body)}`),
        });
      },
    });
    const error = await rejection(leaky.exchangeCode({ code: CODE }));
    expect(error.code).toBe('network_error');
    const text = inspectAll(error);
    for (const secret of [
      SECRET,
      encodeURIComponent(SECRET),
      new URLSearchParams({ s: SECRET }).toString().slice(2),
      CODE,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect((error.cause as Error).message).toContain('[redacted]');
  });

  it('refuses an answer larger than 64 KiB without buffering it', async () => {
    answer({ access_token: 'x', token_type: 'Bearer', scope: 'boards:read', padding: 'x'.repeat(70_000) });
    const error = await rejection(client.exchangeCode({ code: CODE }));
    expect(error).toMatchObject({ code: 'invalid_response', status: 200 });
    expect(error.description).toMatch(/larger than 65536 bytes/);
  });

  it('reads the token fields as own properties only', async () => {
    answer('{"__proto__":{"access_token":"inherited","token_type":"Bearer","scope":"boards:read"}}', {
      headers: { 'content-type': 'application/json' },
    });
    const error = await rejection(client.exchangeCode({ code: CODE }));
    expect(error.code).toBe('invalid_response');
  });

  it.each([
    ['a NUL byte', 'tok\u0000en'],
    ['a non-ASCII letter', 'tokén'],
    ['a DEL', 'tok\u007fen'],
  ])('rejects an access_token with %s (it could never be sent as a Bearer header)', async (_label, accessToken) => {
    answer({ access_token: accessToken, token_type: 'Bearer', scope: 'boards:read' });
    const error = await rejection(client.exchangeCode({ code: CODE }));
    expect(error.code).toBe('invalid_response');
  });
});
