/**
 * The check for a file among an upload's variables, shared by the hot path (./upload.ts: is the upload code
 * needed?) and the upload code itself (./multipart.ts: is there anything to plan?), with the depth both walk to.
 * A leaf: the on-demand upload code reaches no up-front module through it. Pinned by `test/unit/multipart.test.ts`.
 */
import { isPlainObject } from '../object-reads.js';

/** How deep below the variables the upload walk looks. */
export const MAX_DEPTH = 64;

/**
 * True when a Blob is `value` or sits in it where the upload walk looks: arrays and plain objects, down to
 * 64 levels below `value`, which sits `depth` levels down.
 */
export function holdsFile(value: unknown, depth: number): boolean {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true;
  if (depth >= MAX_DEPTH || !(Array.isArray(value) || isPlainObject(value))) return false;
  for (const key in value) if (Object.hasOwn(value, key) && holdsFile((value as never)[key], depth + 1)) return true;
  return false;
}
