/**
 * Puts the files of a multipart request into the variables, at the paths the request's `map` gave
 * (`variables.file`, `variables.files.0`, ...), so the File scalar receives them.
 */
import type { EmulatorUpload } from '../contract.js';
import { ENGINE_ERROR_CODES, engineError } from './errors.js';

type Container = Record<string, unknown> | unknown[];

/** A copy of `variables` with every upload of `files` placed at its path. Throws BAD_USER_INPUT on a bad path. */
export function applyUploads(
  variables: Record<string, unknown>,
  files: ReadonlyMap<string, EmulatorUpload> | undefined,
): Record<string, unknown> {
  if (!files || files.size === 0) return variables;
  const copy = structuredClone(variables);
  for (const [path, upload] of files) {
    const [root, ...keys] = path.split('.');
    const last = keys.pop();
    const unsafe = [...keys, last].some(
      (key) => key === '' || key === '__proto__' || key === 'constructor' || key === 'prototype',
    );
    if (root !== 'variables' || last === undefined || unsafe) {
      throw engineError(ENGINE_ERROR_CODES.badUserInput, `Upload path "${path}" must point inside "variables".`);
    }
    let target: Container = copy;
    keys.forEach((key, index) => {
      if (!fitsList(target, key)) throw outsideList(path);
      const current = (target as Record<string, unknown>)[key];
      if (typeof current !== 'object' || current === null) {
        const next: Container = /^\d+$/.test(keys[index + 1] ?? last) ? [] : {};
        (target as Record<string, unknown>)[key] = next;
        target = next;
      } else {
        target = current as Container;
      }
    });
    if (!fitsList(target, last)) throw outsideList(path);
    (target as Record<string, unknown>)[last] = upload;
  }
  return copy;
}

/**
 * In a list, a path may only name an element that exists or the one just past the end: an index such as
 * 100000000 would make a sparse array that input coercion then walks element by element.
 */
function fitsList(target: Container, key: string): boolean {
  if (!Array.isArray(target)) return true;
  return /^(?:0|[1-9]\d*)$/.test(key) && Number(key) <= target.length;
}

function outsideList(path: string) {
  const shown = path.length > 100 ? `${path.slice(0, 100)}…` : path;
  return engineError(ENGINE_ERROR_CODES.badUserInput, `Upload path "${shown}" points outside its list.`);
}
