/** packages/codegen/src/column-narrowing.ts: __typename added only where column_values has ...Value fragments; unions narrowed. */
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { narrowColumnValues, withColumnTypenames } from '../src/column-narrowing.js';

const WITH = parse('query A { items { column_values { id type ... on StatusValue { label } } } }');
const WITHOUT = parse('query B { items { column_values { id type } } }');

describe('column_values narrowing', () => {
  it('adds __typename only to selections with ...Value fragments, and remembers whether the app selected it', () => {
    const { documents, operations } = withColumnTypenames([{ document: WITH }, { document: WITHOUT }]);
    expect(print(documents[0]?.document ?? WITH)).toContain('column_values {\n      __typename\n');
    expect(print(documents[1]?.document ?? WITHOUT)).toBe(print(WITHOUT));
    expect([...operations]).toEqual([['A', { keepTypename: false }]]);
    const selected = withColumnTypenames([
      { document: parse('query C { items { column_values { __typename ... on DateValue { date } } } }') },
    ]);
    expect(selected.operations.get('C')).toEqual({ keepTypename: true });
  });

  it('gives each member its kinds, merges the rest, and drops __typename the app did not select', () => {
    const printed = [
      'export type AQuery = { items: Array<{ column_values: Array<',
      "      | { __typename: 'StatusValue', label: string | null, id: string, type: ColumnType }",
      "      | { __typename: 'TextValue', id: string, type: ColumnType }",
      "      | { __typename: 'UnsupportedValue', id: string, type: ColumnType }",
      '    > }> };',
      "export type BQuery = { x: Array<\n      | { __typename: 'TextValue', id: string, type: ColumnType }\n    > };",
    ].join('\n');
    const narrowed = narrowColumnValues(printed, new Map([['A', { keepTypename: false }]]));
    expect(narrowed).toContain("      | { label: string | null, id: string, type: 'status' }\n");
    expect(narrowed).toContain("      | { id: string, type: Exclude<ColumnType, 'status'> }\n");
    expect(narrowed).toContain(
      "export type BQuery = { x: Array<\n      | { __typename: 'TextValue', id: string, type: ColumnType }",
    );
    const battery = printed.replace(
      "      | { __typename: 'TextValue', id: string, type: ColumnType }",
      "      | { __typename: 'TextValue', id: string, type: ColumnType }\n      | { __typename: 'BatteryValue', id: string, type: ColumnType }",
    );
    // A status roll-up without fields of its own joins the rest, so `type === 'status'` still narrows to StatusValue.
    expect(narrowColumnValues(battery, new Map([['A', { keepTypename: false }]]))).toContain(
      "      | { id: string, type: Exclude<ColumnType, 'status'> }\n",
    );
    const kept = narrowColumnValues(printed, new Map([['A', { keepTypename: true }]]));
    expect(kept).toContain(
      "| { __typename: 'TextValue' | 'UnsupportedValue', id: string, type: Exclude<ColumnType, 'status'> }",
    );
  });
});
