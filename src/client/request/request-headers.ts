/**
 * The request headers of a client, built once when it is constructed: most calls send exactly the
 * same headers, so they share one object instead of copying the client's headers every time.
 */
import { ACCEPT_HEADER, API_VERSION_HEADER, CONTENT_TYPE, GRAPHQL_ACCEPT, JSON_TYPE } from '../constants.js';
import { AUTHORIZATION } from '../error-headers.js';
import type { ResolvedClientOptions } from '../options.js';

/** A client's request headers, lower-case names. Shared by its calls: never modify them. */
export interface RequestHeaders {
  /** Everything a JSON call without headers or an Idempotency-Key of its own sends. */
  readonly json: Readonly<Record<string, string>>;
  /** The same without Content-Type, which fetch sets (with the boundary) for a multipart upload. */
  readonly multipart: Readonly<Record<string, string>>;
  /** The headers no call may override: Authorization and API-Version. */
  readonly fixed: Readonly<Record<string, string>>;
}

/**
 * Builds a client's headers: Accept (the client's own headers may replace it), the client's headers,
 * then Authorization and API-Version, then Content-Type for JSON.
 */
export function requestHeaders(options: ResolvedClientOptions, authorization: string): RequestHeaders {
  const fixed = Object.freeze({ [AUTHORIZATION]: authorization, [API_VERSION_HEADER]: options.apiVersion });
  const multipart = Object.freeze({ [ACCEPT_HEADER]: GRAPHQL_ACCEPT, ...options.headers, ...fixed });
  const json = Object.freeze({ ...multipart, [CONTENT_TYPE]: JSON_TYPE });
  return { json, multipart, fixed };
}

/** True when a call passed headers of its own. */
export function hasCallHeaders(headers: Record<string, string>): boolean {
  for (const _ in headers) return true;
  return false;
}
