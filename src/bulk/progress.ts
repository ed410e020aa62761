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

/** Measures progress from a start on a clock, for `onProgress`. */
export class ProgressMeter {
  readonly #now: () => number;
  readonly #startedAt: number;
  readonly #startedDone: number;
  readonly #onProgress: ((progress: BulkProgress) => void) | undefined;

  /** `done` counts work done before this run (a resumed import's rows): it is not part of the rate. */
  constructor(now: () => number, onProgress: ((progress: BulkProgress) => void) | undefined, done = 0) {
    this.#now = now;
    this.#startedAt = now();
    this.#startedDone = done;
    this.#onProgress = onProgress;
  }

  /** Where things stand with `done` of `total`. */
  measure(done: number, total: number | undefined): BulkProgress {
    const seconds = (this.#now() - this.#startedAt) / 1000;
    const rate = seconds > 0 ? Math.max(0, done - this.#startedDone) / seconds : 0;
    const remainingMs =
      total === undefined || rate === 0 ? undefined : Math.max(0, Math.round(((total - done) / rate) * 1000));
    return { done, total, rate, remainingMs };
  }

  /** Hands `onProgress` where things stand (a throwing listener cannot stop the operation). */
  report(done: number, total: number | undefined): void {
    if (!this.#onProgress) return;
    try {
      this.#onProgress(this.measure(done, total));
    } catch {
      // A progress listener's failure is its own; the operation goes on.
    }
  }
}
