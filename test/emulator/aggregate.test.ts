/**
 * `aggregate` (2026-01 on) over a real socket: counts and numeric summaries of a board's items, filtered like
 * `items_page`; grouping and the functions the emulator does not compute answer NOT_MODELLED by name.
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

  it('refuses grouping, other functions and non-number columns by name, and keeps other accounts out', async () => {
    const post = await seeded();
    const from = { type: 'TABLE', id: '3002' };
    const grouped = await post(AGGREGATE, { query: { from, group_by: [{ column_id: 'status' }], select: [COUNT] } });
    expect(codes(grouped)).toEqual(['NOT_MODELLED']);
    expect(grouped.errors?.[0]?.message).toContain('group_by');
    const column = await post(AGGREGATE, {
      query: { from, select: [{ type: 'COLUMN', as: 'status', column: { column_id: 'status' } }] },
    });
    expect(codes(column)).toEqual(['NOT_MODELLED']);
    const distinct = await post(AGGREGATE, { query: { from, select: [over('numbers', 'COUNT_DISTINCT')] } });
    expect(distinct.errors?.[0]?.message).toContain('COUNT_DISTINCT');
    const text = await post(AGGREGATE, { query: { from, select: [over('text', 'SUM')] } });
    expect(text.errors?.[0]?.message).toContain('text column');
    const missing = await post(AGGREGATE, { query: { from, select: [over('nope', 'SUM')] } });
    expect(codes(missing)).toEqual(['RESOURCE_NOT_FOUND']);
    const foreign = await post(AGGREGATE, { query: { from, select: [COUNT] } }, DEMO_OTHER_ACCOUNT_TOKEN);
    expect(codes(foreign)).toEqual(['RESOURCE_NOT_FOUND']);
  });
});
