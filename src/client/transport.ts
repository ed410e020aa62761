/**
 * One HTTP exchange, straight over `fetch`: POST the operation as JSON (or as a multipart upload when
 * the variables hold files), read the body once (bounded in size and time), and hand status, headers
 * and body back. Redirects are never followed: a 3xx comes back as it is, its body unread, for the
 * caller to turn into an error. Classifying the response is left to the caller.
 *
 * No GraphQL library sits in the request path: graphql-request's best-case overhead alone missed the
 * performance budget (see Performance in the README).
 */
import type { AttemptDeadline } from './attempt-deadline.js';
import { discardBody, readBodyText, TOO_LARGE } from './body.js';
import { PlatformConfigError } from './errors.js';
import { multipartBody, type UploadPlan } from './multipart.js';

/** What one attempt sends. */
export interface TransportRequest {
  url: string;
  fetch: typeof fetch;
  /** The document text, sent as `query`. */
  query: string;
  /** Sent as `operationName` when set. */
  operationName?: string;
  variables?: Record<string, unknown>;
  /**
   * Every request header, lower-case names, sent as they are (never modified). JSON requests carry
   * their Content-Type here; a multipart request must not (fetch adds it with the boundary).
   */
  headers: Record<string, string>;
  signal?: AbortSignal;
  /** Present when the variables hold files: the body is then multipart. */
  upload?: UploadPlan;
  /** Largest response body read, in bytes; a larger one is dropped (see {@link TransportResponse.bodyLimitExceeded}). */
  maxResponseBytes: number;
}

/** What came back: status, headers and the body, parsed when it is a JSON GraphQL result. */
export interface TransportResponse {
  status: number;
  headers: Headers;
  /**
   * The parsed JSON body; undefined when the body is not JSON (by Content-Type or by content), or when
   * a 2xx body is JSON but not shaped like a GraphQL result.
   */
  payload?: unknown;
  /** The raw body text; undefined for a redirect or a body over the limit (neither is read). */
  text?: string;
  /** Set to the limit when the body was larger than `maxResponseBytes`: it was not read. */
  bodyLimitExceeded?: number;
}

/**
 * Sends one request. Resolves with the response whatever its status; rejects only when no response
 * arrived or its body could not be read (connection failure, timeout, abort), or with a
 * {@link PlatformConfigError} when the variables cannot be serialised (nothing is sent then).
 * With a `deadline`, the wait for headers and the body read both end when it passes.
 */
export async function sendRequest(request: TransportRequest, deadline?: AttemptDeadline): Promise<TransportResponse> {
  const init: RequestInit = { method: 'POST', headers: request.headers, body: bodyOf(request), redirect: 'manual' };
  if (request.signal) init.signal = request.signal;
  const pending = request.fetch(request.url, init);
  const response = await (deadline ? deadline.guard(pending) : pending);
  const { headers } = response;
  const status = statusOf(response);
  if (isRedirectStatus(status)) {
    discardBody(response);
    return { status, headers };
  }
  const text = await readBodyText(response, request.maxResponseBytes, deadline);
  if (text === TOO_LARGE) return { status, headers, bodyLimitExceeded: request.maxResponseBytes };
  return { status, headers, payload: payloadOf(text, headers.get('content-type'), status), text };
}

/**
 * The status, with a browser's opaque redirect (what `redirect: 'manual'` gives there: status 0, no
 * headers) reported as 0 so it is refused like any other redirect.
 */
export function statusOf(response: Response): number {
  return response.type === 'opaqueredirect' ? 0 : response.status;
}

/** A 3xx, or 0 for a redirect the runtime hides (see {@link statusOf}). */
export function isRedirectStatus(status: number): boolean {
  return status === 0 || (status >= 300 && status <= 399);
}

/** `{ query, variables, operationName }` as JSON, or the multipart form carrying it and the files. */
function bodyOf(request: TransportRequest): string | FormData {
  const { upload } = request;
  let json: string;
  try {
    json = JSON.stringify({
      query: request.query,
      variables: upload ? upload.variables : request.variables,
      operationName: request.operationName,
    });
  } catch (error) {
    throw new PlatformConfigError(`The variables cannot be sent as JSON: ${(error as Error).message}`);
  }
  return upload ? multipartBody(json, upload) : json;
}

/** True for a JSON or GraphQL-response Content-Type. */
function isJsonType(contentType: string | null): boolean {
  if (contentType === null) return false;
  if (contentType.startsWith('application/json')) return true; // the usual spelling, without lower-casing
  const type = contentType.toLowerCase();
  return type.includes('application/json') || type.includes('application/graphql-response+json');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** True when `value` has the shape of a GraphQL execution result (its `data`, `errors`, `extensions`). */
function isExecutionResult(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (Object.hasOwn(value, 'data') && value.data !== null && !isPlainObject(value.data)) return false;
  if (Object.hasOwn(value, 'errors') && !Array.isArray(value.errors) && !isPlainObject(value.errors)) return false;
  return !Object.hasOwn(value, 'extensions') || isPlainObject(value.extensions);
}

/**
 * The parsed body: JSON bodies only (by Content-Type). A 2xx body must also be shaped like a GraphQL
 * result; an error status keeps whatever JSON it carried, for its `errors`.
 */
function payloadOf(text: string, contentType: string | null, status: number): unknown {
  if (!isJsonType(contentType)) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return undefined;
  }
  const success = status >= 200 && status <= 299;
  return !success || isExecutionResult(payload) ? payload : undefined;
}
