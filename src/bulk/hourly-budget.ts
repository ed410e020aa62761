/**
 * Pacing `ingest` jobs by the account's hourly item budget (19,000 items per account per hour,
 * https://developer.monday.com/api-reference/docs/importing-items-in-bulk): before a job of n rows starts, n are
 * reserved in a sliding hour; when they do not fit, the import waits until they do. The reservations are kept in the
 * given store when it has the optional `reserveUnits` capability (shared by every process using it), else in this
 * process, shared by every import of the same account and base URL. The docs do not say whether the budget's hour
 * slides or starts on the clock hour; a sliding hour never sends a job the other reading would refuse.
 */
import type { StoreReserveRequest, StoreReserveResult, ThrottleStore } from '../client/throttle/throttle-store.js';
import { sleepOnClock } from './sleep.js';

/** The budget's window: an hour. */
export const BUDGET_WINDOW_MS = 3_600_000;

/** Reservations of this process, by budget key: what a store without `reserveUnits` leaves to each process. */
const local = new Map<string, { at: number; units: number }[]>();

function reserveLocally(request: StoreReserveRequest, now: number): StoreReserveResult {
  const live = (local.get(request.key) ?? []).filter((entry) => entry.at > now - request.windowMs);
  let used = live.reduce((sum, entry) => sum + entry.units, 0);
  local.set(request.key, live);
  if (used + request.units <= request.quota) {
    live.push({ at: now, units: request.units });
    return { granted: true };
  }
  for (const entry of live) {
    used -= entry.units;
    if (used + request.units <= request.quota) return { granted: false, retryInMs: entry.at + request.windowMs - now };
  }
  return { granted: false, retryInMs: request.windowMs };
}

/** One account's hourly item budget, as an import paces against it. */
export class HourlyItemBudget {
  readonly #key: string;
  readonly #quota: number;
  readonly #store: ThrottleStore | undefined;
  readonly #now: () => number;
  readonly #stepMs: number;

  /** `stepMs`: how often (in real time) a wait looks at the clock again; the import's poll interval. */
  constructor(key: string, quota: number, store: ThrottleStore | undefined, now: () => number, stepMs: number) {
    this.#key = key;
    this.#quota = quota;
    this.#store = store?.reserveUnits ? store : undefined;
    this.#now = now;
    this.#stepMs = stepMs;
  }

  /**
   * Waits until `units` fit the budget and reserves them; `onWait` hears each wait before it starts.
   * @throws the signal's reason when `signal` aborts while waiting.
   */
  async reserve(units: number, signal: AbortSignal | undefined, onWait?: (waitMs: number) => void): Promise<void> {
    const request = {
      key: this.#key,
      units: Math.min(units, this.#quota),
      quota: this.#quota,
      windowMs: BUDGET_WINDOW_MS,
    };
    for (;;) {
      signal?.throwIfAborted();
      const answer = this.#store?.reserveUnits
        ? await this.#store.reserveUnits(request)
        : reserveLocally(request, this.#now());
      if (answer.granted) return;
      const wait = Math.max(1, Math.ceil(answer.retryInMs));
      onWait?.(wait);
      await sleepOnClock(this.#now, wait, this.#stepMs, signal);
    }
  }
}
