import { describe, expect, it } from 'vitest';
import { OAuthClient, OAuthConfigError } from '../../src/oauth/index.js';

const client = new OAuthClient({
  clientId: 'app-1',
  clientSecret: 'sekret',
  authUrl: 'https://auth.example.com',
  redirectUri: 'https://app.example.com/cb',
});

function params(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

describe('authorizeUrl', () => {
  it('builds {authUrl}/oauth2/authorize with client_id, the default redirect_uri and a generated state', () => {
    const { url, state } = client.authorizeUrl();
    expect(url.startsWith('https://auth.example.com/oauth2/authorize?')).toBe(true);
    expect(params(url)).toEqual({ client_id: 'app-1', redirect_uri: 'https://app.example.com/cb', state });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(client.authorizeUrl().state).not.toBe(state);
  });

  it('takes every parameter of the spec', () => {
    const { url, state } = client.authorizeUrl({
      scopes: ['boards:read', 'me:read', 'boards:read'],
      state: 'my state',
      redirectUri: 'https://app.example.com/other',
      subdomain: 'acme',
      appVersionId: 42,
    });
    expect(state).toBe('my state');
    expect(params(url)).toEqual({
      client_id: 'app-1',
      redirect_uri: 'https://app.example.com/other',
      scope: 'boards:read me:read',
      state: 'my state',
      app_version_id: '42',
      subdomain: 'acme',
    });
  });

  it('keeps a path prefix of authUrl', () => {
    const prefixed = new OAuthClient({ clientId: 'a', authUrl: 'https://example.com/auth/' });
    expect(prefixed.authorizeUrl({ state: 's' }).url).toBe(
      'https://example.com/auth/oauth2/authorize?client_id=a&state=s',
    );
  });

  it('leaves redirect_uri out when none is configured (the server then uses the only one registered)', () => {
    const bare = new OAuthClient({ clientId: 'a', authUrl: 'http://localhost:4000' });
    expect(params(bare.authorizeUrl({ state: 's' }).url)).toEqual({ client_id: 'a', state: 's' });
  });

  it('uses {slug}.{account_domain}/oauth2/authorize with accountSlug and accountDomain', () => {
    const { url } = client.authorizeUrl({ accountSlug: 'acme', accountDomain: 'example.com', state: 's' });
    expect(url.startsWith('https://acme.example.com/oauth2/authorize?')).toBe(true);
    const local = new OAuthClient({ clientId: 'a', authUrl: 'http://127.0.0.1:4000' });
    expect(local.authorizeUrl({ accountSlug: 'acme', accountDomain: 'localhost:4000', state: 's' }).url).toBe(
      'http://acme.localhost:4000/oauth2/authorize?client_id=a&state=s',
    );
  });

  it.each([
    ['an unknown scope', { scopes: ['boards:read', 'boards:admin'] }, /unknown scopes: boards:admin/],
    ['an empty scope list', { scopes: [] }, /non-empty array/],
    ['an empty state', { state: '' }, /state/],
    ['a relative redirectUri', { redirectUri: '/cb' }, /redirectUri/],
    ['a non-integer appVersionId', { appVersionId: 1.5 }, /appVersionId/],
    ['a zero appVersionId', { appVersionId: 0 }, /appVersionId/],
    ['a subdomain that is not a slug', { subdomain: 'acme.evil.com' }, /subdomain/],
    ['accountSlug without accountDomain', { accountSlug: 'acme' }, /go together/],
    ['accountDomain without accountSlug', { accountDomain: 'example.com' }, /go together/],
    ['an accountDomain with a path', { accountSlug: 'acme', accountDomain: 'example.com/x' }, /accountDomain/],
    ['an accountSlug with a dot', { accountSlug: 'a.b', accountDomain: 'example.com' }, /accountSlug/],
  ])('rejects %s', (_label, bad, message) => {
    expect(() => client.authorizeUrl(bad as never)).toThrow(OAuthConfigError);
    expect(() => client.authorizeUrl(bad as never)).toThrow(message);
  });
});
