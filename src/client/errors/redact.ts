/**
 * Keeps secrets out of everything the SDK shows: error messages, serialised errors, hook events. The
 * one redactor of the SDK: the client hides its token with it, the OAuth helper its client secret and
 * the authorization code.
 */
import { SECRET_HEADERS } from '../error-headers.js';

/** What stands in for a secret. */
export const REDACTED = '[REDACTED]';

/** Replaces every occurrence of a secret in a piece of text. */
export type Redactor = (text: string) => string;

/**
 * A pattern for hex `value` written with `width` digits, each letter in either case (a function declaration, hoisted
 * out of the lazy initialiser a one-file bundle puts this module in).
 */
function hexPattern(value: number, width: number): string {
  return value
    .toString(16)
    .padStart(width, '0')
    .replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`);
}

/**
 * A pattern for one character of a secret in each form a server may echo it in: as written; percent-escaped (its
 * UTF-8 bytes, hex digits in either case, as encoders differ on which characters they escape and in which case);
 * a space as `+` (form encoding); JSON-escaped (`\"`, `\\`, `\/` as PHP writes `/`, `\n`..., or `\uXXXX` in
 * either case).
 */
function charPattern(char: string): string {
  // Escaped forms first, the character as written last: a secret ending in `%` echoed as `%25` (or in a backslash
  // echoed as two) is replaced whole, not up to its first character.
  const forms = [[...new TextEncoder().encode(char)].map((byte) => `%${hexPattern(byte, 2)}`).join('')];
  if (char.length === 1) forms.push(`\\\\u${hexPattern(char.charCodeAt(0), 4)}`);
  const written = new Set([JSON.stringify(char).slice(1, -1), char === ' ' ? '+' : char === '/' ? '\\/' : char, char]);
  for (const text of written) forms.push(text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'));
  return `(?:${forms.join('|')})`;
}

/**
 * A redactor that replaces each of `secrets` with `marker` wherever it appears, in every form a server may echo it
 * in: as written, with any of its characters percent-escaped (upper- or lower-case hex, or a mixture: `%2F%2b`,
 * whichever characters the server's encoder escapes), form-encoded (a space as `+`), and JSON-escaped (quotes and
 * backslashes escaped, `/` as `\/`, any character as `\uXXXX`). Matching is per character, so no list of whole
 * forms can miss a mixture (a server once echoed a token as `%2f` and `%2b` past a list of forms). Empty secrets are
 * ignored. Pinned by `test/unit/redact.test.ts` (a property over random tokens and escapes).
 */
export function createRedactor(secrets: string | readonly string[], marker: string = REDACTED): Redactor {
  const patterns = [secrets]
    .flat()
    .filter((secret) => secret !== '')
    // Longest first, so a secret that contains another is replaced whole.
    .sort((a, b) => b.length - a.length)
    .map((secret) => [...secret].map(charPattern).join(''));
  if (patterns.length === 0) return (text) => text;
  const pattern = new RegExp(patterns.join('|'), 'g');
  return (text) => text.replace(pattern, marker);
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
 * Sets `target[key]` as an own, enumerable property. The key is defined rather than assigned, so a `__proto__` key
 * (which `JSON.parse` keeps as an ordinary own property) can never replace the copy's prototype.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
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
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [redact(key), redactDeep(item, redact, depth + 1)]),
  ) as T;
}

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
  // The deepest `cause` chain followed: 8; anything deeper is dropped (a literal, see `./error-info.ts`: requestIdOf).
  if (depth < 8) {
    if (cause !== undefined) hidden.cause = redactError(cause, redact, depth + 1);
    if (Array.isArray(errors)) hidden.errors = errors.slice(0, 16).map((item) => redactError(item, redact, depth + 1));
  }
  for (const key in hidden)
    Object.defineProperty(copy, key, { value: hidden[key], writable: true, configurable: true });
  return copy;
}
