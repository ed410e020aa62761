/**
 * The GraphQL multipart request spec: an `operations` field (the JSON request), a `map` field
 * (file field name → variable paths) and one field per file. The platform's own layouts (`query` with
 * `variables[file]` parts, or the official client's `query`/`variables`/`map`) are turned into it first
 * (`../uploads/forms.ts`). The parts are read, with their limits, by `multipart-body.ts`.
 */

import type { EmulatorUpload } from '../contract.js';
import { specLayoutOf } from '../uploads/forms.js';
import { MEDIA } from '../wire.js';

/** A parsed multipart GraphQL request, or why it could not be read. */
export type MultipartResult =
  | { ok: true; operations: unknown; files: Map<string, EmulatorUpload> }
  | { ok: false; message: string };

/** Most files one request may map. */
export const MAX_UPLOAD_FILES = 100;
/** Most variable paths the map may name, over every file. */
export const MAX_UPLOAD_PATHS = 1_000;

/**
 * The GraphQL request of an upload's parts (the first value of each part name, as `multipart-body.ts` reads them),
 * per the GraphQL multipart request spec.
 */
export async function parseMultipart(fields: ReadonlyMap<string, FormDataEntryValue>): Promise<MultipartResult> {
  const layout = specLayoutOf(fields);
  if (layout && !layout.ok) return layout;
  const operationsText = layout ? layout.operations : fields.get('operations');
  const mapText = layout ? layout.map : fields.get('map');
  if (typeof operationsText !== 'string')
    return {
      ok: false,
      message: 'A multipart request needs an "operations" field, or a "query" field and file parts.',
    };
  if (typeof mapText !== 'string') return { ok: false, message: 'A multipart request needs a "map" field.' };
  const operations = parseJson(operationsText);
  const map = parseJson(mapText);
  if (operations === undefined) return { ok: false, message: 'The "operations" field is not valid JSON.' };
  if (!isPathMap(map)) return { ok: false, message: 'The "map" field must be a JSON object of arrays of paths.' };
  const entries = Object.entries(map);
  const pathCount = entries.reduce((sum, [, paths]) => sum + paths.length, 0);
  if (entries.length > MAX_UPLOAD_FILES || pathCount > MAX_UPLOAD_PATHS) {
    return {
      ok: false,
      message: `The "map" may name at most ${MAX_UPLOAD_FILES} files and ${MAX_UPLOAD_PATHS} paths.`,
    };
  }
  const files = new Map<string, EmulatorUpload>();
  for (const [field, paths] of entries) {
    const file = fields.get(field);
    if (file === undefined || typeof file === 'string') {
      return { ok: false, message: `The map names a file field "${printable(field)}" that is missing.` };
    }
    const wrong = paths.find((path) => !pointsToSlot(operations, path));
    if (wrong !== undefined) {
      return {
        ok: false,
        message: `The map path "${printable(wrong)}" does not point to a value of "variables" in "operations" (a null where the file goes).`,
      };
    }
    const upload: EmulatorUpload = {
      filename: file.name,
      contentType: file.type || MEDIA.octetStream,
      bytes: new Uint8Array(await file.arrayBuffer()),
    };
    for (const path of paths) files.set(path, upload);
  }
  return { ok: true, operations, files };
}

/**
 * True when `path` (`variables.file`, `variables.files.0`) names a value that exists in `operations`: an own key
 * of each object on the way and, in each list, an index below its length. A path can so never grow a list (an
 * index such as 100000000 would otherwise make a sparse array that input coercion walks element by element).
 */
export function pointsToSlot(operations: unknown, path: string): boolean {
  const keys = path.split('.');
  if (keys[0] !== 'variables' || keys.length < 2) return false;
  let node: unknown = operations;
  for (const key of keys) {
    if (Array.isArray(node)) {
      if (!/^(?:0|[1-9]\d{0,8})$/.test(key) || Number(key) >= node.length) return false;
      node = node[Number(key)];
    } else if (typeof node === 'object' && node !== null && Object.hasOwn(node, key)) {
      node = (node as Record<string, unknown>)[key];
    } else {
      return false;
    }
  }
  return true;
}

function printable(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isPathMap(value: unknown): value is Record<string, string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((paths) => Array.isArray(paths) && paths.every((p) => typeof p === 'string'));
}
