/** The typed items_page rules (src/columns/rules.ts) and itemsQuery. */
import { describe, expect, it } from 'vitest';
import { columnRule, itemsQuery, PlatformConfigError } from '../../src/index.js';

describe('columnRule', () => {
  it("builds each kind of rule in the platform's compare-value form", () => {
    expect(columnRule.status('status', { indexes: [1] })).toEqual({
      column_id: 'status',
      compare_value: [1],
      operator: 'any_of',
    });
    expect(columnRule.status('status', { label: 'Done' })).toEqual({
      column_id: 'status',
      compare_value: ['Done'],
      operator: 'contains_terms',
    });
    expect(columnRule.people('people', [4012689])).toMatchObject({ compare_value: ['person-4012689'] });
    expect(columnRule.people('people', 'assigned_to_me', { not: true })).toMatchObject({
      compare_value: ['assigned_to_me'],
      operator: 'not_any_of',
    });
    expect(columnRule.date('date4', 'OVERDUE')).toMatchObject({ compare_value: ['OVERDUE'], operator: 'any_of' });
    expect(columnRule.date('date4', { exact: '2026-11-24' }, 'greater_than')).toMatchObject({
      compare_value: ['EXACT', '2026-11-24'],
      operator: 'greater_than',
    });
    expect(columnRule.isEmpty('text')).toEqual({ column_id: 'text', compare_value: [], operator: 'is_empty' });
    expect(
      itemsQuery([columnRule.checkbox('done', true)], {
        operator: 'or',
        orderBy: [{ columnId: 'date4', direction: 'desc' }],
      }),
    ).toEqual({
      rules: [{ column_id: 'done', compare_value: [], operator: 'is_not_empty' }],
      operator: 'or',
      order_by: [{ column_id: 'date4', direction: 'desc' }],
    });
  });

  it('refuses bad input with a PlatformConfigError naming the column', () => {
    expect(() => columnRule.date('date4', 'SOMEDAY' as 'TODAY')).toThrow(/Rule on "date4": unknown date keyword/);
    expect(() => columnRule.date('date4', { exact: '2026-13-01' })).toThrow(PlatformConfigError);
    expect(() => columnRule.people('people', ['bob'])).toThrow(/not a user id/);
    expect(() => columnRule.numbers('n', 'greater_than', Number.NaN)).toThrow(/not a finite number/);
    expect(() => itemsQuery([])).toThrow(PlatformConfigError);
  });
});
