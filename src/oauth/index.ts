/**
 * The OAuth 2.0 authorization-code flow: client, errors and types. Exported from the package's main entry.
 */
export { OAuthClient, type ExchangeCodeParams } from './client.js';
export type { OAuthClientOptions } from './options.js';
export type { AuthorizeUrl, AuthorizeUrlParams } from './authorize-url.js';
export type { OAuthCallback } from './callback.js';
export type { OAuthToken } from './token.js';
export {
  AUTHORIZE_ERROR_CODES,
  OAuthConfigError,
  OAuthError,
  OAuthStateMismatchError,
  type AuthorizeErrorCode,
  type OAuthErrorCode,
  type OAuthErrorDetails,
  type SdkOAuthErrorCode,
  type TokenErrorCode,
} from './errors.js';
export { generateState } from './state.js';
