/**
 * workspace-platform-sdk/bulk: the platform's bulk jobs from a client. `importItems` (CSV import jobs, paced,
 * resumable), `deleteItems` and `archiveItems` (with their undo), `writeItems` (many creates and column
 * changes, batched as aliased mutations within the complexity budget, safe to retry) and `exportItems` (every item
 * of a board, one page at a time, through cursor expiry and restarts). Platform neutral: fetch only.
 *
 * @packageDocumentation
 * @module workspace-platform-sdk/bulk
 */
export {
  archiveItems,
  BULK_ITEMS_PER_JOB,
  type BulkItemsOptions,
  type BulkItemsResult,
  bulkArchiveItems,
  bulkDeleteItems,
  deleteItems,
  type UndoResult,
  undoBulkAction,
} from './bulk-items.js';
export { type BulkImportFailureReason, BulkJobError, type BulkJobErrorDetails } from './errors.js';

import { EXPORT_RECENT_IDS as recentIds } from './export-items.js';

export {
  type ExportCheckpoint,
  type ExportedColumnValue,
  type ExportedItem,
  type ExportItemsOptions,
  ExportPositionLostError,
  exportItems,
  type ItemExport,
  MAX_EXPORT_PAGE_SIZE,
} from './export-items.js';
export { IMPORTABLE_COLUMN_KINDS } from './import-csv.js';
export {
  IMPORT_HOURLY_ITEM_BUDGET,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_POLL_INTERVAL_MS,
  IMPORT_ROW_LIMITS,
  type ImportItemsOptions,
  importItems,
} from './import-items.js';
export type {
  ImportCellValue,
  ImportCheckpoint,
  ImportFailure,
  ImportMatch,
  ImportReport,
  ImportRow,
} from './import-types.js';
export type { BulkProgress } from './progress.js';
export {
  type CreateOutcome,
  DEFAULT_WRITE_BATCH,
  type ItemCreate,
  type ItemUpdate,
  MAX_WRITE_BATCH,
  type UpdateOutcome,
  type WriteItemsOptions,
  type WriteItemsReport,
  type WriteNotDone,
  writeItems,
} from './write-items.js';

/**
 * @deprecated Internal; will be removed in 1.0. How many of the last ids an export keeps to find its place again
 * after a cursor expires.
 */
export const EXPORT_RECENT_IDS: number = recentIds;
