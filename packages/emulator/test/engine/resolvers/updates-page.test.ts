/**
 * `Item.updates_page` and `Board.updates_page` in the engine: the updates `updates` lists, newest first, a page at a
 * time with a cursor that names its list; a limit below 1 and a foreign cursor are refused; an unknown item lists
 * nothing (src/engine/resolvers/updates-page.ts).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { dataField, errorCodes, run } from '../../engine-helpers.js';

const ITEM_PAGE =
  'query ($ids: [ID!], $cursor: String, $limit: Int) { items(ids: $ids) { id updates_page(cursor: $cursor, limit: $limit) { cursor updates { id text_body replies { id } } } } }';
const BOARD_PAGE =
  'query ($ids: [ID!], $cursor: String, $limit: Int) { boards(ids: $ids) { id updates_page(cursor: $cursor, limit: $limit) { cursor updates { id item_id } } } }';

interface Page {
  cursor: string | null;
  updates: { id: string; item_id?: string; replies?: { id: string }[] }[];
}

async function itemPage(engine: ReturnType<typeof createEngine>, variables: Record<string, unknown>): Promise<Page> {
  const items = dataField<{ updates_page: Page }[]>(
    await run(engine, ITEM_PAGE, { version: '2026-10', variables }),
    'items',
  );
  return items[0]?.updates_page as Page;
}

async function boardPage(engine: ReturnType<typeof createEngine>, variables: Record<string, unknown>): Promise<Page> {
  const boards = dataField<{ updates_page: Page }[]>(
    await run(engine, BOARD_PAGE, { version: '2026-10', variables }),
    'boards',
  );
  return boards[0]?.updates_page as Page;
}

/** Posts `count` updates on item 4000001 and answers their ids, oldest first. */
function post(engine: ReturnType<typeof createEngine>, count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) =>
      engine.store.updates.create({ accountId: '1001', itemId: '4000001', body: `<p>note ${i}</p>`, creatorId: '501' })
        .id,
  );
}

describe('updates_page', () => {
  it("lists an item's updates as `updates` does, replies under their update, the last page without a cursor", async () => {
    const engine = createEngine();
    const page = await itemPage(engine, { ids: ['4000001'] });
    expect(page.updates.map((update) => update.id)).toEqual(['9001']);
    expect(page.updates[0]?.replies).toEqual([{ id: '9002' }]);
    expect(page.cursor).toBeNull();
  });

  it('pages newest first, and an update posted meanwhile neither repeats nor shifts the next page', async () => {
    const engine = createEngine();
    const posted = post(engine, 4);
    const first = await itemPage(engine, { ids: ['4000001'], limit: 2 });
    expect(first.updates.map((update) => update.id)).toEqual([posted[3], posted[2]]);
    expect(first.cursor).toEqual(expect.any(String));
    post(engine, 1);
    const second = await itemPage(engine, { ids: ['4000001'], limit: 2, cursor: first.cursor });
    expect(second.updates.map((update) => update.id)).toEqual([posted[1], posted[0]]);
    const last = await itemPage(engine, { ids: ['4000001'], limit: 2, cursor: second.cursor });
    expect(last.updates.map((update) => update.id)).toEqual(['9001']);
    expect(last.cursor).toBeNull();
  });

  it("lists a board's top-level updates of every item, paged like an item's", async () => {
    const engine = createEngine();
    const all = await boardPage(engine, { ids: ['3002'] });
    expect(all.updates).toEqual([{ id: '9003', item_id: '4000006' }]);
    expect(all.cursor).toBeNull();
    post(engine, 1);
    const roadmap = await boardPage(engine, { ids: ['3001'], limit: 1 });
    expect(roadmap.updates).toHaveLength(1);
    const rest = await boardPage(engine, { ids: ['3001'], limit: 1, cursor: roadmap.cursor });
    expect(rest.updates.map((update) => update.id)).toEqual(['9001']);
    expect(rest.cursor).toBeNull();
  });

  it('refuses a limit below 1, a made-up cursor and a cursor of another list', async () => {
    const engine = createEngine();
    post(engine, 2);
    const codes = async (query: string, variables: Record<string, unknown>) =>
      errorCodes(await run(engine, query, { version: '2026-10', variables }));
    expect(await codes(ITEM_PAGE, { ids: ['4000001'], limit: 0 })).toEqual(['INVALID_ARGUMENT']);
    expect(await codes(ITEM_PAGE, { ids: ['4000001'], cursor: 'not-a-cursor' })).toEqual(['INVALID_CURSOR']);
    const itemCursor = (await itemPage(engine, { ids: ['4000001'], limit: 1 })).cursor;
    expect(await codes(BOARD_PAGE, { ids: ['3001'], cursor: itemCursor })).toEqual(['INVALID_CURSOR']);
    expect(await codes(ITEM_PAGE, { ids: ['4000002'], cursor: itemCursor })).toEqual(['INVALID_CURSOR']);
  });

  it('answers no item for an unknown id, and is not served before 2026-07', async () => {
    const engine = createEngine();
    expect(
      dataField<unknown[]>(
        await run(engine, ITEM_PAGE, { version: '2026-10', variables: { ids: ['999999'] } }),
        'items',
      ),
    ).toEqual([]);
    expect(errorCodes(await run(engine, ITEM_PAGE, { version: '2026-04', variables: { ids: ['4000001'] } }))).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
    ]);
  });
});
