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

/** The state of one walk: the path down to the value being walked, and the files met so far (made at the first). */
interface Walk {
  keys: string[];
  files?: Map<Blob, string[]>;
}

/**
 * `value` with every file replaced by null, each file's paths recorded in `walk.files`. One walk that
 * allocates nothing until it meets a file: untouched branches are shared, so variables without files
 * come back as the very same object.
 */
function strip(value: unknown, walk: Walk): unknown {
  const { keys } = walk;
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    walk.files ??= new Map();
    walk.files.set(value, [...(walk.files.get(value) ?? []), ['variables', ...keys].join('.')]);
    return null;
  }
  if (keys.length >= MAX_DEPTH || !(Array.isArray(value) || isPlainObject(value))) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    keys.push(key);
    const stripped = strip(item, walk);
    keys.pop();
    if (stripped === item) continue;
    // A file below a key holding a dot would get a map path that points somewhere else.
    if (key.includes('.')) {
      throw new PlatformConfigError(
        `A file sits below the variable key '${key.slice(0, 100)}' (at ${['variables', ...keys].join('.')}), which holds a dot: the multipart map cannot name that path. Rename the key.`,
      );
    }
    copy ??= (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
    setOwn(copy, key, stripped);
  }
  return copy ?? value;
}

/** The upload plan for `variables`, or undefined when they hold no file (the common, JSON case). */
export function planUpload(variables: Record<string, unknown> | undefined): UploadPlan | undefined {
  const walk: Walk = { keys: [] };
  const stripped = strip(variables, walk) as Record<string, unknown>;
  const found = walk.files;
  return found && { variables: stripped, files: [...found].map(([blob, paths]) => ({ blob, paths })) };
}

/** The multipart body for a JSON `operations` payload (variables already stripped) and its files. */
export function multipartBody(operationsJson: string, plan: UploadPlan): FormData {
  const form = new FormData();
  form.append('operations', operationsJson);
  form.append('map', JSON.stringify({ ...plan.files.map((file) => file.paths) }));
  plan.files.forEach(({ blob }, index) => {
    form.append(String(index), blob, typeof File !== 'undefined' && blob instanceof File ? blob.name : 'blob');
  });
  return form;
}
