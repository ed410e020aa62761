/**
 * The account-level platform families end to end: the SDK client at 2026-10 against a test emulator over a real
 * socket, one flow per family as an integration or agent tool runs it, and the testing kit's snapshot bringing
 * their records back exactly.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_FACTS, DEMO_OTHER_ACCOUNT_TOKEN } from 'workspace-platform-emulator';
import { createSeed, createTestEmulator, type TestEmulator } from 'workspace-platform-emulator/testing';
import { GraphQLResponseError, PlatformClient } from '../../src/index.js';

const START = Date.UTC(2026, 10, 25, 9, 0, 0);
let emulator: TestEmulator;
let client: PlatformClient;

beforeAll(async () => {
  emulator = await createTestEmulator({ startTime: START });
  client = new PlatformClient({ token: emulator.token, baseUrl: emulator.baseUrl, apiVersion: '2026-10' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe('dashboards and widgets', () => {
  it('builds a dashboard with a widget from the documented schema, moves it and deletes it', async () => {
    const schemas = await client.request<{ all_widgets_schema: { widget_type: string; schema: string }[] }>(
      'query { all_widgets_schema { widget_type schema } }',
    );
    const battery = schemas.data.all_widgets_schema.find((entry) => entry.widget_type === 'BATTERY');
    expect(JSON.parse(battery?.schema ?? '{}')).toMatchObject({ required: ['battery_data'] });

    const created = await client.request<{ create_dashboard: { id: string; kind: string } }>(
      `mutation ($boards: [ID!]!) {
        create_dashboard(name: "Release health", workspace_id: 7001, board_ids: $boards) { id kind }
      }`,
      { boards: ['3001'] },
    );
    const dashboardId = created.data.create_dashboard.id;
    expect(created.data.create_dashboard.kind).toBe('PRIVATE');

    const widget = await client.request<{ create_widget: { id: string; parent: { id: string } } }>(
      `mutation ($parent: WidgetParentInput!, $settings: JSON!) {
        create_widget(parent: $parent, kind: BATTERY, name: "Done so far", settings: $settings) { id parent { id } }
      }`,
      {
        parent: { kind: 'DASHBOARD', id: dashboardId },
        settings: { done_text: 'Done', battery_data: { status_column_ids_per_board: { '3001': ['status'] } } },
      },
    );
    expect(widget.data.create_widget.parent.id).toBe(dashboardId);

    const moved = await client.request<{ update_overview_hierarchy: { success: boolean } }>(
      `mutation ($id: ID!) {
        update_overview_hierarchy(overview_id: $id, attributes: { workspace_id: 7002 }) { success }
      }`,
      { id: dashboardId },
    );
    expect(moved.data.update_overview_hierarchy.success).toBe(true);

    await client.request('mutation ($id: ID!) { delete_dashboard(id: $id) }', { id: dashboardId });
    expect(emulator.store.dashboards.find(dashboardId)).toBeUndefined();
    expect(emulator.store.dashboards.widgets.find(widget.data.create_widget.id)).toBeUndefined();
  });
});

describe('object schemas', () => {
  it('defines a schema, adds and deprecates a column, connects a board and detaches it', async () => {
    const created = await client.request<{ create_object_schema: { id: string; revision: number } }>(
      'mutation { create_object_schema(name: "client_crm") { id revision } }',
    );
    const schemaId = created.data.create_object_schema.id;
    const withColumn = await client.request<{
      create_object_schema_columns: { revision: number; columns: { id: string }[] };
    }>(
      `mutation ($id: ID!) {
        create_object_schema_columns(object_schema_id: $id, columns: [
          { type: status, title: "Stage", policy: { can_override: [title], cannot_delete: true } }
        ]) { revision columns { id } }
      }`,
      { id: schemaId },
    );
    expect(withColumn.data.create_object_schema_columns.revision).toBe(2);
    const columnId = withColumn.data.create_object_schema_columns.columns[0]?.id;
    await client.request(
      `mutation ($id: ID!, $column: ID!) {
        set_object_schema_column_active_state(object_schema_id: $id, column_id: $column, action: DEACTIVATE) { id }
      }`,
      { id: schemaId, column: columnId },
    );
    await client.request(
      'mutation ($id: ID!) { connect_board_to_object_schema(board_id: 3001, object_schema_id: $id) { id } }',
      {
        id: schemaId,
      },
    );
    const listed = await client.request<{
      get_object_schemas: { connected_boards_count: number; columns: { tags: { deprecated: string | null } }[] }[];
    }>(
      'query ($ids: [ID!]) { get_object_schemas(ids: $ids) { connected_boards_count columns { tags { deprecated } } } }',
      {
        ids: [schemaId],
      },
    );
    expect(listed.data.get_object_schemas[0]?.connected_boards_count).toBe(1);
    expect(listed.data.get_object_schemas[0]?.columns[0]?.tags.deprecated).not.toBeNull();
    const detached = await client.request<{ detach_boards_from_object_schema: { success: boolean }[] }>(
      'mutation { detach_boards_from_object_schema(board_ids: [3001]) { success } }',
    );
    expect(detached.data.detach_boards_from_object_schema).toEqual([{ success: true }]);
  });
});

describe('AI columns', () => {
  it('configures a block on a column, refuses a wrong target with the documented code, and removes it', async () => {
    const configured = await client.request<{ configure_summarize_ai_column: { column_id: string } }>(
      'mutation { configure_summarize_ai_column(board_id: 3001, column_id: "text", source_type: thread) { column_id } }',
    );
    expect(configured.data.configure_summarize_ai_column.column_id).toBe('text');
    const textColumn = () => emulator.store.boards.find('3001')?.columns.find((column) => column.id === 'text');
    expect(textColumn()?.ai?.block).toBe('summarize');
    const refused = await client
      .request(
        'mutation { configure_summarize_ai_column(board_id: 3001, column_id: "status", source_type: thread) { column_id } }',
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(GraphQLResponseError);
    expect((refused as GraphQLResponseError).code).toBe('INVALID_COLUMN_TYPE');
    await client.request('mutation { remove_ai_from_column(board_id: 3001, column_id: "text") { success } }');
    expect(textColumn()?.ai).toBeUndefined();
  });
});

describe('automations and their runs', () => {
  it('lists a board automations, reads why a run failed, counts runs and deletes an automation', async () => {
    const listed = await client.request<{ board_automations: { items: { id: string; title: string }[] } }>(
      'query { board_automations(board_ids: [3001]) { items { id title } } }',
    );
    expect(listed.data.board_automations.items.map((automation) => automation.id)).toEqual(['8801', '8802']);
    const failed = await client.request<{
      trigger_events: { triggerEvents: { triggerUuid: string; errorReason: string }[] };
    }>('query { trigger_events(filters: { stateFilter: ["failure"] }) { triggerEvents { triggerUuid errorReason } } }');
    const [run] = failed.data.trigger_events.triggerEvents;
    expect(run?.errorReason).toBe('The owner has no email address');
    const blocks = await client.request<{ block_events: { blockEvents: { title: string; eventState: string }[] } }>(
      'query ($uuid: String!) { block_events(triggerUuid: $uuid) { blockEvents { title eventState } } }',
      { uuid: run?.triggerUuid },
    );
    expect(blocks.data.block_events.blockEvents.at(-1)).toEqual({ title: 'Notify the owner', eventState: 'failure' });
    const stats = await client.request<{ account_trigger_statistics: { total: number; failure: number } }>(
      'query { account_trigger_statistics { total failure } }',
    );
    expect(stats.data.account_trigger_statistics).toEqual({ total: 3, failure: 1 });
    await client.request('mutation { delete_board_automation(board_id: 3001, id: 8802) { is_success } }');
    expect(emulator.store.automations.find('8802')).toBeUndefined();
  });
});

describe('templates', () => {
  it('installs a template as a job on the emulator clock and polls it until complete', async () => {
    const used = await client.request<{ use_template: { process_id: string } }>(
      'mutation { use_template(template_id: 8901, destination_name: "Relaunch") { process_id } }',
    );
    const processId = used.data.use_template.process_id;
    const poll = () =>
      client.request<{ template_installation_status: { status: string; board_ids: string[] } | null }>(
        'query ($id: ID!) { template_installation_status(process_id: $id) { status board_ids } }',
        { id: processId },
      );
    expect((await poll()).data.template_installation_status).toEqual({ status: 'IN_PROGRESS', board_ids: [] });
    await emulator.clock.advance('3s');
    const done = (await poll()).data.template_installation_status;
    expect(done?.status).toBe('COMPLETE');
    const board = await client.request<{ boards: { name: string; groups: { title: string }[] }[] }>(
      'query ($ids: [ID!]) { boards(ids: $ids) { name groups { title } } }',
      { ids: done?.board_ids },
    );
    expect(board.data.boards).toEqual([{ name: 'Relaunch', groups: [{ title: 'To do' }, { title: 'Done' }] }]);
    await emulator.clock.advance('61m');
    expect((await poll()).data.template_installation_status).toBeNull();
  });
});

describe('column type schemas and the knowledge base', () => {
  it('reads a column kind schema and finds doc snippets; the AI answer stays NOT_MODELLED', async () => {
    const schema = await client.request<{ get_column_type_schema: string }>(
      'query { get_column_type_schema(type: dropdown) }',
    );
    expect(JSON.parse(schema.data.get_column_type_schema)).toMatchObject({
      schema: { properties: { settings: { required: ['labels'] } } },
    });
    const found = await client.request<{ knowledge_base_search: { raw_snippets: { title: string }[] } }>(
      'query { knowledge_base_search(query: "sign-ups launch") { raw_snippets { title } } }',
    );
    expect(found.data.knowledge_base_search.raw_snippets).toEqual([{ title: 'Campaign brief' }]);
    const answer = await client.request('query { knowledge_base_search(query: "launch") { answer } }').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((answer as GraphQLResponseError).code).toBe('NOT_MODELLED');
  });
});

describe('managed columns', () => {
  it('attaches the account priority scale to a board and renames a label everywhere at once', async () => {
    const id = '8a0c4e51-0000-4000-8000-000000008a01';
    const attached = await client.request<{ attach_status_managed_column: { id: string } }>(
      'mutation ($id: ID!) { attach_status_managed_column(board_id: 3002, managed_column_id: $id) { id } }',
      { id },
    );
    const columnId = attached.data.attach_status_managed_column.id;
    await client.request(
      `mutation ($id: String!) { update_status_managed_column(id: $id, revision: 0, settings: { labels: [
        { id: 2, color: stuck_red, label: "Urgent", index: 0 },
        { id: 0, color: working_orange, label: "Medium", index: 1 },
        { id: 1, color: done_green, label: "Low", index: 2 }
      ] }) { revision } }`,
      { id },
    );
    const board = await client.request<{ boards: { columns: { settings: string }[] }[] }>(
      'query ($column: [String!]) { boards(ids: [3002]) { columns(ids: $column) { settings } } }',
      { column: [columnId] },
    );
    const labels = JSON.parse(board.data.boards[0]?.columns[0]?.settings ?? '{}') as { labels: { label: string }[] };
    expect(labels.labels.map((label) => label.label)).toEqual(['Urgent', 'Medium', 'Low']);
  });
});

describe('automations seeded through the testing kit', () => {
  it('reads the runs a test seeded, with their blocks, and counts them', async () => {
    const seed = createSeed({ base: 'accounts' });
    const board = seed.board({ name: 'Orders', columns: [{ title: 'Status', type: 'status' }], items: ['Order 1'] });
    const automation = seed.automation({ boardId: board.id, title: 'When an order is created, email the buyer' });
    const failed = seed.automationRun({
      automationId: automation.id,
      state: 'failure',
      startedAt: '2026-11-20T10:00:00Z',
      itemId: board.items[0]?.id,
      errorReason: 'The buyer has no email address',
      blocks: [{ title: 'When an order is created' }, { title: 'Email the buyer', state: 'failure' }],
    });
    seed.automationRun({ automationId: automation.id, state: 'success', startedAt: '2026-11-21T10:00:00Z' });
    const own = await createTestEmulator({ seed, startTime: START });
    try {
      const ownClient = new PlatformClient({ token: own.token, baseUrl: own.baseUrl, apiVersion: '2026-10' });
      const runs = await ownClient.request<{
        trigger_events: { triggerEvents: { triggerUuid: string; eventState: string }[] };
      }>(
        'query ($board: String) { trigger_events(filters: { boardId: $board }) { triggerEvents { triggerUuid eventState } } }',
        { board: board.id },
      );
      expect(runs.data.trigger_events.triggerEvents.map((run) => run.eventState)).toEqual(['success', 'failure']);
      const blocks = await ownClient.request<{
        block_events: { blockEvents: { title: string; eventState: string }[] };
      }>('query ($uuid: String!) { block_events(triggerUuid: $uuid) { blockEvents { title eventState } } }', {
        uuid: failed.triggerUuid,
      });
      expect(blocks.data.block_events.blockEvents).toEqual([
        { title: 'When an order is created', eventState: 'success' },
        { title: 'Email the buyer', eventState: 'failure' },
      ]);
      const stats = await ownClient.request<{ account_trigger_statistics: { success: number; failure: number } }>(
        'query { account_trigger_statistics { success failure } }',
      );
      expect(stats.data.account_trigger_statistics).toEqual({ success: 1, failure: 1 });
    } finally {
      await own.close();
    }
    expect(() => seed.automation({ boardId: '999', title: 'x' })).toThrow(RangeError);
    expect(() => seed.automationRun({ automationId: automation.id, state: 'late' as 'success' })).toThrow(RangeError);
  });
});

describe('departments', () => {
  it('creates a department of an Enterprise account and moves a member into it', async () => {
    const globex = new PlatformClient({
      token: DEMO_OTHER_ACCOUNT_TOKEN,
      baseUrl: emulator.baseUrl,
      apiVersion: '2026-10',
    });
    const created = await globex.request<{ create_department: { id: string } }>(
      'mutation { create_department(data: { name: "Lair maintenance" }) { id } }',
    );
    const id = created.data.create_department.id;
    await globex.request(
      'mutation ($id: ID!) { assign_department_members(department_id: $id, user_ids: [601]) { successful_users { id } } }',
      { id },
    );
    const listed = await globex.request<{ departments: { id: string; assigned_seats: number }[] }>(
      'query { departments { id assigned_seats } }',
    );
    expect(listed.data.departments).toEqual([
      { id: '8401', assigned_seats: 0 },
      { id, assigned_seats: 1 },
    ]);
    const refused = await client.request('query { departments { id } }').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((refused as GraphQLResponseError).code).toBe('USER_UNAUTHORIZED');
  });
});

describe('updates a page at a time', () => {
  it("follows an item's updates_page cursor to the last page, as a client pages a long conversation", async () => {
    for (const body of ['First note', 'Second note', 'Third note']) {
      await client.request(
        'mutation ($item: ID!, $body: String!) { create_update(item_id: $item, body: $body) { id } }',
        {
          item: '4000001',
          body,
        },
      );
    }
    type Page = { items: { updates_page: { cursor: string | null; updates: { text_body: string }[] } }[] };
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { data: Page } = await client.request<Page>(
        'query ($ids: [ID!], $cursor: String) { items(ids: $ids) { updates_page(limit: 2, cursor: $cursor) { cursor updates { text_body } } } }',
        { ids: ['4000001'], cursor },
      );
      const answer = page.data.items[0]?.updates_page;
      seen.push(...(answer?.updates.map((update) => update.text_body) ?? []));
      cursor = answer?.cursor ?? null;
      pages += 1;
    } while (cursor !== null && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toEqual(['Third note', 'Second note', 'First note', 'Launch date agreed with sales: 1 November.']);
  });
});

describe('complexity beside a mutation', () => {
  it('answers each write its own cost and the budget it leaves, as the next call sees it', async () => {
    type Costed = { complexity: { before: number; after: number; query: number }; create_item: { id: string } };
    const write =
      'mutation ($name: String!) { complexity { before after query } create_item(board_id: 3001, item_name: $name) { id } }';
    const first = await client.request<Costed>(write, { name: 'First costed write' });
    const second = await client.request<Costed>(write, { name: 'Second costed write' });
    expect(first.data.complexity.query).toBeGreaterThan(0);
    expect(first.data.complexity.before - first.data.complexity.after).toBe(first.data.complexity.query);
    expect(second.data.complexity.before).toBe(first.data.complexity.after);
    expect(emulator.store.items.find(second.data.create_item.id)?.name).toBe('Second costed write');
  });
});

describe('app monetization', () => {
  it('shows the app the mock subscription its developer set, counts its operations, and drops it when removed', async () => {
    // https://developer.monday.com/api-reference/docs/app_subscription: the mock is set for the token's account and
    // read with the app's own token. The seeded app 8501 has OAuth client `app-1`.
    const acme = DEFAULT_SEED_FACTS.users.ada;
    const apps = await createTestEmulator({
      startTime: START,
      tokens: [
        { token: 'developer-token', accountId: acme.accountId, userId: acme.id },
        { token: 'app-token', kind: 'oauth', accountId: acme.accountId, userId: acme.id, clientId: 'app-1' },
      ],
    });
    try {
      const developer = new PlatformClient({ token: 'developer-token', baseUrl: apps.baseUrl, apiVersion: '2026-10' });
      const app = new PlatformClient({ token: 'app-token', baseUrl: apps.baseUrl, apiVersion: '2026-10' });
      const mine = 'query { app_subscription { plan_id is_trial max_units } }';
      expect((await app.request<{ app_subscription: unknown[] }>(mine)).data.app_subscription).toEqual([]);
      await developer.request(
        'mutation { set_mock_app_subscription(app_id: 8501, partial_signing_secret: "a1b2c3d4e5", plan_id: "pro", is_trial: true, max_units: 15) { plan_id } }',
      );
      expect((await app.request<{ app_subscription: unknown[] }>(mine)).data.app_subscription).toEqual([
        { plan_id: 'pro', is_trial: true, max_units: 15 },
      ]);
      const counted = await app.request<{ increase_app_subscription_operations: { counter_value: number } }>(
        'mutation { increase_app_subscription_operations(kind: "export", increment_by: 3) { counter_value } }',
      );
      expect(counted.data.increase_app_subscription_operations.counter_value).toBe(3);
      await developer.request(
        'mutation { remove_mock_app_subscription(app_id: 8501, partial_signing_secret: "a1b2c3d4e5") { plan_id } }',
      );
      expect((await app.request<{ app_subscription: unknown[] }>(mine)).data.app_subscription).toEqual([]);
      const refused = await app
        .request('mutation { increase_app_subscription_operations { counter_value } }')
        .catch((error: unknown) => error);
      expect((refused as GraphQLResponseError).code).toBe('RESOURCE_NOT_FOUND');
    } finally {
      await apps.close();
    }
  });
});

describe('snapshot and restore', () => {
  it('brings back the platform families exactly as they were at the snapshot', async () => {
    await client.request(
      'mutation { create_dashboard(name: "Kept", workspace_id: 7001, board_ids: [3001], kind: PUBLIC) { id } }',
    );
    const state = () =>
      JSON.stringify({
        dashboards: emulator.store.dashboards.all(),
        widgets: emulator.store.dashboards.widgets.all(),
        objectSchemas: emulator.store.objectSchemas.all(),
        objectSchemaConnections: emulator.store.objectSchemas.connections(),
        roadmapColumns: emulator.store.boards.find('3001')?.columns,
        automations: emulator.store.automations.all(),
        installations: emulator.store.templates.installations.all(),
        boards: emulator.store.boards.all().map((board) => board.id),
        managedColumns: emulator.store.managedColumns.all(),
        departments: emulator.store.departments.all(),
      });
    await client.request('mutation { create_object_schema(name: "kept_schema") { id } }');
    await client.request('mutation { connect_board_to_object_schema(board_id: 3001, object_schema_id: 8702) { id } }');
    await client.request(
      'mutation { configure_translate_ai_column(board_id: 3001, column_id: "text", source_type: item_name, target_language: hebrew) { column_id } }',
    );
    await client.request('mutation { use_template(template_id: 8902) { process_id } }');
    await client.request(
      'mutation { attach_status_managed_column(board_id: 3001, managed_column_id: "8a0c4e51-0000-4000-8000-000000008a01") { id } }',
    );
    const snapshot = emulator.snapshot();
    const before = state();
    await client.request('mutation { delete_widget(id: 8611) }');
    await client.request(
      'mutation { create_dashboard(name: "Dropped", workspace_id: 7001, board_ids: [3002]) { id } }',
    );
    await client.request('mutation { detach_boards_from_object_schema(board_ids: [3001, 3002]) { success } }');
    await client.request(
      'mutation { set_object_schema_column_active_state(object_schema_id: 8701, column_id: 8711, action: DEACTIVATE) { id } }',
    );
    await client.request('mutation { remove_ai_from_column(board_id: 3001, column_id: "text") { success } }');
    await client.request('mutation { delete_board_automation(board_id: 3001, id: 8801) { is_success } }');
    await client.request('mutation { use_template(template_id: 8901) { process_id } }');
    await client.request(
      'mutation { deactivate_managed_column(id: "8a0c4e51-0000-4000-8000-000000008a01") { state } }',
    );
    expect(state()).not.toBe(before);
    await emulator.restore(snapshot);
    expect(state()).toBe(before);
  });
});
