/**
 * When the platform resets an account's daily call quota: midnight UTC (the rule map of ../errors/rate-limit-errors.ts).
 * A leaf of its own, so the error factory (which dates a `DailyLimitError` without a server wait) and
 * `dailyLimitStatus` share it without importing each other.
 */

const DAY_MS = 86_400_000;

/** The next midnight UTC after `nowMs`: when the platform resets the daily quota. */
export function nextMidnightUtc(nowMs: number): number {
  return (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS;
}
