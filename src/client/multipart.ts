/**
 * File uploads per the GraphQL multipart request spec: every `File`/`Blob` in the variables becomes a
 * numbered form part, `operations` carries the JSON body with those positions set to null, and `map`
 * says which variable paths each part fills. The same Blob at several paths is sent once.
 */

/** The files of one call's variables, found once per call. */
export interface UploadPlan {
  /** The variables with every file replaced by null. */
  variables: Record<string, unknown>;
  /** Each distinct file with the `variables.…` paths it fills, in order of first appearance. */
  files: { blob: Blob; paths: string[] }[];
}

import { PlatformConfigError } from './errors.js';
import { setOwn } from './redact.js';
import { isPlainObject } from './validate.js';

const MAX_DEPTH = 64;

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/**
 * `value` with every file replaced by null, recording where each was. Untouched branches are shared,
 * so variables without files come back as the very same object.
 */
function strip(value: unknown, path: string, found: Map<Blob, string[]>, depth: number): unknown {
  if (isBlob(value)) {
    found.set(value, [...(found.get(value) ?? []), path]);
    return null;
  }
  if (depth >= MAX_DEPTH || !(Array.isArray(value) || isPlainObject(value))) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const stripped = strip(item, `${path}.${key}`, found, depth + 1);
    if (stripped !== item) {
      // A file below a key holding a dot would get a map path that points somewhere else.
      if (key.includes('.')) {
        throw new PlatformConfigError(
          `A file sits below the variable key '${key.slice(0, 100)}' (at ${path}), which holds a dot: the multipart map cannot name that path. Rename the key.`,
        );
      }
      copy ??= (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
      setOwn(copy, key, stripped);
    }
  }
  return copy ?? value;
}

/** True when `value` holds a file anywhere `strip` would look. Allocates nothing. */
function holdsFile(value: unknown, depth: number): boolean {
  if (isBlob(value)) return true;
  if (depth >= MAX_DEPTH || !(Array.isArray(value) || isPlainObject(value))) return false;
  for (const key in value) {
    if (Object.hasOwn(value, key) && holdsFile((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** The upload plan for `variables`, or undefined when they hold no file (the common, JSON case). */
export function planUpload(variables: Record<string, unknown> | undefined): UploadPlan | undefined {
  if (!holdsFile(variables, 0)) return undefined;
  const found = new Map<Blob, string[]>();
  const stripped = strip(variables, 'variables', found, 0) as Record<string, unknown>;
  if (found.size === 0) return undefined;
  return { variables: stripped, files: [...found].map(([blob, paths]) => ({ blob, paths })) };
}

/** The multipart body for a JSON `operations` payload (variables already stripped) and its files. */
export function multipartBody(operationsJson: string, plan: UploadPlan): FormData {
  const form = new FormData();
  form.append('operations', operationsJson);
  const map: Record<string, string[]> = {};
  plan.files.forEach((file, index) => {
    map[String(index)] = file.paths;
  });
  form.append('map', JSON.stringify(map));
  plan.files.forEach((file, index) => {
    const name = typeof File !== 'undefined' && file.blob instanceof File ? file.blob.name : 'blob';
    form.append(String(index), file.blob, name);
  });
  return form;
}
