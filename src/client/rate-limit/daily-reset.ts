/**
 * When the platform resets an account's daily call quota: midnight UTC (the rule map of ../errors/rate-limit-errors.ts).
 * A leaf of its own, so the error factory (which dates a `DailyLimitError` without a server wait) and
 * `dailyLimitStatus` share it without importing each other.
 */

/** The next midnight UTC after `nowMs`: when the platform resets the daily quota (a day is 86,400,000 ms). */
export function nextMidnightUtc(nowMs: number): number {
  return nowMs - (nowMs % 86_400_000) + 86_400_000;
}
