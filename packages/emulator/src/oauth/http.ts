/**
 * Small HTTP helpers of the OAuth routes: reading a form body, answering JSON, HTML and redirects.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEADER, MEDIA } from '../wire.js';

/** Largest form body the OAuth endpoints read, in bytes. */
export const MAX_FORM_BYTES = 16 * 1024;

/** A form body, or why it could not be read. */
export type FormResult = { ok: true; form: URLSearchParams } | { ok: false; problem: string };

/** Reads an `application/x-www-form-urlencoded` body of at most {@link MAX_FORM_BYTES}. */
export async function readForm(req: IncomingMessage): Promise<FormResult> {
  const type = req.headers[HEADER.contentType]?.split(';')[0]?.trim().toLowerCase();
  if (type !== MEDIA.formRequest) {
    req.resume();
    return { ok: false, problem: 'The body must be application/x-www-form-urlencoded' };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) {
      req.resume();
      return { ok: false, problem: `The body is larger than ${MAX_FORM_BYTES} bytes` };
    }
    chunks.push(chunk);
  }
  return { ok: true, form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')) };
}

/** Names that appear more than once (OAuth 2.0 forbids repeating a parameter). */
export function repeatedNames(params: URLSearchParams, names: readonly string[]): string[] {
  return names.filter((name) => params.getAll(name).length > 1);
}

/** Answers JSON that no cache may keep (token responses and their errors). */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    [HEADER.contentType]: MEDIA.json,
    [HEADER.contentLength]: Buffer.byteLength(text),
    [HEADER.cacheControl]: 'no-store',
    [HEADER.pragma]: 'no-cache',
  });
  res.end(text);
}

/** Answers an HTML page that cannot be framed (consent pages are a clickjacking target) nor run scripts. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    [HEADER.contentType]: MEDIA.html,
    [HEADER.contentLength]: Buffer.byteLength(html),
    [HEADER.cacheControl]: 'no-store',
    [HEADER.contentSecurityPolicy]: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    [HEADER.xFrameOptions]: 'DENY',
  });
  res.end(html);
}

/** Redirects the browser (302) to `location`. */
export function sendRedirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { [HEADER.location]: location, [HEADER.cacheControl]: 'no-store', [HEADER.contentLength]: 0 });
  res.end();
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
