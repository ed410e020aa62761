/**
 * Reads a response body as text with two bounds: at most `maxBytes` (a declared Content-Length over
 * the limit is refused before reading; a streamed body is counted chunk by chunk and cancelled the
 * moment it passes), and no later than the attempt's deadline (checked on every chunk; the watchdog
 * cancels a read that is waiting for a chunk that does not come).
 */

import { CONTENT_ENCODING, CONTENT_LENGTH } from '../constants.js';
import { type AttemptDeadline, discardBody, ignore, monotonicNow } from './attempt-deadline.js';

/** What {@link readBodyText} returns for a body over the limit (its text is never built). */
export const TOO_LARGE: unique symbol = Symbol();

let decoder: TextDecoder | undefined;

/** The Content-Length of an unencoded body, when declared; a compressed body's length says nothing of its text. */
function declaredLength(headers: Headers): number | undefined {
  const value = headers.get(CONTENT_LENGTH);
  if (value === null || headers.has(CONTENT_ENCODING)) return undefined;
  const length = Number(value);
  return Number.isFinite(length) ? length : undefined;
}

/**
 * The body as UTF-8 text, or {@link TOO_LARGE}. Rejects with the deadline's reason when it passes
 * during the read, and with the stream's error when the connection fails.
 *
 * Once every declared byte is here the text is returned without waiting for the read that reports the end. With
 * `finishStream` that read is still made, unawaited, so the runtime finishes the response at once: in Node's fetch
 * that is worth about 40 µs on the next call's latency when nothing else is in flight, and costs about 6% CPU per
 * call under load, so the transport asks for it only when its request is the only one in flight
 * (test/bench/README.md, "The end of a body").
 */
export async function readBodyText(
  response: Response,
  maxBytes: number,
  deadline: AttemptDeadline | undefined,
  finishStream = false,
): Promise<string | typeof TOO_LARGE> {
  if (deadline?.expired) {
    discardBody(response);
    throw deadline.reason();
  }
  const declared = declaredLength(response.headers);
  if (declared !== undefined && declared > maxBytes) {
    discardBody(response);
    return TOO_LARGE;
  }
  const body = response.body as ReadableStream<Uint8Array> | null | undefined;
  if (body === null) return '';
  if (body === undefined) {
    // A fetch whose Response has no stream (some polyfills): read whole, then measured in UTF-16 units
    // (a lower bound of its bytes).
    const text = await response.text();
    return text.length > maxBytes ? TOO_LARGE : text;
  }
  const reader = body.getReader();
  deadline?.onExpire(reader); // cancelled with the timeout as its reason
  // The first chunk is held alone: most bodies come in one, and then no list is made for them.
  let first: Uint8Array | undefined;
  let chunks: Uint8Array[] | undefined;
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        reader.cancel().catch(ignore);
        return TOO_LARGE;
      }
      if (first === undefined) first = value;
      else if (chunks === undefined) chunks = [first, value];
      else chunks.push(value);
      if (deadline?.check(monotonicNow())) break;
      // Every declared byte is here: the read that would only report the end is not awaited (one hop fewer).
      if (total === declared) {
        if (finishStream) reader.read().then(ignore, ignore);
        break;
      }
    }
  } finally {
    deadline?.onExpire(undefined);
  }
  if (deadline?.expired) throw deadline.reason();
  decoder ??= new TextDecoder();
  if (first === undefined) return '';
  if (chunks) {
    // More than one chunk: joined into one array of `total` bytes.
    first = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      first.set(chunk, offset);
      offset += chunk.byteLength;
    }
  }
  return decoder.decode(first);
}

/**
 * The most JSON arrays and objects a response body may hold for the client to parse it. `JSON.parse` builds every
 * one before returning and blocks the event loop meanwhile: a 30 MB body of nested `[` took over 40 s and 800 MB.
 * A real answer under the default 32 MiB cap holds far fewer (an item with its column values is a dozen).
 */
export const MAX_JSON_CONTAINERS = 1_000_000;

/**
 * True when `text` holds more than `limit` JSON arrays and objects (brackets inside strings do not count). One
 * linear pass, run only on bodies long enough to hold that many (two characters each); pinned by
 * `test/unit/body.test.ts`.
 */
export function exceedsJsonContainers(text: string, limit: number = MAX_JSON_CONTAINERS): boolean {
  if (text.length <= limit * 2) return false;
  let containers = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92)
        i += 1; // a backslash escapes the next character
      else if (code === 34) inString = false;
    } else if (code === 34) {
      inString = true;
    } else if (code === 91 || code === 123) {
      containers += 1;
      if (containers > limit) return true;
    }
  }
  return false;
}
