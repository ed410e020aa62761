/**
 * Fields modelled from their reference pages, over a real socket: each answers what its page documents at a version
 * that publishes it (the engine tests beside each resolver hold the details).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { askGraphQL, closeTestEmulators, startTestEmulator } from './server-helpers.js';

afterEach(closeTestEmulators);

describe('fields modelled from their reference pages, over a socket', () => {
  it('get_column_type_schema(type: auto_number) answers the documented settings schema', async () => {
    // https://developer.monday.com/api-reference/reference/auto-number-1 ("Get column type schema").
    const emulator = await startTestEmulator();
    const body = await askGraphQL(emulator, '2025-10', 'query { get_column_type_schema(type: auto_number) }');
    expect(body.errors).toBeUndefined();
    // The JSON scalar travels as a string, as the platform sends it.
    const answer = JSON.parse(String(body.data?.get_column_type_schema)) as {
      schema: { properties: { settings: unknown } };
    };
    expect(answer.schema.properties.settings).toEqual({
      type: 'object',
      properties: {
        scope: { type: 'string', enum: ['group', 'board'] },
        color: { type: 'string', minLength: 7, maxLength: 7 },
        font: { type: 'string', enum: ['regular', 'bold'] },
        order: { type: 'string', enum: ['ascending', 'descending'] },
        prefix: { type: 'string' },
      },
      additionalProperties: false,
    });
  });

  it('create_view and update_view with type APP keep an app view naming its app feature', async () => {
    // https://developer.monday.com/api-reference/reference/board-views: create_view(type: APP, settings: { app_feature_id }).
    const emulator = await startTestEmulator();
    const made = await askGraphQL(
      emulator,
      '2025-10',
      `mutation { create_view(board_id: 3001, type: APP, name: "Planner", settings: { app_feature_id: 54321 }) {
        id name type settings } }`,
    );
    expect(made.errors).toBeUndefined();
    const view = made.data?.create_view as { id: string; name: string; type: string; settings: string };
    expect(view).toMatchObject({ name: 'Planner', type: 'FeatureBoardView' });
    expect(JSON.parse(view.settings)).toEqual({ app_feature_id: 54321 });
    const updated = await askGraphQL(
      emulator,
      '2026-10',
      `mutation { update_view(board_id: 3001, view_id: ${view.id}, type: APP, tags: ["apps"]) { id name tags } }`,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.update_view).toEqual({ id: view.id, name: 'Planner', tags: ['apps'] });
  });

  it('create_widget places a widget on a board view, its filter checked against the board', async () => {
    // https://developer.monday.com/api-reference/reference/dashboards-and-widgets: parent { kind: BOARD_VIEW }.
    const emulator = await startTestEmulator();
    const settings = {
      counter_data: {
        calculation_type: 'columns',
        column_ids_per_board: { '3001': ['numbers'] },
        counter_type: 'sum',
        counter_unit: { symbol: '$', direction: 'left' },
      },
    };
    const mutation = `mutation ($settings: JSON!, $filter: ItemsQueryGroup) {
      create_widget(parent: { kind: BOARD_VIEW, id: 7801 }, kind: NUMBER, name: "Estimates", settings: $settings,
        filter: $filter) { name kind parent { id kind } } }`;
    const filter = { rules: [{ column_id: 'numbers', operator: 'greater_than', compare_value: [5] }] };
    const made = await askGraphQL(emulator, '2025-10', mutation, { settings, filter });
    expect(made.errors).toBeUndefined();
    expect(made.data?.create_widget).toEqual({
      name: 'Estimates',
      kind: 'NUMBER',
      parent: { id: '7801', kind: 'BOARD_VIEW' },
    });
    const wrong = await askGraphQL(emulator, '2025-10', mutation, {
      settings,
      filter: { rules: [{ column_id: 'nope', compare_value: [1] }] },
    });
    expect(wrong.errors?.map((error) => error.extensions?.code)).toEqual(['INVALID_ARGUMENT']);
  });

  it('account_triggers_statistics_by_entity_id counts the runs in a state by automation', async () => {
    // Shape as the platform's own MCP tool reads it; see src/engine/resolvers/automations.ts.
    const emulator = await startTestEmulator();
    const body = await askGraphQL(
      emulator,
      '2026-04',
      '{ account_triggers_statistics_by_entity_id(run_status: failure) { id automation_statistics workflow_statistics } }',
    );
    expect(body.errors).toBeUndefined();
    const answer = body.data?.account_triggers_statistics_by_entity_id as Record<string, string>;
    expect(answer.id).toBe('1001');
    expect(JSON.parse(answer.automation_statistics ?? 'null')).toEqual({ '8801': { total: 1 } });
    expect(JSON.parse(answer.workflow_statistics ?? 'null')).toEqual({});
  });
});
