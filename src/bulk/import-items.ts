/**
 * `importItems`: many rows onto a board through the platform's asynchronous import jobs (`ingest_items` or
 * `backfill_items`, API versions 2026-07 and later): each job gets a pre-signed `upload_url`, the rows go up as one
 * CSV file, and `fetch_job_status` is polled until the job ends
 * (https://developer.monday.com/api-reference/docs/importing-items-in-bulk).
 *
 * What it does with the platform's limits (the same page, and
 * https://developer.monday.com/api-reference/reference/ingest-items-api-reference):
 * - rows per job: at most 10,000 for `ingest`, 20,000 for `backfill`; files under 150 MB. The rows are split into
 *   jobs within both.
 * - the hourly budget of 19,000 items per account (`ingest` only): jobs are paced so none is refused for it; a job
 *   refused anyway (`ACCOUNT_CAPACITY_EXCEEDED`, another app of the account spent the budget) is sent again once the
 *   budget frees up.
 * - an upload URL lives 10 minutes: an upload refused as expired gets a new job for the same rows.
 * - poll interval: about every 10 seconds, as the docs ask (`pollIntervalMs`).
 *
 * A restart resumes from the {@link ImportCheckpoint} the caller kept (handed out through `onCheckpoint`): the rows
 * of jobs that finished are skipped, a job still running is polled again instead of being sent twice.
 */

import type { PlatformClient } from '../client/client.js';
import type { ThrottleStore } from '../client/throttle/throttle-store.js';
import type { ColumnValueBuilder } from '../columns/builder.js';
import type { BulkProgress } from './progress.js';

/**
 * A value for one column of an imported row: a column builder (`column.status({ label: 'Done' })`), or a plain
 * value written as the import's CSV takes it for the column's kind (a string as is, a number for a numbers column);
 * `null` or `undefined` leaves the column empty.
 */
export type ImportCellValue = ColumnValueBuilder | string | number | null | undefined;

/** One row to import: one item. */
export interface ImportRow {
  /** The item's name (the board's `name` column). */
  name: string;
  /** Column values by column id. */
  values?: Readonly<Record<string, ImportCellValue>>;
}

/** How `ingest` treats a row whose value in a column matches an item already on the board (`on_match`). */
export interface ImportMatch {
  /** The column whose value identifies the item (`match_column_id`). */
  columnId: string;
  /** `upsert`: update the item with the row's values; `skip`: leave the item and count the row as skipped. */
  onMatch: 'upsert' | 'skip';
}

/** What `importItems` shares between its two modes. */
interface ImportItemsBase {
  /** The board to import into. */
  boardId: string | number;
  /** The group new items go to. Default: the board's top group. */
  groupId?: string;
  /**
   * The rows, in order: an array, or any iterable or async iterable (read once, lazily: a restart from a
   * checkpoint reads them again from the start and skips the rows already done, so give the same rows again).
   */
  rows: Iterable<ImportRow> | AsyncIterable<ImportRow>;
  /** Stops the import: polling, uploads and waits end promptly and the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called as the import moves on (rows done of the total, rate, time left). */
  onProgress?: (progress: BulkProgress) => void;
  /** Where to resume, as handed out by `onCheckpoint` before a restart. */
  checkpoint?: ImportCheckpoint;
  /**
   * Called with a new checkpoint each time one is worth keeping (a job started, uploaded, finished); awaited, so the
   * import goes on only once the caller has stored it.
   */
  onCheckpoint?: (checkpoint: ImportCheckpoint) => void | Promise<void>;
  /** Milliseconds between two `fetch_job_status` polls. Default 10,000, as the docs ask. */
  pollIntervalMs?: number;
  /** Most rows per job. Default (and upper bound): the mode's limit, 10,000 for `ingest`, 20,000 for `backfill`. */
  rowsPerJob?: number;
  /**
   * The account's hourly item budget `ingest` jobs are paced against, or `false` not to pace. Default 19,000.
   * `backfill` does not count against it.
   */
  hourlyItemBudget?: number | false;
  /**
   * A store shared by every process importing into the account (the one given to the client's `throttle.store`),
   * so their jobs are paced against one budget. A store without the optional `reserveWindow` capability paces this
   * process alone.
   */
  budgetStore?: ThrottleStore;
  /** The fetch the CSV is uploaded with (the upload URL needs no token). Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** The clock polls, pacing and rates are measured on, in milliseconds. Default: `Date.now`. */
  now?: () => number;
}

/**
 * Options of {@link importItems}. `mode: 'ingest'` (the default, any user with `boards:write`) creates or updates
 * items with the platform's usual side effects; `mode: 'backfill'` (account admins only) creates items without
 * automations or activity log entries, outside the hourly budget, and takes no `match`.
 */
export type ImportItemsOptions = ImportItemsBase &
  (
    | {
        /** `ingest_items`: the default. */
        mode?: 'ingest';
        /** Update or skip rows matching an existing item by a column's value. Default: every row creates an item. */
        match?: ImportMatch;
      }
    | {
        /** `backfill_items`: an admin's one-time initial load. */
        mode: 'backfill';
        /** Backfill always creates items. */
        match?: never;
      }
  );

/** One row the import did not apply, and why. */
export interface ImportFailure {
  /** The row's position in `rows`, from 0. */
  row: number;
  /** The column at fault, when one is. */
  columnId?: string;
  /** Why, as the platform's report says it. */
  reason: string;
}

/** What an import did, row by row counted. */
export interface ImportReport {
  /** Rows that created an item. */
  created: number;
  /** Rows that updated a matching item (`match.onMatch: 'upsert'`). */
  updated: number;
  /** Rows left alone because they matched an item (`match.onMatch: 'skip'`). */
  skipped: number;
  /** Rows refused (invalid for their column) or that failed while applied: each in {@link ImportReport.failures}. */
  failed: number;
  /** Every refused or failed row, with its reason, in row order. */
  failures: ImportFailure[];
  /** The platform's ids of the jobs that ran, in order. */
  jobIds: string[];
}

/**
 * Where an import stands, to resume it after a restart. A plain JSON-serialisable object: store it as it is
 * (`JSON.stringify`), and give it back as `checkpoint` with the same board, mode and rows.
 */
export interface ImportCheckpoint {
  /** The format of this object. */
  readonly format: 'workspace-platform-sdk/import-checkpoint@1';
  /** The board imported into. */
  readonly boardId: string;
  /** The mode of the import. */
  readonly mode: 'ingest' | 'backfill';
  /** Rows from the start of `rows` whose jobs have ended: they are not sent again. */
  readonly rowsDone: number;
  /** The job of the next rows, when one was started and has not ended. */
  readonly job?: {
    /** Its id. */
    readonly id: string;
    /** Its first row's position in `rows`. */
    readonly firstRow: number;
    /** How many rows it holds. */
    readonly rowCount: number;
    /** True once its file was uploaded: it is polled again, never sent again. */
    readonly uploaded: boolean;
  };
  /** What the ended jobs did. */
  readonly report: ImportReport;
}

/** Rows per job allowed by each mode (the importing-items-in-bulk page's limits table). */
export const IMPORT_ROW_LIMITS = { ingest: 10_000, backfill: 20_000 } as const;

/** Largest file the platform takes, in bytes (150 MB, the same table). */
export const IMPORT_MAX_FILE_BYTES = 150 * 1000 * 1000;

/** Items an account may create or update through `ingest` per hour (the same page). */
export const IMPORT_HOURLY_ITEM_BUDGET = 19_000;

/** Default milliseconds between two polls of a job ("about every 10 seconds"). */
export const IMPORT_POLL_INTERVAL_MS = 10_000;

/**
 * Imports `rows` onto a board through the platform's import jobs, splitting them into jobs within the row and file
 * limits, pacing `ingest` jobs by the hourly item budget, uploading each job's CSV and polling it until it ends.
 * Resolves to what happened to every row: a partial failure (rows the platform refused, with their reasons) is in
 * the report, not an error.
 *
 * @example
 * ```ts
 * // fragment
 * const report = await importItems(client, {
 *   boardId: 3001,
 *   rows: [{ name: 'Launch', values: { status: column.status({ label: 'Done' }), date4: '2026-11-24' } }],
 *   match: { columnId: 'text', onMatch: 'upsert' },
 *   onCheckpoint: (checkpoint) => saveSomewhere(JSON.stringify(checkpoint)),
 * });
 * ```
 *
 * @throws {PlatformConfigError} before anything is sent, for bad options (a `rowsPerJob` above the mode's limit, a
 *   checkpoint of another board or mode, a client pinned below 2026-07), and before a job is started for a row whose
 *   builder was given input the platform refuses, or a row too large for one file.
 * @throws {BulkJobError} when a job fails or is rejected for a reason a new job cannot fix (`INVALID_UPLOAD`,
 *   `PERMISSION_DENIED`, a failure while processing): its `checkpoint` resumes at that job's rows.
 * @throws {PlatformError} the client's own errors for a call that fails (`AuthenticationError`, `NotFoundError` for
 *   an unknown board, `RateLimitError`, `NetworkError`, ...).
 * @throws the signal's reason when `signal` aborts.
 */
export declare function importItems(client: PlatformClient, options: ImportItemsOptions): Promise<ImportReport>;
