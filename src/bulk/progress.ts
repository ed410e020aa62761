/**
 * Progress of a bulk operation, as `onProgress` hands it out: how much is done of how much, the rate measured so
 * far, and the time left at that rate.
 */

/** Where a bulk operation stands. */
export interface BulkProgress {
  /** Rows (or items) done: applied, skipped or failed. */
  done: number;
  /** Rows (or items) in all; undefined while rows still come from an iterable not yet read to its end. */
  total: number | undefined;
  /** Rows (or items) done per second since the operation started (0 before any is done). */
  rate: number;
  /** Milliseconds left at that rate; undefined while the total or the rate is unknown. */
  remainingMs: number | undefined;
}
