/**
 * `Item.linked_items` in the engine: the items a connect boards column links, on the board asked for, in the order
 * the value lists them; another account's and deleted items left out; an unknown column or board answers none
 * (src/engine/resolvers/linked-items.ts).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { dataField, errorCodes, run } from '../../engine-helpers.js';

const LINKED =
  'query ($ids: [ID!], $column: String!, $board: ID!) { items(ids: $ids) { id linked_items(link_to_item_column_id: $column, linked_board_id: $board) { id name } } }';

/** An engine whose item 4000001 (roadmap) links, through column `bugs`, to two bugs, a roadmap item and a globex item. */
async function linkedEngine() {
  const engine = createEngine();
  const setUp = await run(
    engine,
    `mutation {
      create_column(board_id: 3001, title: "Bugs", column_type: board_relation, id: "bugs") { id }
      change_column_value(board_id: 3001, item_id: 4000001, column_id: "bugs", value: "{\\"item_ids\\": [4000007, 4000002, 4000008, 4000006]}") { id }
    }`,
    { version: '2026-10' },
  );
  expect(setUp.errors).toBeUndefined();
  return engine;
}

async function linked(engine: ReturnType<typeof createEngine>, variables: Record<string, unknown>) {
  const items = dataField<{ linked_items: { id: string; name: string }[] }[]>(
    await run(engine, LINKED, { version: '2026-10', variables }),
    'items',
  );
  return items.map((item) => item.linked_items.map((entry) => entry.id));
}

describe('linked_items', () => {
  it("answers the column's links on the board asked for, in the value's order, another account's left out", async () => {
    const engine = await linkedEngine();
    expect(await linked(engine, { ids: ['4000001'], column: 'bugs', board: '3002' })).toEqual([['4000007', '4000006']]);
    expect(await linked(engine, { ids: ['4000001'], column: 'bugs', board: '3001' })).toEqual([['4000002']]);
    expect(await linked(engine, { ids: ['4000001'], column: 'bugs', board: '3003' })).toEqual([[]]);
  });

  it('leaves out a linked item once it is deleted', async () => {
    const engine = await linkedEngine();
    const deleted = await run(engine, 'mutation { delete_item(item_id: 4000007) { id } }', { version: '2026-10' });
    expect(deleted.errors).toBeUndefined();
    expect(await linked(engine, { ids: ['4000001'], column: 'bugs', board: '3002' })).toEqual([['4000006']]);
  });

  it('answers none through a column the board does not have, one that links no items, or an item without links', async () => {
    const engine = await linkedEngine();
    expect(await linked(engine, { ids: ['4000001'], column: 'no_such_column', board: '3002' })).toEqual([[]]);
    expect(await linked(engine, { ids: ['4000001'], column: 'status', board: '3002' })).toEqual([[]]);
    expect(await linked(engine, { ids: ['4000003'], column: 'bugs', board: '3002' })).toEqual([[]]);
  });

  it('answers no item for an unknown item id, and no argument may be left out', async () => {
    const engine = await linkedEngine();
    expect(await linked(engine, { ids: ['999999'], column: 'bugs', board: '3002' })).toEqual([]);
    const missing = await run(engine, '{ items(ids: [4000001]) { linked_items(linked_board_id: 3002) { id } } }', {
      version: '2026-10',
    });
    expect(errorCodes(missing)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });
});
