/**
 * Keeps secrets out of everything the SDK shows: error messages, serialised errors, hook events. The
 * one redactor of the SDK: the client hides its token with it, the OAuth helper its client secret and
 * the authorization code.
 */
import { SECRET_HEADERS } from '../constants.js';

/** What stands in for a secret. */
export const REDACTED = '[REDACTED]';

/** Replaces every occurrence of a secret in a piece of text. */
export type Redactor = (text: string) => string;

/**
 * A redactor that replaces each of `secrets` with `marker` wherever it appears, in every form a server may echo it
 * in: as written, URL-encoded or form-encoded (with upper- or lower-case percent-escapes: `%2F` or `%2f`), and
 * JSON-escaped (quotes and backslashes escaped, with `/` written `\/` as PHP writes it, or not). Empty secrets are
 * ignored. Pinned by `test/unit/redact.test.ts`.
 */
export function createRedactor(secrets: string | readonly string[], marker: string = REDACTED): Redactor {
  const forms = new Set<string>();
  for (const secret of [secrets].flat()) {
    if (secret === '') continue;
    const json = JSON.stringify(secret).slice(1, -1);
    for (const encoded of [encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]) {
      forms.add(encoded).add(encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
    }
    forms.add(secret).add(json).add(json.replaceAll('/', '\\/'));
  }
  // Longest first, so a form that contains another is replaced whole.
  const longestFirst = [...forms].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const form of longestFirst) if (out.includes(form)) out = out.split(form).join(marker);
    return out;
  };
}

/** Headers as a plain record (lower-case names), credentials replaced by {@link REDACTED}. */
export function redactHeaders(
  headers: Headers | Record<string, string>,
  redact: Redactor = (text) => text,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers instanceof Headers ? headers : Object.entries(headers)) {
    const key = name.toLowerCase();
    out[key] = SECRET_HEADERS.has(key) ? REDACTED : redact(value);
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
 * Only own enumerable properties are copied, and a `__proto__` key stays an own property of the copy
 * (`Object.fromEntries` defines each key, it never assigns one).
 */
export function redactDeep<T>(value: T, redact: Redactor, depth = 0): T {
  if (typeof value === 'string') return redact(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 32) return REDACTED as T;
  const copy = (item: unknown) => redactDeep(item, redact, depth + 1);
  if (Array.isArray(value)) return value.map(copy) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key), copy(item)])) as T;
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
  const { name, stack, code, cause, errors } = error as Error & { code?: unknown; errors?: unknown };
  const copy = new Error(redact(String(error.message)));
  // Set as the runtime sets them: own, not enumerable.
  const hidden: Record<string, unknown> = {
    name: redact(String(name)),
    stack: typeof stack === 'string' ? redact(stack) : undefined,
  };
  if (typeof code === 'string' || typeof code === 'number') (copy as { code?: string }).code = redact(String(code));
  if (depth < MAX_CAUSE_DEPTH) {
    if (cause !== undefined) hidden.cause = redactError(cause, redact, depth + 1);
    if (Array.isArray(errors)) hidden.errors = errors.slice(0, 16).map((item) => redactError(item, redact, depth + 1));
  }
  for (const key in hidden)
    Object.defineProperty(copy, key, { value: hidden[key], writable: true, configurable: true });
  return copy;
}
