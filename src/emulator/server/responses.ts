/**
 * Small helpers to answer requests: JSON error bodies in the GraphQL `errors` shape, and sending.
 */
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
