/**
 * One HTTP exchange through graphql-request, made cheap: it receives a prepared document (so it
 * neither prints nor parses), JSON parsing is captured so the whole body (with `account_id`) is read
 * once, and files switch the body to multipart. Classifying the response is left to the caller.
 */
import { ClientError, GraphQLClient } from 'graphql-request';
import { PlatformConfigError } from './errors.js';
import { multipartBody, type UploadPlan } from './multipart.js';
import type { PreparedDocument } from './prepared-document.js';

/** What one attempt sends. */
export interface TransportRequest {
  url: string;
  fetch: typeof fetch;
  document: PreparedDocument;
  variables?: Record<string, unknown>;
  /** Request headers, lower-case names; Content-Type and Accept are added by the transport. */
  headers: Record<string, string>;
  signal?: AbortSignal;
  /** Present when the variables hold files: the body is then multipart. */
  upload?: UploadPlan;
}

/** What came back: status, headers and the body, parsed when it was JSON. */
export interface TransportResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when the body was not JSON. */
  payload?: unknown;
  /** The raw body text, when known. */
  text?: string;
}

/** Prefix of graphql-request's error for a 2xx body that is not a GraphQL result. */
const NOT_A_RESULT = 'Invalid execution result';

/**
 * Sends one request. Resolves with the response whatever its status; rejects only when no response
 * arrived or its body could not be read (connection failure, timeout, abort).
 */
export async function sendRequest(request: TransportRequest): Promise<TransportResponse> {
  let response: Response | undefined;
  let payload: unknown;
  let text: string | undefined;
  const userFetch = request.fetch;
  const upload = request.upload;
  const client = new GraphQLClient(request.url, {
    errorPolicy: 'all',
    // Hands fetch a clean RequestInit (graphql-request would also pass its own options along).
    fetch: async (input, init) => {
      response = await userFetch(input, {
        method: init?.method ?? 'POST',
        headers: init?.headers,
        body: init?.body,
        signal: init?.signal,
      });
      return response;
    },
    jsonSerializer: {
      // A FormData body makes graphql-request leave Content-Type to fetch, which adds the boundary.
      stringify: (body: unknown) => {
        let json: string;
        try {
          json = JSON.stringify(body);
        } catch (error) {
          throw new PlatformConfigError(`The variables cannot be sent as JSON: ${(error as Error).message}`);
        }
        return (upload ? multipartBody(json, upload) : json) as unknown as string;
      },
      parse: (raw: string) => {
        text = raw;
        payload = JSON.parse(raw);
        return payload;
      },
    },
  });
  try {
    await client.rawRequest({
      query: request.document as unknown as string,
      variables: upload ? upload.variables : request.variables,
      requestHeaders: request.headers,
      signal: request.signal,
    });
  } catch (error) {
    if (response === undefined) throw error;
    if (error instanceof ClientError) {
      return { status: response.status, headers: response.headers, payload, text: error.response.body ?? text };
    }
    if (text === undefined && !(error instanceof Error && error.message.startsWith(NOT_A_RESULT))) throw error;
    return { status: response.status, headers: response.headers, payload: undefined, text: text ?? bodyFrom(error) };
  }
  return { status: response!.status, headers: response!.headers, payload, text };
}

/** graphql-request quotes a non-JSON body after `Got:` in its message. */
function bodyFrom(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : '';
  const at = message.indexOf('Got:\n');
  return at >= 0 ? message.slice(at + 5) : undefined;
}
