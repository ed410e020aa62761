/**
 * The hot path's side of file uploads: a cheap check for a file among the variables (./file-walk.ts, the one walk
 * the upload code shares), and the upload code (multipart.ts) loaded on demand the first time one turns up, so a
 * call without files never loads it. Until then no call has held a file, and {@link uploadPlanOf} has nothing to
 * plan. Pinned by `test/unit/multipart.test.ts`.
 */

import { holdsFile } from './file-walk.js';
import type * as Multipart from './multipart.js';
import { loadOnDemand } from './on-demand.js';

/** The upload code, once {@link uploadReady} has loaded it. */
let multipart: typeof Multipart | undefined;

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
