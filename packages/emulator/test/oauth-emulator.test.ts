/**
 * The OAuth endpoints inside the real emulator (startEmulator), over a real socket: the issued token is accepted
 * by /v2 with exactly the granted scopes, never expires, and acts as the signed-in seed user.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Scope } from 'workspace-platform-sdk';
import { OAuthClient } from 'workspace-platform-sdk';
import { DEFAULT_SEED_FACTS, type Emulator, type EmulatorOptions, startEmulator } from '../src/index.js';
import { ticketOf } from './oauth-harness.js';

const CB = 'http://app.test/callback';
const { acme, globex } = DEFAULT_SEED_FACTS.accounts;
const { roadmap } = DEFAULT_SEED_FACTS.boards;
const APP = {
  clientId: 'e2e-app',
  clientSecret: 'e2e-secret',
  redirectUris: [CB],
  scopes: ['me:read', 'boards:read', 'boards:write'] as Scope[],
};

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function connect(options: Partial<EmulatorOptions>, params: Parameters<OAuthClient['authorizeUrl']>[0]) {
  emulator = await startEmulator({ apps: [APP], ...options });
  const oauth = new OAuthClient({
    clientId: APP.clientId,
    clientSecret: APP.clientSecret,
    authUrl: emulator.authUrl,
    redirectUri: CB,
  });
  const { url, state } = oauth.authorizeUrl(params);
  const page = await fetch(url, { redirect: 'manual' });
  if (page.status !== 200) return { location: page.headers.get('location'), state, oauth };
  const decision = await fetch(new URL('/oauth2/consent', emulator.authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ticket: ticketOf(await page.text()), decision: 'approve' }),
    redirect: 'manual',
  });
  const { code } = oauth.parseCallback(decision.headers.get('location')!, state);
  return { token: await oauth.exchangeCode({ code }), oauth };
}

async function graphql(token: string, query: string) {
  const response = await fetch(`${emulator!.baseUrl}/v2`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { errors?: { extensions?: { code?: string } }[] },
  };
}

describe('OAuth tokens on the real emulator', () => {
  it('are accepted by /v2 with exactly the granted scopes, and never expire', async () => {
    let clock = Date.UTC(2024, 9, 1);
    const { token } = await connect({ now: () => clock }, { scopes: ['boards:read'] });
    const boards = await graphql(token!.accessToken, '{ boards { id owner { account { slug } } } }');
    expect(boards.status).toBe(200);
    expect(boards.body.account_id).toBe(acme.id);
    expect(boards.body.errors).toBeUndefined();

    const mutation = await graphql(
      token!.accessToken,
      `mutation { create_item(board_id: ${roadmap.id}, item_name: "x") { id } }`,
    );
    expect(mutation.body.errors?.[0]?.extensions?.code).toBe('USER_UNAUTHORIZED');
    const me = await graphql(token!.accessToken, '{ me { id } }');
    expect(me.body.errors?.[0]?.extensions?.code).toBe('USER_UNAUTHORIZED');

    clock += 400 * 24 * 3_600_000;
    expect((await graphql(token!.accessToken, '{ boards { id } }')).body.errors).toBeUndefined();
  });

  it('act as the configured signed-in user in their account (oauthUser)', async () => {
    const hank = DEFAULT_SEED_FACTS.users.hank;
    const { token } = await connect({ oauthUser: hank.id }, { scopes: ['me:read', 'boards:read'] });
    const me = await graphql(token!.accessToken, '{ me { id account { slug } } }');
    expect(me.body.account_id).toBe(globex.id);
    expect(JSON.stringify(me.body.data)).toContain(`"slug":"${globex.slug}"`);
  });

  it('refuse a forced account the signed-in user does not belong to', async () => {
    const result = await connect({}, { subdomain: globex.slug, state: 's' });
    const location = new URL(result.location!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(() => result.oauth.parseCallback(location, 's')).toThrow(expect.objectContaining({ code: 'access_denied' }));
  });
});
