/**
 * items_page(query_params:) and next_items_page in the engine: every modelled rule operator on names, texts,
 * numbers, status label indexes and dates; and/or and nested groups; order_by with direction; cursors that
 * carry the query, refuse to be combined with query_params, and expire.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import { dataField, errorCodes, run } from '../engine-helpers.js';

const PAGE = /* GraphQL */ `
  query Page($q: ItemsQuery, $cursor: String, $limit: Int!) {
    boards(ids: ["3001"]) { items_page(limit: $limit, query_params: $q, cursor: $cursor) { cursor items { name } } }
  }
`;
const NEXT = /* GraphQL */ `
  query Next($cursor: String!, $limit: Int!) { next_items_page(cursor: $cursor, limit: $limit) { cursor items { name } } }
`;

interface ItemsPage {
  cursor: string | null;
  items: { name: string }[];
}

async function page(engine: Engine, variables: Record<string, unknown>): Promise<ItemsPage> {
  const body = await run(engine, PAGE, { variables: { limit: 50, ...variables } });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return (dataField<{ items_page: ItemsPage }[]>(body, 'boards')[0] as { items_page: ItemsPage }).items_page;
}

async function names(query: Record<string, unknown>): Promise<string[]> {
  return (await page(createEngine(), { q: query })).items.map((item) => item.name);
}

const rule = (column_id: string, operator: string, compare_value: unknown) => ({ column_id, operator, compare_value });

describe('items_page(query_params)', () => {
  it.each([
    ['any_of on status label indexes', [rule('status', 'any_of', [1, 2])], ['Pricing page', 'Mobile app']],
    [
      'not_any_of on status',
      [rule('status', 'not_any_of', [0])],
      ['Pricing page', 'Mobile app', 'Offline mode', 'Dark theme'],
    ],
    ['is_empty on text', [rule('text', 'is_empty', [])], ['Public launch', 'Mobile app', 'Dark theme']],
    ['is_not_empty on numbers', [rule('numbers', 'is_not_empty', [])], ['Public launch', 'Mobile app']],
    ['greater_than on numbers', [rule('numbers', 'greater_than', [8])], ['Mobile app']],
    [
      'greater_than_or_equals on numbers',
      [rule('numbers', 'greater_than_or_equals', 8)],
      ['Public launch', 'Mobile app'],
    ],
    ['lower_than on numbers', [rule('numbers', 'lower_than', [13])], ['Public launch']],
    ['lower_than_or_equal on numbers', [rule('numbers', 'lower_than_or_equal', [13])], ['Public launch', 'Mobile app']],
    ['between on numbers', [rule('numbers', 'between', [9, 13])], ['Mobile app']],
    ['between on dates', [rule('date4', 'between', ['2024-10-01', '2024-11-30'])], ['Public launch']],
    [
      'greater_than on dates, the EXACT form',
      [rule('date4', 'greater_than', ['EXACT', '2024-10-31'])],
      ['Public launch'],
    ],
    ['contains_text on text, any case', [rule('text', 'contains_text', 'BETA')], ['Pricing page']],
    ['not_contains_text on name', [rule('name', 'not_contains_text', 'a')], ['Offline mode']],
    ['starts_with on name', [rule('name', 'starts_with', 'p')], ['Public launch', 'Pricing page']],
    ['ends_with on name', [rule('name', 'ends_with', 'theme')], ['Dark theme']],
  ])('%s', async (_label, rules, expected) => {
    expect(await names({ rules })).toEqual(expected);
  });

  it('joins rules with and (the default) or with or, and nests groups', async () => {
    const rules = [rule('name', 'starts_with', 'p'), rule('status', 'any_of', [1])];
    expect(await names({ rules })).toEqual(['Pricing page']);
    expect(await names({ rules, operator: 'or' })).toEqual(['Public launch', 'Pricing page']);
    const groups = [
      { rules: [rule('name', 'any_of', ['Dark theme']), rule('name', 'any_of', ['Offline mode'])], operator: 'or' },
    ];
    expect(await names({ rules: [rule('text', 'is_empty', [])], groups })).toEqual(['Dark theme']);
  });

  it('orders by columns in either direction, empty values last', async () => {
    expect(
      await names({
        order_by: [{ column_id: 'numbers', direction: 'desc' }],
        rules: [rule('numbers', 'is_not_empty', [])],
      }),
    ).toEqual(['Mobile app', 'Public launch']);
    expect(await names({ order_by: [{ column_id: 'name' }] })).toEqual([
      'Dark theme',
      'Mobile app',
      'Offline mode',
      'Pricing page',
      'Public launch',
    ]);
    expect((await names({ order_by: [{ column_id: 'text', direction: 'desc' }] })).slice(0, 3)).toEqual([
      'Pricing page',
      'Offline mode',
      'Public launch',
    ]);
  });

  it('answers an unknown column or a bad compare value with INVALID_ARGUMENT that names it', async () => {
    const engine = createEngine();
    const unknown = await run(engine, PAGE, { variables: { limit: 5, q: { rules: [rule('nope', 'any_of', [1])] } } });
    expect(errorCodes(unknown)).toEqual(['INVALID_ARGUMENT']);
    expect(unknown.errors?.[0]?.message).toContain('"nope"');
    const bad = await run(engine, PAGE, {
      variables: { limit: 5, q: { rules: [rule('numbers', 'greater_than', ['lots'])] } },
    });
    expect(errorCodes(bad)).toEqual(['INVALID_ARGUMENT']);
  });
});

describe('cursors of a filtered listing', () => {
  const query = { rules: [rule('status', 'is_not_empty', [])], order_by: [{ column_id: 'name', direction: 'desc' }] };

  it('continue the same query and order through items_page(cursor) and next_items_page', async () => {
    const engine = createEngine();
    const first = await page(engine, { q: query, limit: 2 });
    expect(first.items.map((item) => item.name)).toEqual(['Public launch', 'Pricing page']);
    const second = await page(engine, { cursor: first.cursor, limit: 2 });
    expect(second.items.map((item) => item.name)).toEqual(['Mobile app']);
    expect(second.cursor).toBeNull();
    const body = await run(engine, NEXT, { variables: { cursor: first.cursor, limit: 2 } });
    expect(dataField<ItemsPage>(body, 'next_items_page')).toEqual(second);
  });

  it('refuse cursor and query_params together', async () => {
    const engine = createEngine();
    const first = await page(engine, { q: query, limit: 1 });
    const body = await run(engine, PAGE, { variables: { limit: 1, q: query, cursor: first.cursor } });
    expect(errorCodes(body)).toEqual(['INVALID_ARGUMENT']);
    expect(body.errors?.[0]?.message).toMatch(/cursor or query_params, not both/);
  });

  it('expire after the engine cursor lifetime with CURSOR_EXPIRED, plain or filtered', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const engine = createEngine({ cursorTtlMs: 20, clock: { now: () => now } });
    const filtered = await page(engine, { q: query, limit: 1 });
    const plain = await page(engine, { limit: 1 });
    expect(await page(engine, { cursor: plain.cursor, limit: 1 })).toMatchObject({ items: [{ name: 'Pricing page' }] });
    now += 40; // past the 20 ms lifetime, on the engine's clock
    for (const cursor of [filtered.cursor, plain.cursor]) {
      const body = await run(engine, NEXT, { variables: { cursor, limit: 1 } });
      expect(errorCodes(body)).toEqual(['CURSOR_EXPIRED']);
      expect(body.errors?.[0]?.message).toMatch(/expired/);
    }
  });

  it('age by the engine clock, not the wall clock: a cursor expires when the clock passes its lifetime', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const engine = createEngine({ clock: { now: () => now } });
    const plain = await page(engine, { limit: 1 });
    now += 59 * 60 * 1000;
    expect(await page(engine, { cursor: plain.cursor, limit: 1 })).toMatchObject({ items: [{ name: 'Pricing page' }] });
    now += 2 * 60 * 1000;
    const body = await run(engine, NEXT, { variables: { cursor: plain.cursor, limit: 1 } });
    expect(errorCodes(body)).toEqual(['CURSOR_EXPIRED']);
  });
});
