/**
 * The one way every bulk operation measures its progress: a meter counts what is done and hands `onProgress` a
 * {@link BulkProgress} (done of total, rate since the start, time left at that rate). A hook that throws is ignored,
 * as the client's hooks are: a progress display never stops a job.
 */
import type { BulkProgress } from './progress.js';

/** Counts a bulk operation's work and reports it. */
export interface ProgressMeter {
  /** Work done so far. */
  readonly done: number;
  /** Adds `count` to what is done and reports. */
  add(count: number): void;
  /** Sets the total once it is known (or learned later) and reports. */
  setTotal(total: number | undefined): void;
  /** The progress now, without reporting it. */
  snapshot(): BulkProgress;
}

/**
 * A meter starting at `done` (work already done before a restart, which the rate does not count) of `total`.
 * @param onProgress - Called after each change; what it throws is ignored.
 * @param now - The clock, in milliseconds.
 */
export function createProgressMeter(
  onProgress: ((progress: BulkProgress) => void) | undefined,
  total: number | undefined,
  done = 0,
  now: () => number = Date.now,
): ProgressMeter {
  const started = now();
  const startDone = done;
  let current = done;
  let all = total;
  const snapshot = (): BulkProgress => {
    const seconds = (now() - started) / 1000;
    const rate = seconds > 0 ? (current - startDone) / seconds : 0;
    const left = all === undefined ? undefined : Math.max(0, all - current);
    return {
      done: current,
      total: all,
      rate,
      remainingMs: left === undefined ? undefined : left === 0 ? 0 : rate > 0 ? (left / rate) * 1000 : undefined,
    };
  };
  const report = (): void => {
    if (!onProgress) return;
    try {
      onProgress(snapshot());
    } catch {
      // A progress display that fails must not fail the job.
    }
  };
  return {
    get done() {
      return current;
    },
    add(count) {
      current += count;
      report();
    },
    setTotal(value) {
      all = value;
      report();
    },
    snapshot,
  };
}
