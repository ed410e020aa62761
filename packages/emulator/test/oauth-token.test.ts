import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TTL_MS, type OAuthAppConfig } from '../src/oauth/index.js';
import { approve, type OAuthHarness, postToken, startOAuthHarness } from './oauth-harness.js';

const CB = 'http://app.test/callback';
const CB2 = 'http://app.test/other';
const SECRET_A = 'alpha-secret-value';
const APP_A: OAuthAppConfig = {
  clientId: 'alpha',
  clientSecret: SECRET_A,
  redirectUris: [CB, CB2],
  scopes: ['boards:read', 'me:read'],
};
const APP_B: OAuthAppConfig = { clientId: 'beta', clientSecret: 'beta-secret-value', redirectUris: [CB] };

let harness: OAuthHarness;
beforeAll(async () => {
  harness = await startOAuthHarness({
    apps: [APP_A, APP_B],
    directory: {
      accounts: [{ id: 42, name: 'Acme', slug: 'acme' }],
      users: [{ id: 5, name: 'Ada', accountIds: [42] }],
    },
  });
});
afterAll(() => harness.close());

async function newCode(redirectUri = CB): Promise<string> {
  const callback = await approve(harness, { client_id: 'alpha', redirect_uri: redirectUri, scope: 'boards:read' });
  return callback.searchParams.get('code')!;
}

function form(code: string, overrides: Record<string, string> = {}) {
  return { client_id: 'alpha', client_secret: SECRET_A, redirect_uri: CB, code, ...overrides };
}

async function expectError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as { error: string; error_description: string };
  expect(body.error).toBe(error);
  expect(body.error_description.length).toBeGreaterThan(0);
  expect(JSON.stringify(body)).not.toContain('secret-value');
  return body;
}

describe('POST /oauth2/token', () => {
  it('exchanges a code for a non-expiring Bearer token registered with exactly the granted scopes', async () => {
    const response = await postToken(harness, form(await newCode()));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'scope', 'token_type']);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'boards:read' });
    expect(body.access_token).toMatch(/^wpo_[A-Za-z0-9_-]{43}$/);
    expect(harness.tokens.get(body.access_token as string)).toEqual({
      kind: 'oauth',
      accountId: 42,
      userId: 5,
      scopes: ['boards:read'],
      clientId: 'alpha',
    });
  });

  it.each(['client_id', 'client_secret', 'redirect_uri', 'code'])(
    'requires %s (400 invalid_request)',
    async (field) => {
      const fields: Record<string, string> = form('some-code');
      delete fields[field];
      const body = await expectError(await postToken(harness, fields), 400, 'invalid_request');
      expect(body.error_description).toContain(field);
    },
  );

  it('refuses a wrong secret or an unknown client with 401 invalid_client, never echoing the secret', async () => {
    const code = await newCode();
    await expectError(
      await postToken(harness, form(code, { client_secret: 'wrong-secret-value' })),
      401,
      'invalid_client',
    );
    await expectError(await postToken(harness, form(code, { client_secret: `${SECRET_A}x` })), 401, 'invalid_client');
    await expectError(await postToken(harness, form(code, { client_id: 'ghost' })), 401, 'invalid_client');
    expect((await postToken(harness, form(code))).status).toBe(200);
  });

  it('requires the redirect_uri of the authorize request, without spending the code', async () => {
    const code = await newCode(CB2);
    await expectError(await postToken(harness, form(code)), 400, 'invalid_grant');
    expect((await postToken(harness, form(code, { redirect_uri: CB2 }))).status).toBe(200);
  });

  it('refuses a reused code', async () => {
    const code = await newCode();
    expect((await postToken(harness, form(code))).status).toBe(200);
    const body = await expectError(await postToken(harness, form(code)), 400, 'invalid_grant');
    expect(body.error_description).toContain('already used');
  });

  it('refuses a code issued to another client', async () => {
    const code = await newCode();
    const foreign = { client_id: 'beta', client_secret: 'beta-secret-value', redirect_uri: CB, code };
    const body = await expectError(await postToken(harness, foreign), 400, 'invalid_grant');
    expect(body.error_description).toContain('another client');
    expect((await postToken(harness, form(code))).status).toBe(200);
  });

  it('accepts a code for 10 minutes and refuses it after', async () => {
    const fresh = await newCode();
    const stale = await newCode();
    harness.advance(CODE_TTL_MS - 1);
    expect((await postToken(harness, form(fresh))).status).toBe(200);
    harness.advance(1);
    const body = await expectError(await postToken(harness, form(stale)), 400, 'invalid_grant');
    expect(body.error_description).toContain('expired');
  });

  it('refuses an unknown code', async () => {
    await expectError(await postToken(harness, form('made-up')), 400, 'invalid_grant');
  });

  it('accepts grant_type=authorization_code and refuses any other grant type', async () => {
    const code = await newCode();
    await expectError(
      await postToken(harness, form(code, { grant_type: 'refresh_token' })),
      400,
      'unsupported_grant_type',
    );
    expect((await postToken(harness, form(code, { grant_type: 'authorization_code' }))).status).toBe(200);
  });

  it('takes form bodies only', async () => {
    const code = await newCode();
    await expectError(await postToken(harness, form(code), 'application/json'), 400, 'invalid_request');
    const huge = await postToken(harness, form(code, { pad: 'x'.repeat(20_000) }));
    await expectError(huge, 400, 'invalid_request');
  });

  it('refuses a field given twice', async () => {
    const code = await newCode();
    const body = `${new URLSearchParams(form(code))}&code=${code}`;
    const response = await fetch(new URL('/oauth2/token', harness.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    await expectError(response, 400, 'invalid_request');
  });
});
