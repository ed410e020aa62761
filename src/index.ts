/**
 * workspace-platform-sdk: a typed client for the Workspace Platform GraphQL API, plus the OAuth 2.0
 * authorization-code flow. Runs wherever fetch, AbortSignal and Web Crypto exist (Node >= 20, Deno,
 * Bun, browsers, edge workers); nothing runs at import time.
 *
 * @packageDocumentation
 * @module workspace-platform-sdk
 */

export { type ApiVersionName, isApiVersion } from './api-version-format.js';
export { type DailyLimitStatus, dailyLimitStatus } from './client/calls/daily-limit-status.js';
export {
  type Connection,
  CursorExpiredError,
  type Page,
  type PageItem,
  type PaginateArgs,
  type PaginateOptions,
  type Paginator,
  paginate,
} from './client/calls/paginate.js';
export { redactClientSecrets } from './client/calls/redact-secrets.js';
export { getSchema } from './client/calls/schema.js';
export { type ApiVersionStatus, apiVersionStatus } from './client/calls/version-status.js';
export { PlatformClient, type RequestArgs } from './client/client.js';
export type { DocumentTypeDecoration } from './client/documents/typed-document.js';
export {
  AuthenticationError,
  ColumnValueError,
  DailyLimitError,
  type GraphQLErrorInfo,
  GraphQLResponseError,
  type GraphQLResponseErrorDetails,
  type GraphQLResponseErrorName,
  HttpError,
  IdempotencyConflictError,
  IdempotencyKeyReuseError,
  InvalidArgumentError,
  NetworkError,
  NotFoundError,
  PermissionDeniedError,
  PlatformConfigError,
  PlatformError,
  type PlatformErrorDetails,
  type RateLimitDetails,
  RateLimitError,
  type RateLimitKind,
  RedirectError,
  ResponseTooLargeError,
  type RetryAfterDetails,
  type ThrottleHoldReason,
  ThrottleQueueTimeoutError,
  UnsupportedApiVersionError,
} from './client/errors/errors.js';
export { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from './client/options.js';
export { defineThrottleStore } from './client/throttle/fleet-throttle.js';
export { createMemoryStore, createMemoryThrottleStore } from './client/throttle/memory-store.js';
export type {
  StoreAcquireRequest,
  StoreAcquireResult,
  StoreRenewRequest,
  StoreReserveRequest,
  StoreReserveResult,
  StoreResponseReport,
  StoreSettleRequest,
  StoreWindowReport,
  ThrottleStore,
} from './client/throttle/throttle-store.js';
export type {
  ApiResult,
  ApiWarning,
  ApiWarningKind,
  CallOptions,
  ClientHooks,
  DocumentInput,
  GetSchemaOptions,
  HeadersInput,
  PlatformClientOptions,
  RateLimitPolicies,
  RateLimitPolicy,
  RateLimitState,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  RetryOptions,
  RetryReason,
  ThrottleEvent,
  ThrottleOptions,
  ThrottlePolicyState,
  ThrottleState,
  WarningEvent,
} from './client/types.js';
export * from './columns/index.js';
export * from './oauth/index.js';
export * from './operations.js';
export { isScope, SCOPES, type Scope } from './scopes.js';
export { API_VERSION, type PinnedApiVersion } from './version.js';

import { MAX_KEPT_WARNINGS as keptWarnings } from './client/errors/warnings.js';
/**
 * @deprecated Internal; will be removed in 1.0. How many warnings one result keeps (`ApiResult.warnings`); its
 * `omittedWarnings` counts the rest.
 */
export const MAX_KEPT_WARNINGS: number = keptWarnings;
