import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AUTHORIZE_ERROR_CODES, OAuthClient, OAuthError, OAuthStateMismatchError } from '../../src/oauth/index.js';
import { constantTimeEqual } from '../../src/oauth/state.js';

const client = new OAuthClient({ clientId: 'app-1', authUrl: 'https://auth.example.com' });
const STATE = 'expected-state-123';

function thrown(run: () => unknown): OAuthError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(OAuthError);
    return error as OAuthError;
  }
  throw new Error('expected an OAuthError');
}

describe('parseCallback', () => {
  it('returns code, scopes and state on approval (absolute URL, path-only string or URL object)', () => {
    const query = `?code=abc&state=${STATE}&scope=boards%3Aread+me%3Aread`;
    const expected = { state: STATE, scopes: ['boards:read', 'me:read'] };
    for (const url of [
      `https://app.example.com/cb${query}`,
      `/cb${query}`,
      new URL(`https://app.example.com/cb${query}`),
    ]) {
      const callback = client.parseCallback(url, STATE);
      expect(callback).toEqual(expected);
      expect(callback.code).toBe('abc');
    }
  });

  it('keeps the code, a credential, out of inspection and JSON of the result', () => {
    const code = 'code-0123456789abcdef';
    const callback = client.parseCallback(`/cb?code=${code}&state=${STATE}`, STATE);
    const everything = { depth: Number.POSITIVE_INFINITY, showHidden: true, getters: true };
    expect(`${inspect(callback, everything)} ${JSON.stringify(callback)}`).not.toContain(code);
    expect(callback.code).toBe(code);
  });

  it('gives no scopes when the server sent no scope parameter', () => {
    expect(client.parseCallback(`/cb?code=abc&state=${STATE}`, STATE).scopes).toEqual([]);
  });

  it('throws its own state_mismatch error for a differing state, before looking at anything else', () => {
    for (const url of [
      `/cb?code=abc&state=other`,
      `/cb?error=access_denied&state=other`,
      `/cb?code=abc&state=${STATE}x`,
    ]) {
      const error = thrown(() => client.parseCallback(url, STATE));
      expect(error).toBeInstanceOf(OAuthStateMismatchError);
      expect(error.code).toBe('state_mismatch');
      expect(AUTHORIZE_ERROR_CODES as readonly string[]).not.toContain(error.code);
    }
  });

  it('throws state_mismatch when an approval carries no state', () => {
    expect(thrown(() => client.parseCallback('/cb?code=abc', STATE))).toBeInstanceOf(OAuthStateMismatchError);
  });

  it.each(AUTHORIZE_ERROR_CODES)('surfaces the error redirect %s with the server description', (code) => {
    const url = `/cb?error=${code}&error_description=Because+reasons&state=${STATE}`;
    const error = thrown(() => client.parseCallback(url, STATE));
    expect(error).not.toBeInstanceOf(OAuthStateMismatchError);
    expect(error.code).toBe(code);
    expect(error.description).toBe('Because reasons');
    expect(error.message).toBe(`${code}: Because reasons`);
  });

  it('keeps unknown error codes as they came, and reports errors that carry no state', () => {
    const error = thrown(() => client.parseCallback('/cb?error=account_suspended', STATE));
    expect(error.code).toBe('account_suspended');
    expect(error.description).toBeUndefined();
  });

  it('rejects a callback with neither code nor error', () => {
    expect(thrown(() => client.parseCallback(`/cb?state=${STATE}`, STATE)).code).toBe('invalid_callback');
  });

  it('rejects a callback listing an unknown scope', () => {
    const error = thrown(() => client.parseCallback(`/cb?code=a&state=${STATE}&scope=boards:read+root`, STATE));
    expect(error.code).toBe('invalid_callback');
    expect(error.message).toContain('root');
  });

  it('requires an expected state', () => {
    expect(thrown(() => client.parseCallback(`/cb?code=a&state=`, '')).code).toBe('invalid_config');
  });

  it('serialises errors without surprises', () => {
    const error = thrown(() =>
      client.parseCallback(`/cb?error=access_denied&error_description=No&state=${STATE}`, STATE),
    );
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'OAuthError',
      code: 'access_denied',
      description: 'No',
      message: 'access_denied: No',
    });
    expect(String(error)).toBe('OAuthError: access_denied: No');
  });
});

describe('found by the property tests', () => {
  it('compares states as UTF-16 code units: a U+FFFD in the callback does not match a state of lone surrogates', () => {
    expect(constantTimeEqual('\ud800', '\udc00')).toBe(false);
    expect(constantTimeEqual('\ud800', '\ufffd')).toBe(false);
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(() => client.parseCallback('/cb?code=c&state=%EF%BF%BD', '\ud800')).toThrow(OAuthStateMismatchError);
  });
});
