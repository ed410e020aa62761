import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthAppConfig, OAuthDirectory } from '../src/oauth/index.js';
import {
  approve,
  authorize,
  decide,
  getWithHost,
  type OAuthHarness,
  startOAuthHarness,
  ticketOf,
} from './oauth-harness.js';

const CB = 'http://app.test/callback';
const CB2 = 'http://app.test/other';
const SINGLE: OAuthAppConfig = {
  clientId: 'single',
  clientSecret: 'single-secret',
  redirectUris: [CB],
  scopes: ['me:read', 'boards:read', 'boards:write'],
  name: 'Single <App>',
  collaborators: [7],
  versions: [
    { id: 11, status: 'live' },
    { id: 12, status: 'draft' },
    { id: 13, status: 'deprecated' },
  ],
};
const MULTI: OAuthAppConfig = { clientId: 'multi', clientSecret: 'multi-secret', redirectUris: [CB, CB2] };
const DIRECTORY: OAuthDirectory = {
  accounts: [
    { id: 100, name: 'Acme', slug: 'acme' },
    { id: 200, name: 'Globex', slug: 'globex' },
    { id: 300, name: 'Initech', slug: 'initech' },
  ],
  users: [
    { id: 7, name: 'Ada', accountIds: [100, 200] },
    { id: 8, name: 'Bob', accountIds: [300] },
  ],
};

let harness: OAuthHarness;
let bobHarness: OAuthHarness;
beforeAll(async () => {
  harness = await startOAuthHarness({ apps: [SINGLE, MULTI], directory: DIRECTORY });
  bobHarness = await startOAuthHarness({ apps: [SINGLE], directory: DIRECTORY, signedInUserId: 8 });
});
afterAll(async () => {
  await harness.close();
  await bobHarness.close();
});

async function errorPage(response: Response) {
  expect(response.headers.get('location')).toBeNull();
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  return { status: response.status, code: /<code id="error">([^<]+)</.exec(html)?.[1], html };
}

function errorRedirect(response: Response) {
  expect(response.status).toBe(302);
  const url = new URL(response.headers.get('location')!);
  return { base: `${url.origin}${url.pathname}`, params: Object.fromEntries(url.searchParams) };
}

describe('GET /oauth2/authorize: errors shown on a page (no trustworthy redirect)', () => {
  it('a missing client_id is 400 invalid_request', async () => {
    expect(await errorPage(await authorize(harness, { state: 's' }))).toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
  });

  it('an unknown client_id is 403 unauthorized_client', async () => {
    const page = await errorPage(await authorize(harness, { client_id: 'nope', redirect_uri: CB }));
    expect(page).toMatchObject({ status: 403, code: 'unauthorized_client' });
  });

  it('redirect_uri is required when several are registered', async () => {
    const page = await errorPage(await authorize(harness, { client_id: 'multi', state: 's' }));
    expect(page).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(page.html).toContain('several redirect URIs');
  });

  it('answers the refusal as { error, error_description } when JSON is asked for, on the page and the decision', async () => {
    const json = { accept: 'application/json' };
    const url = new URL('/oauth2/authorize', harness.origin);
    url.searchParams.set('client_id', 'nope');
    const refused = await fetch(url, { headers: json, redirect: 'manual' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({
      error: 'unauthorized_client',
      error_description: 'No app is registered with this client_id',
    });
    const decided = await fetch(new URL('/oauth2/consent', harness.origin), {
      method: 'POST',
      headers: json,
      body: new URLSearchParams({ ticket: 'forged', decision: 'approve' }),
      redirect: 'manual',
    });
    expect(decided.status).toBe(400);
    expect(await decided.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('a redirect_uri that is not registered is refused, never redirected to', async () => {
    for (const uri of ['http://evil.test/callback', `${CB}/x`, `${CB}?a=1`]) {
      const page = await errorPage(await authorize(harness, { client_id: 'single', redirect_uri: uri }));
      expect(page).toMatchObject({ status: 400, code: 'invalid_request' });
    }
  });

  it('serves pages that cannot be framed or run scripts', async () => {
    const response = await authorize(harness, { client_id: 'single' });
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /oauth2/authorize: errors redirected with error, error_description and state', () => {
  it.each([
    ['a scope not configured for the app', { scope: 'boards:read users:write' }, 'invalid_scope'],
    ['an unknown scope', { scope: 'boards:read root' }, 'invalid_scope'],
    ['an unknown subdomain', { subdomain: 'nowhere' }, 'invalid_request'],
    ["an account the user doesn't belong to", { subdomain: 'initech' }, 'access_denied'],
    ['a malformed app_version_id', { app_version_id: '1x' }, 'invalid_request'],
    ['an unknown app_version_id', { app_version_id: '99' }, 'invalid_request'],
    ['a deprecated app version', { app_version_id: '13' }, 'unauthorized_client'],
  ])('%s', async (_label, extra, code) => {
    const { base, params } = errorRedirect(await authorize(harness, { client_id: 'single', state: 'st-1', ...extra }));
    expect(base).toBe(CB);
    expect(params).toMatchObject({ error: code, state: 'st-1' });
    expect(params.error_description?.length).toBeGreaterThan(0);
  });

  it('a parameter given twice is invalid_request', async () => {
    const url = new URL('/oauth2/authorize', harness.origin);
    url.search = 'client_id=single&scope=me:read&scope=boards:read&state=s';
    const { params } = errorRedirect(await fetch(url, { redirect: 'manual' }));
    expect(params).toMatchObject({ error: 'invalid_request', state: 's' });
    expect(params.error_description).toContain('scope');
  });

  it('app_version_id works only for collaborators', async () => {
    const { params } = errorRedirect(await authorize(bobHarness, { client_id: 'single', app_version_id: '11' }));
    expect(params.error).toBe('access_denied');
    expect(params.state).toBeUndefined();
  });

  it('Deny redirects with access_denied and the state', async () => {
    const page = await authorize(harness, { client_id: 'multi', redirect_uri: CB2, state: 'deny-me' });
    const { base, params } = errorRedirect(await decide(harness, ticketOf(await page.text()), 'deny'));
    expect(base).toBe(CB2);
    expect(params).toEqual({
      error: 'access_denied',
      error_description: 'The user denied the authorization',
      state: 'deny-me',
    });
  });

  it('a decision other than approve or deny is invalid_request', async () => {
    const page = await authorize(harness, { client_id: 'single', state: 'x' });
    const { params } = errorRedirect(await decide(harness, ticketOf(await page.text()), 'maybe'));
    expect(params.error).toBe('invalid_request');
  });
});

describe('GET /oauth2/authorize: the consent page and approval', () => {
  it('lists the requested permissions (default: every configured scope), the user, and escapes names', async () => {
    const response = await authorize(harness, { client_id: 'single' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect([...html.matchAll(/data-scope="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'me:read',
      'boards:read',
      'boards:write',
    ]);
    expect(html).toContain('Single &#60;App&#62;');
    expect(html).not.toContain('Single <App>');
    expect(html).toContain('<strong id="user">Ada</strong>');
    expect(html).toMatch(/<button type="submit" name="decision" value="approve">Approve<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="deny">Deny<\/button>/);
  });

  it('approval redirects to the only registered URI with code, state and the requested scope', async () => {
    const callback = await approve(harness, { client_id: 'single', scope: 'boards:read me:read', state: 'abc' });
    expect(`${callback.origin}${callback.pathname}`).toBe(CB);
    expect(callback.searchParams.get('state')).toBe('abc');
    expect(callback.searchParams.get('scope')).toBe('boards:read me:read');
    expect(callback.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('approval without state adds none; without scope grants every configured scope', async () => {
    const callback = await approve(harness, { client_id: 'multi', redirect_uri: CB2 });
    expect(callback.searchParams.has('state')).toBe(false);
    expect(callback.searchParams.get('scope')?.split(' ')).toHaveLength(15);
  });

  it('keeps a query the registered redirect URI already has', async () => {
    const withQuery = 'http://app.test/cb?tenant=1';
    const local = await startOAuthHarness({ apps: [{ clientId: 'q', clientSecret: 's', redirectUris: [withQuery] }] });
    try {
      const callback = await approve(local, { client_id: 'q', state: 'z' });
      expect(callback.searchParams.get('tenant')).toBe('1');
      expect(callback.searchParams.get('state')).toBe('z');
    } finally {
      await local.close();
    }
  });

  it('a consent page can be answered once only', async () => {
    const ticket = ticketOf(await (await authorize(harness, { client_id: 'single' })).text());
    expect((await decide(harness, ticket, 'approve')).status).toBe(302);
    expect(await errorPage(await decide(harness, ticket, 'approve'))).toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
    expect(await errorPage(await decide(harness, 'forged', 'approve'))).toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
  });

  it('subdomain forces the account: the dropdown is locked', async () => {
    const html = await (await authorize(harness, { client_id: 'single', subdomain: 'globex' })).text();
    expect(html).toMatch(/<select name="account_id" id="account" disabled><option value="200" selected>/);
    expect(html).not.toContain('value="100"');
  });

  it('without subdomain the dropdown offers every account of the user, the Host slug preselected', async () => {
    const plain = await (await authorize(harness, { client_id: 'single' })).text();
    expect(plain).toMatch(/<option value="100" selected>Acme \(acme\)<\/option><option value="200">/);
    const slugged = await getWithHost(
      harness,
      '/oauth2/authorize?client_id=single',
      `globex.localhost:${harness.port}`,
    );
    expect(slugged.status).toBe(200);
    expect(slugged.body).toMatch(
      /<select name="account_id" id="account"><option value="100">Acme \(acme\)<\/option><option value="200" selected>/,
    );
    const unknownSlug = await getWithHost(
      harness,
      '/oauth2/authorize?client_id=single',
      `nope.localhost:${harness.port}`,
    );
    expect(unknownSlug.body).toContain('<option value="100" selected>');
  });

  it('app_version_id of a live or draft version works for a collaborator', async () => {
    for (const id of ['11', '12']) {
      const response = await authorize(harness, { client_id: 'single', app_version_id: id });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`App version ${id}`);
    }
  });

  it('refuses an account the user cannot pick', async () => {
    const page = await authorize(harness, { client_id: 'single', state: 'p' });
    const { params } = errorRedirect(
      await decide(harness, ticketOf(await page.text()), 'approve', { account_id: '300' }),
    );
    expect(params).toMatchObject({ error: 'invalid_request', state: 'p' });
  });

  it('answers 405 to other methods and leaves other paths to the server', async () => {
    const post = await fetch(new URL('/oauth2/authorize', harness.origin), { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect((await fetch(new URL('/oauth2/token', harness.origin))).status).toBe(405);
    expect((await fetch(new URL('/oauth2/elsewhere', harness.origin))).status).toBe(404);
  });
});
