/**
 * Object schemas (2026-07 on): `Query.get_object_schemas`, the schema and column mutations, and connecting boards,
 * as https://developer.monday.com/api-reference/reference/object-schemas and its other-types page describe them.
 * Pinned by packages/emulator/test/engine/resolvers/object-schemas.test.ts.
 *
 * Rule map:
 * - The docs require the `manage_account_data_entities` permission: the emulator lets account admins manage
 *   schemas (others get USER_UNAUTHORIZED), with boards:read to list and boards:write to change.
 * - A schema is named by `object_schema_id` or `object_schema_name` (one of them is required); another account's
 *   schema is RESOURCE_NOT_FOUND. `get_object_schemas` takes `ids` or `names`, not both; `limit` is 25 by default
 *   and at most 100, `page` starts at 1; `exclude_created_by_monday` leaves out the schemas the platform seeds.
 * - A name has 3 to 15 characters, at least one letter, only lowercase letters, digits and underscores, and is
 *   unique in the account. update_object_schema takes the current `revision` (optimistic locking); every change
 *   to a schema or its columns raises the revision by one.
 * - A schema is deleted, and its columns deleted, only while no board is connected to it.
 * - Columns: a title of 1 to 255 characters, the policy as given (`read_only` is false: no input sets it),
 *   `defaults` kept as the column's `settings` ({} when none), `opt_out_by_default` false unless given.
 *   `tags.opt_in_by_default` is `{}` for an opt-in column (no end date) and null for opt-out; `tags.deprecated` is
 *   `{ start }` (when it was deactivated, ISO 8601: the docs do not give the form) or null; `tags.inherited` is
 *   false, as the emulator lists a schema's own columns only. At most {@link MAX_SCHEMA_COLUMNS_PER_REQUEST}
 *   columns per request (the docs give no limit; the emulator bounds the work).
 * - bulk_object_schema_column_actions runs its actions in order, each kind at most once; the first failure stops
 *   it with an error, the actions before it staying applied, as the docs describe.
 * - Connecting a board records the connection (a board to one schema at a time); the emulator does not add the
 *   schema's columns to the board, which the docs do not describe. Detaching answers one result per board.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type {
  NewObjectSchemaColumn,
  ObjectSchemaColumnChange,
  ObjectSchemaColumnRecord,
  ObjectSchemaRecord,
} from '../store/object-schemas.js';
import type {
  ColumnPolicyInput,
  CreateObjectSchemaColumnInput,
  ObjectSchemaActionInput,
  UpdateObjectSchemaColumnInput,
} from './arguments.generated.js';
import { accountBoard, callerId, jsonObjectArgument, paginate, storedUser } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The most columns one request creates or changes (the emulator's bound; the docs give none). */
export const MAX_SCHEMA_COLUMNS_PER_REQUEST = 100;
/** The most object schemas one page lists (https://developer.monday.com/api-reference/reference/object-schemas). */
export const MAX_SCHEMA_PAGE = 100;
const NAME_FORM = /^(?=.*[a-z])[a-z0-9_]{3,15}$/;

/** Requires `scope` and a caller allowed to manage the account's data entities (an admin). */
function requireSchemaManager(context: EngineContext, scope: 'boards:read' | 'boards:write'): void {
  requireScope(context, scope);
  if (!storedUser(context, callerId(context)).isAdmin) {
    throw engineError(
      ENGINE_ERROR_CODES.unauthorized,
      'Managing object schemas needs the manage_account_data_entities permission, which account admins have.',
    );
  }
}

function invalid(message: string, extra: Record<string, unknown> = {}): never {
  throw engineError(ENGINE_ERROR_CODES.invalidArgument, message, extra);
}

/** The caller's schema named by id or name (one of them required). */
function accountSchema(context: EngineContext, id: string | null | undefined, name: string | null | undefined) {
  if (id == null && name == null) invalid('Give object_schema_id or object_schema_name.');
  const schema = context.store.objectSchemas
    .all()
    .find(
      (candidate) =>
        candidate.accountId === context.accountId &&
        (id == null || candidate.id === id) &&
        (name == null || candidate.name === name),
    );
  if (!schema) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Object schema ${id ?? name} was not found.`, {
      object_schema_id: id ?? null,
      object_schema_name: name ?? null,
    });
  }
  return schema;
}

function checkName(context: EngineContext, name: string): string {
  if (!NAME_FORM.test(name)) {
    invalid(
      'An object schema name has 3 to 15 characters, at least one letter, and only lowercase letters, digits and underscores.',
      { argument: 'name' },
    );
  }
  const taken = context.store.objectSchemas
    .all()
    .some((schema) => schema.accountId === context.accountId && schema.name === name);
  if (taken) invalid(`An object schema named "${name}" already exists.`, { argument: 'name' });
  return name;
}

function checkParent(context: EngineContext, parentId: string | null | undefined, self?: ObjectSchemaRecord) {
  if (parentId == null) return null;
  const parent = accountSchema(context, parentId, null);
  if (parent === self) invalid('An object schema cannot be its own parent.', { argument: 'parent_id' });
  return parent.id;
}

function checkColumnCount(count: number): void {
  if (count === 0 || count > MAX_SCHEMA_COLUMNS_PER_REQUEST) {
    invalid(`Give 1 to ${MAX_SCHEMA_COLUMNS_PER_REQUEST} columns.`, { argument: 'columns' });
  }
}

function checkTitle(title: string): string {
  const length = [...title.trim()].length;
  if (length === 0 || length > 255) invalid('A column title must have 1 to 255 characters.', { argument: 'title' });
  return title;
}

function policyOf(input: ColumnPolicyInput) {
  return {
    canOverride: [...new Set(input.can_override)],
    cannotDelete: input.cannot_delete,
    messages: input.messages ? (structuredClone(input.messages) as Record<string, unknown>) : null,
  };
}

function settingsOf(defaults: unknown): Record<string, unknown> | undefined {
  return defaults === null || defaults === undefined ? undefined : jsonObjectArgument(defaults, 'defaults');
}

function newColumns(inputs: readonly CreateObjectSchemaColumnInput[]): NewObjectSchemaColumn[] {
  checkColumnCount(inputs.length);
  return inputs.map((input) => ({
    title: checkTitle(input.title),
    type: input.type,
    description: input.description ?? null,
    settings: settingsOf(input.defaults) ?? {},
    policy: policyOf(input.policy),
    optOutByDefault: input.opt_out_by_default ?? false,
  }));
}

function columnOf(schema: ObjectSchemaRecord, columnId: string): ObjectSchemaColumnRecord {
  const column = schema.columns.find((candidate) => candidate.id === columnId);
  if (!column) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Column ${columnId} is not in object schema ${schema.name}.`, {
      column_id: columnId,
    });
  }
  return column;
}

function columnChanges(schema: ObjectSchemaRecord, inputs: readonly UpdateObjectSchemaColumnInput[]) {
  checkColumnCount(inputs.length);
  return inputs.map((input) => {
    const change: ObjectSchemaColumnChange = {
      title: input.title == null ? undefined : checkTitle(input.title),
      description: input.description ?? undefined,
      settings: settingsOf(input.defaults),
      policy: input.policy ? policyOf(input.policy) : undefined,
      optOutByDefault: input.opt_out_by_default ?? undefined,
    };
    return { column: columnOf(schema, input.column_id), change };
  });
}

function deleteColumns(context: EngineContext, schema: ObjectSchemaRecord, columnIds: readonly string[]) {
  checkColumnCount(columnIds.length);
  if (context.store.objectSchemas.connectedBoards(schema.id) > 0) {
    invalid(`Columns of object schema ${schema.name} can be deleted only while no board is connected to it.`);
  }
  for (const id of columnIds) columnOf(schema, id);
  return context.store.objectSchemas.deleteColumns(schema, new Set(columnIds));
}

/** One action of a bulk request, with the input its kind requires. */
function runAction(context: EngineContext, schema: ObjectSchemaRecord, action: ObjectSchemaActionInput) {
  const missing = () => invalid(`${action.action} needs its ${action.action.toLowerCase()} input.`);
  if (action.action === 'CREATE_OBJECT_SCHEMA_COLUMNS') {
    const columns = action.create_object_schema_columns?.columns ?? missing();
    return context.store.objectSchemas.addColumns(schema, newColumns(columns));
  }
  if (action.action === 'UPDATE_OBJECT_SCHEMA_COLUMNS') {
    const columns = action.update_object_schema_columns?.columns ?? missing();
    return context.store.objectSchemas.changeColumns(schema, columnChanges(schema, columns));
  }
  return deleteColumns(context, schema, action.delete_object_schema_columns?.column_ids ?? missing());
}

/** Resolvers of object schemas. */
export const objectSchemaResolvers: FamilyResolvers = {
  Query: {
    get_object_schemas: (_source, args, context) => {
      requireSchemaManager(context, 'boards:read');
      if (args.ids && args.names) invalid('get_object_schemas takes ids or names, not both.');
      const limit = args.limit ?? 25;
      if (limit < 1 || limit > MAX_SCHEMA_PAGE) invalid(`limit must be between 1 and ${MAX_SCHEMA_PAGE}.`);
      const ids = args.ids ? new Set(args.ids) : undefined;
      const names = args.names ? new Set(args.names) : undefined;
      const found = context.store.objectSchemas
        .all()
        .filter(
          (schema) =>
            schema.accountId === context.accountId &&
            (!ids || ids.has(schema.id)) &&
            (!names || names.has(schema.name)) &&
            !(args.exclude_created_by_monday && schema.createdByPlatform),
        );
      return paginate(found, limit, args.page);
    },
  },
  ObjectSchema: {
    account_id: (schema: ObjectSchemaRecord) => schema.accountId,
    connected_boards_count: (schema: ObjectSchemaRecord, _args, context) =>
      context.store.objectSchemas.connectedBoards(schema.id),
    created_at: (schema: ObjectSchemaRecord) => schema.createdAt,
    created_by: (schema: ObjectSchemaRecord) => schema.createdById,
    parent_id: (schema: ObjectSchemaRecord) => schema.parentId,
    updated_at: (schema: ObjectSchemaRecord) => schema.updatedAt,
  },
  ObjectSchemaColumn: {
    policy: (column: ObjectSchemaColumnRecord) => ({
      can_override: column.policy.canOverride,
      cannot_delete: column.policy.cannotDelete,
      messages: column.policy.messages,
      read_only: false,
    }),
    tags: (column: ObjectSchemaColumnRecord) => ({
      deprecated: column.deprecatedAt === null ? null : { start: column.deprecatedAt },
      inherited: false,
      opt_in_by_default: column.optOutByDefault ? null : {},
    }),
  },
  Mutation: {
    create_object_schema: (_source, args, context) => {
      requireSchemaManager(context, 'boards:write');
      return context.store.objectSchemas.create({
        accountId: context.accountId,
        name: checkName(context, args.name),
        description: args.description ?? null,
        parentId: checkParent(context, args.parent_id),
        createdById: callerId(context),
      });
    },
    update_object_schema: (_source, args, context) => {
      requireSchemaManager(context, 'boards:write');
      const schema = accountSchema(context, args.id, null);
      if (args.revision !== schema.revision) {
        invalid(
          `Object schema ${schema.name} is at revision ${schema.revision}, not ${args.revision}: read it again.`,
          {
            revision: schema.revision,
          },
        );
      }
      return context.store.objectSchemas.update(schema, {
        description: args.description ?? undefined,
        parentId: args.parent_id == null ? undefined : checkParent(context, args.parent_id, schema),
      });
    },
    delete_object_schema: (_source, args, context) => {
      requireSchemaManager(context, 'boards:write');
      const schema = accountSchema(context, args.id, args.name);
      if (context.store.objectSchemas.connectedBoards(schema.id) > 0) {
        invalid(`Object schema ${schema.name} can be deleted only while no board is connected to it.`);
      }
      return context.store.objectSchemas.delete(schema);
    },
    create_object_schema_columns: (_source, args, context) => {
      requireSchemaManager(context, 'boards:write');
      const schema = accountSchema(context, args.object_schema_id, args.object_schema_name);
      return context.store.objectSchemas.addColumns(schema, newColumns(args.columns));
    },
    update_object_schema_columns: (_source, args, context) => {
      requireSchemaManager(context, 'boards:write');
      const schema = accountSchema(context, args.object_schema_id, args.object_schema_name);
      return context.store.objectSchemas.changeColumns(schema, columnChanges(schema, args.columns));
    },
    set_object_schema_column_active_state: (_source, args, context) => {
      requireSchemaManager(context, 'boards:write');
      const schema = accountSchema(context, args.object_schema_id, args.object_schema_name);
      const column = columnOf(schema, args.column_id);
      return context.store.objectSchemas.setColumnActive(schema, column, args.action === 'REACTIVATE');
    },
    bulk_object_schema_column_actions: (_source, args, context) => {
      requireSchemaManager(context, 'boards:write');
      const schema = accountSchema(context, args.object_schema_id, args.object_schema_name);
      const kinds = args.actions.map((action) => action.action);
      if (new Set(kinds).size !== kinds.length) invalid('Each action kind may appear at most once per request.');
      return args.actions.map((action) => ({
        action: action.action,
        // A copy: each result shows the schema as that action left it.
        object_schema: structuredClone(runAction(context, schema, action)),
      }));
    },
    connect_board_to_object_schema: (_source, args, context) => {
      requireSchemaManager(context, 'boards:write');
      const board = accountBoard(context, args.board_id);
      const schema = accountSchema(context, args.object_schema_id, args.object_schema_name);
      const current = context.store.objectSchemas.schemaOfBoard(board.id);
      if (current !== undefined && current !== schema.id) {
        invalid(`Board ${board.id} is connected to another object schema; detach it first.`, { board_id: board.id });
      }
      context.store.objectSchemas.connect(board.id, schema.id);
      return { id: board.id, object_schema_id: schema.id };
    },
    detach_boards_from_object_schema: (_source, args, context) => {
      requireSchemaManager(context, 'boards:write');
      if (args.board_ids.length > MAX_SCHEMA_PAGE) invalid(`Give at most ${MAX_SCHEMA_PAGE} boards.`);
      return args.board_ids.map((boardId) => {
        const board = context.store.boards.find(boardId);
        if (!board || board.accountId !== context.accountId || board.state === 'deleted') {
          return { board_id: boardId, success: false, error: `Board ${boardId} was not found.` };
        }
        if (!context.store.objectSchemas.detach(board.id)) {
          return {
            board_id: board.id,
            success: false,
            error: `Board ${board.id} is not connected to an object schema.`,
          };
        }
        return { board_id: board.id, success: true, error: null };
      });
    },
  },
};
