/**
 * One HTTP exchange, straight over `fetch`: POST the operation as JSON (or as a multipart upload when
 * the variables hold files), read the whole body once, and hand status, headers and body back.
 * Classifying the response is left to the caller.
 *
 * No GraphQL library sits in the request path: graphql-request's best-case overhead alone missed the
 * performance budget (see Performance in the README).
 */
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
  /** The raw body text. */
  text?: string;
}

/**
 * Sends one request. Resolves with the response whatever its status; rejects only when no response
 * arrived or its body could not be read (connection failure, timeout, abort), or with a
 * {@link PlatformConfigError} when the variables cannot be serialised (nothing is sent then).
 */
export async function sendRequest(request: TransportRequest): Promise<TransportResponse> {
  const init: RequestInit = { method: 'POST', headers: request.headers, body: bodyOf(request) };
  if (request.signal) init.signal = request.signal;
  const response = await request.fetch(request.url, init);
  const text = await response.text();
  const { status, headers } = response;
  return { status, headers, payload: payloadOf(text, headers.get('content-type'), status), text };
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
  if ('data' in value && value.data !== null && !isPlainObject(value.data)) return false;
  if ('errors' in value && !Array.isArray(value.errors) && !isPlainObject(value.errors)) return false;
  return !('extensions' in value) || isPlainObject(value.extensions);
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
