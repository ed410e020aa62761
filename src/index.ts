/**
 * workspace-platform-sdk: a typed client for the Workspace Platform GraphQL API, plus the OAuth 2.0
 * authorization-code flow. Runs wherever fetch, AbortSignal and Web Crypto exist (Node >= 20, Deno,
 * Bun, browsers, edge workers); nothing runs at import time.
 *
 * @packageDocumentation
 */
export { API_VERSION, type PinnedApiVersion } from './version.js';
export { SCOPES, isScope, type Scope } from './scopes.js';
export { PlatformClient, type RequestArgs } from './client/client.js';
export type { DocumentInput } from './client/document.js';
export {
  AuthenticationError,
  GraphQLResponseError,
  HttpError,
  IdempotencyConflictError,
  NetworkError,
  PlatformConfigError,
  PlatformError,
  RateLimitError,
  type GraphQLErrorInfo,
  type PlatformErrorDetails,
  type RetryAfterDetails,
} from './client/errors.js';
export { DEFAULT_TIMEOUT_MS } from './client/options.js';
export { DEFAULT_RETRY_POLICY, backoffDelayMs, decideRetry, type RetryContext, type RetryDecision, type RetryPolicy } from './client/retry-policy.js';
export { parseRateLimit } from './client/rate-limit.js';
export { createMemoryStore } from './client/memory-store.js';
export { defineThrottleStore } from './client/fleet-throttle.js';
export type {
  StoreAcquireRequest,
  StoreAcquireResult,
  StoreRenewRequest,
  StoreResponseReport,
  StoreSettleRequest,
  StoreWindowReport,
  ThrottleStore,
} from './client/throttle-store.js';
export type {
  ApiResult,
  CallOptions,
  ClientHooks,
  GetSchemaOptions,
  HeadersInput,
  PlatformClientOptions,
  RateLimitPolicy,
  RateLimitState,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  RetryOptions,
  RetryReason,
  ThrottleEvent,
  ThrottleOptions,
} from './client/types.js';
/** The built-in operations: typed documents (for `client.request`) and their result and variable types. */
export * from '../generated/graphql.js';
export * from './oauth/index.js';
