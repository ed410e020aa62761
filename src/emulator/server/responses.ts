/**
 * Small helpers to answer requests: JSON error bodies in the GraphQL `errors` shape, and sending.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** Headers to send, by name. */
export type HeaderMap = Record<string, string>;

/** A response the pipeline has decided on, not yet sent. */
export interface PlannedResponse {
  status: number;
  headers: HeaderMap;
  body: string;
  /** `extensions.code` of the first error in the body, for the request log. */
  errorCode?: string;
}

/** `{ errors: [{ message, extensions: { code, ...extra } }] }` as JSON text. */
export function errorJson(message: string, code: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ errors: [{ message, extensions: { code, ...extra } }] });
}

/** A JSON error response. */
export function jsonError(
  status: number,
  message: string,
  code: string,
  extra?: Record<string, unknown>,
  headers: HeaderMap = {},
): PlannedResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: errorJson(message, code, extra),
    errorCode: code,
  };
}

/**
 * `planned` with a fresh id in its JSON body's top-level `extensions.request_id`, where the platform puts the id of
 * every response (https://developer.monday.com/api-reference/docs/error-handling). A body that is not a JSON
 * object, or already has its id (a replayed mutation answers with its first answer's), is left as it is. Pinned by
 * `test/e2e/request-id.test.ts`.
 */
export function withRequestId(planned: PlannedResponse, id: string = randomUUID()): PlannedResponse {
  const { body } = planned;
  if (!body.startsWith('{') || !body.endsWith('}') || HAS_REQUEST_ID.test(body)) return planned;
  const comma = body === '{}' ? '' : ',';
  return { ...planned, body: `${body.slice(0, -1)}${comma}"extensions":{"request_id":${JSON.stringify(id)}}}` };
}

const HAS_REQUEST_ID = /"extensions":\{"request_id":"[^"\\]*"\}\}$/;

/** Writes a planned response in full. */
export function send(res: ServerResponse, planned: PlannedResponse): void {
  if (res.headersSent || res.destroyed) return;
  const body = Buffer.from(planned.body);
  res.writeHead(planned.status, { ...planned.headers, 'content-length': String(body.length) });
  res.end(body);
}

/** Sends the headers and the first half of the body, then destroys the connection. */
export function sendHalfThenReset(res: ServerResponse, planned: PlannedResponse): void {
  if (res.headersSent || res.destroyed) return;
  const body = Buffer.from(planned.body);
  res.writeHead(planned.status, { ...planned.headers, 'content-length': String(body.length) });
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
}

/** Destroys the connection without answering. */
export function drop(res: ServerResponse): void {
  res.socket?.destroy();
  res.destroy();
}
