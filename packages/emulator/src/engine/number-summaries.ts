/**
 * Summaries of a list of numbers, shared by the parent values calculated from subitems
 * (column-kinds/calculated.ts) and `aggregate` (resolvers/aggregate.ts).
 *
 * Rule map:
 * - `SUM` adds them (0 for none); `MIN`, `MAX`, `AVERAGE` and `MEDIAN` answer null for none: {@link summariseNumbers}
 * - any count of values, a board's worth included: the extremes are found by a loop, since spreading a list into
 *   `Math.min` throws a RangeError past roughly 100,000 arguments (packages/emulator/test/engine/number-summaries.test.ts)
 */

/** The summaries {@link summariseNumbers} computes. */
export type NumberSummary = 'SUM' | 'MIN' | 'MAX' | 'AVERAGE' | 'MEDIAN';

/** True when `name` is one of the {@link NumberSummary} functions. */
export function isNumberSummary(name: string): name is NumberSummary {
  return name === 'SUM' || name === 'MIN' || name === 'MAX' || name === 'AVERAGE' || name === 'MEDIAN';
}

function total(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0);
}

/** The value `keeps` prefers over every other, in one pass (rule 2); null for none. */
function extreme(values: readonly number[], keeps: (candidate: number, kept: number) => boolean): number | null {
  let kept: number | null = null;
  for (const value of values) if (kept === null || keeps(value, kept)) kept = value;
  return kept;
}

const isSmaller = (candidate: number, kept: number) => candidate < kept;
const isLarger = (candidate: number, kept: number) => candidate > kept;

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** `summary` of `values` (finite numbers): a SUM of none is 0, the other summaries of none null. */
export function summariseNumbers(summary: NumberSummary, values: readonly number[]): number | null {
  switch (summary) {
    case 'SUM':
      return total(values);
    case 'MIN':
      return extreme(values, isSmaller);
    case 'MAX':
      return extreme(values, isLarger);
    case 'AVERAGE':
      return values.length === 0 ? null : total(values) / values.length;
    case 'MEDIAN':
      return median(values);
  }
}
