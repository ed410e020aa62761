/**
 * The multipart layouts an upload may arrive in, turned into the one the server reads (the GraphQL multipart
 * request spec: `operations` + `map` + file parts). Rule map:
 * - `operations` present: the GraphQL multipart request spec, as this SDK's client sent it before; read as it is;
 * - `query` + `variables` (JSON) + `map` + numbered file parts: the platform's official client
 *   (`@mondaydotcomorg/api`), pinned by test/e2e/uploads.test.ts;
 * - `query` + one part per file named `variables[<name>]` (nested: `variables[a][0]`), optionally with `variables` as
 *   JSON for the others: the form the platform's docs send to `/v2/file`
 *   (https://developer.monday.com/api-reference/docs/assets, the files column's upload example), and what this SDK's
 *   client sends now.
 */

/** The spec layout's two JSON fields, built from another layout; or why the body is not one. */
export type UploadLayout = { ok: true; operations: string; map: string } | { ok: false; message: string };

const FILE_PART = /^variables((?:\[[^[\]]*\])+)$/;
const MAX_FILE_PARTS = 100;

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

type Container = Record<string, unknown> | unknown[];

const INDEX = /^(?:0|[1-9]\d{0,2})$/;

/** Puts a null at `keys` inside `variables`, making the containers on the way; false for a key that cannot be one. */
function placeNull(variables: Record<string, unknown>, keys: string[]): boolean {
  let node: Container = variables;
  for (const [index, key] of keys.entries()) {
    if (key === '' || key === '__proto__' || key === 'constructor' || key === 'prototype' || key.includes('.'))
      return false;
    if (Array.isArray(node) && (!INDEX.test(key) || Number(key) > node.length)) return false;
    const slots = node as Record<string, unknown>;
    if (index === keys.length - 1) {
      slots[key] = null;
      break;
    }
    const next = Object.hasOwn(slots, key) ? slots[key] : undefined;
    if (typeof next === 'object' && next !== null) {
      node = next as Container;
    } else {
      const made: Container = INDEX.test(keys[index + 1] ?? '') ? [] : {};
      slots[key] = made;
      node = made;
    }
  }
  return true;
}

/**
 * The spec layout of a multipart body given by its first value per part name, or undefined when the body is already
 * in the spec layout (it has `operations`) or has no `query` either.
 */
export function specLayoutOf(fields: ReadonlyMap<string, FormDataEntryValue>): UploadLayout | undefined {
  if (fields.has('operations')) return undefined;
  const query = fields.get('query');
  if (typeof query !== 'string') return undefined;
  const variablesText = fields.get('variables');
  const variables = typeof variablesText === 'string' ? parseObject(variablesText) : {};
  if (variables === undefined) return { ok: false, message: 'The "variables" field is not a JSON object.' };
  const operationName = fields.get('operationName');
  const operations = (vars: Record<string, unknown>) =>
    JSON.stringify({ query, variables: vars, ...(typeof operationName === 'string' ? { operationName } : {}) });
  const map = fields.get('map');
  if (typeof map === 'string') return { ok: true, operations: operations(variables), map };
  const paths: Record<string, string[]> = {};
  for (const [name, value] of fields) {
    const match = FILE_PART.exec(name);
    if (!match || typeof value === 'string') continue;
    if (Object.keys(paths).length >= MAX_FILE_PARTS) {
      return { ok: false, message: `An upload may carry at most ${MAX_FILE_PARTS} files.` };
    }
    const keys = (match[1] ?? '').slice(1, -1).split('][');
    if (!placeNull(variables, keys)) {
      return { ok: false, message: `The file part "${name.slice(0, 100)}" does not name a variable path.` };
    }
    paths[name] = [`variables.${keys.join('.')}`];
  }
  return { ok: true, operations: operations(variables), map: JSON.stringify(paths) };
}
