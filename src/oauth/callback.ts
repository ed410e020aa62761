/**
 * Reading the redirect back from `/oauth2/authorize`: the code and scopes on approval, an error otherwise.
 */
import type { Scope } from '../scopes.js';
import { withSecretField } from '../secret-field.js';
import { OAuthConfigError, OAuthError, OAuthStateMismatchError } from './errors.js';
import { parseScopeList } from './scope-list.js';
import { constantTimeEqual } from './state.js';

/**
 * What an approved authorization's callback carries. `code` is read by name only: it is not enumerable, so
 * `JSON.stringify`, spread and `util.inspect` of this object never show it.
 */
export interface OAuthCallback {
  /** The authorization code: exchange it with `exchangeCode` within 10 minutes; it works once. */
  readonly code: string;
  /** Scopes the user approved, from the callback's `scope` parameter (empty when the server sent none). */
  scopes: Scope[];
  /** The state, equal to the expected one. */
  state: string;
}

/**
 * Parses the callback URL (absolute, or path and query only) and checks its state against `expectedState`.
 *
 * Throws {@link OAuthStateMismatchError} when the state is missing or differs (compared in constant time),
 * and an {@link OAuthError} with the server's code and description on an error redirect. An error redirect that
 * carries no state at all is still reported with the server's code: it grants nothing, and its cause matters more.
 */
export function parseCallback(callbackUrl: string | URL, expectedState: string): OAuthCallback {
  if (typeof expectedState !== 'string' || expectedState.length === 0) {
    throw new OAuthConfigError('expectedState must be the non-empty state returned by authorizeUrl');
  }
  const params = callbackParams(callbackUrl);
  const state = params.get('state');
  const error = params.get('error');

  if (state !== null && !constantTimeEqual(state, expectedState)) {
    throw new OAuthStateMismatchError('The callback state differs from the expected one; the redirect may be forged');
  }
  if (error !== null) {
    const description = params.get('error_description') ?? undefined;
    throw new OAuthError(error || 'invalid_callback', description === undefined ? {} : { description });
  }
  if (state === null) {
    throw new OAuthStateMismatchError('The callback carries no state; the redirect may be forged');
  }
  const code = params.get('code');
  if (!code)
    throw new OAuthError('invalid_callback', { description: 'The callback carries neither a code nor an error' });
  return withSecretField({ scopes: callbackScopes(params.get('scope')), state }, 'code', code);
}

function callbackParams(callbackUrl: string | URL): URLSearchParams {
  if (callbackUrl instanceof URL) return callbackUrl.searchParams;
  if (typeof callbackUrl !== 'string' || callbackUrl.length === 0) {
    throw new OAuthConfigError('callbackUrl must be the URL (or path and query) the user was redirected to');
  }
  try {
    return new URL(callbackUrl, 'http://callback.invalid').searchParams;
  } catch {
    throw new OAuthConfigError('callbackUrl is not a valid URL');
  }
}

function callbackScopes(scope: string | null): Scope[] {
  if (scope === null) return [];
  const parsed = parseScopeList(scope);
  if (!parsed.ok) {
    throw new OAuthError('invalid_callback', {
      description: `The callback lists unknown scopes: ${parsed.unknown.join(', ')}`,
    });
  }
  return parsed.scopes;
}
