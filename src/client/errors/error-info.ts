/**
 * What a response body says about itself, read on every answer that is not a plain success: the id the server gave
 * the request, whether it is a GraphQL success, and its `errors` (or `extensions.warnings`) entries normalised. The
 * classes of a failure are picked by the error factory (`./error-factory.ts`), which loads on demand
 * (`./response-error.ts`); what a success needs stays here.
 */

import { isObject, ownValue } from '../object-reads.js';
import type { GraphQLErrorInfo } from './errors.js';
import { type Redactor, redactDeep } from './redact.js';

/**
 * A lookup table by code, written `{ __proto__: null, ... }`: without a prototype, so `table[code]` is never an
 * inherited member such as `constructor` (`null` is the type of that `__proto__` entry, which sets no key).
 */
export type CodeTable<T> = Readonly<Record<string, T | null | undefined>>;

/** `value.extensions.request_id`: where the platform puts the id of every request. */
function requestIdIn(value: unknown): unknown {
  return ownValue(ownValue(value, 'extensions'), 'request_id');
}

/**
 * True when a response is a GraphQL success: a 2xx whose body holds a `data` object and no (or an empty) `errors`
 * list. Anything else stands for an error (`createResponseError` returns one exactly when this is false).
 */
export function isGraphQLSuccess(status: number, payload: unknown): boolean {
  if (status < 200 || status > 299 || !isObject(payload) || !isObject(payload.data)) return false;
  const errors = ownValue(payload, 'errors');
  return !Array.isArray(errors) || errors.length === 0;
}

/**
 * The id the server gave the request: the response's top-level `extensions.request_id` (where the platform puts
 * it), else the first error's; redacted, and only a non-empty string of at most 200 characters.
 */
export function requestIdOf(payload: unknown, redact: Redactor): string | undefined {
  let id = requestIdIn(payload);
  if (id === undefined) {
    const errors = ownValue(payload, 'errors');
    if (Array.isArray(errors)) id = requestIdIn(errors[0]);
  }
  // Anything longer than 200 characters is not an id. (Limits here and in the other error modules are written as
  // literals: a one-file bundle puts these modules in lazy initialisers, where a named constant is not inlined.)
  return typeof id === 'string' && id !== '' && id.length <= 200 ? redact(id) : undefined;
}

/**
 * One entry of a GraphQL `errors` list (or of `extensions.warnings`, which has the same shape), normalised and
 * token-free: its message (else 'Unknown GraphQL error'), numeric `locations`, string and number `path` segments,
 * and its `extensions` object. Anything else the server put there is dropped.
 */
export function errorInfoOf(raw: unknown, redact: Redactor): GraphQLErrorInfo {
  // An object's own `message`, else the entry itself (kept when a string). Never String() an arbitrary value: a
  // deeply nested array would overflow the stack.
  const message = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : (ownValue(raw, 'message') ?? raw);
  const info: GraphQLErrorInfo = {
    message: redact(typeof message === 'string' ? message : 'Unknown GraphQL error'),
  };
  const locations = ownValue(raw, 'locations');
  if (Array.isArray(locations)) {
    // `{ line, column }` pairs of numbers only; anything else the server put there is dropped.
    info.locations = locations.flatMap((entry) => {
      const line = ownValue(entry, 'line');
      const column = ownValue(entry, 'column');
      return typeof line === 'number' && typeof column === 'number' ? [{ line, column }] : [];
    });
  }
  const path = ownValue(raw, 'path');
  if (Array.isArray(path)) {
    // String (redacted) and number segments only.
    info.path = path.flatMap((segment): (string | number)[] =>
      typeof segment === 'string' ? [redact(segment)] : typeof segment === 'number' ? [segment] : [],
    );
  }
  const extensions = ownValue(raw, 'extensions');
  if (isObject(extensions)) info.extensions = redactDeep(extensions, redact);
  return info;
}
