/**
 * Formula columns read in bounded work: each column is evaluated once per cell read (a chain whose every level
 * names the one below four times costs one evaluation per level, not 4^depth), a formula naming itself or a cycle
 * of formulas reads as an empty cell instead of overflowing the stack, and so does a chain past the depth bound.
 */
import { describe, expect, it, vi } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import { dataField, run } from '../engine-helpers.js';

async function column(engine: Engine, id: string, type: string, defaults?: unknown) {
  const body = await run(
    engine,
    'mutation ($id: String, $title: String!, $type: ColumnType!, $defaults: JSON) { create_column(board_id: 3001, id: $id, title: $title, column_type: $type, defaults: $defaults) { id } }',
    { variables: { id, title: id, type, defaults: defaults === undefined ? null : JSON.stringify(defaults) } },
  );
  expect(body.errors).toBeUndefined();
}

async function readCells(engine: Engine, itemId: string, ids: string[]) {
  const body = await run(
    engine,
    'query ($item: ID!, $ids: [String!]) { items(ids: [$item]) { column_values(ids: $ids) { id text value ... on FormulaValue { display_value } } } }',
    { variables: { item: itemId, ids } },
  );
  return body;
}

async function itemWith(engine: Engine, values: Record<string, unknown>): Promise<string> {
  const body = await run(
    engine,
    'mutation ($values: JSON) { create_item(board_id: 3001, item_name: "Formulas", column_values: $values) { id } }',
    { variables: { values: JSON.stringify(values) } },
  );
  return dataField<{ id: string }>(body, 'create_item').id;
}

describe('formula columns', () => {
  it('evaluate each column once per read: a 10-level chain of {n}+{n}+{n}+{n} reads in a few dozen lookups', async () => {
    const engine = createEngine();
    await column(engine, 'base', 'numbers');
    let below = 'base';
    for (let level = 1; level <= 10; level++) {
      await column(engine, `f${level}`, 'formula', { formula: `{${below}}+{${below}}+{${below}}+{${below}}` });
      below = `f${level}`;
    }
    const item = await itemWith(engine, { base: '1' });
    // Every column lookup of a formula goes through the board: count them instead of timing the read.
    const lookups = vi.spyOn(engine.store.boards, 'find');
    const body = await readCells(engine, item, ['f10']);
    expect(body.errors).toBeUndefined();
    expect(JSON.stringify(body.data)).toContain(`"display_value":"${4 ** 10}"`);
    expect(lookups.mock.calls.length).toBeLessThan(500);
  });

  it('read a formula naming itself, or a cycle of formulas, as an empty cell, not a stack overflow', async () => {
    const engine = createEngine();
    await column(engine, 'base', 'numbers');
    await column(engine, 'selfish', 'formula', { formula: '{selfish}+1' });
    await column(engine, 'ping', 'formula', { formula: '{pong}*2' });
    await column(engine, 'pong', 'formula', { formula: '{ping}+{base}' });
    await column(engine, 'fine', 'formula', { formula: '{base}*3' });
    const item = await itemWith(engine, { base: '2' });
    const body = await readCells(engine, item, ['selfish', 'ping', 'pong', 'fine']);
    expect(body.errors).toBeUndefined();
    const cells = (body.data as { items: { column_values: Record<string, unknown>[] }[] }).items[0]?.column_values;
    expect(cells).toEqual([
      { id: 'selfish', text: '', value: null, display_value: '' },
      { id: 'ping', text: '', value: null, display_value: '' },
      { id: 'pong', text: '', value: null, display_value: '' },
      { id: 'fine', text: '6', value: '6', display_value: '6' },
    ]);
    // A rule on a cycle's cell answers too (it reads as empty).
    const filtered = await run(
      engine,
      '{ boards(ids: 3001) { items_page(query_params: { rules: [{ column_id: "ping", compare_value: [], operator: is_empty }] }) { items { id } } } }',
    );
    expect(filtered.errors).toBeUndefined();
    expect(JSON.stringify(filtered.data)).toContain(`"id":"${item}"`);
  });

  it('read a chain deeper than the bound as an empty cell', async () => {
    const engine = createEngine();
    await column(engine, 'base', 'numbers');
    let below = 'base';
    for (let level = 1; level <= 120; level++) {
      await column(engine, `d${level}`, 'formula', { formula: `{${below}}+1` });
      below = `d${level}`;
    }
    const item = await itemWith(engine, { base: '0' });
    const shallow = await readCells(engine, item, ['d20']);
    expect(JSON.stringify(shallow.data)).toContain('"display_value":"20"');
    const deep = await readCells(engine, item, ['d120']);
    expect(deep.errors).toBeUndefined();
    expect(JSON.stringify(deep.data)).toContain('"display_value":""');
  });
});
