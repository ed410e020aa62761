import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { OAuthClient, OAuthConfigError, OAuthError } from '../../src/oauth/index.js';

const SECRET = 'sekret-value-4f1b';
const valid = {
  clientId: 'app-1',
  clientSecret: SECRET,
  authUrl: 'https://auth.example.com',
  redirectUri: 'https://app.example.com/cb',
};

function configError(run: () => unknown): OAuthConfigError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(OAuthConfigError);
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).code).toBe('invalid_config');
    return error as OAuthConfigError;
  }
  throw new Error('expected an OAuthConfigError');
}

describe('OAuthClient options', () => {
  it('accepts valid options and exposes the public ones', () => {
    const client = new OAuthClient(valid);
    expect(client.clientId).toBe('app-1');
    expect(client.authUrl).toBe('https://auth.example.com/');
    expect(client.redirectUri).toBe('https://app.example.com/cb');
  });

  it.each([
    ['a missing clientId', { ...valid, clientId: '' }, /clientId/],
    ['a non-string clientId', { ...valid, clientId: 42 }, /clientId/],
    ['a missing authUrl', { ...valid, authUrl: undefined }, /authUrl/],
    ['a relative authUrl', { ...valid, authUrl: '/auth' }, /authUrl must be an absolute/],
    ['a non-http authUrl', { ...valid, authUrl: 'ftp://auth.example.com' }, /http or https/],
    ['an authUrl with a query', { ...valid, authUrl: 'https://auth.example.com/?x=1' }, /query or fragment/],
    ['an authUrl with credentials', { ...valid, authUrl: 'https://u:p@auth.example.com' }, /credentials/],
    ['a relative redirectUri', { ...valid, redirectUri: 'cb' }, /redirectUri must be an absolute URL/],
    ['a redirectUri with a fragment', { ...valid, redirectUri: 'https://app.example.com/cb#x' }, /fragment/],
    ['an empty clientSecret', { ...valid, clientSecret: '  ' }, /clientSecret/],
    ['a non-function fetch', { ...valid, fetch: 'nope' }, /fetch/],
  ])('rejects %s at construction', (_label, options, message) => {
    const error = configError(() => new OAuthClient(options as never));
    expect(error.message).toMatch(message);
  });

  it('rejects a missing options object', () => {
    configError(() => new OAuthClient(undefined as never));
  });

  it('never shows the client secret in JSON, strings or inspection', () => {
    const client = new OAuthClient(valid);
    expect(JSON.stringify(client)).not.toContain(SECRET);
    expect(JSON.parse(JSON.stringify(client))).toEqual({
      clientId: 'app-1',
      authUrl: 'https://auth.example.com/',
      redirectUri: 'https://app.example.com/cb',
    });
    expect(String(client)).toBe('OAuthClient(app-1)');
    expect(inspect(client, { showHidden: true, depth: 5 })).not.toContain(SECRET);
    expect(Object.values(client).join(' ')).not.toContain(SECRET);
  });

  it('never echoes a rejected secret in the error', () => {
    const error = configError(() => new OAuthClient({ ...valid, clientSecret: 12345 as never }));
    expect(JSON.stringify(error)).not.toContain('12345');
    expect(error.message).not.toContain('12345');
  });

  it('works without a secret for the browser side, and exchangeCode then says why it cannot', async () => {
    const { clientSecret: _unused, ...withoutSecret } = valid;
    const client = new OAuthClient(withoutSecret);
    expect(client.authorizeUrl().url).toContain('client_id=app-1');
    await expect(client.exchangeCode({ code: 'c' })).rejects.toThrow(/needs the clientSecret/);
  });

  it('exchangeCode checks its arguments before any request', async () => {
    const client = new OAuthClient({
      ...valid,
      redirectUri: undefined,
      fetch: () => Promise.reject(new Error('no call expected')),
    });
    await expect(client.exchangeCode({ code: '' })).rejects.toBeInstanceOf(OAuthConfigError);
    await expect(client.exchangeCode({ code: 'abc' })).rejects.toThrow(/needs redirectUri/);
    await expect(client.exchangeCode({ code: 'abc', redirectUri: 'not a url' })).rejects.toThrow(/absolute URL/);
  });
});
