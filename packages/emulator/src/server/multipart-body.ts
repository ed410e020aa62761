/**
 * Reads a multipart/form-data upload as it arrives, applying its limits part by part: a streaming parser
 * (`@fastify/busboy`) hands over each part as it ends, so the emulator refuses at the 101st file part, at the first
 * byte past `maxUploadBytes` (a part or the whole body), or at the 1 001st text field, without waiting for or
 * parsing the rest (reading a whole body first kept the event loop busy for seconds on one hostile request).
 * After a refusal the rest of the body is drained unparsed up to a ceiling, as `body.ts` does, so the client can
 * read the answer; past the ceiling the connection is closed. Pinned by test/upload-limits.test.ts.
 */

import type { IncomingMessage } from 'node:http';
import { Busboy } from '@fastify/busboy';
import { MEDIA } from '../wire.js';
import { MAX_UPLOAD_FILES } from './multipart.js';

/** Most text fields an upload may carry (`query`, `variables`, `map`, `operations`, `operationName` and a few more). */
export const MAX_UPLOAD_FIELDS = 1_000;

/** Bytes of a refused body drained before the connection is closed instead. */
const DRAIN_CEILING = 64 * 1024 * 1024;

/** The parts of an upload by name (the first value of each name), or why it was refused. */
export type MultipartBody =
  | { ok: true; fields: Map<string, FormDataEntryValue>; bytes: number }
  | { ok: false; reason: 'too-large'; received: number }
  | { ok: false; reason: 'refused'; message: string }
  | { ok: false; reason: 'aborted' };

/** Reads the multipart body of `req` (media type `contentType`), at most `maxBytes` of it. */
export function readMultipartBody(req: IncomingMessage, contentType: string, maxBytes: number): Promise<MultipartBody> {
  return new Promise((resolve) => {
    const fields = new Map<string, FormDataEntryValue>();
    let received = 0;
    let settled = false;
    let parser: ReturnType<typeof Busboy> | undefined;
    const settle = (result: MultipartBody) => {
      if (settled) return;
      settled = true;
      if (parser) req.unpipe(parser);
      if (!result.ok && result.reason !== 'aborted') drainRest(req, received);
      resolve(result);
    };
    const refuse = (message: string) => settle({ ok: false, reason: 'refused', message });
    const tooLarge = () => settle({ ok: false, reason: 'too-large', received });
    req.on('aborted', () => settle({ ok: false, reason: 'aborted' }));
    req.on('error', () => settle({ ok: false, reason: 'aborted' }));
    req.on('data', (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > maxBytes) tooLarge();
    });
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        // A part is a file when it names one, as the Fetch API's FormData has it.
        isPartAFile: (_name, _type, filename) => filename !== undefined,
        limits: {
          files: MAX_UPLOAD_FILES,
          fields: MAX_UPLOAD_FIELDS,
          fileSize: maxBytes,
          fieldSize: maxBytes,
          fieldNameSize: 1_000,
        },
      });
    } catch {
      refuse('The multipart body could not be parsed.');
      return;
    }
    parser.on('file', (name, stream, filename, _encoding, type) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', tooLarge);
      stream.on('end', () => {
        if (!fields.has(name))
          fields.set(
            name,
            new File([new Uint8Array(Buffer.concat(chunks))], filename, { type: type || MEDIA.octetStream }),
          );
      });
    });
    parser.on('field', (name, value) => {
      if (!fields.has(name)) fields.set(name, value);
    });
    parser.on('filesLimit', () => refuse(`An upload may carry at most ${MAX_UPLOAD_FILES} files.`));
    parser.on('fieldsLimit', () => refuse(`An upload may carry at most ${MAX_UPLOAD_FIELDS} fields.`));
    parser.on('error', () => refuse('The multipart body could not be parsed.'));
    parser.on('finish', () => settle({ ok: true, fields, bytes: received }));
    req.pipe(parser);
  });
}

/** Reads and drops what is left of a refused body, up to the ceiling; past it the connection is closed. */
function drainRest(req: IncomingMessage, alreadyRead: number): void {
  let drained = alreadyRead;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > DRAIN_CEILING) req.destroy();
  });
  req.resume();
}
