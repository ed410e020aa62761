/**
 * Validation of a `GET /oauth2/authorize` request by the spec's rules, in the order that decides whether an error
 * can be redirected: client and redirect URI first (errors shown on a page), then everything else (redirected).
 */
import { isScope, type Scope } from 'workspace-platform-sdk';
import type { OAuthAccount, OAuthDirectory, OAuthUser, ResolvedApp } from './config.js';
import { type AuthorizeError, authorizeError } from './errors.js';
import { repeatedNames } from './http.js';

/** A valid authorization request, ready for the consent page. */
export interface AuthorizeRequest {
  app: ResolvedApp;
  /** The redirect URI in force: the one given, or the only one registered. */
  redirectUri: string;
  state: string | undefined;
  scopes: Scope[];
  user: OAuthUser;
  /** The accounts the user may pick (only the forced one when `subdomain` is given). */
  accounts: OAuthAccount[];
  /** The preselected account. */
  defaultAccountId: number;
  /** True when `subdomain` forced the account: the dropdown is locked. */
  accountForced: boolean;
  appVersionId: number | undefined;
}

/** The outcome: a request, or an error to redirect (when `redirectUri` is known) or to show on a page. */
export type AuthorizeOutcome =
  | { ok: true; request: AuthorizeRequest }
  | { ok: false; error: AuthorizeError; redirectUri?: string; state?: string };

/** Longest `state` accepted, in characters (a 256-bit random state is 43). */
export const MAX_STATE_LENGTH = 1_024;

const PARAMS = ['client_id', 'redirect_uri', 'scope', 'state', 'app_version_id', 'subdomain'] as const;

/** What validation needs besides the query. */
export interface AuthorizeInputs {
  query: URLSearchParams;
  /** Host header of the request (`{slug}.{account_domain}` preselects that account). */
  host: string | undefined;
  apps: ReadonlyMap<string, ResolvedApp>;
  directory: OAuthDirectory;
  signedInUserId: number | undefined;
}

/** Applies every rule of the authorize endpoint. */
export function validateAuthorize(inputs: AuthorizeInputs): AuthorizeOutcome {
  const { query } = inputs;
  const clientId = query.get('client_id');
  if (!clientId || query.getAll('client_id').length > 1) {
    return { ok: false, error: authorizeError('invalid_request', 'client_id is required, once') };
  }
  const app = inputs.apps.get(clientId);
  if (!app)
    return { ok: false, error: authorizeError('unauthorized_client', 'No app is registered with this client_id') };

  const redirect = redirectUriOf(app, query);
  if (typeof redirect !== 'string') return { ok: false, error: redirect };

  const state = query.get('state') ?? undefined;
  // Too long a state is not echoed back in a redirect: the error is shown on a page and nothing is kept.
  if (state !== undefined && state.length > MAX_STATE_LENGTH) {
    return {
      ok: false,
      error: authorizeError('invalid_request', `state is longer than ${MAX_STATE_LENGTH} characters`),
    };
  }
  const fail = (error: AuthorizeError): AuthorizeOutcome => ({ ok: false, error, redirectUri: redirect, state });
  const repeated = repeatedNames(query, PARAMS);
  if (repeated.length > 0)
    return fail(authorizeError('invalid_request', `Parameters given more than once: ${repeated.join(', ')}`));

  const scopes = scopesOf(app, query.get('scope'));
  if (!Array.isArray(scopes)) return fail(scopes);

  const user = signedInUser(inputs.directory, inputs.signedInUserId);
  if (!user) return fail(authorizeError('server_error', 'The emulator has no such signed-in user'));

  const version = appVersionOf(app, user, query.get('app_version_id'));
  if (typeof version === 'object') return fail(version);

  const accounts = accountsOf(inputs.directory, user, query.get('subdomain'), inputs.host);
  if ('code' in accounts) return fail(accounts);

  return { ok: true, request: { app, redirectUri: redirect, state, scopes, user, ...accounts, appVersionId: version } };
}

function redirectUriOf(app: ResolvedApp, query: URLSearchParams): string | AuthorizeError {
  const given = query.getAll('redirect_uri');
  if (given.length > 1) return authorizeError('invalid_request', 'redirect_uri is given more than once');
  const [uri] = given;
  if (uri === undefined) {
    if (app.redirectUris.length === 1) return app.redirectUris[0]!;
    return authorizeError('invalid_request', 'redirect_uri is required: the app has several redirect URIs');
  }
  if (!app.redirectUris.includes(uri))
    return authorizeError('invalid_request', 'redirect_uri is not registered for the app');
  return uri;
}

function scopesOf(app: ResolvedApp, scope: string | null): Scope[] | AuthorizeError {
  const words = (scope ?? '').split(/\s+/).filter((word) => word.length > 0);
  if (words.length === 0) return [...app.scopes];
  const unknown = words.filter((word) => !isScope(word));
  if (unknown.length > 0) return authorizeError('invalid_scope', `Unknown scopes: ${unknown.join(', ')}`.slice(0, 200));
  const notConfigured = words.filter((word) => !app.scopes.includes(word as Scope));
  if (notConfigured.length > 0) {
    return authorizeError('invalid_scope', `Scopes not configured for the app: ${notConfigured.join(', ')}`);
  }
  return [...new Set(words as Scope[])];
}

function signedInUser(directory: OAuthDirectory, userId: number | undefined): OAuthUser | undefined {
  return userId === undefined ? directory.users[0] : directory.users.find((user) => user.id === userId);
}

/** The version id, undefined when none is asked for, or why it is refused. */
function appVersionOf(app: ResolvedApp, user: OAuthUser, value: string | null): number | undefined | AuthorizeError {
  if (value === null) return undefined;
  if (!/^[1-9]\d{0,15}$/.test(value))
    return authorizeError('invalid_request', 'app_version_id must be a positive integer');
  const version = app.versions.find((candidate) => candidate.id === Number(value));
  if (!version) return authorizeError('invalid_request', 'app_version_id names no version of the app');
  if (version.status === 'deprecated') {
    return authorizeError('unauthorized_client', 'Deprecated app versions cannot be authorized');
  }
  if (!app.collaborators.has(user.id)) {
    return authorizeError('access_denied', 'Only collaborators of the app can choose an app version');
  }
  return version.id;
}

type AccountChoice = Pick<AuthorizeRequest, 'accounts' | 'defaultAccountId' | 'accountForced'>;

function accountsOf(
  directory: OAuthDirectory,
  user: OAuthUser,
  subdomain: string | null,
  host: string | undefined,
): AccountChoice | AuthorizeError {
  const mine = directory.accounts.filter((account) => user.accountIds.includes(account.id));
  if (subdomain !== null) {
    const forced = directory.accounts.find((account) => account.slug === subdomain);
    if (!forced) return authorizeError('invalid_request', 'subdomain names no account');
    if (!mine.includes(forced))
      return authorizeError('access_denied', 'The signed-in user does not belong to that account');
    return { accounts: [forced], defaultAccountId: forced.id, accountForced: true };
  }
  const first = mine[0];
  if (!first) return authorizeError('access_denied', 'The signed-in user belongs to no account');
  const hostSlug = slugOfHost(host);
  const preferred = mine.find((account) => account.slug === hostSlug) ?? first;
  return { accounts: mine, defaultAccountId: preferred.id, accountForced: false };
}

/** The first label of a host name with at least two labels (`acme.localhost:4000` → `acme`), IP addresses excluded. */
function slugOfHost(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  if (/^[\d.]+$/.test(name) || name.startsWith('[')) return undefined;
  const labels = name.split('.');
  return labels.length >= 2 ? labels[0] : undefined;
}
