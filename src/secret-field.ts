/**
 * A credential on a returned object that code reads by name but that never prints: not enumerable (absent from
 * `JSON.stringify`, spread, `Object.keys` and a test runner's diff) and skipped by Node's `util.inspect`, even with
 * `showHidden` and `getters`. Node's inspect hook is found by its registered symbol, so nothing here imports
 * `node:util` and it runs on every runtime. Pinned by test/unit/secret-field.test.ts.
 */

/** Node's `util.inspect.custom`, by its registered name. */
const INSPECT: unique symbol = Symbol.for('nodejs.util.inspect.custom') as never;

/** What Node hands the inspect hook: the options in force and the inspect function itself. */
type Inspect = (value: unknown, options: object) => string;

/**
 * Defines `key` on `target` as a read-only, non-enumerable property holding `value`, and makes `util.inspect` print
 * `target` without it (`[hidden]` in its place). Returns `target`, typed with the new property.
 */
export function withSecretField<T extends object, K extends string, V>(
  target: T,
  key: K,
  value: V,
): T & { readonly [P in K]: V } {
  Object.defineProperty(target, key, { get: () => value, enumerable: false, configurable: false });
  if (!Object.hasOwn(target, INSPECT)) {
    Object.defineProperty(target, INSPECT, {
      enumerable: false,
      value(this: T, depth: number | null, options: object, inspect: Inspect): string {
        if (depth !== null && depth < 0) return '[Object]';
        const shown: Record<string, unknown> = {};
        for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(this))) {
          if (!descriptor.enumerable) continue;
          shown[name] = 'value' in descriptor ? descriptor.value : (this as Record<string, unknown>)[name];
        }
        for (const name of hiddenNames(this)) shown[name] = '[hidden]';
        // `depth` is what is left of the caller's depth at this point, so a nested object stops where it should.
        return inspect(shown, { ...options, depth });
      },
    });
  }
  hiddenNames(target).add(key);
  return target as T & { readonly [P in K]: V };
}

const hidden = new WeakMap<object, Set<string>>();

function hiddenNames(target: object): Set<string> {
  let names = hidden.get(target);
  if (!names) {
    names = new Set();
    hidden.set(target, names);
  }
  return names;
}
