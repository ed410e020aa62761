/**
 * The wire, named once: every header the client sends or reads, the headers a caller may not set,
 * the media types it sends and accepts, and the longest delay a timer takes. Header names are
 * lower-case, as `Headers` hands them out and as the client sends them. The names the error code reads
 * (Authorization, Retry-After, Location, the credential headers) sit in `./error-headers.ts`.
 */

import { AUTHORIZATION } from './error-headers.js';

/** The API version a request is served at (`YYYY-MM`). */
export const API_VERSION_HEADER = 'api-version';
/** The key that makes a mutation safe to send again. */
export const IDEMPOTENCY_KEY = 'idempotency-key';
/** Set by the server when it answered a mutation from its idempotency store instead of running it. */
export const IDEMPOTENCY_REPLAYED = 'idempotency-replayed';
/** The state of each rate-limit policy (`r` remaining, `t` seconds to reset). */
export const RATELIMIT = 'ratelimit';
/** The rate-limit policies in force (`q` quota, `w` window, `qu` unit). */
export const RATELIMIT_POLICY = 'ratelimit-policy';
export const ACCEPT_HEADER = 'accept';
export const CONTENT_TYPE = 'content-type';
export const CONTENT_LENGTH = 'content-length';
export const CONTENT_ENCODING = 'content-encoding';

/**
 * Where uploads go, after the API endpoint (`{baseUrl}/v2/file`), as the platform's docs send them
 * (https://developer.monday.com/api-reference/docs/assets).
 */
export const UPLOAD_PATH = '/file';

/** The body type of a JSON request. */
export const JSON_TYPE = 'application/json';
/** What GraphQL-over-HTTP clients accept back: the GraphQL response type first, then plain JSON. */
export const GRAPHQL_ACCEPT = 'application/graphql-response+json, application/json';

/** Headers the client sets itself, and what a caller uses instead of setting them. */
export const RESERVED_HEADERS: Readonly<Record<string, string>> = {
  [AUTHORIZATION]: 'pass the token as `token`',
  [API_VERSION_HEADER]: 'use `apiVersion`',
  [IDEMPOTENCY_KEY]: 'use the `idempotencyKey` call option',
  [CONTENT_TYPE]: 'the client sets it',
};

/** The longest delay `setTimeout` honours (2^31 - 1 ms); a longer one would fire at once. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;
