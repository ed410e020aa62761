/**
 * Object schemas in the engine, against https://developer.monday.com/api-reference/reference/object-schemas and
 * https://developer.monday.com/api-reference/reference/object-schemas-other-types: listing and filters, names and
 * revisions, columns with their policy and tags, bulk actions, board connections, permission and isolation.
 */

import { describe, expect, it } from 'vitest';
import { SCOPES } from 'workspace-platform-sdk';
import { createEngine, DEFAULT_SEED_FACTS } from '../../../src/engine/index.js';
import { dataField, errorCodes, globexGrant, run } from '../../engine-helpers.js';

const VERSION = '2026-10';
const go = (engine: ReturnType<typeof createEngine>, query: string, variables?: Record<string, unknown>) =>
  run(engine, query, { version: VERSION, ...(variables ? { variables } : {}) });
const POLICY = '{ can_override: [title], cannot_delete: false }';

describe('object schemas', () => {
  it('lists the account schemas with their columns, policies, tags and connected boards', async () => {
    const body = await go(
      createEngine(),
      `{ get_object_schemas(ids: [8701]) {
        id name description revision account_id created_by connected_boards_count parent_id
        columns { id title type description settings policy { can_override cannot_delete read_only messages } tags { deprecated inherited opt_in_by_default } }
      } }`,
    );
    expect(dataField(body, 'get_object_schemas')).toEqual([
      {
        id: '8701',
        name: 'project_tracker',
        description: 'Standard columns of project boards',
        revision: 1,
        account_id: '1001',
        created_by: '501',
        connected_boards_count: 1,
        parent_id: null,
        columns: [
          {
            id: '8711',
            title: 'Project status',
            type: 'status',
            description: 'Current phase of the project',
            settings: '{"labels":{"0":"Planned","1":"Live","2":"Blocked"}}',
            policy: { can_override: ['title', 'description'], cannot_delete: true, read_only: false, messages: null },
            tags: { deprecated: null, inherited: false, opt_in_by_default: '{}' },
          },
          {
            id: '8712',
            title: 'Notes',
            type: 'text',
            description: null,
            settings: '{}',
            policy: {
              can_override: ['title', 'description', 'settings'],
              cannot_delete: false,
              read_only: false,
              messages: null,
            },
            tags: { deprecated: null, inherited: false, opt_in_by_default: null },
          },
        ],
      },
    ]);
  });

  it('filters by names, pages, and refuses ids with names or a limit above 100', async () => {
    const engine = createEngine();
    const names = await go(engine, '{ get_object_schemas(names: ["vendor", "scheme"]) { id } }');
    expect(dataField(names, 'get_object_schemas')).toEqual([{ id: '8702' }]);
    const page = await go(engine, '{ get_object_schemas(limit: 1, page: 2) { id } }');
    expect(dataField(page, 'get_object_schemas')).toEqual([{ id: '8702' }]);
    for (const query of [
      '{ get_object_schemas(ids: [8701], names: ["vendor"]) { id } }',
      '{ get_object_schemas(limit: 101) { id } }',
    ]) {
      expect(errorCodes(await go(engine, query))).toEqual(['INVALID_ARGUMENT']);
    }
  });

  it('creates a schema with a checked, unique name at revision 1', async () => {
    const engine = createEngine();
    const body = await go(
      engine,
      'mutation { create_object_schema(name: "client_crm", description: "CRM") { id name revision created_at } }',
    );
    expect(dataField(body, 'create_object_schema')).toMatchObject({ name: 'client_crm', revision: 1 });
    for (const name of ['ab', 'Has_Caps', 'a-b-c', '1234', 'sixteen_letters_', 'vendor']) {
      const refused = await go(engine, 'mutation ($name: String!) { create_object_schema(name: $name) { id } }', {
        name,
      });
      expect(errorCodes(refused)).toEqual(['INVALID_ARGUMENT']);
    }
    // Another account may use the same name.
    const elsewhere = await run(engine, 'mutation { create_object_schema(name: "vendor") { name } }', {
      version: VERSION,
      grant: globexGrant(),
    });
    expect(dataField(elsewhere, 'create_object_schema')).toEqual({ name: 'vendor' });
  });

  it('updates against the current revision only, and deletes a schema no board is connected to', async () => {
    const engine = createEngine();
    const stale = await go(engine, 'mutation { update_object_schema(id: 8702, revision: 7, description: "x") { id } }');
    expect(errorCodes(stale)).toEqual(['INVALID_ARGUMENT']);
    const updated = await go(
      engine,
      'mutation { update_object_schema(id: 8702, revision: 1, description: "Suppliers", parent_id: 8701) { revision description parent_id } }',
    );
    expect(dataField(updated, 'update_object_schema')).toEqual({
      revision: 2,
      description: 'Suppliers',
      parent_id: '8701',
    });
    expect(errorCodes(await go(engine, 'mutation { delete_object_schema(id: 8701) { id } }'))).toEqual([
      'INVALID_ARGUMENT',
    ]);
    const deleted = await go(engine, 'mutation { delete_object_schema(name: "vendor") { id name } }');
    expect(dataField(deleted, 'delete_object_schema')).toEqual({ id: '8702', name: 'vendor' });
    expect(errorCodes(await go(engine, 'mutation { delete_object_schema(id: 8703) { id } }'))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
  });

  it('creates, updates, deactivates and reactivates columns, each change a new revision', async () => {
    const engine = createEngine();
    const created = await go(
      engine,
      `mutation { create_object_schema_columns(object_schema_name: "vendor", columns: [
        { type: status, title: "Tier", defaults: "{\\"labels\\":{\\"1\\":\\"Gold\\"}}", policy: { can_override: [title, title], cannot_delete: true, messages: { disabled_reason: { delete: "Used by billing" } } } }
      ]) { revision columns { id title settings policy { can_override messages } } } }`,
    );
    const schema = dataField<{ revision: number; columns: { id: string }[] }>(created, 'create_object_schema_columns');
    expect(schema).toMatchObject({
      revision: 2,
      columns: [
        {
          title: 'Tier',
          settings: '{"labels":{"1":"Gold"}}',
          policy: { can_override: ['title'], messages: '{"disabled_reason":{"delete":"Used by billing"}}' },
        },
      ],
    });
    const columnId = schema.columns[0]?.id;
    const updated = await go(
      engine,
      `mutation ($id: ID!) { update_object_schema_columns(object_schema_id: 8702, columns: [{ column_id: $id, title: "Vendor tier" }]) { revision columns { title } } }`,
      { id: columnId },
    );
    expect(dataField(updated, 'update_object_schema_columns')).toEqual({
      revision: 3,
      columns: [{ title: 'Vendor tier' }],
    });
    const deactivated = await go(
      engine,
      'mutation ($id: ID!) { set_object_schema_column_active_state(object_schema_id: 8702, column_id: $id, action: DEACTIVATE) { revision columns { tags { deprecated } } } }',
      { id: columnId },
    );
    const deprecated = dataField<{ columns: { tags: { deprecated: string } }[] }>(
      deactivated,
      'set_object_schema_column_active_state',
    );
    expect(JSON.parse(deprecated.columns[0]?.tags.deprecated ?? 'null')).toEqual({ start: expect.any(String) });
    const reactivated = await go(
      engine,
      'mutation ($id: ID!) { set_object_schema_column_active_state(object_schema_id: 8702, column_id: $id, action: REACTIVATE) { revision columns { tags { deprecated } } } }',
      { id: columnId },
    );
    expect(dataField(reactivated, 'set_object_schema_column_active_state')).toEqual({
      revision: 5,
      columns: [{ tags: { deprecated: null } }],
    });
    const unknown = await go(
      engine,
      'mutation { set_object_schema_column_active_state(object_schema_id: 8702, column_id: 1, action: DEACTIVATE) { id } }',
    );
    expect(errorCodes(unknown)).toEqual(['RESOURCE_NOT_FOUND']);
    expect(
      errorCodes(
        await go(
          engine,
          `mutation { create_object_schema_columns(columns: [{ type: text, title: "x", policy: ${POLICY} }]) { id } }`,
        ),
      ),
    ).toEqual(['INVALID_ARGUMENT']);
  });

  it('runs bulk actions in order, each kind once, and stops at the first failure', async () => {
    const engine = createEngine();
    const body = await go(
      engine,
      `mutation { bulk_object_schema_column_actions(object_schema_name: "vendor", actions: [
        { action: CREATE_OBJECT_SCHEMA_COLUMNS, create_object_schema_columns: { columns: [{ type: text, title: "Notes", policy: ${POLICY} }] } },
        { action: UPDATE_OBJECT_SCHEMA_COLUMNS, update_object_schema_columns: { columns: [] } }
      ]) { action object_schema { revision columns { title } } } }`,
    );
    // An empty update is refused: the create before it stays.
    expect(errorCodes(body)).toEqual(['INVALID_ARGUMENT']);
    expect(engine.store.objectSchemas.find('8702')?.columns.map((column) => column.title)).toEqual(['Notes']);
    const columnId = engine.store.objectSchemas.find('8702')?.columns[0]?.id;
    const ok = await go(
      engine,
      `mutation ($id: ID!) { bulk_object_schema_column_actions(object_schema_id: 8702, actions: [
        { action: UPDATE_OBJECT_SCHEMA_COLUMNS, update_object_schema_columns: { columns: [{ column_id: $id, title: "Remarks" }] } },
        { action: DELETE_OBJECT_SCHEMA_COLUMNS, delete_object_schema_columns: { column_ids: [$id] } }
      ]) { action object_schema { revision columns { title } } } }`,
      { id: columnId },
    );
    expect(dataField(ok, 'bulk_object_schema_column_actions')).toEqual([
      { action: 'UPDATE_OBJECT_SCHEMA_COLUMNS', object_schema: { revision: 3, columns: [{ title: 'Remarks' }] } },
      { action: 'DELETE_OBJECT_SCHEMA_COLUMNS', object_schema: { revision: 4, columns: [] } },
    ]);
    const twice = await go(
      engine,
      `mutation { bulk_object_schema_column_actions(object_schema_id: 8702, actions: [
        { action: DELETE_OBJECT_SCHEMA_COLUMNS, delete_object_schema_columns: { column_ids: [1] } },
        { action: DELETE_OBJECT_SCHEMA_COLUMNS, delete_object_schema_columns: { column_ids: [2] } }
      ]) { action } }`,
    );
    expect(errorCodes(twice)).toEqual(['INVALID_ARGUMENT']);
    const connected = await go(
      engine,
      'mutation { bulk_object_schema_column_actions(object_schema_id: 8701, actions: [{ action: DELETE_OBJECT_SCHEMA_COLUMNS, delete_object_schema_columns: { column_ids: [8712] } }]) { action } }',
    );
    expect(errorCodes(connected)).toEqual(['INVALID_ARGUMENT']);
  });

  it('connects boards to one schema at a time and detaches them with a result per board', async () => {
    const engine = createEngine();
    const connected = await go(
      engine,
      'mutation { connect_board_to_object_schema(board_id: 3001, object_schema_name: "vendor") { id object_schema_id } }',
    );
    expect(dataField(connected, 'connect_board_to_object_schema')).toEqual({ id: '3001', object_schema_id: '8702' });
    const other = await go(
      engine,
      'mutation { connect_board_to_object_schema(board_id: 3001, object_schema_id: 8701) { id } }',
    );
    expect(errorCodes(other)).toEqual(['INVALID_ARGUMENT']);
    const detached = await go(
      engine,
      'mutation { detach_boards_from_object_schema(board_ids: [3001, 3002, 3001, 3003]) { board_id success error } }',
    );
    expect(dataField(detached, 'detach_boards_from_object_schema')).toEqual([
      { board_id: '3001', success: true, error: null },
      { board_id: '3002', success: true, error: null },
      { board_id: '3001', success: false, error: 'Board 3001 is not connected to an object schema.' },
      { board_id: '3003', success: false, error: 'Board 3003 was not found.' },
    ]);
    expect(engine.store.objectSchemas.connections()).toEqual([]);
  });

  it('needs an account admin with the board scopes', async () => {
    const engine = createEngine();
    const grace = {
      kind: 'personal' as const,
      accountId: DEFAULT_SEED_FACTS.accounts.acme.id,
      userId: DEFAULT_SEED_FACTS.users.grace.id,
      scopes: SCOPES,
    };
    expect(errorCodes(await run(engine, '{ get_object_schemas { id } }', { version: VERSION, grant: grace }))).toEqual([
      'USER_UNAUTHORIZED',
    ]);
    const readOnly = { ...grace, userId: DEFAULT_SEED_FACTS.users.ada.id, scopes: ['boards:read' as const] };
    expect(
      errorCodes(await run(engine, '{ get_object_schemas { id } }', { version: VERSION, grant: readOnly })),
    ).toEqual([]);
    expect(
      errorCodes(
        await run(engine, 'mutation { create_object_schema(name: "abc") { id } }', {
          version: VERSION,
          grant: readOnly,
        }),
      ),
    ).toEqual(['USER_UNAUTHORIZED']);
  });
});
