/**
 * workspace-platform-sdk/bulk: the platform's bulk jobs from a client. `importItems` (CSV import jobs, paced,
 * resumable), `bulkDeleteItems` and `bulkArchiveItems` (with their undo). Platform neutral: fetch only.
 *
 * @packageDocumentation
 */
export { type BulkImportFailureReason, BulkJobError, type BulkJobErrorDetails } from './errors.js';
export {
  IMPORT_HOURLY_ITEM_BUDGET,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_POLL_INTERVAL_MS,
  IMPORT_ROW_LIMITS,
  type ImportCellValue,
  type ImportCheckpoint,
  type ImportFailure,
  type ImportItemsOptions,
  type ImportMatch,
  type ImportReport,
  type ImportRow,
  importItems,
} from './import-items.js';
export type { BulkProgress } from './progress.js';
