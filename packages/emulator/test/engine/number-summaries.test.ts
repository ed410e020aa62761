/**
 * The number summaries behind calculated parent values and `aggregate`: right on small lists, and answering (not
 * throwing a RangeError) on a list as long as a large board, where spreading into `Math.min` fails.
 */
import { describe, expect, it } from 'vitest';
import { isNumberSummary, summariseNumbers } from '../../src/engine/number-summaries.js';

describe('summariseNumbers', () => {
  it('sums, takes the extremes, the average and the median, with 0 for a sum of none and null for the others', () => {
    const values = [3, -7.5, 12, 0, 4];
    expect(summariseNumbers('SUM', values)).toBe(11.5);
    expect(summariseNumbers('MIN', values)).toBe(-7.5);
    expect(summariseNumbers('MAX', values)).toBe(12);
    expect(summariseNumbers('AVERAGE', values)).toBe(2.3);
    expect(summariseNumbers('MEDIAN', values)).toBe(3);
    expect(summariseNumbers('MEDIAN', [1, 4, 2, 10])).toBe(3);
    expect(summariseNumbers('SUM', [])).toBe(0);
    for (const summary of ['MIN', 'MAX', 'AVERAGE', 'MEDIAN'] as const)
      expect(summariseNumbers(summary, [])).toBeNull();
  });

  it('answers the extremes of 200,000 values', () => {
    const values = Array.from({ length: 200_000 }, (_, index) => ((index * 7919) % 200_000) - 100_000);
    expect(summariseNumbers('MIN', values)).toBe(-100_000);
    expect(summariseNumbers('MAX', values)).toBe(99_999);
    expect(summariseNumbers('SUM', values)).toBe(-100_000);
    expect(summariseNumbers('MEDIAN', values)).toBe(-0.5);
  });

  it('names its functions', () => {
    expect(['SUM', 'MIN', 'MAX', 'AVERAGE', 'MEDIAN'].every(isNumberSummary)).toBe(true);
    expect(isNumberSummary('MIN_MAX')).toBe(false);
    expect(isNumberSummary('COUNT_ITEMS')).toBe(false);
  });
});
