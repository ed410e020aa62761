/**
 * Dashboards and widgets in the engine, against
 * https://developer.monday.com/api-reference/reference/dashboards-and-widgets and
 * https://developer.monday.com/api-reference/reference/all-widgets-schema: creation defaults, moves, deletion with
 * the widgets, settings checked against the documented schemas, scopes and account isolation.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { checkJsonSchema } from '../../../src/engine/json-schema-check.js';
import { acmeGrant, dataField, errorCodes, globexGrant, run } from '../../engine-helpers.js';

const CREATE = `mutation ($name: String!, $workspace: ID!, $boards: [ID!]!, $folder: ID, $kind: DashboardKind) {
  create_dashboard(name: $name, workspace_id: $workspace, board_ids: $boards, board_folder_id: $folder, kind: $kind) {
    id name kind workspace_id board_folder_id
  }
}`;

const WIDGET = `mutation ($parent: WidgetParentInput!, $kind: ExternalWidget!, $name: String!, $settings: JSON!) {
  create_widget(parent: $parent, kind: $kind, name: $name, settings: $settings) { id name kind parent { id kind } }
}`;

/** The NUMBER widget settings of the docs' create_widget example. */
const NUMBER_SETTINGS = {
  counter_data: {
    calculation_type: 'columns',
    column_ids_per_board: { '3001': ['numbers'] },
    counter_type: 'sum',
    counter_unit: { symbol: '$', direction: 'left' },
  },
  prefix: 'Total',
  suffix: 'in estimates',
  number_format: 'currency',
};

describe('dashboards', () => {
  it('creates a private dashboard by default, in a workspace and folder of the caller', async () => {
    const engine = createEngine();
    const body = await run(engine, CREATE, {
      variables: { name: 'Team performance', workspace: '7001', boards: ['3001', '3002'], folder: '7101' },
    });
    const created = dataField<Record<string, unknown>>(body, 'create_dashboard');
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Team performance',
      kind: 'PRIVATE',
      workspace_id: '7001',
      board_folder_id: '7101',
    });
    expect(engine.store.dashboards.find(created.id as string)?.boardIds).toEqual(['3001', '3002']);
  });

  it('takes -1, as the docs example does, for the main workspace and answers it back', async () => {
    const engine = createEngine();
    const body = await run(engine, CREATE, {
      variables: { name: 'Main', workspace: '-1', boards: ['3001'], kind: 'PUBLIC' },
    });
    expect(dataField(body, 'create_dashboard')).toMatchObject({ workspace_id: '-1', kind: 'PUBLIC' });
  });

  it('refuses another account, a folder of another workspace, no boards or an over-long name', async () => {
    const engine = createEngine();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', workspace: '7001', boards: ['3003'] }, 'RESOURCE_NOT_FOUND'],
      [{ name: 'x', workspace: '7003', boards: ['3001'] }, 'RESOURCE_NOT_FOUND'],
      [{ name: 'x', workspace: '7001', boards: ['3001'], folder: '7102' }, 'INVALID_ARGUMENT'],
      [{ name: 'x', workspace: '7001', boards: [] }, 'INVALID_ARGUMENT'],
      [{ name: 'x'.repeat(256), workspace: '7001', boards: ['3001'] }, 'INVALID_ARGUMENT'],
      [{ name: '  ', workspace: '7001', boards: ['3001'] }, 'INVALID_ARGUMENT'],
    ];
    for (const [variables, code] of cases) {
      expect(errorCodes(await run(engine, CREATE, { variables }))).toEqual([code]);
    }
    expect(engine.store.dashboards.all().map((dashboard) => dashboard.id)).toEqual(['8601', '8602']);
    const readOnly = await run(engine, CREATE, {
      variables: { name: 'x', workspace: '7001', boards: ['3001'] },
      grant: acmeGrant(['boards:read']),
    });
    expect(errorCodes(readOnly)).toEqual(['USER_UNAUTHORIZED']);
  });

  it('updates name and kind, and moving to another workspace leaves the old folder behind', async () => {
    const engine = createEngine();
    const renamed = await run(
      engine,
      'mutation { update_dashboard(id: 8601, name: "Q4", kind: PRIVATE) { name kind board_folder_id } }',
    );
    expect(dataField(renamed, 'update_dashboard')).toEqual({ name: 'Q4', kind: 'PRIVATE', board_folder_id: '7101' });
    const moved = await run(
      engine,
      'mutation { update_dashboard(id: 8601, workspace_id: 7002) { workspace_id board_folder_id } }',
    );
    expect(dataField(moved, 'update_dashboard')).toEqual({ workspace_id: '7002', board_folder_id: null });
    expect(errorCodes(await run(engine, 'mutation { update_dashboard(id: 8602, name: "mine") { id } }'))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
  });

  it('moves a dashboard in the hierarchy next to a board and answers the overview', async () => {
    const engine = createEngine();
    const body = await run(
      engine,
      `mutation { update_overview_hierarchy(overview_id: 8601, attributes: {
        workspace_id: 7002, folder_id: 7102, position: { object_id: "3001", object_type: Board, is_after: false }
      }) { success message overview { id name state workspace_id folder_id creator { name } } } }`,
    );
    expect(dataField(body, 'update_overview_hierarchy')).toEqual({
      success: true,
      message: 'Overview position updated successfully',
      overview: {
        id: '8601',
        name: 'Delivery overview',
        state: '1',
        workspace_id: '7002',
        folder_id: '7102',
        creator: { name: 'Ada Lovelace' },
      },
    });
    expect(engine.store.dashboards.find('8601')?.position).toEqual({
      objectId: '3001',
      objectType: 'Board',
      isAfter: false,
    });
    const anchorElsewhere = await run(
      engine,
      'mutation { update_overview_hierarchy(overview_id: 8601, attributes: { position: { object_id: "3003", object_type: Board } }) { success } }',
    );
    expect(errorCodes(anchorElsewhere)).toEqual(['RESOURCE_NOT_FOUND']);
    const kind = await run(
      engine,
      'mutation { update_overview_hierarchy(overview_id: 8601, attributes: {}) { overview { kind } } }',
    );
    // The docs do not describe `kind`: the emulator answers the dashboard's own kind.
    expect(dataField(kind, 'update_overview_hierarchy')).toEqual({
      overview: { kind: engine.store.dashboards.find('8601')?.kind },
    });
    expect(engine.store.dashboards.find('8601')?.kind).toMatch(/^(PRIVATE|PUBLIC)$/);
  });

  it('deletes a dashboard with its widgets', async () => {
    const engine = createEngine();
    expect(dataField(await run(engine, 'mutation { delete_dashboard(id: 8601) }'), 'delete_dashboard')).toBe(true);
    expect(engine.store.dashboards.find('8601')).toBeUndefined();
    expect(engine.store.dashboards.widgets.find('8611')).toBeUndefined();
    expect(errorCodes(await run(engine, 'mutation { delete_dashboard(id: 8601) }'))).toEqual(['RESOURCE_NOT_FOUND']);
    expect(errorCodes(await run(engine, 'mutation { delete_dashboard(id: 8601) }', { grant: globexGrant() }))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
  });
});

describe('widgets', () => {
  it('lists the three documented schemas, as JSON', async () => {
    const body = await run(createEngine(), '{ all_widgets_schema { widget_type schema } }');
    const entries = dataField<{ widget_type: string; schema: string }[]>(body, 'all_widgets_schema');
    expect(entries.map((entry) => entry.widget_type)).toEqual(['BATTERY', 'CHART', 'NUMBER']);
    const number = JSON.parse(entries[2]?.schema ?? '{}') as Record<string, unknown>;
    expect(number).toMatchObject({ title: 'Counter Widget Settings', type: 'object', required: ['counter_data'] });
  });

  it('creates a NUMBER widget with the docs example settings on a dashboard', async () => {
    const engine = createEngine();
    const body = await run(engine, WIDGET, {
      variables: {
        parent: { id: '8601', kind: 'DASHBOARD' },
        kind: 'NUMBER',
        name: 'Estimate sum',
        settings: NUMBER_SETTINGS,
      },
    });
    const widget = dataField<{ id: string }>(body, 'create_widget');
    expect(widget).toEqual({
      id: expect.any(String),
      name: 'Estimate sum',
      kind: 'NUMBER',
      parent: { id: '8601', kind: 'DASHBOARD' },
    });
    expect(engine.store.dashboards.widgets.find(widget.id)?.settings).toEqual(NUMBER_SETTINGS);
    // The same settings as JSON text.
    const asText = await run(engine, WIDGET, {
      variables: {
        parent: { id: '8601', kind: 'DASHBOARD' },
        kind: 'NUMBER',
        name: 'n',
        settings: JSON.stringify(NUMBER_SETTINGS),
      },
    });
    expect(errorCodes(asText)).toEqual([]);
  });

  it('refuses settings outside the schema, naming each problem', async () => {
    const engine = createEngine();
    const body = await run(engine, WIDGET, {
      variables: {
        parent: { id: '8601', kind: 'DASHBOARD' },
        kind: 'CHART',
        name: 'Bad chart',
        settings: { graph_type: 'radar', x_axis_columns: { '3001': ['status'] }, colour: 'red' },
      },
    });
    expect(errorCodes(body)).toEqual(['INVALID_ARGUMENT']);
    const problems = body.errors?.[0]?.extensions?.problems;
    expect(problems).toEqual([
      'settings.y_axis_columns is required',
      expect.stringContaining('settings.graph_type must be one of'),
      'settings.colour is not allowed',
    ]);
    expect(engine.store.dashboards.widgets.all()).toHaveLength(1);
  });

  it('places a widget on a board view of the caller, with a filter checked against its board', async () => {
    // The reference's create_widget example: a NUMBER widget with parent { kind: BOARD_VIEW } and a filter.
    const engine = createEngine();
    const made = await run(engine, 'mutation { create_view_table(board_id: 3001, name: "Costs") { id } }');
    const viewId = dataField<{ id: string }>(made, 'create_view_table').id;
    const FILTERED = `mutation ($parent: WidgetParentInput!, $settings: JSON!, $filter: ItemsQueryGroup) {
      create_widget(parent: $parent, kind: NUMBER, name: "High estimates", settings: $settings, filter: $filter) {
        id name kind parent { id kind } } }`;
    const filter = { operator: 'and', rules: [{ column_id: 'numbers', operator: 'greater_than', compare_value: [5] }] };
    const parent = { id: viewId, kind: 'BOARD_VIEW' };
    const body = await run(engine, FILTERED, { variables: { parent, settings: NUMBER_SETTINGS, filter } });
    expect(body.errors).toBeUndefined();
    const widget = dataField<{ id: string }>(body, 'create_widget');
    expect(widget).toEqual({ id: expect.any(String), name: 'High estimates', kind: 'NUMBER', parent });
    expect(engine.store.dashboards.widgets.find(widget.id)).toMatchObject({ parentKind: 'BOARD_VIEW', filter });

    const badColumn = { rules: [{ column_id: 'nope', compare_value: [1] }] };
    const refused = await run(engine, FILTERED, {
      variables: { parent, settings: NUMBER_SETTINGS, filter: badColumn },
    });
    expect(errorCodes(refused)).toEqual(['INVALID_ARGUMENT']);
    const missing = await run(engine, FILTERED, {
      variables: { parent: { id: '999999', kind: 'BOARD_VIEW' }, settings: NUMBER_SETTINGS },
    });
    expect(errorCodes(missing)).toEqual(['RESOURCE_NOT_FOUND']);
    const foreign = await run(engine, FILTERED, {
      variables: { parent, settings: NUMBER_SETTINGS },
      grant: globexGrant(),
    });
    expect(errorCodes(foreign)).toEqual(['RESOURCE_NOT_FOUND']);
    expect(engine.store.dashboards.widgets.all().filter((w) => w.parentKind === 'BOARD_VIEW')).toHaveLength(1);

    expect(
      (await run(engine, `mutation { delete_view(board_id: 3001, view_id: ${viewId}) { id } }`)).errors,
    ).toBeUndefined();
    expect(engine.store.dashboards.widgets.find(widget.id)).toBeUndefined();
  });

  it('answers NOT_MODELLED for undocumented kinds and filters on a dashboard', async () => {
    const engine = createEngine();
    const settings = { battery_data: { status_column_ids_per_board: { '3001': ['status'] } } };
    const cases = [{ parent: { id: '8601', kind: 'DASHBOARD' }, kind: 'GANTT', name: 'g', settings: {} }];
    for (const variables of cases)
      expect(errorCodes(await run(engine, WIDGET, { variables }))).toEqual(['NOT_MODELLED']);
    const filtered = await run(
      engine,
      'mutation ($s: JSON!) { create_widget(parent: {id: 8601, kind: DASHBOARD}, kind: BATTERY, name: "f", settings: $s, filter: { rules: [{ column_id: "status", compare_value: [1] }] }) { id } }',
      { variables: { s: settings } },
    );
    expect(errorCodes(filtered)).toEqual(['NOT_MODELLED']);
  });

  it('deletes a widget of the caller only', async () => {
    const engine = createEngine();
    expect(errorCodes(await run(engine, 'mutation { delete_widget(id: 8611) }', { grant: globexGrant() }))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
    expect(dataField(await run(engine, 'mutation { delete_widget(id: 8611) }'), 'delete_widget')).toBe(true);
    expect(engine.store.dashboards.widgets.all()).toEqual([]);
  });
});

describe('JSON schema check', () => {
  it('checks one-of forms, key patterns and unique entries', () => {
    const schema = {
      type: 'object' as const,
      properties: {
        done: {
          oneOf: [
            { type: 'string' as const },
            {
              type: 'object' as const,
              patternProperties: { '^[0-9]+$': { type: 'string' as const, maxLength: 1 } },
              additionalProperties: false,
            },
          ],
        },
        ids: {
          type: 'object' as const,
          patternProperties: {
            '^[0-9]+$': { type: 'array' as const, items: { type: 'string' as const }, uniqueItems: true },
          },
          additionalProperties: false,
        },
      },
    };
    expect(checkJsonSchema({ done: 'Done', ids: { '1': ['a', 'b'] } }, schema)).toEqual([]);
    expect(checkJsonSchema({ done: { '0': 'D' } }, schema)).toEqual([]);
    expect(checkJsonSchema({ done: { '0': 'Do' } }, schema)).toEqual(['value.done must match exactly one of 2 forms']);
    // Integer-like keys come first, as JavaScript orders an object's keys.
    expect(checkJsonSchema({ ids: { x: [], '2': ['a', 'a'] } }, schema)).toEqual([
      'value.ids.2 must not repeat an entry',
      'value.ids.x is not allowed',
    ]);
  });
});
