import { describe, expect, it } from 'vitest';
import { createOAuthRoutes, type OAuthAppConfig, storeDirectory } from '../src/oauth/index.js';

const base: OAuthAppConfig = { clientId: 'a', clientSecret: 'very-secret', redirectUris: ['http://app.test/cb'] };

function build(apps: unknown[]) {
  return () => createOAuthRoutes({ apps: apps as OAuthAppConfig[], registerToken: () => {}, now: () => 0 });
}

describe('OAuth app configuration', () => {
  it('accepts a valid app', () => {
    expect(
      build([base, { ...base, clientId: 'b', scopes: ['me:read'], versions: [{ id: 1, status: 'draft' }] }]),
    ).not.toThrow();
  });

  it.each([
    ['an empty clientId', { ...base, clientId: '' }, /clientId/],
    ['a missing secret', { ...base, clientSecret: undefined }, /clientSecret/],
    ['no redirect URI', { ...base, redirectUris: [] }, /redirectUris/],
    ['a relative redirect URI', { ...base, redirectUris: ['/cb'] }, /absolute URL/],
    ['a redirect URI with a fragment', { ...base, redirectUris: ['http://app.test/cb#x'] }, /fragment/],
    ['an unknown scope', { ...base, scopes: ['me:read', 'root'] }, /scopes/],
    ['an empty scope list', { ...base, scopes: [] }, /scopes/],
    ['a bad version id', { ...base, versions: [{ id: 0, status: 'live' }] }, /version ids/],
    ['a bad version status', { ...base, versions: [{ id: 1, status: 'retired' }] }, /version status/],
  ])('rejects %s with a TypeError that names the app and not its secret', (_label, app, message) => {
    expect(build([app])).toThrow(TypeError);
    expect(build([app])).toThrow(message);
    try {
      build([app])();
    } catch (error) {
      expect(String(error)).not.toContain('very-secret');
    }
  });

  it('rejects a client_id registered twice', () => {
    expect(build([base, { ...base }])).toThrow(/registered twice/);
  });
});

describe('storeDirectory', () => {
  it("maps the store's string ids to numbers and leaves out disabled users", () => {
    const directory = storeDirectory({
      accounts: () => [{ id: '1001', name: 'Acme', slug: 'acme' }],
      users: () => [
        { id: '501', name: 'Ada', accountId: '1001', enabled: true },
        { id: '502', name: 'Gone', accountId: '1001', enabled: false },
      ],
    });
    expect(directory).toEqual({
      accounts: [{ id: 1001, name: 'Acme', slug: 'acme' }],
      users: [{ id: 501, name: 'Ada', accountIds: [1001] }],
    });
  });
});
