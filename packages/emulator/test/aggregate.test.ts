/**
 * `aggregate` (2026-01 on) over a real socket: counts and numeric summaries of a board's items, filtered like
 * `items_page`, and a selected column without grouping; grouping and the functions the emulator does not compute
 * answer NOT_MODELLED by name.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  askGraphQL,
  closeTestEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_TOKEN,
  type GraphQLBody,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

type Body = GraphQLBody;

async function serve(version = '2026-10') {
  const emulator = await startTestEmulator();
  return async (query: string, variables: Record<string, unknown> = {}, token = DEMO_TOKEN) => {
    return askGraphQL(emulator, version, query, variables, token);
  };
}

const codes = (body: Body) => body.errors?.map((error) => error.extensions?.code);

const AGGREGATE = `query ($query: AggregateQueryInput!) { aggregate(query: $query) { results { entries { alias value {
  __typename ... on AggregateBasicAggregationResult { result } } } } } }`;
const AGGREGATE_WITH_GROUPS = `query ($query: AggregateQueryInput!) { aggregate(query: $query) { results { entries {
  alias value { __typename ... on AggregateBasicAggregationResult { result } ... on AggregateGroupByResult { value } } } } } }`;
const SET = `mutation ($item: ID!, $values: JSON!) {
  change_multiple_column_values(board_id: 3002, item_id: $item, column_values: $values) { id } }`;

const over = (column: string, name: string) => ({
  type: 'FUNCTION',
  as: name.toLowerCase(),
  function: { function: name, params: [{ type: 'COLUMN', as: column, column: { column_id: column } }] },
});
const COUNT = { type: 'FUNCTION', as: 'count', function: { function: 'COUNT_ITEMS' } };

/** The bug tracker (board 3002) with estimates 3 and 5 and one item without one. */
async function seeded(version?: string) {
  const post = await serve(version);
  expect((await post(SET, { item: '4000006', values: '{"numbers":"3"}' })).errors).toBeUndefined();
  expect((await post(SET, { item: '4000007', values: '{"numbers":"5"}' })).errors).toBeUndefined();
  const made = await post('mutation { create_item(board_id: 3002, item_name: "No estimate") { id } }');
  expect(made.errors).toBeUndefined();
  return post;
}

function entries(body: Body): Record<string, unknown> {
  expect(body.errors).toBeUndefined();
  const result = body.data?.aggregate as { results: { entries: { alias: string; value: { result?: unknown } }[] }[] };
  expect(result.results).toHaveLength(1);
  return Object.fromEntries((result.results[0]?.entries ?? []).map((entry) => [entry.alias, entry.value.result]));
}

describe('aggregate', () => {
  it('counts the items and sums, averages, takes the median, min and max of a numbers column, skipping empties', async () => {
    const post = await seeded();
    const select = [COUNT, ...['SUM', 'AVERAGE', 'MEDIAN', 'MIN', 'MAX'].map((name) => over('numbers', name))];
    const body = await post(AGGREGATE, { query: { from: { type: 'TABLE', id: '3002' }, select } });
    expect(entries(body)).toEqual({ count: 3, sum: 8, average: 4, median: 4, min: 3, max: 5 });
    const answer = body.data?.aggregate as { results: { entries: { value: { __typename: string } }[] }[] } | undefined;
    expect(answer?.results[0]?.entries[0]?.value.__typename).toBe('AggregateBasicAggregationResult');
  });

  it('applies the items query first, and answers 0 for a sum of nothing and null for the other summaries', async () => {
    const post = await seeded('2026-01');
    const only = await post(AGGREGATE, {
      query: {
        from: { type: 'TABLE', id: '3002' },
        query: { ids: ['4000006'] },
        select: [COUNT, over('numbers', 'SUM')],
      },
    });
    expect(entries(only)).toEqual({ count: 1, sum: 3 });
    const none = await post(AGGREGATE, {
      query: {
        from: { type: 'TABLE', id: '3002' },
        query: { rules: [{ column_id: 'name', compare_value: 'No estimate', operator: 'contains_text' }] },
        select: [COUNT, over('numbers', 'SUM'), over('numbers', 'AVERAGE')],
      },
    });
    expect(entries(none)).toEqual({ count: 1, sum: 0, average: null });
  });

  it('summarises a board of a few hundred items, negatives and fractions among them, to the right figures', async () => {
    const post = await serve();
    const estimates = Array.from({ length: 240 }, (_, index) => ((index * 37) % 240) - 120 + (index % 4) / 4);
    for (let start = 0; start < estimates.length; start += 60) {
      const creates = estimates.slice(start, start + 60).map((estimate, offset) => {
        const values = JSON.stringify(JSON.stringify({ numbers: String(estimate) }));
        return `i${start + offset}: create_item(board_id: 3002, item_name: "Estimate ${start + offset}", column_values: ${values}) { id }`;
      });
      expect((await post(`mutation { ${creates.join(' ')} }`)).errors).toBeUndefined();
    }
    const select = [COUNT, ...['SUM', 'MIN', 'MAX', 'MEDIAN'].map((name) => over('numbers', name))];
    const query = { rules: [{ column_id: 'name', compare_value: 'Estimate', operator: 'contains_text' }] };
    const body = await post(AGGREGATE, { query: { from: { type: 'TABLE', id: '3002' }, query, select } });
    const sorted = [...estimates].sort((a, b) => a - b);
    expect(entries(body)).toEqual({
      count: 240,
      sum: estimates.reduce((sum, value) => sum + value, 0),
      min: sorted[0],
      max: sorted[239],
      median: ((sorted[119] ?? 0) + (sorted[120] ?? 0)) / 2,
    });
    expect(sorted[0]).toBeLessThan(0);
  });

  it('answers a selected column without group_by in the one result set, null as its group value, entries by alias', async () => {
    // https://developer.monday.com/api-reference/docs/aggregation-api-guide: one result set without grouping, and
    // entries in alphabetical order of alias; the value of an ungrouped column is not documented (null here).
    const post = await seeded();
    const select = [over('numbers', 'SUM'), { type: 'COLUMN', as: 'status', column: { column_id: 'status' } }, COUNT];
    const body = await post(AGGREGATE_WITH_GROUPS, { query: { from: { type: 'TABLE', id: '3002' }, select } });
    expect(body.errors).toBeUndefined();
    expect(body.data?.aggregate).toEqual({
      results: [
        {
          entries: [
            { alias: 'count', value: { __typename: 'AggregateBasicAggregationResult', result: 3 } },
            { alias: 'status', value: { __typename: 'AggregateGroupByResult', value: null } },
            { alias: 'sum', value: { __typename: 'AggregateBasicAggregationResult', result: 8 } },
          ],
        },
      ],
    });
    const missing = await post(AGGREGATE, {
      query: {
        from: { type: 'TABLE', id: '3002' },
        select: [{ type: 'COLUMN', as: 'x', column: { column_id: 'nope' } }],
      },
    });
    expect(codes(missing)).toEqual(['RESOURCE_NOT_FOUND']);
  });

  it('refuses grouping, other functions and non-number columns by name, and keeps other accounts out', async () => {
    const post = await seeded();
    const from = { type: 'TABLE', id: '3002' };
    const grouped = await post(AGGREGATE, { query: { from, group_by: [{ column_id: 'status' }], select: [COUNT] } });
    expect(codes(grouped)).toEqual(['NOT_MODELLED']);
    expect(grouped.errors?.[0]?.message).toContain('group_by');
    const keys = await post(AGGREGATE, { query: { from, select: [over('numbers', 'COUNT_KEYS')] } });
    expect(keys.errors?.[0]?.message).toContain('COUNT_KEYS');
    const text = await post(AGGREGATE, { query: { from, select: [over('text', 'SUM')] } });
    expect(text.errors?.[0]?.message).toContain('text column');
    const missing = await post(AGGREGATE, { query: { from, select: [over('nope', 'SUM')] } });
    expect(codes(missing)).toEqual(['RESOURCE_NOT_FOUND']);
    const foreign = await post(AGGREGATE, { query: { from, select: [COUNT] } }, DEMO_OTHER_ACCOUNT_TOKEN);
    expect(codes(foreign)).toEqual(['RESOURCE_NOT_FOUND']);
  });
});
