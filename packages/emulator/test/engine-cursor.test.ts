/**
 * Items cursors are signed with a secret of each emulator: a cursor forged or edited by a client (a listing that
 * never expires, another board, a query nested thousands deep) is refused with INVALID_CURSOR, never served and
 * never a stack overflow; a cursor of one emulator is not accepted by another.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_SEED_FACTS } from '../src/engine/index.js';
import { dataField, errorCodes, run } from './engine-helpers.js';

type Page = { cursor: string | null; items: { id: string; name: string }[] };
const { boards } = DEFAULT_SEED_FACTS;
const FIRST = `{ boards(ids: [${boards.roadmap.id}]) { items_page(limit: 1) { cursor items { id name } } } }`;
const NEXT = 'query ($c: String!) { next_items_page(cursor: $c, limit: 1) { cursor items { id name } } }';

async function firstCursor(engine: ReturnType<typeof createEngine>): Promise<string> {
  const page = dataField<{ items_page: Page }[]>(await run(engine, FIRST), 'boards')[0]?.items_page;
  if (!page?.cursor) throw new Error('no cursor');
  return page.cursor;
}

/** The state a cursor carries, re-encoded without its signature, as a client forging one would. */
function forged(state: unknown): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

describe('signed cursors', () => {
  it('a cursor the engine issued pages on', async () => {
    const engine = createEngine();
    const body = await run(engine, NEXT, { variables: { c: await firstCursor(engine) } });
    expect(body.errors).toBeUndefined();
    expect(dataField<Page>(body, 'next_items_page').items).toHaveLength(1);
  });

  it('a forged cursor that would never expire is refused', async () => {
    const engine = createEngine();
    const state = { board: boards.roadmap.id, position: 0, item: 0 };
    const body = await run(engine, NEXT, { variables: { c: forged(state) } });
    expect(errorCodes(body)).toEqual(['INVALID_CURSOR']);
  });

  it('an edited cursor (its payload changed, its signature kept) is refused', async () => {
    const engine = createEngine();
    const cursor = await firstCursor(engine);
    const dot = cursor.lastIndexOf('.');
    expect(dot).toBeGreaterThan(0);
    const state = JSON.parse(Buffer.from(cursor.slice(0, dot), 'base64url').toString('utf8')) as { issued?: number };
    state.issued = Date.now() + 10 * 365 * 24 * 3600 * 1000;
    const body = await run(engine, NEXT, { variables: { c: `${forged(state)}${cursor.slice(dot)}` } });
    expect(errorCodes(body)).toEqual(['INVALID_CURSOR']);
  });

  it('a forged cursor nested 100,000 levels deep answers INVALID_CURSOR, not a stack overflow', async () => {
    const engine = createEngine();
    const deep = `${'{"groups":['.repeat(100_000)}${']}'.repeat(100_000)}`;
    const cursor = Buffer.from(
      `{"board":"${boards.roadmap.id}","position":0,"item":0,"served":0,"issued":${Date.now()},"query":${deep}}`,
    ).toString('base64url');
    const body = await run(engine, NEXT, { variables: { c: cursor } });
    expect(errorCodes(body)).toEqual(['INVALID_CURSOR']);
    expect(JSON.stringify(body)).not.toMatch(/call stack/i);
  });

  it('a cursor of one emulator is refused by another', async () => {
    const cursor = await firstCursor(createEngine());
    const body = await run(createEngine(), NEXT, { variables: { c: cursor } });
    expect(errorCodes(body)).toEqual(['INVALID_CURSOR']);
  });
});

/**
 * A filtered cursor is a place in the query's order (the last served item's `order_by` values, board position and
 * id), not a count of items served (https://developer.monday.com/api-reference/reference/next-items-page): items
 * leaving the listing before that place, the last served one included, move nothing that stayed.
 */
describe('filtered cursors keep a position', () => {
  const FILTERED = (orderBy: string) =>
    `{ boards(ids: [${boards.roadmap.id}]) { items_page(limit: 3, query_params: { rules: [{ column_id: "name", compare_value: ["Row"], operator: starts_with }]${orderBy} }) { cursor items { id name } } } }`;
  const PAGE = 'query ($c: String!) { next_items_page(cursor: $c, limit: 3) { cursor items { id name } } }';

  async function rows(orderBy: string) {
    const engine = createEngine();
    // Ten rows whose text ties in pairs, so the ordered listing breaks ties by board order.
    for (let n = 0; n < 10; n += 1) {
      const body = await run(
        engine,
        `mutation ($v: JSON) { create_item(board_id: ${boards.roadmap.id}, item_name: "Row ${n}", column_values: $v) { id } }`,
        { variables: { v: JSON.stringify({ text: `t${Math.floor(n / 2)}` }) } },
      );
      expect(body.errors).toBeUndefined();
    }
    const first = dataField<{ items_page: Page }[]>(await run(engine, FILTERED(orderBy)), 'boards')[0]?.items_page;
    if (!first?.cursor) throw new Error('no cursor');
    return { engine, first };
  }

  const names = (page: Page) => page.items.map((item) => item.name);

  for (const [label, orderBy, expected] of [
    ['board order', '', ['Row 3', 'Row 4', 'Row 5']],
    [
      'order_by a column, ties in board order',
      ', order_by: [{ column_id: "text", direction: desc }]',
      ['Row 7', 'Row 4', 'Row 5'],
    ],
  ] as const) {
    it(`${label}: deleting served items, the last one included, skips no item that stayed`, async () => {
      const { engine, first } = await rows(orderBy);
      for (const item of first.items) {
        const body = await run(engine, `mutation { delete_item(item_id: ${item.id}) { id } }`);
        expect(body.errors).toBeUndefined();
      }
      const next = dataField<Page>(await run(engine, PAGE, { variables: { c: first.cursor } }), 'next_items_page');
      expect(names(next)).toEqual(expected);
    });
  }
});
