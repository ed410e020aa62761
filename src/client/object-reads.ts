/**
 * The client's reads of JSON-like objects: its one object predicate, its own-property read and the plain-object test
 * of the upload walk. A leaf that imports nothing, so the on-demand modules (the error factory, the upload form)
 * that use them reach none of the up-front modules through them: a bundler that inlines an on-demand module wraps
 * it and everything it imports in lazy initialisers, which cost bytes in every module that imports them
 * (every module of the client imports them from here, none through another module).
 */

/**
 * The client's one object predicate: true for a non-null, non-array object. For a value from
 * `JSON.parse` this is exactly "a JSON object".
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value[key]` when it is an own property of an object; never an inherited one. */
export function ownValue(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/**
 * True for an object made by `{}` or `Object.create(null)`: what the upload scan walks into. A class
 * instance (a Date, a File) is a leaf there, which is why this is not {@link isObject}.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
