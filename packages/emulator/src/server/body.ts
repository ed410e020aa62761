/**
 * Reads a request body with a size cap. An oversized body is drained (up to a hard ceiling) rather
 * than cut off, so the client can read the 413 instead of seeing a broken pipe.
 */

import type { IncomingMessage } from 'node:http';
import { HEADER } from '../wire.js';

/** The outcome of reading a body. */
export type BodyResult =
  | { ok: true; bytes: Buffer }
  | { ok: false; reason: 'too-large'; received: number }
  | { ok: false; reason: 'aborted' };

/** Bytes beyond which an oversized body is no longer drained and the connection is closed instead. */
const DRAIN_CEILING = 64 * 1024 * 1024;

/** Reads the whole body of `req`, keeping at most `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const declared = Number(req.headers[HEADER.contentLength]);
    if (Number.isFinite(declared) && declared > DRAIN_CEILING) {
      settle({ ok: false, reason: 'too-large', received: declared });
      req.resume();
      return;
    }
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) chunks.push(chunk);
      else if (received > DRAIN_CEILING) settle({ ok: false, reason: 'too-large', received });
    });
    req.on('end', () =>
      settle(
        received > limit ? { ok: false, reason: 'too-large', received } : { ok: true, bytes: Buffer.concat(chunks) },
      ),
    );
    req.on('aborted', () => settle({ ok: false, reason: 'aborted' }));
    req.on('error', () => settle({ ok: false, reason: 'aborted' }));
  });
}
