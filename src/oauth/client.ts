/**
 * The OAuth 2.0 authorization-code flow of the Workspace Platform: build the authorize URL,
 * read the callback, exchange the code for an access token. Runs anywhere fetch and Web Crypto exist.
 */
import { type AuthorizeUrl, type AuthorizeUrlParams, buildAuthorizeUrl } from './authorize-url.js';
import { type OAuthCallback, parseCallback } from './callback.js';
import { OAuthConfigError } from './errors.js';
import {
  nonEmpty,
  type OAuthClientOptions,
  resolveOAuthOptions,
  validateRedirectUri,
  validateSecret,
} from './options.js';
import { type OAuthToken, requestToken } from './token.js';

/** Arguments of {@link OAuthClient.exchangeCode}. */
export interface ExchangeCodeParams {
  /** The code from {@link OAuthClient.parseCallback}. */
  code: string;
  /** The redirect URI of the authorization request (it must be equal). Default: the client's `redirectUri`. */
  redirectUri?: string;
  /** Cancels the token request. */
  signal?: AbortSignal;
}

/**
 * An OAuth app's side of the authorization-code flow.
 *
 * ```ts
 * const oauth = new OAuthClient({ clientId, clientSecret, authUrl, redirectUri });
 * const { url, state } = oauth.authorizeUrl({ scopes: ['boards:read'] });
 * // ...the user approves; the browser lands on redirectUri...
 * const { code } = oauth.parseCallback(callbackUrl, state);
 * const { accessToken } = await oauth.exchangeCode({ code });
 * ```
 *
 * The client secret lives in a private field: it is absent from `JSON.stringify(client)`, `String(client)`,
 * inspection and every error.
 */
export class OAuthClient {
  /** The app's public identifier. */
  readonly clientId: string;
  /** The OAuth host. */
  readonly authUrl: string;
  /** Default redirect URI, when configured. */
  readonly redirectUri: string | undefined;
  readonly #authUrl: URL;
  readonly #clientSecret: string | undefined;
  readonly #fetch: typeof fetch | undefined;

  /** Validates every option; throws {@link OAuthConfigError} naming what to fix. */
  constructor(options: OAuthClientOptions) {
    const resolved = resolveOAuthOptions(options);
    this.#clientSecret = validateSecret(options.clientSecret);
    this.clientId = resolved.clientId;
    this.#authUrl = resolved.authUrl;
    this.authUrl = resolved.authUrl.toString();
    this.redirectUri = resolved.redirectUri;
    this.#fetch = resolved.fetch;
  }

  /** The URL to send the user to, and the state it carries (generated when not given). */
  authorizeUrl(params: AuthorizeUrlParams = {}): AuthorizeUrl {
    return buildAuthorizeUrl(this.#authUrl, this.clientId, this.redirectUri, params);
  }

  /**
   * Reads the redirect back from the authorize page. Throws `OAuthStateMismatchError` when the state is missing or
   * differs, and an `OAuthError` with the server's code (`access_denied`, `invalid_scope`, ...) on an error redirect.
   */
  parseCallback(callbackUrl: string | URL, expectedState: string): OAuthCallback {
    return parseCallback(callbackUrl, expectedState);
  }

  /**
   * Exchanges an authorization code for a non-expiring access token. Any failure (the server's `invalid_grant`,
   * `invalid_client`, ..., a malformed response, a network error) rejects with an `OAuthError`.
   */
  async exchangeCode(params: ExchangeCodeParams): Promise<OAuthToken> {
    if (this.#clientSecret === undefined) {
      throw new OAuthConfigError(
        'exchangeCode needs the clientSecret option; exchange codes where the secret lives (a server)',
      );
    }
    if (typeof params !== 'object' || params === null) throw new OAuthConfigError('exchangeCode needs { code }');
    const code = nonEmpty(params.code, 'code');
    const redirect = params.redirectUri ?? this.redirectUri;
    if (redirect === undefined) {
      throw new OAuthConfigError(
        'exchangeCode needs redirectUri (the one of the authorization request), or the redirectUri option',
      );
    }
    const fetchImpl = this.#fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') throw new OAuthConfigError('No fetch available; pass the fetch option');
    return requestToken({
      tokenUrl: new URL(`${this.#authUrl.pathname.replace(/\/+$/, '')}/oauth2/token`, this.#authUrl),
      clientId: this.clientId,
      clientSecret: this.#clientSecret,
      redirectUri: validateRedirectUri(redirect, 'redirectUri'),
      code,
      fetch: fetchImpl,
      ...(params.signal ? { signal: params.signal } : {}),
    });
  }

  /** A summary without the secret. */
  toJSON(): {
    /** The app's public identifier. */
    clientId: string;
    /** The OAuth host. */
    authUrl: string;
    /** The default redirect URI, when configured. */
    redirectUri?: string;
  } {
    return {
      clientId: this.clientId,
      authUrl: this.authUrl,
      ...(this.redirectUri ? { redirectUri: this.redirectUri } : {}),
    };
  }

  /** `OAuthClient(<clientId>)`: never the secret. */
  toString(): string {
    return `OAuthClient(${this.clientId})`;
  }
}
