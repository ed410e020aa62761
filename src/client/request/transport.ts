/**
 * One HTTP exchange, straight over `fetch`, for every request the client makes (GraphQL calls and
 * `getSchema` alike): start the attempt's deadline, POST the operation as JSON (or as a multipart
 * upload when the variables hold files) or GET, read the body once (bounded in size and time), hand
 * status, headers and body back, and name the failure when no response came. Redirects are never
 * followed: a 3xx comes back as it is, its body unread, for the caller to turn into an error.
 * Interpreting the response is left to the caller.
 *
 * No GraphQL library sits in the request path: graphql-request's best-case overhead alone missed the
 * performance budget (see docs/performance.md).
 */

import type { CallLabel } from '../call-label.js';
import { CONTENT_TYPE, UPLOAD_PATH } from '../constants.js';
import { PlatformConfigError } from '../errors/errors.js';
import type { Redactor } from '../errors/redact.js';
import { isObject } from '../object-reads.js';
import { attemptFailure, type DeadlineWatchdog, discardBody } from './attempt-deadline.js';
import { exceedsJsonContainers, MAX_JSON_CONTAINERS, readBodyText, TOO_LARGE } from './body.js';
import type { UploadPlan } from './multipart.js';
import { uploadBody } from './upload.js';

/** What one attempt sends. */
export interface TransportRequest {
  /** `POST` (the default) sends the operation as the body; `GET` sends no body. */
  method?: 'POST' | 'GET';
  url: string;
  fetch: typeof fetch;
  /** The document text, sent as `query` (POST only). */
  query?: string;
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
  /** Set to the limit when the body held more JSON arrays and objects than that: it was not parsed. */
  bodyContainersExceeded?: number;
}

/** One attempt of a call: its number, its timeout and how to name its failure. */
export interface Attempt {
  /** 1 for the first. */
  number: number;
  /** The per-attempt timeout; 0 for none. */
  timeoutMs: number;
  /** The client's watchdog, which ends the attempt when its deadline passes. */
  deadlines: DeadlineWatchdog;
  redact: Redactor;
  /** The call the attempt belongs to, named by its failure. */
  label?: CallLabel;
}

/** Requests this module has in flight, every client of the process together (see {@link readBodyText}'s `finishStream`). */
let inFlight = 0;

/**
 * Sends one request. Resolves with the response whatever its status; rejects only when no response
 * arrived or its body could not be read (connection failure, timeout, abort), or with a
 * {@link PlatformConfigError} when the variables cannot be serialised (nothing is sent then).
 * With an `attempt`, the wait for headers and the body read both end when its deadline passes, and a
 * failure is the `NetworkError` that names it (see `attemptFailure`; an abort is named by the caller's retry step,
 * `waitToRetry`); without one, nothing is timed and a failure rejects as fetch did.
 */
export async function sendRequest(request: TransportRequest, attempt?: Attempt): Promise<TransportResponse> {
  const deadline = attempt && attempt.timeoutMs > 0 ? attempt.deadlines.start(attempt.timeoutMs) : undefined;
  inFlight += 1;
  try {
    const get = request.method === 'GET';
    const init: RequestInit = {
      method: get ? 'GET' : 'POST',
      headers: request.headers,
      body: get ? undefined : bodyOf(request),
      redirect: 'manual',
      signal: request.signal,
    };
    // Uploads go where the platform's docs send them (`{endpoint}/file`); see multipart.ts.
    const pending = request.fetch(request.upload && !get ? `${request.url}${UPLOAD_PATH}` : request.url, init);
    const response = await (deadline ? deadline.guard(pending) : pending);
    // A redirect: a 3xx, or a browser's opaque redirect (what `redirect: 'manual'` gives there), which has status 0 by
    // the Fetch standard: refused like any other, without reading its `type` (test/unit/client-hardening.test.ts).
    const { headers, status } = response;
    if (status === 0 || (status >= 300 && status <= 399)) {
      discardBody(response);
      return { status, headers };
    }
    const text = await readBodyText(response, request.maxResponseBytes, deadline, inFlight === 1);
    if (text === TOO_LARGE) return { status, headers, bodyLimitExceeded: request.maxResponseBytes };
    // Parsing would block the event loop for seconds (see MAX_JSON_CONTAINERS): the text is kept, not parsed.
    if (exceedsJsonContainers(text)) return { status, headers, text, bodyContainersExceeded: MAX_JSON_CONTAINERS };
    return { status, headers, payload: payloadOf(text, headers.get(CONTENT_TYPE), status), text };
  } catch (error) {
    if (!attempt) throw error;
    throw attemptFailure(
      error,
      deadline,
      attempt.redact,
      { method: request.method ?? 'POST', url: request.url, attempts: attempt.number },
      attempt.label,
    );
  } finally {
    inFlight -= 1;
    if (deadline) attempt?.deadlines.finish(deadline);
  }
}

/** `{ query, variables, operationName }` as JSON, or the upload's multipart form (multipart.ts). */
function bodyOf(request: TransportRequest): string | FormData {
  const { upload } = request;
  try {
    if (upload) {
      const variables = JSON.stringify(upload.variables);
      return uploadBody({ query: request.query ?? '', variables, operationName: request.operationName }, upload);
    }
    return JSON.stringify({
      query: request.query,
      variables: request.variables,
      operationName: request.operationName,
    });
  } catch (error) {
    throw new PlatformConfigError(`The variables cannot be sent as JSON: ${(error as Error).message}`);
  }
}

/** A JSON or GraphQL-response Content-Type, in any case (one pattern test measured no slower than `startsWith`). */
const JSON_CONTENT = /application\/(?:graphql-response\+)?json/i;

/**
 * The parsed body: JSON bodies only (by Content-Type). A 2xx body must also be shaped like a GraphQL
 * result (its `data`, `errors`, `extensions`); an error status keeps whatever JSON it carried, for its `errors`.
 */
function payloadOf(text: string, contentType: string | null, status: number): unknown {
  if (!JSON_CONTENT.test(contentType as string)) return undefined; // null reads as 'null'
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (status < 200 || status > 299) return payload;
  if (!isObject(payload)) return undefined;
  if (Object.hasOwn(payload, 'data') && payload.data !== null && !isObject(payload.data)) return undefined;
  if (Object.hasOwn(payload, 'errors') && !Array.isArray(payload.errors) && !isObject(payload.errors)) return undefined;
  return !Object.hasOwn(payload, 'extensions') || isObject(payload.extensions) ? payload : undefined;
}
