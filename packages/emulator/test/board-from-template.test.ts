/**
 * `create_board(template_id:)`: a board made from a board of the account copies its columns and active groups, none
 * of its items, and keeps its own name, kind and place; `created_from_board_id` names the template. In the engine
 * and over a real socket. The refusals are in engine-model-errors.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { dataField, run } from './engine-helpers.js';
import { askGraphQL, closeTestEmulators, startTestEmulator } from './server-helpers.js';

afterEach(closeTestEmulators);

const CREATE = `mutation { create_board(board_name: "Q3 roadmap", board_kind: private, template_id: 3001, workspace_id: 7002,
  empty: true) { id name board_kind workspace_id created_from_board_id columns { id type } groups { id title }
  items_page { items { id } } } }`;

describe('create_board(template_id:)', () => {
  it('copies the template board’s structure and none of its items', async () => {
    const engine = createEngine();
    const template = engine.store.boards.find('3001');
    if (!template) throw new Error('the sample data has board 3001');
    const second = template.groups[1];
    if (!second) throw new Error('board 3001 has two groups');
    second.archived = true;
    const made = dataField<Record<string, unknown>>(await run(engine, CREATE, { version: '2026-10' }), 'create_board');
    expect(made).toMatchObject({
      name: 'Q3 roadmap',
      board_kind: 'private',
      workspace_id: '7002',
      created_from_board_id: '3001',
      items_page: { items: [] },
    });
    expect(made.columns).toEqual(template.columns.map((column) => ({ id: column.id, type: column.type })));
    const active = template.groups.filter((group) => !group.archived && !group.deleted);
    expect(made.groups).toEqual(active.map((group) => ({ id: group.id, title: group.title })));
    expect(active.length).toBeLessThan(template.groups.length);
    // The copy is the new board's own: changing it leaves the template alone.
    const board = engine.store.boards.find(String(made.id));
    board?.columns.splice(0, 1);
    expect(template.columns.length).toBe((made.columns as unknown[]).length);
  });

  it('answers over a socket at a version that has the argument', async () => {
    const emulator = await startTestEmulator();
    const answer = await askGraphQL(
      emulator,
      '2025-04',
      'mutation { create_board(board_name: "From template", board_kind: public, template_id: 3002) { name columns { id } } }',
    );
    expect(answer.errors).toBeUndefined();
    const bugs = emulator.store.boards.find('3002');
    expect(answer.data?.create_board).toEqual({
      name: 'From template',
      columns: bugs?.columns.map((column) => ({ id: column.id })),
    });
  });
});
