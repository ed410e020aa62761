/**
 * File uploads in the form the platform's docs send to `/v2/file`
 * (https://developer.monday.com/api-reference/docs/assets): a `query` part with the document, a `variables`
 * part with the JSON variables (each file replaced by null), an `operationName` part when set, and one part
 * per file named after the variable it fills, `variables[file]` (`variables[input][files][0]` deeper down).
 * (The client sent the GraphQL multipart request spec's `operations` and `map` before; the platform does not
 * document that layout.)
 */

/** The files of one call's variables, found once per call. */
export interface UploadPlan {
  /** The variables with every file replaced by null. */
  variables: Record<string, unknown>;
  /** Each distinct file with the `variables.…` paths it fills, in order of first appearance. */
  files: { blob: Blob; paths: string[] }[];
}

import { PlatformConfigError } from '../errors/errors.js';
import { setOwn } from '../errors/redact.js';
import { isPlainObject } from '../object-reads.js';
import { holdsFile, MAX_DEPTH } from './file-walk.js';

/**
 * `value` with every file replaced by null, each file's `variables.…` path added to `files`. One walk that copies an
 * array or object only once a file turns up below it: untouched branches are shared.
 */
function strip(value: unknown, keys: string[], files: Map<Blob, string[]>): unknown {
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    files.set(value, [...(files.get(value) ?? []), ['variables', ...keys].join('.')]);
    return null;
  }
  if (keys.length >= MAX_DEPTH || !(Array.isArray(value) || isPlainObject(value))) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    keys.push(key);
    const stripped = strip(item, keys, files);
    keys.pop();
    if (stripped === item) continue;
    // A file below a key holding a dot or a bracket would get a part name that points somewhere else.
    if (/[.[\]]/.test(key)) {
      throw new PlatformConfigError(
        `A file sits below the variable key '${key.slice(0, 100)}' (at ${['variables', ...keys].join('.')}), which holds a dot or a bracket: the upload's part name cannot name that path. Rename the key.`,
      );
    }
    copy ??= (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
    setOwn(copy, key, stripped);
  }
  return copy ?? value;
}

/** The upload plan for `variables`, or undefined when they hold no file (the common, JSON case). */
export function planUpload(variables: Record<string, unknown> | undefined): UploadPlan | undefined {
  if (!holdsFile(variables, 0)) return;
  const files = new Map<Blob, string[]>();
  const stripped = strip(variables, [], files) as Record<string, unknown>;
  return { variables: stripped, files: [...files].map(([blob, paths]) => ({ blob, paths })) };
}

/** What the upload's text parts carry. */
export interface UploadFields {
  /** The document. */
  query: string;
  /** The variables as JSON, every file replaced by null. */
  variables: string;
  operationName?: string | undefined;
}

/** The multipart body of an upload: the text parts, then one part per path each file fills. */
export function multipartBody(fields: UploadFields, plan: UploadPlan): FormData {
  const form = new FormData();
  form.append('query', fields.query);
  form.append('variables', fields.variables);
  if (fields.operationName !== undefined) form.append('operationName', fields.operationName);
  // FormData names each part's file: a File by its own name, a Blob 'blob' (https://xhr.spec.whatwg.org/#create-an-entry).
  // A part's name is its path with each `.key` written `[key]`: `variables.input.files.0` → `variables[input][files][0]`.
  for (const file of plan.files)
    for (const path of file.paths) form.append(path.replace(/\.([^.]*)/g, '[$1]'), file.blob);
  return form;
}
