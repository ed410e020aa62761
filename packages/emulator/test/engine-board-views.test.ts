/**
 * Board views (src/engine/resolvers/views.ts): table and app views made, changed and deleted through the API, read back on
 * `Board.views`, and the TABLE settings schema. Board views reference:
 * https://developer.monday.com/api-reference/reference/board-views (mutations since 2025-10:
 * https://developer.monday.com/api-reference/changelog/new-mutations-to-create-update-and-delete-board-views).
 */

import { describe, expect, it } from 'vitest';
import { SCOPES } from 'workspace-platform-sdk';
import { createEngine } from '../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, globexGrant, run } from './engine-helpers.js';

const CREATE = `mutation ($board: ID!, $filter: ItemsQueryGroup, $sort: [ItemsQueryOrderBy!], $settings: TableViewSettingsInput) {
  create_view_table(board_id: $board, name: "Open work", filter: $filter, sort: $sort, settings: $settings, tags: ["ops"]) {
    id name type filter sort tags settings settings_str view_specific_data_str access_level filter_user_id source_view_id
  }
}`;

const OPEN_WORK = {
  board: '3002',
  filter: { rules: [{ column_id: 'status', compare_value: [0], operator: 'any_of' }] },
  sort: [{ column_id: 'date4', direction: 'desc' }],
  settings: { columns: { column_properties: [{ column_id: 'text', visible: false }] } },
};

interface ViewAnswer {
  id: string;
  name: string;
  [field: string]: unknown;
}

async function createOpenWork(engine: ReturnType<typeof createEngine>) {
  const body = await run(engine, CREATE, { variables: OPEN_WORK });
  expect(body.errors).toBeUndefined();
  return dataField<ViewAnswer>(body, 'create_view_table');
}

describe('board views', () => {
  it('creates a table view that keeps its filter, sort, settings and tags, and lists it on the board', async () => {
    const engine = createEngine();
    const view = await createOpenWork(engine);
    expect(view).toEqual({
      id: expect.any(String),
      name: 'Open work',
      type: 'TableBoardView',
      filter: JSON.stringify({
        operator: 'and',
        rules: [{ column_id: 'status', compare_value: [0], operator: 'any_of' }],
      }),
      sort: JSON.stringify([{ column_id: 'date4', direction: 'desc' }]),
      tags: ['ops'],
      settings: JSON.stringify(OPEN_WORK.settings),
      settings_str: JSON.stringify(OPEN_WORK.settings),
      view_specific_data_str: '{}',
      access_level: 'edit',
      filter_user_id: null,
      source_view_id: null,
    });
    const listed = await run(engine, '{ boards(ids: [3002, 3001]) { id views { id name type } } }');
    expect(dataField(listed, 'boards')).toEqual([
      // The roadmap's seeded view.
      { id: '3001', views: [{ id: '7801', name: 'This quarter, by date', type: 'TableBoardView' }] },
      { id: '3002', views: [{ id: view.id, name: 'Open work', type: 'TableBoardView' }] },
    ]);
    const filtered = await run(
      engine,
      `{ boards(ids: [3002]) { views(ids: [${view.id}], type: "FormBoardView") { id } } }`,
    );
    expect(dataField(filtered, 'boards')).toEqual([{ views: [] }]);
  });

  it('makes a TABLE view with create_view from JSON settings, named Table when no name is given', async () => {
    const engine = createEngine();
    const body = await run(
      engine,
      'mutation ($settings: JSON) { create_view(board_id: 3002, type: TABLE, settings: $settings) { name settings_str } }',
      { variables: { settings: JSON.stringify({ group_by: { conditions: [{ columnId: 'status' }] } }) } },
    );
    expect(body.errors).toBeUndefined();
    expect(dataField(body, 'create_view')).toEqual({
      name: 'Table',
      settings_str: JSON.stringify({ group_by: { conditions: [{ columnId: 'status' }] } }),
    });
  });

  it('updates only the fields given, and deletes a view', async () => {
    const engine = createEngine();
    const view = await createOpenWork(engine);
    const renamed = await run(
      engine,
      `mutation { update_view_table(board_id: 3002, view_id: ${view.id}, name: "Mine", filter_user_id: 501) { name sort tags filter_user_id } }`,
    );
    expect(renamed.errors).toBeUndefined();
    expect(dataField(renamed, 'update_view_table')).toEqual({
      name: 'Mine',
      sort: JSON.stringify(OPEN_WORK.sort),
      tags: ['ops'],
      filter_user_id: 501,
    });
    const cleared = await run(
      engine,
      `mutation { update_view(board_id: 3002, view_id: ${view.id}, type: TABLE, sort: null, tags: []) { name sort tags } }`,
    );
    expect(dataField(cleared, 'update_view')).toEqual({ name: 'Mine', sort: null, tags: [] });
    const deleted = await run(engine, `mutation { delete_view(board_id: 3002, view_id: ${view.id}) { id name } }`);
    expect(dataField(deleted, 'delete_view')).toEqual({ id: view.id, name: 'Mine' });
    expect(dataField(await run(engine, '{ boards(ids: [3002]) { views { id } } }'), 'boards')).toEqual([{ views: [] }]);
  });

  it('refuses columns the board lacks, settings that do not fit, and views of other boards or accounts', async () => {
    const engine = createEngine();
    const badFilter = await run(engine, CREATE, {
      variables: { ...OPEN_WORK, filter: { rules: [{ column_id: 'nope', compare_value: [1] }] } },
    });
    expect(errorCodes(badFilter)).toEqual(['INVALID_ARGUMENT']);
    expect(badFilter.errors?.[0]?.message).toMatch(/^filter or sort: column "nope"/);
    const badSettings = await run(engine, CREATE, {
      variables: { ...OPEN_WORK, settings: { columns: { column_order: ['name', 'ghost'] } } },
    });
    expect(errorCodes(badSettings)).toEqual(['INVALID_ARGUMENT']);
    const badJson = await run(
      engine,
      'mutation { create_view(board_id: 3002, type: TABLE, settings: "{\\"columns\\": 3}") { id } }',
    );
    expect(errorCodes(badJson)).toEqual(['INVALID_ARGUMENT']);
    const view = await createOpenWork(engine);
    const elsewhere = await run(engine, `mutation { delete_view(board_id: 3001, view_id: ${view.id}) { id } }`);
    expect(errorCodes(elsewhere)).toEqual(['RESOURCE_NOT_FOUND']);
    const otherAccount = await run(engine, `mutation { delete_view(board_id: 3002, view_id: ${view.id}) { id } }`, {
      grant: globexGrant(),
    });
    expect(errorCodes(otherAccount)).toEqual(['RESOURCE_NOT_FOUND']);
    expect(engine.store.views.ofBoard('3002')).toHaveLength(1);
  });

  it('creates an app view naming its app feature, updates it as one, and keeps the kinds apart', async () => {
    // The reference's create_view example: type APP with settings { app_feature_id }.
    const engine = createEngine();
    const made = await run(
      engine,
      `mutation { create_view(board_id: 3002, type: APP, name: "Planner", settings: { app_feature_id: 54321, theme: "dark" }) {
        id name type settings settings_str view_specific_data_str } }`,
    );
    expect(made.errors).toBeUndefined();
    const view = dataField<ViewAnswer>(made, 'create_view');
    const settings = { app_feature_id: 54321, theme: 'dark' };
    expect(view).toEqual({
      id: expect.any(String),
      name: 'Planner',
      type: 'FeatureBoardView',
      settings: JSON.stringify(settings),
      settings_str: JSON.stringify(settings),
      view_specific_data_str: '{}',
    });
    const renamed = await run(
      engine,
      `mutation { update_view(board_id: 3002, view_id: ${view.id}, type: APP, name: "Plan", settings: { theme: "light" }) {
        name settings } }`,
    );
    expect(dataField(renamed, 'update_view')).toEqual({
      name: 'Plan',
      settings: JSON.stringify({ theme: 'light', app_feature_id: 54321 }),
    });
    const listed = await run(engine, '{ boards(ids: [3002]) { views(type: "FeatureBoardView") { id name } } }');
    expect(dataField(listed, 'boards')).toEqual([{ views: [{ id: view.id, name: 'Plan' }] }]);
    const unnamed = await run(
      engine,
      'mutation { create_view(board_id: 3002, type: APP, settings: { app_feature_id: "7" }) { name } }',
    );
    expect(dataField(unnamed, 'create_view')).toEqual({ name: 'App' });

    const before = engine.store.views.ofBoard('3002').length;
    const noFeature = await run(engine, 'mutation { create_view(board_id: 3002, type: APP, name: "x") { id } }');
    expect(errorCodes(noFeature)).toEqual(['INVALID_ARGUMENT']);
    const badFeature = await run(
      engine,
      'mutation { create_view(board_id: 3002, type: APP, settings: { app_feature_id: -1 }) { id } }',
    );
    expect(errorCodes(badFeature)).toEqual(['INVALID_ARGUMENT']);
    const asTable = await run(
      engine,
      `mutation { update_view(board_id: 3002, view_id: ${view.id}, type: TABLE, name: "T") { id } }`,
    );
    expect(errorCodes(asTable)).toEqual(['INVALID_ARGUMENT']);
    const tableMutation = await run(
      engine,
      `mutation { update_view_table(board_id: 3002, view_id: ${view.id}, name: "T") { id } }`,
    );
    expect(errorCodes(tableMutation)).toEqual(['INVALID_ARGUMENT']);
    const table = await createOpenWork(engine);
    const tableAsApp = await run(
      engine,
      `mutation { update_view(board_id: 3002, view_id: ${table.id}, type: APP, name: "A") { id } }`,
    );
    expect(errorCodes(tableAsApp)).toEqual(['INVALID_ARGUMENT']);
    expect(engine.store.views.ofBoard('3002').length).toBe(before + 1);
    expect(engine.store.views.find(view.id)?.name).toBe('Plan');
  });

  it('answers NOT_MODELLED for the view kinds it does not keep, and needs boards:write', async () => {
    const engine = createEngine();
    const form = await run(engine, 'mutation { create_view(board_id: 3002, type: FORM) { id } }');
    expect(errorCodes(form)).toEqual(['NOT_MODELLED']);
    const readOnly = acmeGrant(SCOPES.filter((scope) => scope !== 'boards:write'));
    const refused = await run(engine, CREATE, { variables: OPEN_WORK, grant: readOnly });
    expect(errorCodes(refused)).toEqual(['USER_UNAUTHORIZED']);
    expect(engine.store.views.ofBoard('3002')).toEqual([]);
  });

  it('answers the TABLE settings schema from the served input type, and NOT_MODELLED for other kinds', async () => {
    const engine = createEngine();
    const body = await run(engine, '{ get_view_schema_by_type(type: TABLE, mutationType: CREATE) }');
    expect(body.errors).toBeUndefined();
    const { schema } = JSON.parse(dataField<string>(body, 'get_view_schema_by_type'));
    expect(schema.properties.columns.properties.column_properties.items).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: { column_id: { type: 'string' }, visible: { type: 'boolean' } },
      required: ['column_id', 'visible'],
    });
    const app = await run(engine, '{ get_view_schema_by_type(type: APP, mutationType: CREATE) }');
    expect(errorCodes(app)).toEqual(['NOT_MODELLED']);
  });

  it('serves the mutations from 2025-10, not before', async () => {
    const engine = createEngine();
    const at2025_10 = await run(engine, CREATE, { variables: OPEN_WORK, version: '2025-10' });
    expect(at2025_10.errors).toBeUndefined();
    const at2025_04 = await run(engine, CREATE, { variables: OPEN_WORK, version: '2025-04' });
    expect(new Set(errorCodes(at2025_04))).toEqual(new Set(['GRAPHQL_VALIDATION_FAILED']));
  });
});
