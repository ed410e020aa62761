/**
 * The authorize endpoint's error codes, their HTTP statuses (the spec's table) and the error redirect.
 */

/** Status of each authorize error code, used for the error page when no redirect is possible. */
export const AUTHORIZE_ERROR_STATUS = {
  invalid_request: 400,
  unauthorized_client: 403,
  access_denied: 403,
  invalid_scope: 403,
  server_error: 500,
  temporary_unavailable: 500,
} as const;

/** One error code of the authorize endpoint. */
export type AuthorizeErrorCode = keyof typeof AUTHORIZE_ERROR_STATUS;

/** A refused authorization: a code of the spec's table and a description for the developer. */
export interface AuthorizeError {
  code: AuthorizeErrorCode;
  description: string;
}

/** Shorthand for an {@link AuthorizeError}. */
export function authorizeError(code: AuthorizeErrorCode, description: string): AuthorizeError {
  return { code, description };
}

/**
 * The URL an error redirect goes to: the redirect URI with the OAuth 2.0 parameters `error`,
 * `error_description` and, when the request had one, `state`.
 */
export function errorRedirectUrl(redirectUri: string, error: AuthorizeError, state: string | undefined): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error.code);
  url.searchParams.set('error_description', error.description);
  if (state !== undefined) url.searchParams.set('state', state);
  return url.toString();
}

/** Token endpoint errors (OAuth 2.0, RFC 6749 section 5.2) with their statuses. */
export const TOKEN_ERROR_STATUS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
} as const;

/** One error code of the token endpoint. */
export type TokenErrorCode = keyof typeof TOKEN_ERROR_STATUS;
