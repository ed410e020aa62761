/**
 * The one error class the bulk operations add to the client's: a platform job that ended in a way no retry by the
 * SDK can fix. Everything else is the client's own errors (`PlatformConfigError`, `RateLimitError`, ...).
 */
import { PlatformError, type PlatformErrorDetails } from '../index.js';
import type { ImportCheckpoint } from './import-types.js';

/**
 * Why the platform failed or rejected an import job (`BulkImportFailureReason`,
 * https://developer.monday.com/api-reference/reference/bulk-import-other-types).
 */
export type BulkImportFailureReason =
  | 'ACCOUNT_CAPACITY_EXCEEDED'
  | 'AUTHORIZATION_FAILED'
  | 'BOARD_CAPACITY_EXCEEDED'
  | 'FILE_TOO_LARGE'
  | 'INTERNAL_ERROR'
  | 'INVALID_UPLOAD'
  | 'PERMISSION_DENIED';

/** Details of a {@link BulkJobError}. */
export interface BulkJobErrorDetails extends PlatformErrorDetails {
  /** The platform's id of the job. */
  jobId: string;
  /** How the job ended: `FAILED` while processing, `REJECTED` before, or the async job states' `FAILED`. */
  state: string;
  /** The platform's reason, when it gave one. */
  failureReason?: BulkImportFailureReason | string;
  /** For an import: where to resume (at the failed job's rows) with `importItems({ ..., checkpoint })`. */
  checkpoint?: ImportCheckpoint;
}

/**
 * A bulk job ended badly: an import job `FAILED` or `REJECTED` for a reason a new job would not fix, or a bulk
 * delete or archive job `FAILED`. Rows the platform refused one by one are not this error: they are in the report.
 */
export class BulkJobError extends PlatformError {
  override name = 'BulkJobError' as const;
  /** The platform's id of the job. */
  declare readonly jobId: string;
  /** How the job ended. */
  declare readonly state: string;
  /** The platform's reason, when it gave one. */
  declare readonly failureReason?: BulkImportFailureReason | string;
  /** For an import: where to resume, at the failed job's rows. Resuming without `match` may create them twice. */
  declare readonly checkpoint?: ImportCheckpoint;

  constructor(message: string, details: BulkJobErrorDetails) {
    super(message, details);
  }
}
