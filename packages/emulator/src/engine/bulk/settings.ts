/**
 * The numbers of the bulk jobs: the platform's documented limits, and the speeds the emulator gives its jobs
 * (which the docs do not state; the defaults are the emulator's choice, set them to taste).
 */

/** Options of the bulk jobs; every part optional. */
export interface BulkOptions {
  /**
   * Rows an import job applies per second of the emulator's clock once its file is uploaded. Default 500 (the docs
   * give no figure; at this rate a full ingest job of 10,000 rows takes 20 s, two polls at the docs' interval).
   */
  importRowsPerSecond?: number;
  /** Items a bulk delete or archive job handles per second of the emulator's clock. Default 1,000 (docs silent). */
  itemsPerSecond?: number;
  /**
   * Items `ingest_items` jobs may create or update per account in any hour. Default 19,000
   * (https://developer.monday.com/api-reference/docs/importing-items-in-bulk).
   */
  hourlyItemBudget?: number;
  /**
   * Most bytes of an import file. Default 150,000,000: the docs' "150 MB", read as the smaller of its two meanings so
   * a file the emulator takes is one the platform takes.
   */
  maxFileBytes?: number;
}

/** Every bulk setting, defaults filled in. */
export interface BulkSettings {
  importRowsPerSecond: number;
  itemsPerSecond: number;
  hourlyItemBudget: number;
  maxFileBytes: number;
  /** Most rows per job of each kind (the docs' limits table; not an option). */
  rowLimits: { readonly ingest: number; readonly backfill: number };
}

/** Rows per job: 10,000 for `ingest_items`, 20,000 for `backfill_items` (the importing-items-in-bulk page). */
export const IMPORT_ROW_LIMITS = { ingest: 10_000, backfill: 20_000 } as const;

/** The documented file limit, 150 MB. */
export const DEFAULT_MAX_FILE_BYTES = 150_000_000;

/** The documented hourly item budget of `ingest_items`. */
export const DEFAULT_HOURLY_ITEM_BUDGET = 19_000;

/** One hour: the budget's window, counted back from now (the docs say "per hour"; a sliding hour is the reading). */
export const BUDGET_WINDOW_MS = 3_600_000;

/** Fills in the defaults. @throws RangeError for a value that is not a positive number. */
export function resolveBulkSettings(options: BulkOptions = {}): BulkSettings {
  const positive = (value: number | undefined, fallback: number, name: string) => {
    if (value === undefined) return fallback;
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`bulk.${name} must be a positive number.`);
    return value;
  };
  return {
    importRowsPerSecond: positive(options.importRowsPerSecond, 500, 'importRowsPerSecond'),
    itemsPerSecond: positive(options.itemsPerSecond, 1_000, 'itemsPerSecond'),
    hourlyItemBudget: positive(options.hourlyItemBudget, DEFAULT_HOURLY_ITEM_BUDGET, 'hourlyItemBudget'),
    maxFileBytes: positive(options.maxFileBytes, DEFAULT_MAX_FILE_BYTES, 'maxFileBytes'),
    rowLimits: IMPORT_ROW_LIMITS,
  };
}
