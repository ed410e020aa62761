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
  /**
   * The current time in milliseconds since the epoch. A plain function, so it can be handed over as it is: give it
   * to the SDK's webhook handler as `createWebhookHandler({ ..., now: emulator.clock.now })`, since the emulator
   * signs its webhook deliveries by this clock (a handler on the real clock refuses those made after
   * `advance('1m')` as `not-yet-valid`).
   */
  now(): number;
  /**
   * Moves the time forward by `duration` (`'61m'`, `'30s'`, or milliseconds). Webhook retries falling due on the way
   * are made at their own times; the promise resolves once they are answered and the bulk jobs have done the work
   * due by the new time (rows imported, items deleted).
   * @throws RangeError (as a rejection) for a negative or unreadable duration, or one that would take the clock out
   * of the range of dates (beyond ±8.64e15 ms, the range `Date` holds); the clock does not move.
   */
  advance(duration: Duration): Promise<void>;
  /**
   * Sets the time (forward or back).
   * @throws RangeError for a time that is not finite or out of the range of dates.
   */
  set(time: Date | number): void;
}

/** The largest distance from the epoch a `Date` holds, in milliseconds (ECMAScript's time value range). */
const MAX_DATE_MS = 8.64e15;

/** Creates a clock at `start` (default: the real time now). */
export function createTestClock(
  start: Date | number = Date.now(),
): TestClock & { listen(listener: ClockListener): void } {
  const toMs = (time: Date | number) => {
    const ms = time instanceof Date ? time.getTime() : time;
    if (!Number.isFinite(ms)) throw new RangeError(`The clock needs a finite time; got ${String(time)}.`);
    if (Math.abs(ms) > MAX_DATE_MS) {
      throw new RangeError(`The clock needs a time within the range of dates (±${MAX_DATE_MS} ms); got ${ms}.`);
    }
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
      let target: number;
      try {
        target = current + durationMs(duration);
        if (target > MAX_DATE_MS) {
          throw new RangeError(
            `Advancing the clock by ${String(duration).slice(0, 40)} would take it out of the range of dates (up to ${new Date(MAX_DATE_MS).toISOString()}).`,
          );
        }
      } catch (error) {
        return Promise.reject(error);
      }
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
