/**
 * The GraphQL multipart request spec: an `operations` field (the JSON request), a `map` field
 * (file field name → variable paths) and one field per file.
 */
import type { EmulatorUpload } from '../contract.js';

/** A parsed multipart GraphQL request, or why it could not be read. */
export type MultipartResult =
  | { ok: true; operations: unknown; files: Map<string, EmulatorUpload> }
  | { ok: false; message: string };

/** Parses a multipart/form-data body per the GraphQL multipart request spec. */
export async function parseMultipart(contentType: string, bytes: Buffer): Promise<MultipartResult> {
  let form: FormData;
  try {
    form = await new Request('http://emulator.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(bytes),
    }).formData();
  } catch {
    return { ok: false, message: 'The multipart body could not be parsed.' };
  }
  const operationsText = form.get('operations');
  const mapText = form.get('map');
  if (typeof operationsText !== 'string')
    return { ok: false, message: 'A multipart request needs an "operations" field.' };
  if (typeof mapText !== 'string') return { ok: false, message: 'A multipart request needs a "map" field.' };
  const operations = parseJson(operationsText);
  const map = parseJson(mapText);
  if (operations === undefined) return { ok: false, message: 'The "operations" field is not valid JSON.' };
  if (!isPathMap(map)) return { ok: false, message: 'The "map" field must be a JSON object of arrays of paths.' };
  const files = new Map<string, EmulatorUpload>();
  for (const [field, paths] of Object.entries(map)) {
    const file = form.get(field);
    if (file === null || typeof file === 'string') {
      return { ok: false, message: `The map names a file field "${field}" that is missing.` };
    }
    const upload: EmulatorUpload = {
      filename: file.name,
      contentType: file.type || 'application/octet-stream',
      bytes: new Uint8Array(await file.arrayBuffer()),
    };
    for (const path of paths) files.set(path, upload);
  }
  return { ok: true, operations, files };
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
