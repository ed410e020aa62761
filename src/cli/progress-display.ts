/**
 * How the command shows a job's progress on its standard error: on a terminal, one bar redrawn in place (at most ten
 * times a second); anywhere else (a file, a pipe, CI logs), a plain line at most every few seconds, and always the
 * last one. Nothing here ever prints more than counts and times.
 */
import type { BulkProgress } from '../bulk/index.js';

/** Where the display writes, and whether it is a terminal. */
export interface DisplayTarget {
  write(text: string): void;
  isTTY: boolean;
  /** The terminal's width in columns, when known. */
  columns?: number;
}

/** Shows a job's progress; `finish` leaves the last state, with the overall rate, on its own line. */
export interface ProgressDisplay {
  update(progress: BulkProgress): void;
  /** Takes a terminal's bar off its line before data goes to standard output (the next update draws it again). */
  clear(): void;
  finish(): void;
}

const BAR_INTERVAL_MS = 100;
const LINE_INTERVAL_MS = 5_000;

/** `1,234` */
const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** `1:05:09`, `6:09` or `9 s` */
export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** The words of one progress state: `12,000 of 20,005 items, 1,523/s, 5 s left`. */
export function describeProgress(progress: BulkProgress, unit: string): string {
  const done =
    progress.total === undefined ? count(progress.done) : `${count(progress.done)} of ${count(progress.total)}`;
  const parts = [`${done} ${unit}`];
  if (progress.rate > 0) parts.push(`${count(progress.rate)}/s`);
  if (progress.remainingMs !== undefined && progress.remainingMs > 0)
    parts.push(`${duration(progress.remainingMs)} left`);
  return parts.join(', ');
}

/** A display for a job named `label` counting `unit`s (`export`, `items`). */
export function createProgressDisplay(
  target: DisplayTarget,
  label: string,
  unit: string,
  now: () => number = Date.now,
): ProgressDisplay {
  let last: BulkProgress | undefined;
  let lastShown: BulkProgress | undefined;
  let shownAt = Number.NEGATIVE_INFINITY;
  let barDrawn = false;
  // The first state and when each state came: the last line shows the overall rate between them, as a job's last
  // instant rate may be 0 (an import's last poll) or say little of the whole run.
  let first: { done: number; at: number } | undefined;
  let lastAt = 0;
  const bar = (progress: BulkProgress): string => {
    const words = `${label}: ${describeProgress(progress, unit)}`;
    if (progress.total === undefined || progress.total === 0) return words;
    const share = Math.min(1, progress.done / progress.total);
    const width = Math.max(10, Math.min(30, (target.columns ?? 80) - words.length - 10));
    const filled = Math.round(share * width);
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%  ${describeProgress(progress, unit)}`;
  };
  const show = (progress: BulkProgress): void => {
    if (target.isTTY) {
      target.write(`\r${bar(progress)}\x1b[K`);
      barDrawn = true;
    } else target.write(`${label}: ${describeProgress(progress, unit)}\n`);
    lastShown = progress;
    shownAt = now();
  };
  return {
    update(progress) {
      last = progress;
      lastAt = now();
      first ??= { done: progress.done, at: lastAt };
      if (lastAt - shownAt >= (target.isTTY ? BAR_INTERVAL_MS : LINE_INTERVAL_MS)) show(progress);
    },
    clear() {
      if (!barDrawn) return;
      target.write('\r\x1b[K');
      barDrawn = false;
      shownAt = Number.NEGATIVE_INFINITY;
    },
    finish() {
      if (last && first) {
        const seconds = (lastAt - first.at) / 1000;
        const overall = seconds > 0 ? (last.done - first.done) / seconds : last.rate;
        show({ ...last, rate: overall, remainingMs: undefined });
      }
      if (target.isTTY && lastShown) target.write('\n');
    },
  };
}
