import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthClient, OAuthError, OAuthStateMismatchError, TOKEN_ERROR_CODES } from 'workspace-platform-sdk';
import { decide, type OAuthHarness, startOAuthHarness, ticketOf } from './oauth-harness.js';

const CB = 'http://app.test/callback';
const SECRET = 'sdk-flow-secret-value';

let harness: OAuthHarness;
let oauth: OAuthClient;
beforeAll(async () => {
  harness = await startOAuthHarness({
    apps: [
      {
        clientId: 'sdk-app',
        clientSecret: SECRET,
        redirectUris: [CB],
        scopes: ['me:read', 'boards:read', 'boards:write'],
      },
    ],
  });
  oauth = new OAuthClient({ clientId: 'sdk-app', clientSecret: SECRET, authUrl: harness.origin, redirectUri: CB });
});
afterAll(() => harness.close());

/** Follows the authorize URL to the consent page and answers it; resolves to the redirect's Location. */
async function answer(url: string, decision: 'approve' | 'deny'): Promise<string> {
  const page = await fetch(url, { redirect: 'manual' });
  expect(page.status).toBe(200);
  const response = await decide(harness, ticketOf(await page.text()), decision);
  expect(response.status).toBe(302);
  return response.headers.get('location')!;
}

async function rejection(promise: Promise<unknown>): Promise<OAuthError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(OAuthError);
  expect(JSON.stringify(error)).not.toContain(SECRET);
  expect(String(error)).not.toContain(SECRET);
  return error as OAuthError;
}

describe('OAuthClient against the emulator routes over a real socket', () => {
  it('runs the whole flow: authorize URL, approval, callback, exchange', async () => {
    const { url, state } = oauth.authorizeUrl({ scopes: ['boards:read'] });
    const { code, scopes } = oauth.parseCallback(await answer(url, 'approve'), state);
    expect(scopes).toEqual(['boards:read']);
    const token = await oauth.exchangeCode({ code });
    expect(token.tokenType).toBe('Bearer');
    expect(token.scopes).toEqual(['boards:read']);
    expect(harness.tokens.get(token.accessToken)).toMatchObject({
      kind: 'oauth',
      clientId: 'sdk-app',
      scopes: ['boards:read'],
    });
  });

  it('surfaces Deny as access_denied from parseCallback', async () => {
    const { url, state } = oauth.authorizeUrl();
    const location = await answer(url, 'deny');
    let thrown: unknown;
    try {
      oauth.parseCallback(location, state);
    } catch (caught) {
      thrown = caught;
    }
    expect(thrown).toBeInstanceOf(OAuthError);
    expect(thrown).not.toBeInstanceOf(OAuthStateMismatchError);
    expect((thrown as OAuthError).code).toBe('access_denied');
    expect((thrown as OAuthError).description).toBe('The user denied the authorization');
  });

  it('turns an invalid_scope redirect into an OAuthError', async () => {
    const { url, state } = oauth.authorizeUrl({ scopes: ['users:write'] });
    const redirect = await fetch(url, { redirect: 'manual' });
    expect(() => oauth.parseCallback(redirect.headers.get('location')!, state)).toThrow(
      expect.objectContaining({ code: 'invalid_scope' }),
    );
  });

  it('refuses a callback meant for another authorization', async () => {
    const first = oauth.authorizeUrl();
    const second = oauth.authorizeUrl();
    const location = await answer(first.url, 'approve');
    expect(() => oauth.parseCallback(location, second.state)).toThrow(OAuthStateMismatchError);
  });

  it('reports a reused code as invalid_grant and a wrong secret as invalid_client, without the secret', async () => {
    const { url, state } = oauth.authorizeUrl();
    const { code } = oauth.parseCallback(await answer(url, 'approve'), state);
    await oauth.exchangeCode({ code });
    const reused = await rejection(oauth.exchangeCode({ code }));
    expect(reused).toMatchObject({ code: 'invalid_grant', status: 400 });

    const next = oauth.authorizeUrl();
    const fresh = oauth.parseCallback(await answer(next.url, 'approve'), next.state);
    const impostor = new OAuthClient({
      clientId: 'sdk-app',
      clientSecret: `${SECRET}-wrong`,
      authUrl: harness.origin,
      redirectUri: CB,
    });
    const wrong = await rejection(impostor.exchangeCode({ code: fresh.code }));
    expect(wrong).toMatchObject({ code: 'invalid_client', status: 401 });
    // Both are codes of the token endpoint's typed list.
    expect(TOKEN_ERROR_CODES).toEqual(expect.arrayContaining([reused.code, wrong.code]));
    expect(JSON.stringify(wrong)).not.toContain(`${SECRET}-wrong`);
  });

  it('reports a redirect_uri differing from the authorize request as invalid_grant', async () => {
    const { url, state } = oauth.authorizeUrl();
    const { code } = oauth.parseCallback(await answer(url, 'approve'), state);
    const error = await rejection(oauth.exchangeCode({ code, redirectUri: 'http://app.test/elsewhere' }));
    expect(error.code).toBe('invalid_grant');
  });
});
