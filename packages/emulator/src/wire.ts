/**
 * The emulator's wire, named once: the headers it reads and writes, the error codes it answers, the media types
 * it accepts and sends. Header names are lower-case, as Node hands them out.
 *
 * Kept apart from the client's own list on purpose: the emulator is the client's test oracle, so a name mistyped
 * on one side must show up as a failing test, not be shared by both.
 */

/** Request and response header names. */
export const HEADER = {
  /** The credential of a call, bare or `Bearer <token>`. */
  authorization: 'authorization',
  /** The API version asked for, and the one a request was served at. */
  apiVersion: 'api-version',
  /** The key that makes a mutation safe to send again. */
  idempotencyKey: 'idempotency-key',
  /** Set on an answer replayed from the idempotency cache. */
  idempotencyReplayed: 'idempotency-replayed',
  /** Seconds to wait before trying again. */
  retryAfter: 'retry-after',
  /** The state of each rate-limit policy. */
  rateLimit: 'ratelimit',
  /** The rate-limit policies in force. */
  rateLimitPolicy: 'ratelimit-policy',
  contentType: 'content-type',
  contentLength: 'content-length',
  cacheControl: 'cache-control',
  pragma: 'pragma',
  connection: 'connection',
  location: 'location',
  allow: 'allow',
  wwwAuthenticate: 'www-authenticate',
  /** Credentials other than Authorization, redacted in the request log like it. */
  proxyAuthorization: 'proxy-authorization',
  cookie: 'cookie',
  /** Which site a browser request comes from (the OAuth consent form's same-origin check). */
  secFetchSite: 'sec-fetch-site',
  contentSecurityPolicy: 'content-security-policy',
  xFrameOptions: 'x-frame-options',
  corsAllowOrigin: 'access-control-allow-origin',
  corsExposeHeaders: 'access-control-expose-headers',
  corsAllowMethods: 'access-control-allow-methods',
  corsAllowHeaders: 'access-control-allow-headers',
  corsMaxAge: 'access-control-max-age',
} as const;

/** Media types, as sent in `Content-Type` (with charset) or compared (without). */
export const MEDIA = {
  /** JSON bodies the emulator sends. */
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  /** A JSON request body. */
  jsonRequest: 'application/json',
  /** An upload request body. */
  multipartRequest: 'multipart/form-data',
  /** The OAuth token endpoint's request body. */
  formRequest: 'application/x-www-form-urlencoded',
  /** An uploaded file that names no type. */
  octetStream: 'application/octet-stream',
} as const;

/** `extensions.code` values the emulator's server answers (the engine's GraphQL errors name their own). */
export const ERROR_CODE = {
  unauthenticated: 'UNAUTHENTICATED',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  unsupportedApiVersion: 'UNSUPPORTED_API_VERSION',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  badRequest: 'BAD_REQUEST',
  invalidJson: 'INVALID_JSON',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  idempotencyConflict: 'IDEMPOTENCY_CONFLICT',
  rateLimitExceeded: 'RATE_LIMIT_EXCEEDED',
  dailyLimitExceeded: 'DAILY_LIMIT_EXCEEDED',
  complexityBudgetExhausted: 'COMPLEXITY_BUDGET_EXHAUSTED',
  requestMaxComplexityExceeded: 'REQUEST_MAX_COMPLEXITY_EXCEEDED',
  internalServerError: 'INTERNAL_SERVER_ERROR',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
} as const;

/** Top-level `extensions` key of the id every JSON answer of the API carries. */
export const REQUEST_ID_EXTENSION = 'request_id';

/** Routes, as fault rules name them (`METHOD /path`). */
export const ROUTE = {
  graphql: 'POST /v2',
  schema: 'GET /v2/get_schema',
} as const;
