/**
 * The OAuth 2.0 authorization-code flow: client, errors and types. Exported from the package's main entry.
 */

export type { AuthorizeUrl, AuthorizeUrlParams } from './authorize-url.js';
export type { OAuthCallback } from './callback.js';
export { type ExchangeCodeParams, OAuthClient } from './client.js';
export {
  AUTHORIZE_ERROR_CODES,
  type AuthorizeErrorCode,
  type OAuthClientErrorCode,
  OAuthConfigError,
  OAuthError,
  type OAuthErrorCode,
  type OAuthErrorDetails,
  OAuthStateMismatchError,
  type SdkOAuthErrorCode,
  TOKEN_ERROR_CODES,
  type TokenErrorCode,
} from './errors.js';
export type { OAuthClientOptions } from './options.js';
export { generateState } from './state.js';
export type { OAuthToken } from './token.js';
