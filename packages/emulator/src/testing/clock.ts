/**
 * The test emulator's clock: it stands still until a test moves it, and everything timed by the emulator reads it
 * (rate-limit windows and the daily quota, the idempotency cache, authorization codes and consent pages, cursor
 * expiry, record timestamps, webhook retries).
 */
import { type Duration, durationMs } from './duration.js';

/** What the clock drives besides time itself: the webhook retries due in between, and the bulk jobs' work. */
export interface ClockListener {
  /** The soonest time something is due, or null. */
  nextDueAt(): number | null;
  /** Runs what is due now; resolves when it is done. */
  deliverDue(): Promise<void>;
}

/** A clock a test controls. */
export interface TestClock {
  /** The current time in milliseconds since the epoch. */
  now(): number;
  /**
   * Moves the time forward by `duration` (`'61m'`, `'30s'`, or milliseconds). Webhook retries falling due on the way
   * are made at their own times; the promise resolves once they are answered and the bulk jobs have done the work
   * due by the new time (rows imported, items deleted).
   * @throws RangeError for a negative or unreadable duration.
   */
  advance(duration: Duration): Promise<void>;
  /**
   * Sets the time (forward or back).
   * @throws RangeError for a non-finite time.
   */
  set(time: Date | number): void;
}

/** Creates a clock at `start` (default: the real time now). */
export function createTestClock(
  start: Date | number = Date.now(),
): TestClock & { listen(listener: ClockListener): void } {
  const toMs = (time: Date | number) => {
    const ms = time instanceof Date ? time.getTime() : time;
    if (!Number.isFinite(ms)) throw new RangeError(`The clock needs a finite time; got ${String(time)}.`);
    return ms;
  };
  let current = toMs(start);
  let listener: ClockListener | undefined;
  return {
    now: () => current,
    set(time) {
      current = toMs(time);
    },
    listen(next) {
      listener = next;
    },
    advance(duration) {
      const target = current + durationMs(duration);
      const due = listener?.nextDueAt() ?? null;
      if (!listener || due === null || due > target) {
        current = target;
        return listener ? listener.deliverDue() : Promise.resolve();
      }
      const driven = listener;
      return (async () => {
        for (let at = driven.nextDueAt(); at !== null && at <= target; at = driven.nextDueAt()) {
          current = Math.max(current, at);
          await driven.deliverDue();
        }
        current = target;
      })();
    },
  };
}
