/**
 * Managed columns in the engine, against https://developer.monday.com/api-reference/reference/managed-columns:
 * create with labels, read with typed settings, attach to boards (title and description by default), update by
 * revision with the attached columns following, states, and refusals.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, globexGrant, run } from '../../engine-helpers.js';

const VERSION = '2026-10';
type Engine = ReturnType<typeof createEngine>;
const go = (engine: Engine, query: string, variables?: Record<string, unknown>) =>
  run(engine, query, { version: VERSION, ...(variables ? { variables } : {}) });

/** The docs' create_status_managed_column example. */
const CREATE_STATUS = `mutation { create_status_managed_column(title: "Project status", description: "This column indicates the project's status.", settings: { labels: [
  { color: done_green, label: "Done", index: 1, is_done: true },
  { color: working_orange, label: "In progress", index: 2 },
  { color: stuck_red, label: "Stuck", index: 3 }
] }) { id state revision created_by settings { ... on StatusColumnSettings { type labels { id label color index is_done } } } } }`;

async function createStatus(engine: Engine): Promise<string> {
  return dataField<{ id: string }>(await go(engine, CREATE_STATUS), 'create_status_managed_column').id;
}

describe('managed columns', () => {
  it('creates a managed status column with typed labels, active at revision 0', async () => {
    const body = await go(createEngine(), CREATE_STATUS);
    expect(dataField(body, 'create_status_managed_column')).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      state: 'active',
      revision: 0,
      created_by: '501',
      settings: {
        type: 'status',
        labels: [
          { id: 1, label: 'Done', color: 'done_green', index: 1, is_done: true },
          { id: 0, label: 'In progress', color: 'working_orange', index: 2, is_done: false },
          { id: 2, label: 'Stuck', color: 'stuck_red', index: 3, is_done: false },
        ],
      },
    });
  });

  it('attaches to a board with its labels and title, and the attached column follows an update', async () => {
    const engine = createEngine();
    const id = await createStatus(engine);
    const attached = await go(
      engine,
      'mutation ($id: ID!) { attach_status_managed_column(board_id: 3001, managed_column_id: $id) { id title type description settings } }',
      { id },
    );
    const column = dataField<{ id: string; title: string; type: string; settings: string }>(
      attached,
      'attach_status_managed_column',
    );
    expect(column).toMatchObject({
      title: 'Project status',
      type: 'status',
      description: "This column indicates the project's status.",
    });
    expect((JSON.parse(column.settings) as { labels: { label: string }[] }).labels.map((label) => label.label)).toEqual(
      ['Done', 'In progress', 'Stuck'],
    );
    const stale = await go(
      engine,
      'mutation ($id: String!) { update_status_managed_column(id: $id, revision: 5, title: "x") { id } }',
      { id },
    );
    expect(errorCodes(stale)).toEqual(['INVALID_ARGUMENT']);
    const updated = await go(
      engine,
      `mutation ($id: String!) { update_status_managed_column(id: $id, revision: 0, description: "Phase", settings: { labels: [
        { id: 1, color: done_green, label: "Shipped", index: 0, is_done: true },
        { id: 0, color: working_orange, label: "Building", index: 1 }
      ] }) { revision description settings { ... on StatusColumnSettings { labels { label } } } } }`,
      { id },
    );
    expect(dataField(updated, 'update_status_managed_column')).toEqual({
      revision: 1,
      description: 'Phase',
      settings: { labels: [{ label: 'Shipped' }, { label: 'Building' }] },
    });
    const onBoard = engine.store.boards.find('3001')?.columns.find((candidate) => candidate.id === column.id);
    expect(onBoard?.settings.labels).toEqual({ '0': 'Building', '1': 'Shipped' });
  });

  it('keeps a label an item of an attached column holds', async () => {
    const engine = createEngine();
    const id = await createStatus(engine);
    const attached = await go(
      engine,
      'mutation ($id: ID!) { attach_status_managed_column(board_id: 3001, managed_column_id: $id, title: "Phase") { id } }',
      { id },
    );
    const columnId = dataField<{ id: string }>(attached, 'attach_status_managed_column').id;
    const set = await go(
      engine,
      'mutation ($v: JSON!) { change_multiple_column_values(board_id: 3001, item_id: 4000001, column_values: $v) { id } }',
      {
        v: JSON.stringify({ [columnId]: { label: 'Stuck' } }),
      },
    );
    expect(errorCodes(set)).toEqual([]);
    const dropStuck = await go(
      engine,
      'mutation ($id: String!) { update_status_managed_column(id: $id, revision: 0, settings: { labels: [{ id: 1, color: done_green, label: "Done", index: 0 }] }) { revision } }',
      { id },
    );
    expect(errorCodes(dropStuck)).toEqual(['INVALID_ARGUMENT']);
    expect(dropStuck.errors?.[0]?.message).toContain('is set on 1 item(s)');
    expect(engine.store.managedColumns.find(id)?.revision).toBe(0);
  });

  it('creates, attaches with selection limits and lists dropdown managed columns', async () => {
    const engine = createEngine();
    const created = await go(
      engine,
      'mutation { create_dropdown_managed_column(title: "Project Domains", settings: { labels: [{ label: "R&D" }, { label: "HR" }] }) { id settings { ... on DropdownColumnSettings { type labels { id label is_deactivated } } } } }',
    );
    const managed = dataField<{ id: string; settings: unknown }>(created, 'create_dropdown_managed_column');
    expect(managed.settings).toEqual({
      type: 'dropdown',
      labels: [
        { id: 1, label: 'R&D', is_deactivated: false },
        { id: 2, label: 'HR', is_deactivated: false },
      ],
    });
    const attached = await go(
      engine,
      'mutation ($id: ID!) { attach_dropdown_managed_column(board_id: 3002, managed_column_id: $id, settings: { label_limit_count: 1, limit_select: true }) { id title settings } }',
      { id: managed.id },
    );
    expect(
      JSON.parse(dataField<{ settings: string }>(attached, 'attach_dropdown_managed_column').settings),
    ).toMatchObject({
      limit_select: true,
      label_limit_count: 1,
    });
    const listed = await go(engine, '{ managed_column(state: [active]) { id title settings_json } }');
    // The seed's managed status column, then the new one.
    expect(dataField<{ id: string }[]>(listed, 'managed_column').map((entry) => entry.id)).toEqual([
      '8a0c4e51-0000-4000-8000-000000008a01',
      managed.id,
    ]);
  });

  it('deactivates, activates and deletes; only an active one attaches; others see none', async () => {
    const engine = createEngine();
    const id = await createStatus(engine);
    expect(
      dataField(
        await go(engine, 'mutation ($id: String!) { deactivate_managed_column(id: $id) { state } }', { id }),
        'deactivate_managed_column',
      ),
    ).toEqual({ state: 'inactive' });
    const attachInactive = await go(
      engine,
      'mutation ($id: ID!) { attach_status_managed_column(board_id: 3001, managed_column_id: $id) { id } }',
      { id },
    );
    expect(errorCodes(attachInactive)).toEqual(['INVALID_ARGUMENT']);
    await go(engine, 'mutation ($id: String!) { activate_managed_column(id: $id) { state } }', { id });
    expect(
      dataField(
        await go(engine, 'mutation ($id: String!) { delete_managed_column(id: $id) { state } }', { id }),
        'delete_managed_column',
      ),
    ).toEqual({ state: 'deleted' });
    const ids = (body: Awaited<ReturnType<typeof go>>) =>
      dataField<{ id: string }[]>(body, 'managed_column').map((entry) => entry.id);
    expect(ids(await go(engine, '{ managed_column { id } }'))).not.toContain(id);
    expect(dataField(await go(engine, '{ managed_column(state: [deleted]) { id } }'), 'managed_column')).toEqual([
      { id },
    ]);
    expect(
      errorCodes(await go(engine, 'mutation ($id: String!) { activate_managed_column(id: $id) { state } }', { id })),
    ).toEqual(['INVALID_ARGUMENT']);
    const globex = await run(engine, 'mutation ($id: String!) { deactivate_managed_column(id: $id) { state } }', {
      version: VERSION,
      variables: { id },
      grant: globexGrant(),
    });
    expect(errorCodes(globex)).toEqual(['RESOURCE_NOT_FOUND']);
    const readOnly = await run(engine, CREATE_STATUS, { version: VERSION, grant: acmeGrant(['boards:read']) });
    expect(errorCodes(readOnly)).toEqual(['USER_UNAUTHORIZED']);
  });
});
