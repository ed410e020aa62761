/**
 * The shapes an import shares between its parts: the rows it takes, the report it gives, and the checkpoint it
 * resumes from. Their own module, so `importItems`, the CSV it builds and the error it throws all depend on it and
 * not on each other.
 */
import type { ColumnValueBuilder } from '../columns/builder.js';

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

/** One row the import did not apply, and why. */
export interface ImportFailure {
  /**
   * The row's position in `rows`, from 0 (the first row is 0). The `workspace-platform` command names a failed row by
   * its line in the file instead, from 1 (the header is line 1).
   */
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
  readonly format: typeof CHECKPOINT_FORMAT;
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

/** The format tag of an {@link ImportCheckpoint}. */
export const CHECKPOINT_FORMAT = 'workspace-platform-sdk/import-checkpoint@1';
