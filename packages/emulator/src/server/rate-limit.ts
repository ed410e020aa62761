/**
 * The rate limiter: per-account request quota per window (`minuteRate`), requests executing at once
 * (`concurrency`), complexity budget per window (`complexityMinute`) and a daily request quota. Rule map:
 * - `minuteRate` and `complexity`: fixed windows aligned to the emulator's start (or its last `reset()`);
 * - `daily`: a window of whole days (the default one day) is aligned to the epoch on the emulator's clock, so it
 *   resets at midnight UTC, as the platform's daily call limit does ("resets at midnight UTC",
 *   https://support.monday.com/hc/en-us/articles/26471164460690-API-Rate-Limits); a shorter window, a test's stand-in
 *   for the day, starts with the emulator like the others, so a test knows where it ends.
 *   Pinned by packages/emulator/test/rate-limit.test.ts ("until midnight UTC").
 */
import type { ComplexitySnapshot } from '../contract.js';
import type { ResolvedLimits } from './options.js';
import { FixedWindowCounter } from './windows.js';

/** Why a request was refused with 429. */
export type RateLimitReason = 'daily' | 'minuteRate' | 'concurrency' | 'complexity';

/** A refusal: which limit, and how many seconds until it frees up. */
export interface RateLimitRefusal {
  reason: RateLimitReason;
  retryAfterSeconds: number;
  /** For a complexity refusal: the budget left and the whole budget. */
  remaining?: number;
  quota?: number;
}

/** What the `RateLimit` header reports for one account at one moment. */
export interface RateLimitSnapshot {
  minuteRate: { remaining: number; resetSeconds: number };
  concurrency: { remaining: number };
  complexity: { remaining: number; resetSeconds: number };
}

interface AccountCounters {
  minuteRate: FixedWindowCounter;
  complexity: FixedWindowCounter;
  daily: FixedWindowCounter;
  inFlight: number;
}

const DAY_SECONDS = 86_400;

/** Where the daily windows start: the epoch (midnight UTC) for whole days, else the emulator's start. */
function dailyWindowsStart(windowSeconds: number, startMs: number): number {
  return windowSeconds % DAY_SECONDS === 0 ? 0 : startMs;
}

/** Per-account counters over fixed windows (see the rule map). */
export class RateLimiter {
  readonly #accounts = new Map<number, AccountCounters>();
  #startMs: number;

  constructor(
    readonly limits: ResolvedLimits,
    private readonly now: () => number,
  ) {
    this.#startMs = now();
  }

  /** Counts an arriving request against the daily and per-window quotas. */
  arrive(accountId: number): RateLimitRefusal | undefined {
    const now = this.now();
    const counters = this.#counters(accountId);
    if (counters.daily.add(now, 1) > this.limits.daily.quota) {
      return { reason: 'daily', retryAfterSeconds: counters.daily.secondsToReset(now) };
    }
    if (counters.minuteRate.add(now, 1) > this.limits.minuteRate.quota) {
      return { reason: 'minuteRate', retryAfterSeconds: counters.minuteRate.secondsToReset(now) };
    }
    return undefined;
  }

  /** Marks a request as executing, unless the account is already at its concurrency quota. */
  enter(accountId: number): RateLimitRefusal | undefined {
    const counters = this.#counters(accountId);
    if (counters.inFlight >= this.limits.concurrency.quota) return { reason: 'concurrency', retryAfterSeconds: 1 };
    counters.inFlight += 1;
    return undefined;
  }

  /** Marks an executing request as finished. */
  leave(accountId: number): void {
    const counters = this.#counters(accountId);
    counters.inFlight = Math.max(0, counters.inFlight - 1);
  }

  /** Spends `cost` from the complexity budget, or refuses when the remaining budget is smaller. */
  charge(accountId: number, cost: number): ComplexitySnapshot | RateLimitRefusal {
    const now = this.now();
    const counters = this.#counters(accountId);
    const before = Math.max(0, this.limits.complexity.quota - counters.complexity.used(now));
    const resetInSeconds = counters.complexity.secondsToReset(now);
    if (cost > before) {
      return {
        reason: 'complexity',
        retryAfterSeconds: resetInSeconds,
        remaining: before,
        quota: this.limits.complexity.quota,
      };
    }
    counters.complexity.add(now, cost);
    const daily = { quota: this.limits.daily.quota, used: counters.daily.used(now) };
    return { before, after: before - cost, query: cost, resetInSeconds, daily };
  }

  /** The account's current state, as the `RateLimit` header reports it. */
  snapshot(accountId: number): RateLimitSnapshot {
    const now = this.now();
    const counters = this.#counters(accountId);
    const { limits } = this;
    return {
      minuteRate: {
        remaining: Math.max(0, limits.minuteRate.quota - counters.minuteRate.used(now)),
        resetSeconds: counters.minuteRate.secondsToReset(now),
      },
      concurrency: { remaining: Math.max(0, limits.concurrency.quota - counters.inFlight) },
      complexity: {
        remaining: Math.max(0, limits.complexity.quota - counters.complexity.used(now)),
        resetSeconds: counters.complexity.secondsToReset(now),
      },
    };
  }

  /** Forgets every count and realigns the windows to now (a daily window of whole days stays on midnight UTC). */
  reset(): void {
    this.#accounts.clear();
    this.#startMs = this.now();
  }

  #counters(accountId: number): AccountCounters {
    let counters = this.#accounts.get(accountId);
    if (!counters) {
      const start = this.#startMs;
      counters = {
        minuteRate: new FixedWindowCounter(start, this.limits.minuteRate.windowSeconds),
        complexity: new FixedWindowCounter(start, this.limits.complexity.windowSeconds),
        daily: new FixedWindowCounter(
          dailyWindowsStart(this.limits.daily.windowSeconds, start),
          this.limits.daily.windowSeconds,
        ),
        inFlight: 0,
      };
      this.#accounts.set(accountId, counters);
    }
    return counters;
  }
}

/** True when `value` is a refusal rather than a complexity snapshot. */
export function isRefusal(value: ComplexitySnapshot | RateLimitRefusal): value is RateLimitRefusal {
  return 'reason' in value;
}
