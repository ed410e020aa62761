/**
 * Building the URL of `GET /oauth2/authorize`, in the host form or the `{slug}.{account_domain}` form.
 */
import { isScope, type Scope } from '../scopes.js';
import { OAuthConfigError } from './errors.js';
import { nonEmpty, validateRedirectUri } from './options.js';
import { formatScopeList } from './scope-list.js';
import { generateState } from './state.js';

/** Parameters of one authorization request. All optional. */
export interface AuthorizeUrlParams {
  /** Scopes to request. Default: every scope configured for the app (the parameter is left out). */
  scopes?: readonly Scope[];
  /** Anti-forgery value echoed on the callback. Default: 256 random bits from Web Crypto. Keep it for `parseCallback`. */
  state?: string;
  /** Where to send the user back. Default: the client's `redirectUri`; needed when the app has several. */
  redirectUri?: string;
  /** Account slug the authorization is forced onto; the user cannot pick another account. */
  subdomain?: string;
  /** App version to run the flow against (live or draft; collaborators only). */
  appVersionId?: number;
  /**
   * With `accountDomain`: use `{accountSlug}.{accountDomain}/oauth2/authorize`, where the slug is only the
   * default account and the user can still switch.
   */
  accountSlug?: string;
  /** The service's account domain, e.g. `example.com` (may carry a port: `localhost:8080`). Goes with `accountSlug`. */
  accountDomain?: string;
}

/** An authorize URL and the state it carries. */
export interface AuthorizeUrl {
  /** Where to send the user's browser. */
  url: string;
  /** The state in the URL: store it (e.g. in the session) and pass it to `parseCallback`. */
  state: string;
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const DOMAIN = /^[a-z0-9.-]+(?::\d{1,5})?$/i;

/** Builds the authorize URL of `clientId` on `authUrl` with `params`. */
export function buildAuthorizeUrl(
  authUrl: URL,
  clientId: string,
  defaultRedirectUri: string | undefined,
  params: AuthorizeUrlParams = {},
): AuthorizeUrl {
  const url = endpointUrl(authUrl, params);
  const state = params.state === undefined ? generateState() : nonEmpty(params.state, 'state');
  const redirectUri =
    params.redirectUri === undefined ? defaultRedirectUri : validateRedirectUri(params.redirectUri, 'redirectUri');

  url.searchParams.set('client_id', clientId);
  if (redirectUri !== undefined) url.searchParams.set('redirect_uri', redirectUri);
  if (params.scopes !== undefined) url.searchParams.set('scope', scopeParam(params.scopes));
  url.searchParams.set('state', state);
  if (params.appVersionId !== undefined) url.searchParams.set('app_version_id', appVersionParam(params.appVersionId));
  if (params.subdomain !== undefined) url.searchParams.set('subdomain', slugParam(params.subdomain, 'subdomain'));
  return { url: url.toString(), state };
}

/** `{authUrl}/oauth2/authorize`, or `{slug}.{accountDomain}/oauth2/authorize` on the authUrl's protocol. */
function endpointUrl(authUrl: URL, params: AuthorizeUrlParams): URL {
  const { accountSlug, accountDomain } = params;
  if (accountSlug === undefined && accountDomain === undefined) {
    return new URL(`${authUrl.pathname.replace(/\/+$/, '')}/oauth2/authorize`, authUrl);
  }
  if (accountSlug === undefined || accountDomain === undefined) {
    throw new OAuthConfigError('accountSlug and accountDomain go together: give both, or neither');
  }
  const slug = slugParam(accountSlug, 'accountSlug');
  if (typeof accountDomain !== 'string' || !DOMAIN.test(accountDomain)) {
    throw new OAuthConfigError('accountDomain must be a host name with an optional port, e.g. example.com');
  }
  return new URL(`${authUrl.protocol}//${slug}.${accountDomain}/oauth2/authorize`);
}

function scopeParam(scopes: readonly Scope[]): string {
  if (!Array.isArray(scopes) || scopes.length === 0) {
    throw new OAuthConfigError(
      'scopes must be a non-empty array of scopes; leave it out to request every configured scope',
    );
  }
  const unknown = scopes.filter((scope) => typeof scope !== 'string' || !isScope(scope));
  if (unknown.length > 0) throw new OAuthConfigError(`scopes lists unknown scopes: ${unknown.map(String).join(', ')}`);
  return formatScopeList(scopes);
}

function appVersionParam(value: number): string {
  if (!Number.isSafeInteger(value) || value <= 0) throw new OAuthConfigError('appVersionId must be a positive integer');
  return String(value);
}

function slugParam(value: unknown, name: string): string {
  if (typeof value !== 'string' || !SLUG.test(value)) {
    throw new OAuthConfigError(`${name} must be an account slug (letters, digits and dashes), e.g. acme`);
  }
  return value;
}
