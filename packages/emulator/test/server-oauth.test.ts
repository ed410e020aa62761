/**
 * OAuth through the whole emulator: the /oauth2/ routes share the server's origin, and an access token
 * they issue works on /v2 with exactly the scopes granted, for the signed-in user's account.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { BOARDS_QUERY, CREATE_ITEM, postGraphQL, startTestEmulator } from './server-helpers.js';

const CALLBACK = 'http://app.test/callback';
const SECRET = 'server-oauth-secret';
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startTestEmulator({
    apps: [
      {
        clientId: 'server-app',
        clientSecret: SECRET,
        redirectUris: [CALLBACK],
        scopes: ['boards:read', 'boards:write'],
      },
    ],
  });
});
afterAll(() => emulator.close());

/** Walks authorize → consent → token for `scope`; resolves to the token response. */
async function issueToken(scope: string): Promise<{ access_token: string; token_type: string; scope: string }> {
  const authorize = new URL('/oauth2/authorize', emulator.authUrl);
  authorize.search = new URLSearchParams({ client_id: 'server-app', scope, state: 'st-1' }).toString();
  const page = await fetch(authorize, { redirect: 'manual' });
  expect(page.status).toBe(200);
  const ticket = /name="ticket" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(ticket).toBeTruthy();
  const consent = await fetch(new URL('/oauth2/consent', emulator.authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ticket: ticket!, decision: 'approve' }),
    redirect: 'manual',
  });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  expect(callback.searchParams.get('state')).toBe('st-1');
  const token = await fetch(new URL('/oauth2/token', emulator.authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'server-app',
      client_secret: SECRET,
      redirect_uri: CALLBACK,
      code: callback.searchParams.get('code')!,
    }),
  });
  expect(token.status).toBe(200);
  return (await token.json()) as never;
}

it('serves OAuth on the same origin as the API', () => {
  expect(emulator.authUrl).toBe(emulator.baseUrl);
});

it('accepts an issued token on /v2 with exactly its scopes', async () => {
  const token = await issueToken('boards:read');
  expect(token).toMatchObject({ token_type: 'Bearer', scope: 'boards:read' });
  const read = await postGraphQL(emulator, { query: BOARDS_QUERY }, { authorization: `Bearer ${token.access_token}` });
  expect(read.status).toBe(200);
  expect(((await read.json()) as { account_id: number }).account_id).toBe(1001);
  const write = await postGraphQL(
    emulator,
    { query: CREATE_ITEM, variables: { name: 'Via OAuth' } },
    { authorization: token.access_token },
  );
  const body = (await write.json()) as { errors?: { extensions?: { code?: string } }[] };
  expect(body.errors?.[0]?.extensions?.code).toEqual(expect.any(String));
  expect(emulator.store.items.all().some((item) => item.name === 'Via OAuth')).toBe(false);
});

it('lets a token with boards:write create items', async () => {
  const token = await issueToken('boards:read boards:write');
  const write = await postGraphQL(
    emulator,
    { query: CREATE_ITEM, variables: { name: 'Via OAuth write' } },
    { authorization: token.access_token },
  );
  expect(write.status).toBe(200);
  expect(((await write.json()) as { errors?: unknown }).errors).toBeUndefined();
  expect(emulator.store.items.all().filter((item) => item.name === 'Via OAuth write')).toHaveLength(1);
});

it('refuses an invalid OAuth app configuration at start', async () => {
  await expect(
    startTestEmulator({ apps: [{ clientId: '', clientSecret: 'x', redirectUris: [CALLBACK] }] }),
  ).rejects.toThrow(TypeError);
});
