/**
 * The fingerprint of a GraphQL request, so a reused Idempotency-Key can be told from a retry: the API version,
 * the query text, the operation name, the variables (object keys in sorted order, so their order does not matter)
 * and each uploaded file (path, name, type and a hash of its bytes). A multipart retry whose boundary changed has
 * the same fingerprint; a different mutation under the same key does not.
 */
import { createHash, type Hash } from 'node:crypto';
import type { EmulatorUpload } from '../contract.js';
import type { GraphQLRequestBody } from './graphql-request.js';

/** A hex SHA-256 over everything that makes the request what it is. */
export function requestFingerprint(request: GraphQLRequestBody, version: string): string {
  const hash = createHash('sha256');
  writeText(hash, version);
  writeText(hash, request.query);
  writeText(hash, request.operationName ?? '');
  writeValue(hash, request.variables ?? {});
  const files = [...(request.files ?? new Map<string, EmulatorUpload>())].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  for (const [path, file] of files) {
    writeText(hash, path);
    writeText(hash, file.filename);
    writeText(hash, file.contentType);
    writeText(hash, createHash('sha256').update(file.bytes).digest('hex'));
  }
  return hash.digest('hex');
}

/** Writes a length-prefixed string, so no two different sequences of strings hash alike. */
function writeText(hash: Hash, text: string): void {
  hash.update(`${text.length}:`);
  hash.update(text);
}

const OBJECT_END = Symbol('object end');
const ARRAY_END = Symbol('array end');

/** An object key waiting on the stack, written just before its value. */
class KeyMark {
  constructor(readonly key: string) {}
}

/**
 * Writes a JSON value with sorted object keys. Iterative, with an explicit stack: variables nested a million
 * levels deep (JSON.parse accepts them) cannot overflow the call stack here.
 */
function writeValue(hash: Hash, root: unknown): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === OBJECT_END) hash.update('}');
    else if (value === ARRAY_END) hash.update(']');
    else if (value instanceof KeyMark) writeText(hash, value.key);
    else if (Array.isArray(value)) {
      hash.update('[');
      stack.push(ARRAY_END);
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push(value[index]);
    } else if (typeof value === 'object' && value !== null) {
      hash.update('{');
      stack.push(OBJECT_END);
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        stack.push(record[key], new KeyMark(key));
      }
    } else {
      writeText(hash, `${typeof value}:${String(value)}`);
    }
  }
}
