/**
 * Exchanging an authorization code at `POST /oauth2/token` and validating the answer.
 * The client secret and the code go only into the form body: never into a URL, an error or a log.
 * Redirects are never followed (a redirect would carry the secret and the code to wherever it points);
 * the answer is read to at most {@link MAX_TOKEN_RESPONSE_BYTES} and within {@link TOKEN_TIMEOUT_MS}.
 */

import { ACCEPT_HEADER, CONTENT_TYPE, JSON_TYPE } from '../client/constants.js';
import { LOCATION } from '../client/error-headers.js';
import { createRedactor, type Redactor, redactError } from '../client/errors/redact.js';
import { isObject } from '../client/object-reads.js';
import { AttemptDeadline, discardBody, monotonicNow } from '../client/request/attempt-deadline.js';
import { readBodyText, TOO_LARGE } from '../client/request/body.js';
import type { Scope } from '../scopes.js';
import { withSecretField } from '../secret-field.js';
import { OAuthError } from './errors.js';
import { parseScopeList } from './scope-list.js';

/**
 * An OAuth access token: use `accessToken` as the `token` of a `PlatformClient`. `accessToken` is read by name only:
 * it is not enumerable, so `JSON.stringify`, spread and `util.inspect` of this object never show it (store it
 * explicitly, e.g. `save(token.accessToken)`).
 */
export interface OAuthToken {
  /** The bearer credential. It does not expire; it stays valid until the app is uninstalled. */
  readonly accessToken: string;
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
 * Largest token endpoint answer read, in bytes (64 KiB); a real one is a few hundred. A literal: bundlers keep a
 * top-level product (`64 * 1024`) of the built main entry in an app that never uses OAuth.
 */
export const MAX_TOKEN_RESPONSE_BYTES = 65_536;

/** How long the token request may take, from sending to the last byte of the answer. */
export const TOKEN_TIMEOUT_MS = 60_000;

/** An access token is visible ASCII (RFC 6750's b64token and more), so it works as a Bearer header. */
const ACCESS_TOKEN = /^[\x21-\x7e]+$/;

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
  // The code only when long enough: redacting a short one would mangle ordinary words.
  const code = request.code.length < MIN_REDACTED_CODE_LENGTH ? '' : request.code;
  const redact = createRedactor([request.clientSecret, code], '[redacted]');
  const deadline = new AttemptDeadline(TOKEN_TIMEOUT_MS, monotonicNow());
  const timer = setTimeout(() => deadline.expire(), TOKEN_TIMEOUT_MS);
  let response: Response;
  let text: string | typeof TOO_LARGE;
  try {
    response = await deadline.guard(
      request.fetch(request.tokenUrl, {
        method: 'POST',
        headers: { [CONTENT_TYPE]: 'application/x-www-form-urlencoded', [ACCEPT_HEADER]: JSON_TYPE },
        body,
        redirect: 'manual',
        ...(request.signal ? { signal: request.signal } : {}),
      }),
    );
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status <= 399)) {
      discardBody(response);
      throw redirectError(response, redact);
    }
    text = await readBodyText(response, MAX_TOKEN_RESPONSE_BYTES, deadline);
  } catch (cause) {
    if (cause instanceof OAuthError) throw cause;
    const aborted = request.signal?.aborted === true;
    const description = aborted
      ? 'The token request was aborted'
      : deadline.expired
        ? `The token request timed out after ${TOKEN_TIMEOUT_MS} ms`
        : 'The token request got no response from the server';
    throw new OAuthError('network_error', { description, cause: redactError(cause, redact) });
  } finally {
    clearTimeout(timer);
  }
  if (text === TOO_LARGE) {
    throw new OAuthError('invalid_response', {
      status: response.status,
      description: `The token endpoint's answer is larger than ${MAX_TOKEN_RESPONSE_BYTES} bytes; it was not read`,
    });
  }
  if (!response.ok) throw errorFromResponse(response, text, redact);
  return tokenFromResponse(response.status, text);
}

/** The token endpoint redirected: refused, naming the status and the Location (secret and code redacted). */
function redirectError(response: Response, redact: Redactor): OAuthError {
  if (response.type === 'opaqueredirect') {
    return new OAuthError('unexpected_redirect', {
      description: 'The token endpoint answered with a redirect (the runtime hides where to); it was not followed',
    });
  }
  const location = response.headers.get(LOCATION);
  const where = location === null ? 'without a Location' : `to ${redact(location).slice(0, MAX_DESCRIPTION)}`;
  return new OAuthError('unexpected_redirect', {
    status: response.status,
    description: `The token endpoint answered HTTP ${response.status} ${where}; redirects are not followed`,
  });
}

function tokenFromResponse(status: number, text: string): OAuthToken {
  const json = parseJsonObject(text);
  const invalid = (description: string) => new OAuthError('invalid_response', { description, status });
  if (!json) throw invalid('The token endpoint answered with a body that is not a JSON object');
  const accessToken = ownValue(json, 'access_token');
  const tokenType = ownValue(json, 'token_type');
  const scope = ownValue(json, 'scope');
  if (typeof accessToken !== 'string' || !ACCESS_TOKEN.test(accessToken)) {
    throw invalid('The token response has no valid access_token');
  }
  if (typeof tokenType !== 'string' || tokenType.toLowerCase() !== 'bearer') {
    throw invalid("The token response's token_type is not Bearer");
  }
  if (typeof scope !== 'string') throw invalid('The token response has no scope string');
  const scopes = parseScopeList(scope);
  if (!scopes.ok)
    throw invalid(`The token response lists unknown scopes: ${scopes.unknown.join(', ').slice(0, MAX_DESCRIPTION)}`);
  return withSecretField({ tokenType: 'Bearer' as const, scopes: scopes.scopes }, 'accessToken', accessToken);
}

function errorFromResponse(response: Response, text: string, redact: Redactor): OAuthError {
  const status = response.status;
  const json = parseJsonObject(text);
  const code = ownValue(json, 'error');
  if (typeof code === 'string' && code.length > 0) {
    const described = ownValue(json, 'error_description');
    const description = typeof described === 'string' ? redact(described).slice(0, MAX_DESCRIPTION) : undefined;
    return new OAuthError(redact(code).slice(0, 64), { status, ...(description === undefined ? {} : { description }) });
  }
  const type = response.headers.get(CONTENT_TYPE)?.split(';')[0]?.trim() || 'no content type';
  const description = `The token endpoint answered HTTP ${status} without an OAuth error (${type}, ${text.length} characters)`;
  return new OAuthError(status >= 500 ? 'server_error' : 'invalid_response', { status, description });
}

/** `record[key]` when it is an own property; never an inherited one. */
function ownValue(record: Record<string, unknown> | undefined, key: string): unknown {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
