/**
 * Errors of the OAuth helpers. Every failure is an {@link OAuthError}; its `code` says what went wrong.
 * Codes the platform sends are kept as they came; the SDK's own codes never collide with them.
 * No error ever carries the client secret, an access token or the authorization code being exchanged: not in its
 * message, its description, `toString()` or `JSON.stringify(error)`.
 */

/** Error codes the authorize endpoint sends back on its error redirect (the spec's table). */
export const AUTHORIZE_ERROR_CODES = [
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'invalid_scope',
  'server_error',
  'temporary_unavailable',
] as const;

/** One error code of the authorize endpoint's error redirect. */
export type AuthorizeErrorCode = (typeof AUTHORIZE_ERROR_CODES)[number];

/**
 * Error codes the token endpoint answers `exchangeCode` with, in its JSON `error` field: the table of OAuth 2.0
 * (RFC 6749 section 5.2, https://www.rfc-editor.org/rfc/rfc6749#section-5.2). The platform's OAuth page
 * (https://developer.monday.com/apps/docs/oauth) names no token error codes of its own, so the standard's are the
 * ones listed; a code a server sends beyond them is kept as it came. A used or expired code is `invalid_grant`, a
 * wrong client secret `invalid_client`.
 */
export const TOKEN_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const;

/** One error code of the token endpoint's answer. */
export type TokenErrorCode = (typeof TOKEN_ERROR_CODES)[number];

/**
 * Codes the SDK itself raises, never sent by a server:
 * - `state_mismatch`: the callback's `state` is missing or differs from the expected one ({@link OAuthStateMismatchError}).
 * - `invalid_config`: an option or argument is invalid ({@link OAuthConfigError}).
 * - `invalid_callback`: the callback URL carries neither a code nor an error.
 * - `invalid_response`: the token endpoint answered something that is not a valid token response.
 * - `network_error`: the token request did not get an HTTP response (or timed out).
 * - `unexpected_redirect`: the token endpoint answered with a redirect, which is never followed.
 */
export type OAuthClientErrorCode =
  | 'state_mismatch'
  | 'invalid_config'
  | 'invalid_callback'
  | 'invalid_response'
  | 'network_error'
  | 'unexpected_redirect';

/** @deprecated Use {@link OAuthClientErrorCode}. The same codes under their old name, kept through 0.x. */
export type SdkOAuthErrorCode = OAuthClientErrorCode;

/** Any code an {@link OAuthError} can carry; unknown server codes are kept as they came. */
export type OAuthErrorCode = AuthorizeErrorCode | TokenErrorCode | OAuthClientErrorCode | (string & {});

/** Details of an {@link OAuthError}. */
export interface OAuthErrorDetails {
  /** Human-readable description, as the server gave it (`error_description`) or as the SDK wrote it. */
  description?: string;
  /** HTTP status of the token endpoint's answer, when there was one. */
  status?: number;
  /** The underlying error (e.g. a network failure). Not serialised. */
  cause?: unknown;
}

/** A failure of the OAuth flow: an error redirect, a token endpoint error, a bad response or bad input. */
export class OAuthError extends Error {
  /** The class name (`'OAuthError'` or a subclass's): a string, so it survives minification. */
  override name: 'OAuthError' | 'OAuthStateMismatchError' | 'OAuthConfigError' = 'OAuthError';
  /** What went wrong: a server's code (`access_denied`, `invalid_grant`, ...) or one of the SDK's own. */
  readonly code: OAuthErrorCode;
  /** The server's `error_description`, or the SDK's explanation. */
  readonly description: string | undefined;
  /** HTTP status of the token endpoint's answer, when there was one. */
  readonly status: number | undefined;

  constructor(code: OAuthErrorCode, details: OAuthErrorDetails = {}) {
    const description = details.description;
    super(
      description ? `${code}: ${description}` : code,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.code = code;
    this.description = description;
    this.status = details.status;
  }

  /** A plain summary for logs: name, code, description and status (never a secret). */
  toJSON(): {
    /** The class name. */
    name: string;
    /** What went wrong, as {@link OAuthError.code}. */
    code: string;
    /** The server's or the SDK's explanation, when there is one. */
    description?: string;
    /** HTTP status of the token endpoint's answer, when there was one. */
    status?: number;
    /** The error's message. */
    message: string;
  } {
    const json: { name: string; code: string; description?: string; status?: number; message: string } = {
      name: this.name,
      code: this.code,
      message: this.message,
    };
    if (this.description !== undefined) json.description = this.description;
    if (this.status !== undefined) json.status = this.status;
    return json;
  }
}

/**
 * The callback's `state` is missing or does not equal the expected one: the redirect may be forged.
 * Its code, `state_mismatch`, is never one a server sends.
 */
export class OAuthStateMismatchError extends OAuthError {
  /** The class name, `'OAuthStateMismatchError'`: a string, so it survives minification. */
  override name = 'OAuthStateMismatchError' as const;

  constructor(description: string) {
    super('state_mismatch', { description });
  }
}

/** An option or argument of the OAuth helpers is invalid; the message says which and what to fix. */
export class OAuthConfigError extends OAuthError {
  /** The class name, `'OAuthConfigError'`: a string, so it survives minification. */
  override name = 'OAuthConfigError' as const;

  constructor(description: string) {
    super('invalid_config', { description });
  }
}
