/**
 * Column ids are chosen by users, so the records keyed by them never inherit: a column whose id is `constructor`,
 * `__proto__`, `toString` or `hasOwnProperty` holds nothing until written, reads its own value, filters with
 * `is_empty` and changes like any other.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.js';
import { createSeed } from '../../src/testing/seed.js';
import { dataField, run } from '../engine-helpers.js';

const IDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty'] as const;

function engineWithColumns() {
  const seed = createSeed({ base: 'accounts' });
  const board = seed.board({
    name: 'Inherited names',
    columns: IDS.map((id) => ({ id, title: `Column ${id}`, type: 'text' as const })),
    items: ['Seeded'],
  });
  return { engine: createEngine({ seed: seed.data() }), boardId: board.id, seededId: board.items[0]?.id ?? '' };
}

type Cell = { id: string; text: string | null; value: unknown };

async function cells(engine: ReturnType<typeof createEngine>, itemId: string): Promise<Cell[]> {
  const body = await run(
    engine,
    `{ items(ids: [${itemId}]) { column_values(ids: ${JSON.stringify(IDS)}) { id text value } } }`,
  );
  expect(body.errors).toBeUndefined();
  return dataField<{ column_values: Cell[] }[]>(body, 'items')[0]?.column_values ?? [];
}

async function emptyIn(engine: ReturnType<typeof createEngine>, boardId: string, columnId: string): Promise<string[]> {
  const body = await run(
    engine,
    `{ boards(ids: ${boardId}) { items_page(query_params: { rules: [{ column_id: "${columnId}", compare_value: [], operator: is_empty }] }) { items { id } } } }`,
  );
  expect(body.errors).toBeUndefined();
  return (
    dataField<{ items_page: { items: { id: string }[] } }[]>(body, 'boards')[0]?.items_page.items.map(
      (item) => item.id,
    ) ?? []
  );
}

describe('columns named like Object.prototype members', () => {
  it('read empty until written, then their own values', async () => {
    const { engine, seededId } = engineWithColumns();
    expect(await cells(engine, seededId)).toEqual(IDS.map((id) => ({ id, text: '', value: null })));
  });

  it('take values on create_item and change_column_value, and filter with is_empty', async () => {
    const { engine, boardId, seededId } = engineWithColumns();
    const values = Object.fromEntries(IDS.map((id) => [id, `own ${id}`]));
    const created = await run(
      engine,
      'mutation ($board: ID!, $values: JSON) { create_item(board_id: $board, item_name: "Written", column_values: $values) { id } }',
      {
        variables: { board: boardId, values: JSON.stringify(values) },
      },
    );
    expect(created.errors).toBeUndefined();
    const itemId = dataField<{ id: string }>(created, 'create_item').id;
    expect(await cells(engine, itemId)).toEqual(
      IDS.map((id) => ({ id, text: `own ${id}`, value: JSON.stringify(`own ${id}`) })),
    );
    for (const id of IDS) expect(await emptyIn(engine, boardId, id)).toEqual([seededId]);

    for (const id of IDS) {
      const changed = await run(
        engine,
        'mutation ($board: ID!, $item: ID!, $column: String!, $value: JSON!) { change_column_value(board_id: $board, item_id: $item, column_id: $column, value: $value) { id } }',
        { variables: { board: boardId, item: seededId, column: id, value: JSON.stringify(`changed ${id}`) } },
      );
      expect(changed.errors).toBeUndefined();
    }
    expect(await cells(engine, seededId)).toEqual(
      IDS.map((id) => ({ id, text: `changed ${id}`, value: JSON.stringify(`changed ${id}`) })),
    );
    for (const id of IDS) expect(await emptyIn(engine, boardId, id)).toEqual([]);
    // The records stay plain data: no column write replaced a prototype.
    for (const item of engine.store.items.all()) expect(Object.getPrototypeOf(item.values)).toBeNull();
  });
});
