/**
 * Keeps secrets out of everything the SDK shows: error messages, serialised errors, hook events. The
 * one redactor of the SDK: the client hides its token with it, the OAuth helper its client secret and
 * the authorization code.
 */
import { SECRET_HEADERS } from './constants.js';

/** What stands in for a secret. */
export const REDACTED = '[REDACTED]';

/** Replaces every occurrence of a secret in a piece of text. */
export type Redactor = (text: string) => string;

/** `text` with the hex digits of its percent-escapes in lower case (`%2F` → `%2f`), as some servers write them. */
function lowerPercent(text: string): string {
  return text.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
}

/** `text` as it appears inside a JSON string: quotes and backslashes escaped, and `/` as `\/` as PHP writes it. */
function jsonEscapedForms(text: string): string[] {
  const escaped = JSON.stringify(text).slice(1, -1);
  return [escaped, escaped.replaceAll('/', '\\/')];
}

/**
 * A redactor that replaces each of `secrets` with `marker` wherever it appears, in every form a server may echo it
 * in: as written, URL-encoded or form-encoded (with upper- or lower-case percent-escapes), and JSON-escaped (with
 * `/` written `\/` or not). Empty secrets are ignored. Pinned by `test/unit/redact.test.ts`.
 */
export function createRedactor(secrets: string | readonly string[], marker: string = REDACTED): Redactor {
  const forms: string[] = [];
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    if (secret === '') continue;
    const uri = encodeURIComponent(secret);
    const formEncoded = new URLSearchParams({ s: secret }).toString().slice(2);
    const all = [secret, uri, formEncoded, lowerPercent(uri), lowerPercent(formEncoded), ...jsonEscapedForms(secret)];
    for (const form of all) if (!forms.includes(form)) forms.push(form);
  }
  // Longest first, so a form that contains another is replaced whole.
  forms.sort((a, b) => b.length - a.length);
  if (forms.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(marker);
    return out;
  };
}

/** True when a header of this name carries credentials. */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase());
}

/** Headers as a plain record (lower-case names), credentials replaced by {@link REDACTED}. */
export function redactHeaders(
  headers: Headers | Record<string, string>,
  redact: Redactor = (text) => text,
): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? headers.entries() : Object.entries(headers);
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    out[key] = isSecretHeader(key) ? REDACTED : redact(value);
  }
  return out;
}

/** A copy of `headers` with credential headers and any occurrence of the secret redacted. */
export function redactHeadersObject(headers: Headers, redact: Redactor): Headers {
  return new Headers(redactHeaders(headers, redact));
}

/**
 * Sets `target[key]` as an own, enumerable property. A `__proto__` key (which `JSON.parse` keeps as
 * an ordinary own property) is defined rather than assigned, so it can never replace the copy's prototype.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * A deep copy of JSON-like `value` with the secret redacted from every string in it (keys included).
 * Only own enumerable properties are copied, and a `__proto__` key stays an own property of the copy.
 */
export function redactDeep<T>(value: T, redact: Redactor, depth = 0): T {
  if (typeof value === 'string') return redact(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 32) return REDACTED as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) setOwn(out, redact(key), redactDeep(source[key], redact, depth + 1));
  return out as T;
}

/** Deepest `cause` chain {@link redactError} follows; anything deeper is dropped. */
const MAX_CAUSE_DEPTH = 8;

/**
 * A token-free stand-in for a failure (a fetch error and its causes): a plain `Error` with the same
 * name, message, stack and string `code`, every one redacted, and the same done to its `cause` chain
 * (and an `AggregateError`'s `errors`). Nothing else of the original is kept, so no field a fetch
 * implementation adds (request headers, bodies) can carry the secret into `util.inspect` or a log.
 */
export function redactError(error: unknown, redact: Redactor, depth = 0): Error {
  if (!(error instanceof Error)) return new Error(redact(typeof error === 'string' ? error : 'unknown failure'));
  const copy = new Error(redact(String(error.message)));
  setDataProperty(copy, 'name', redact(String(error.name)));
  setDataProperty(copy, 'stack', typeof error.stack === 'string' ? redact(error.stack) : undefined);
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' || typeof code === 'number') (copy as { code?: string }).code = redact(String(code));
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    setDataProperty(copy, 'cause', redactError(error.cause, redact, depth + 1));
  }
  const { errors } = error as { errors?: unknown };
  if (Array.isArray(errors) && depth < MAX_CAUSE_DEPTH) {
    setDataProperty(
      copy,
      'errors',
      errors.slice(0, 16).map((item) => redactError(item, redact, depth + 1)),
    );
  }
  return copy;
}

function setDataProperty(target: Error, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: false, writable: true, configurable: true });
}
