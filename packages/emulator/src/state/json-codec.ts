/**
 * JSON for a state file: plain JSON, plus the two kinds of value the emulator's records and journal hold that JSON
 * has no form for. Rule map:
 * - a `Uint8Array` (an uploaded file's bytes) is written as `{ "$": "bytes", "v": "<base64>" }`;
 * - a `Map` (a request's files by variable path) as `{ "$": "map", "v": [[key, value], ...] }`;
 * - a plain object that itself has a `$` key is wrapped as `{ "$": "object", "v": {...} }`, so no data is read back
 *   as a tag;
 * - reading builds every object with a null-free, ordinary prototype and defines each key as an own property, so a key
 *   such as `__proto__` stays data and never changes a prototype;
 * - `undefined` properties are left out, as `JSON.stringify` does.
 * Pinned by packages/emulator/test/state/state-file.test.ts.
 */

/** Turns `value` into JSON text under the rules above. */
export function encodeStateJson(value: unknown): string {
  return JSON.stringify(tag(value));
}

/**
 * Reads JSON text written by {@link encodeStateJson}.
 * @throws {@link SyntaxError} for text that is not JSON.
 * @throws {@link TypeError} for a tag that is not one of the rules above.
 */
export function decodeStateJson(text: string): unknown {
  return untag(JSON.parse(text));
}

function tag(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return { $: 'bytes', v: Buffer.from(value).toString('base64') };
  if (value instanceof Map) return { $: 'map', v: [...value].map(([key, entry]) => [tag(key), tag(entry)]) };
  if (Array.isArray(value)) return value.map((entry) => (entry === undefined ? null : tag(entry)));
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return tag(toJSON.call(value));
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== undefined) Object.defineProperty(out, key, { value: tag(entry), enumerable: true, writable: true });
  }
  return Object.hasOwn(out, '$') ? { $: 'object', v: out } : out;
}

function untag(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(untag);
  const record = value as Record<string, unknown>;
  if (Object.hasOwn(record, '$')) {
    const kind = record.$;
    if (kind === 'bytes' && typeof record.v === 'string') return new Uint8Array(Buffer.from(record.v, 'base64'));
    if (kind === 'map' && Array.isArray(record.v)) {
      return new Map(
        record.v.map((pair) => {
          if (!Array.isArray(pair) || pair.length !== 2)
            throw new TypeError('a saved map entry is not a [key, value] pair');
          return [untag(pair[0]), untag(pair[1])];
        }),
      );
    }
    if (kind === 'object' && record.v !== null && typeof record.v === 'object' && !Array.isArray(record.v))
      return plain(record.v as Record<string, unknown>);
    throw new TypeError(`an unknown tag in a state file: ${JSON.stringify(String(kind)).slice(0, 40)}`);
  }
  return plain(record);
}

function plain(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    Object.defineProperty(out, key, {
      value: untag(record[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
