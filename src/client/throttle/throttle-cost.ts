/**
 * Cost-aware throttling: what each document costs of the complexity budget, learned from what the server
 * reports (the exact `complexity.query` when a document asks for it, else the budget's `remaining` before and
 * after the request), so a request is held before sending when the budget left is below its expected cost.
 */

import type { RateLimitState } from '../types.js';
import { COST_POLICY } from './quota-rules.js';
import { atLeastZero, finite } from './throttle-window.js';

/** Documents remembered; the book starts over beyond this. */
const MAX_DOCUMENTS = 1000;

/** The budget left at one moment, and when its window resets (host clock, only compared with itself). */
export interface BudgetMark {
  remaining: number;
  resetAt: number;
}

/** The exact cost in `data.complexity.query` of a response, when the document asked for it. */
export function complexityCostOf(payload: unknown): number | undefined {
  // A JSON payload holds no functions, so reading through any primitive on the way gives undefined, never a cost.
  return atLeastZero((payload as { data?: { complexity?: { query?: unknown } } } | undefined)?.data?.complexity?.query);
}

/** The complexity budget a response reported, or undefined when it reported none. */
export function budgetMarkOf(state: RateLimitState | undefined, now: number): BudgetMark | undefined {
  const policy = state?.policies?.[COST_POLICY];
  const r = policy?.remaining;
  const t = policy?.resetSeconds;
  return finite(r) && finite(t) ? { remaining: r, resetAt: now + t * 1000 } : undefined;
}

/** Expected costs by document text. */
export class CostBook {
  /** Known costs, exact or estimated. */
  readonly #costs = new Map<string, number>();
  /** The documents whose cost is exact (a response reported it). */
  readonly #exact = new Set<string>();
  /** The latest budget any response reported. */
  latest: BudgetMark | undefined;
  /** The largest cost known for any document: the guess for a document not seen yet. */
  #largest = 0;

  /** The expected cost of `document`: known, else the largest known, else 0. */
  expected(document: string | undefined): number {
    return this.#costs.get(document as string) ?? this.#largest; // (`known`, without a call)
  }

  /** The cost of `document` when known exactly or estimated; undefined when not seen yet. */
  known(document: string | undefined): number | undefined {
    // (No cost is ever kept under undefined: `learn` keeps none for a call without its document.)
    return this.#costs.get(document as string);
  }

  /**
   * Learns from one answered request of `document`: the exact cost when the response carried it; else the
   * drop of the budget between the latest mark before sending and this response, when both lie in one window.
   * Other requests answered in between inflate a drop, so the smallest drop seen is kept.
   */
  learn(
    document: string | undefined,
    before: BudgetMark | undefined,
    after: BudgetMark | undefined,
    exact?: number,
  ): void {
    if (after) this.latest = after;
    if (document === undefined) return;
    const costs = this.#costs;
    if (costs.size > MAX_DOCUMENTS) {
      costs.clear();
      this.#exact.clear();
    }
    const previous = costs.get(document);
    let cost = exact;
    if (exact !== undefined) this.#exact.add(document);
    else if (before && after && Math.abs(after.resetAt - before.resetAt) < 1000 && !this.#exact.has(document)) {
      const drop = before.remaining - after.remaining;
      if (drop > 0) cost = Math.min(previous ?? drop, drop);
    }
    if (cost === undefined || cost === previous) return;
    costs.set(document, cost);
    if (cost > this.#largest) this.#largest = cost;
    else if (previous === this.#largest && cost < previous) this.#largest = Math.max(0, ...costs.values());
  }
}
