/**
 * Exchanging an authorization code at `POST /oauth2/token` and validating the answer.
 * The client secret and the code go only into the form body: never into a URL, an error or a log.
 */
import type { Scope } from '../scopes.js';
import { OAuthError } from './errors.js';
import { parseScopeList } from './scope-list.js';

/** An OAuth access token: use `accessToken` as the `token` of a `PlatformClient`. */
export interface OAuthToken {
  /** The bearer credential. It does not expire; it stays valid until the app is uninstalled. */
  accessToken: string;
  /** Always `Bearer`. */
  tokenType: 'Bearer';
  /** Scopes granted to the token. */
  scopes: Scope[];
}

/** One code exchange, with everything already validated. */
export interface TokenRequest {
  /** `{authUrl}/oauth2/token`. */
  tokenUrl: URL;
  /** The app's public identifier (`client_id`). */
  clientId: string;
  /** The app's secret (`client_secret`): sent in the body, redacted from any error text. */
  clientSecret: string;
  /** The redirect URI of the authorization request, sent for validation only. */
  redirectUri: string;
  /** The authorization code to exchange. */
  code: string;
  /** The fetch to send with. */
  fetch: typeof fetch;
  /** Cancels the request. */
  signal?: AbortSignal;
}

/** Longest server-given description kept in an error. */
const MAX_DESCRIPTION = 300;

/**
 * Shortest code redacted from a server's error text. Real codes are long random strings; redacting a
 * shorter one would mangle ordinary words (a code `c` would cut every "c") while hiding nothing secret.
 */
const MIN_REDACTED_CODE_LENGTH = 8;

/** Posts the form to the token endpoint; resolves to the validated token or rejects with an {@link OAuthError}. */
export async function requestToken(request: TokenRequest): Promise<OAuthToken> {
  const body = new URLSearchParams({
    client_id: request.clientId,
    client_secret: request.clientSecret,
    redirect_uri: request.redirectUri,
    code: request.code,
  });
  let response: Response;
  try {
    response = await request.fetch(request.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (cause) {
    const aborted = request.signal?.aborted === true;
    const description = aborted ? 'The token request was aborted' : 'The token request got no response from the server';
    throw new OAuthError('network_error', { description, cause });
  }
  const text = await response.text().catch(() => '');
  const redact = (value: string) => redactCode(redactSecret(value, request.clientSecret), request.code);
  if (!response.ok) throw errorFromResponse(response, text, redact);
  return tokenFromResponse(response.status, text);
}

function tokenFromResponse(status: number, text: string): OAuthToken {
  const json = parseJsonObject(text);
  const invalid = (description: string) => new OAuthError('invalid_response', { description, status });
  if (!json) throw invalid('The token endpoint answered with a body that is not a JSON object');
  const { access_token: accessToken, token_type: tokenType, scope } = json;
  if (typeof accessToken !== 'string' || accessToken.length === 0 || /\s/.test(accessToken)) {
    throw invalid('The token response has no valid access_token');
  }
  if (typeof tokenType !== 'string' || tokenType.toLowerCase() !== 'bearer') {
    throw invalid('The token response\'s token_type is not Bearer');
  }
  if (typeof scope !== 'string') throw invalid('The token response has no scope string');
  const scopes = parseScopeList(scope);
  if (!scopes.ok) throw invalid(`The token response lists unknown scopes: ${scopes.unknown.join(', ').slice(0, MAX_DESCRIPTION)}`);
  return { accessToken, tokenType: 'Bearer', scopes: scopes.scopes };
}

function errorFromResponse(response: Response, text: string, redact: (value: string) => string): OAuthError {
  const status = response.status;
  const json = parseJsonObject(text);
  if (json && typeof json.error === 'string' && json.error.length > 0) {
    const described = typeof json.error_description === 'string' ? json.error_description : undefined;
    const description = described === undefined ? undefined : redact(described).slice(0, MAX_DESCRIPTION);
    return new OAuthError(redact(json.error).slice(0, 64), { status, ...(description === undefined ? {} : { description }) });
  }
  const type = response.headers.get('content-type')?.split(';')[0]?.trim() || 'no content type';
  const description = `The token endpoint answered HTTP ${status} without an OAuth error (${type}, ${text.length} characters)`;
  return new OAuthError(status >= 500 ? 'server_error' : 'invalid_response', { status, description });
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces the authorization code in a server's error text: on `invalid_client` it may still be unspent. */
function redactCode(value: string, code: string): string {
  return code.length < MIN_REDACTED_CODE_LENGTH ? value : redactSecret(value, code);
}

/** Replaces every occurrence of the secret (as is, URL-encoded or form-encoded) with `[redacted]`. */
function redactSecret(value: string, secret: string): string {
  const forms = new Set([secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]);
  let result = value;
  for (const form of forms) result = result.split(form).join('[redacted]');
  return result;
}
