/**
 * The hot path's side of file uploads: a cheap check for a file among the variables, and the upload code
 * (multipart.ts) loaded on demand the first time one turns up, so a call without files never loads it. Until
 * then no call has held a file, and {@link uploadPlanOf} has nothing to plan. Pinned by
 * `test/unit/multipart.test.ts`.
 */

import { isPlainObject } from '../object-reads.js';
import type * as Multipart from './multipart.js';
import { loadOnDemand } from './on-demand.js';

/** The upload code, once {@link uploadReady} has loaded it. */
let multipart: typeof Multipart | undefined;

/** True when a Blob sits in `value` where the upload walk looks (arrays and plain objects, 64 levels down). */
function holdsFile(value: unknown, depth: number): boolean {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true;
  if (depth >= 64 || !(Array.isArray(value) || isPlainObject(value))) return false;
  for (const key in value) if (Object.hasOwn(value, key) && holdsFile((value as never)[key], depth + 1)) return true;
  return false;
}

/** Undefined when `variables` can be planned now; else a promise that loads the upload code first. */
export function uploadReady(variables: unknown): Promise<void> | undefined {
  if (multipart || !holdsFile(variables, 0)) return;
  return loadOnDemand(import('./multipart.js'), 'upload form').then((loaded) => {
    multipart = loaded;
  });
}

/** The upload plan of `variables` (multipart.ts: planUpload), or undefined when they hold no file. */
export function uploadPlanOf(variables: Record<string, unknown> | undefined): Multipart.UploadPlan | undefined {
  return multipart?.planUpload(variables);
}

/** The multipart body of a planned upload (multipart.ts: multipartBody); only ever called with a plan. */
export function uploadBody(fields: Multipart.UploadFields, plan: Multipart.UploadPlan): FormData {
  return (multipart as typeof Multipart).multipartBody(fields, plan);
}
