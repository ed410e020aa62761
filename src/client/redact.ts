/**
 * Keeps the token out of everything the client shows: error messages, serialised errors, hook events.
 */

/** What stands in for a secret. */
export const REDACTED = '[REDACTED]';

/** Replaces every occurrence of a secret in a piece of text. */
export type Redactor = (text: string) => string;

/** Header names whose values are credentials, redacted whatever they hold. */
const SECRET_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/** A redactor that hides `secret` wherever it appears, as written or URL-encoded (as a server may echo it). */
export function createRedactor(secret: string): Redactor {
  if (secret === '') return (text) => text;
  const forms = [...new Set([secret, encodeURIComponent(secret)])];
  return (text) => {
    let out = text;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
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

/** A deep copy of JSON-like `value` with the secret redacted from every string in it. */
export function redactDeep<T>(value: T, redact: Redactor, depth = 0): T {
  if (typeof value === 'string') return redact(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 32) return REDACTED as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[redact(key)] = redactDeep(item, redact, depth + 1);
  return out as T;
}
