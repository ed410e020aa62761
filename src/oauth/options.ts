/**
 * Options of {@link OAuthClient} and their validation, done once at construction.
 */
import { OAuthConfigError } from './errors.js';

/** Options of the OAuth client. Invalid values fail at construction with an {@link OAuthConfigError}. */
export interface OAuthClientOptions {
  /** The app's public identifier. */
  clientId: string;
  /**
   * The app's secret, needed only by {@link OAuthClient.exchangeCode}. Leave it out where the secret must not live
   * (e.g. a browser page that only builds the authorize URL and reads the callback). Never printed or serialised.
   */
  clientSecret?: string;
  /** The OAuth host, e.g. `https://auth.example.com` or a local emulator's `authUrl`. http(s) only. */
  authUrl: string;
  /** Default redirect URI of {@link OAuthClient.authorizeUrl} and {@link OAuthClient.exchangeCode}. */
  redirectUri?: string;
  /** The fetch used by {@link OAuthClient.exchangeCode}. Default: `globalThis.fetch`. */
  fetch?: typeof fetch;
}

/** Options after validation. */
export interface ResolvedOAuthOptions {
  /** The app's public identifier, non-empty. */
  clientId: string;
  /** The OAuth host: an http(s) URL without credentials, query or fragment. */
  authUrl: URL;
  /** Default redirect URI: absolute, without a fragment. */
  redirectUri: string | undefined;
  /** The caller's fetch; undefined means `globalThis.fetch`, looked up at call time. */
  fetch: typeof fetch | undefined;
}

/** Validates every option except the secret (checked by {@link validateSecret}). */
export function resolveOAuthOptions(options: OAuthClientOptions): ResolvedOAuthOptions {
  if (typeof options !== 'object' || options === null) {
    throw new OAuthConfigError('OAuthClient needs an options object with clientId and authUrl');
  }
  const clientId = nonEmpty(options.clientId, 'clientId');
  const authUrl = parseHttpUrl(options.authUrl, 'authUrl');
  if (authUrl.search || authUrl.hash) {
    throw new OAuthConfigError(
      'authUrl must be the OAuth host without a query or fragment, e.g. https://auth.example.com',
    );
  }
  const redirectUri =
    options.redirectUri === undefined ? undefined : validateRedirectUri(options.redirectUri, 'redirectUri');
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new OAuthConfigError('fetch must be a function compatible with the global fetch');
  }
  return { clientId, authUrl, redirectUri, fetch: options.fetch };
}

/** Checks the client secret's shape without ever putting its value in the message. */
export function validateSecret(secret: unknown): string | undefined {
  if (secret === undefined) return undefined;
  if (typeof secret !== 'string' || secret.trim().length === 0) {
    throw new OAuthConfigError('clientSecret must be a non-empty string when given');
  }
  return secret;
}

/** A redirect URI must be an absolute URL without a fragment (OAuth 2.0, RFC 6749 section 3.1.2). */
export function validateRedirectUri(value: unknown, name: string): string {
  const text = nonEmpty(value, name);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OAuthConfigError(`${name} must be an absolute URL, e.g. https://app.example.com/oauth/callback`);
  }
  if (url.hash || text.includes('#')) throw new OAuthConfigError(`${name} must not contain a fragment (#...)`);
  return text;
}

/** Returns `value` when it is a non-empty string; throws a config error naming the option otherwise. */
export function nonEmpty(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim().length === 0) {
    throw new OAuthConfigError(`${name} must be a non-empty string`);
  }
  return value;
}

function parseHttpUrl(value: unknown, name: string): URL {
  const text = nonEmpty(value, name);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OAuthConfigError(`${name} must be an absolute http(s) URL, e.g. https://auth.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OAuthConfigError(`${name} must use http or https, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new OAuthConfigError(`${name} must not contain credentials`);
  return url;
}
