/**
 * Writing answers on the socket: in full, without a body, half then reset, or not at all. Only `reply()` and the
 * listener's last-resort guard call these.
 */
import type { ServerResponse } from 'node:http';
import { HEADER } from '../wire.js';

/** Headers to send, by name. */
export type HeaderMap = Record<string, string>;

/** An answer ready for the socket. */
export interface WireResponse {
  status: number;
  headers: HeaderMap;
  body: string;
}

/** Writes an answer in full. */
export function send(res: ServerResponse, wire: WireResponse): void {
  if (res.headersSent || res.destroyed) return;
  const body = Buffer.from(wire.body);
  res.writeHead(wire.status, { ...wire.headers, [HEADER.contentLength]: String(body.length) });
  res.end(body);
}

/** Writes a status and headers with no body (a 204). */
export function sendEmpty(res: ServerResponse, status: number, headers: HeaderMap): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, headers).end();
}

/** Sends the headers and the first half of the body, then destroys the connection. */
export function sendHalfThenReset(res: ServerResponse, wire: WireResponse): void {
  if (res.headersSent || res.destroyed) return;
  const body = Buffer.from(wire.body);
  res.writeHead(wire.status, { ...wire.headers, [HEADER.contentLength]: String(body.length) });
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
}

/** Destroys the connection without answering. */
export function drop(res: ServerResponse): void {
  res.socket?.destroy();
  res.destroy();
}
