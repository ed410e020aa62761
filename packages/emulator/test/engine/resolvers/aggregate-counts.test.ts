/**
 * `aggregate(select:)` without `group_by`, the counting functions: COUNT and COUNT_DISTINCT over a column of any
 * kind, and COUNT_SUBITEMS, as the published schema describes them (src/engine/resolvers/aggregate.ts, rule 3); and
 * a selected column without grouping (rule 4).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { dataField, errorCodes, run } from '../../engine-helpers.js';

const AGGREGATE = `query ($query: AggregateQueryInput!) { aggregate(query: $query) { results { entries { alias value {
  ... on AggregateBasicAggregationResult { result } } } } } }`;

const fn = (name: string, column?: string) => ({
  type: 'FUNCTION',
  as: column ? `${name}_${column}` : name,
  function: { function: name, params: column ? [{ type: 'COLUMN', as: column, column: { column_id: column } }] : [] },
});

async function aggregate(boardId: string, select: unknown[], query?: unknown) {
  const body = await run(createEngine(), AGGREGATE, {
    version: '2026-10',
    variables: { query: { from: { type: 'TABLE', id: boardId }, select, ...(query ? { query } : {}) } },
  });
  return body;
}

function results(body: Awaited<ReturnType<typeof aggregate>>): Record<string, unknown> {
  const data = dataField<{ results: { entries: { alias: string; value: { result: unknown } }[] }[] }>(
    body,
    'aggregate',
  );
  return Object.fromEntries((data.results[0]?.entries ?? []).map((entry) => [entry.alias, entry.value.result]));
}

describe('aggregate counts', () => {
  it('counts the values and the distinct values of a column, skipping empty cells', async () => {
    // Roadmap 3001: statuses Working on it, Done, Stuck and two empty; texts on two items; numbers 8 and 13.
    const body = await aggregate('3001', [
      fn('COUNT', 'status'),
      fn('COUNT_DISTINCT', 'status'),
      fn('COUNT', 'text'),
      fn('COUNT_DISTINCT', 'numbers'),
      fn('COUNT_ITEMS'),
    ]);
    expect(results(body)).toEqual({
      COUNT_status: 3,
      COUNT_DISTINCT_status: 3,
      COUNT_text: 2,
      COUNT_DISTINCT_numbers: 2,
      COUNT_ITEMS: 5,
    });
  });

  it('counts the subitems of the items the query keeps', async () => {
    const engine = createEngine();
    const board = engine.store.boards.find('3004');
    const parents = engine.store.items.active('3004');
    const expected = parents.reduce((sum, item) => sum + engine.store.items.subitemsOf(item).length, 0);
    expect(expected).toBeGreaterThan(0);
    expect(board?.subitemsBoardId).toBeTruthy();
    expect(results(await aggregate('3004', [fn('COUNT_SUBITEMS')]))).toEqual({ COUNT_SUBITEMS: expected });
  });

  it('answers a COLUMN element without group_by as an ungrouped (null) group value, and needs its column', async () => {
    const ask = (version: string, fields: string, select: unknown[]) =>
      run(
        createEngine(),
        `query ($query: AggregateQueryInput!) { aggregate(query: $query) { results { entries { alias
        value { ... on AggregateGroupByResult { ${fields} } ... on AggregateBasicAggregationResult { result } } } } } }`,
        {
          version,
          variables: { query: { from: { type: 'TABLE', id: '3001' }, select } },
        },
      );
    const select = [{ type: 'COLUMN', as: 'status', column: { column_id: 'status' } }, fn('COUNT_ITEMS')];
    expect(dataField(await ask('2026-10', 'value', select), 'aggregate')).toEqual({
      results: [
        {
          entries: [
            { alias: 'COUNT_ITEMS', value: { result: 5 } },
            { alias: 'status', value: { value: null } },
          ],
        },
      ],
    });
    const typed = 'value_boolean value_float value_int value_string';
    const nulls = { value_boolean: null, value_float: null, value_int: null, value_string: null };
    expect(dataField(await ask('2026-01', typed, select), 'aggregate')).toEqual({
      results: [
        {
          entries: [
            { alias: 'COUNT_ITEMS', value: { result: 5 } },
            { alias: 'status', value: nulls },
          ],
        },
      ],
    });
    expect(errorCodes(await ask('2026-10', 'value', [{ type: 'COLUMN', as: 'status' }]))).toEqual(['INVALID_ARGUMENT']);
    const missing = [{ type: 'COLUMN', as: 's', column: { column_id: 'nope' } }];
    expect(errorCodes(await ask('2026-10', 'value', missing))).toEqual(['RESOURCE_NOT_FOUND']);
  });

  it('refuses COUNT without its column, or COUNT_SUBITEMS over another column', async () => {
    expect(errorCodes(await aggregate('3001', [fn('COUNT')]))).toEqual(['INVALID_ARGUMENT']);
    expect(errorCodes(await aggregate('3001', [fn('COUNT_SUBITEMS', 'status')]))).toEqual(['INVALID_ARGUMENT']);
    expect(errorCodes(await aggregate('3001', [fn('COUNT', 'nope')]))).toEqual(['RESOURCE_NOT_FOUND']);
  });
});
