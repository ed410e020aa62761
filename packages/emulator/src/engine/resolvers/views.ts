/**
 * Board views (2025-10, https://developer.monday.com/api-reference/changelog/new-mutations-to-create-update-and-delete-board-views):
 * `create_view`, `create_view_table`, `update_view`, `update_view_table` and `delete_view` (boards:write), the
 * BoardView fields, `get_view_schema_by_type`, and {@link boardViews} for `Board.views` (boards.ts).
 *
 * Rule map (the board views reference, https://developer.monday.com/api-reference/reference/board-views):
 * - Table views: `create_view`/`update_view` with `type: TABLE`, and the `_table` mutations. App views:
 *   `create_view`/`update_view` with `type: APP`, whose `settings` name the app feature the view shows
 *   (`app_feature_id`, the one key the reference's own `create_view` example gives). The emulator hosts no app
 *   features, so any positive id is kept as given, with the other keys of `settings`; an APP view made without one
 *   is INVALID_ARGUMENT, and an update whose settings leave it out keeps the view's. The other kinds (DASHBOARD,
 *   FORM) show a dashboard or a form the emulator does not tie to a view: NOT_MODELLED.
 * - A view keeps its filter (an `ItemsQueryGroup`), sort, tags and settings as given; the filter's and sort's columns
 *   must be on the board and its operators known (checked as `items_page(query_params:)` checks them, so the same
 *   INVALID_ARGUMENT errors), and so must the columns its table settings name. Sorting by `__creation_log__` or
 *   `__last_updated__` is allowed (board views other types page).
 * - Updating changes only the fields given; the rest stay (the Update Table View tool page,
 *   https://developer.monday.com/api-reference/docs/update-view-table). The `type` given to `update_view` must be the
 *   view's kind, and the `_table` mutations change table views only (INVALID_ARGUMENT otherwise).
 * - A view not on the board is RESOURCE_NOT_FOUND. A table view made without a name is called `Table` (the docs do
 *   not say; the name a new table view gets in the product), an app view `App` (the docs do not say either).
 * - Read back: `type` is `TableBoardView` for a table view and `FeatureBoardView` for an app view (the docs do not
 *   list the values; these are the names apps match on, {@link VIEW_TYPES}), `settings_str`
 *   the settings as JSON text (`{}` when none), `view_specific_data_str` `{}` (the docs do not describe its content
 *   beyond forms; one made through the API holds nothing beyond its settings), `source_view_id` null (no view is
 *   duplicated), `access_level` the caller's access to the board.
 * - `get_view_schema_by_type(type: TABLE)` answers `{ schema }`, the JSON schema of what `create_view_table` /
 *   `update_view_table` take as `settings`, derived from the served schema's `TableViewSettingsInput`
 *   (https://developer.monday.com/api-reference/reference/get-view-schema-by-type); other kinds: NOT_MODELLED.
 */
import {
  coerceInputValue,
  GraphQLError,
  type GraphQLInputType,
  type GraphQLResolveInfo,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError, invalidArgument } from '../errors.js';
import { type ItemsQuery, queryItems } from '../items-query.js';
import { notModelledError } from '../schema/modelled.js';
import type { BoardRecord } from '../store/records.js';
import type { BoardViewChanges, BoardViewKind, BoardViewRecord } from '../store/views.js';
import type { ItemsQueryGroup, ItemsQueryOrderBy, TableViewSettingsInput, ViewKind } from './arguments.generated.js';
import { boardAccessLevel } from './board-metadata.js';
import { accountBoard, callerId, jsonObjectArgument } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** What `BoardView.type` answers for each kind of view the emulator keeps. */
const VIEW_TYPES: Readonly<Record<BoardViewKind, string>> = { TABLE: 'TableBoardView', APP: 'FeatureBoardView' };

/** The name a view made without one gets, by kind. */
const DEFAULT_VIEW_NAMES: Readonly<Record<BoardViewKind, string>> = { TABLE: 'Table', APP: 'App' };

/** Sort keys that name no column: the item's creation and last update (board views other types page). */
const LOG_COLUMNS = new Set(['__creation_log__', '__last_updated__']);

/** The views of `board` that `ids` and `type` keep, oldest first (for `Board.views`). */
export function boardViews(
  context: EngineContext,
  board: BoardRecord,
  ids: readonly string[] | null | undefined,
  type: string | null | undefined,
): BoardViewRecord[] {
  return context.store.views
    .ofBoard(board.id)
    .filter((view) => (!ids || ids.includes(view.id)) && (type == null || type === VIEW_TYPES[view.kind]));
}

/** The kind `type` asks for, when the emulator keeps views of that kind; NOT_MODELLED otherwise. */
function keptKind(kind: ViewKind, mutation: string): BoardViewKind {
  if (kind !== 'TABLE' && kind !== 'APP') throw notModelledError('Mutation', `${mutation}(type: ${kind})`);
  return kind;
}

/** Throws INVALID_ARGUMENT unless `view` is of `kind` (an update keeps a view's kind). */
function sameKind(view: BoardViewRecord, kind: BoardViewKind): void {
  if (view.kind === kind) return;
  throw invalidArgument(`View ${view.id} is a ${view.kind} view, not a ${kind} view.`, { view_id: view.id });
}

/**
 * An app view's settings (rule 1): the JSON object given, naming a positive `app_feature_id` (a number or a numeric
 * string, as ids travel); on update, `current` supplies the id when the new settings leave it out.
 */
function appSettings(raw: unknown, current?: Record<string, unknown> | null): Record<string, unknown> {
  const value = raw == null ? {} : jsonObjectArgument(raw, 'settings');
  const id = value.app_feature_id ?? current?.app_feature_id;
  const number = typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id)) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(number) || number <= 0) {
    throw invalidArgument('An APP view takes settings.app_feature_id, the id of the app feature it shows.');
  }
  return { ...value, app_feature_id: id };
}

function writableBoard(context: EngineContext, id: string): BoardRecord {
  requireScope(context, 'boards:write');
  return accountBoard(context, id);
}

function boardView(context: EngineContext, board: BoardRecord, viewId: string): BoardViewRecord {
  const view = context.store.views.find(viewId);
  if (!view || view.boardId !== board.id) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `View ${viewId} was not found on board ${board.id}.`, {
      view_id: viewId,
    });
  }
  return view;
}

function knownColumn(board: BoardRecord, columnId: string, where: string): void {
  if (columnId === 'name' || board.columns.some((column) => column.id === columnId)) return;
  throw invalidArgument(`${where}: column "${columnId}" is not on board ${board.id}.`, { column_id: columnId });
}

/** Throws INVALID_ARGUMENT unless the filter and sort fit the board, as items_page checks its query_params. */
export function checkQuery(
  board: BoardRecord,
  filter: ItemsQueryGroup | null | undefined,
  sort: ItemsQueryOrderBy[] | null,
) {
  const order_by = (sort ?? []).filter((order) => !LOG_COLUMNS.has(order.column_id));
  try {
    queryItems(board, [], { ...(filter ?? {}), order_by } as ItemsQuery);
  } catch (error) {
    // The same check as items_page's; the message names this mutation's arguments instead of `query_params`.
    if (error instanceof GraphQLError && error.message.startsWith('query_params:')) {
      throw invalidArgument(`filter or sort:${error.message.slice('query_params:'.length)}`);
    }
    throw error;
  }
}

/** Table settings with every named column checked against the board. */
function tableSettings(
  context: EngineContext,
  board: BoardRecord,
  settings: TableViewSettingsInput,
): Record<string, unknown> {
  const columns = settings.columns;
  for (const property of columns?.column_properties ?? []) knownColumn(board, property.column_id, 'settings.columns');
  const subitems = context.store.boards.subitemsBoardOf(board);
  for (const property of columns?.subitems_column_properties ?? []) {
    if (!subitems) throw invalidArgument(`settings.columns: board ${board.id} has no subitems yet.`);
    knownColumn(subitems, property.column_id, 'settings.columns.subitems_column_properties');
  }
  for (const id of columns?.column_order ?? []) knownColumn(board, id, 'settings.columns.column_order');
  for (const condition of settings.group_by?.conditions ?? [])
    knownColumn(board, condition.columnId, 'settings.group_by');
  return settings as Record<string, unknown>;
}

function intId(value: string | null | undefined, argument: string): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw invalidArgument(`${argument} must be a positive id.`);
  return id;
}

interface ViewInput {
  name?: string | null;
  filter?: ItemsQueryGroup | null;
  filter_team_id?: string | null;
  filter_user_id?: string | null;
  sort?: ItemsQueryOrderBy[] | null;
  tags?: string[] | null;
}

/** The changes `args` ask for (a field left out stays undefined), checked against the board. */
function viewChanges(board: BoardRecord, args: ViewInput, settings: Record<string, unknown> | undefined) {
  checkQuery(board, args.filter, args.sort ?? null);
  if (args.name != null && args.name.trim() === '') throw invalidArgument('A view name cannot be empty.');
  const changes: BoardViewChanges = {
    name: args.name == null ? undefined : args.name.trim(),
    filter: args.filter === undefined ? undefined : ((args.filter as Record<string, unknown> | null) ?? null),
    filterTeamId: intId(args.filter_team_id, 'filter_team_id'),
    filterUserId: intId(args.filter_user_id, 'filter_user_id'),
    sort: args.sort === undefined ? undefined : ((args.sort as Record<string, unknown>[] | null) ?? null),
    tags: args.tags === undefined ? undefined : [...(args.tags ?? [])],
    settings,
  };
  return changes;
}

function createView(
  context: EngineContext,
  args: ViewInput & { board_id: string },
  settings: unknown,
  kind: BoardViewKind = 'TABLE',
) {
  const board = writableBoard(context, args.board_id);
  const changes = viewChanges(board, args, settings as Record<string, unknown> | undefined);
  return context.store.views.create({
    accountId: board.accountId,
    boardId: board.id,
    kind,
    name: changes.name ?? DEFAULT_VIEW_NAMES[kind],
    filter: changes.filter ?? null,
    filterTeamId: changes.filterTeamId ?? null,
    filterUserId: changes.filterUserId ?? null,
    sort: changes.sort ?? null,
    settings: changes.settings ?? null,
    tags: changes.tags ?? [],
    createdById: callerId(context),
  });
}

function updateView(
  context: EngineContext,
  args: ViewInput & { board_id: string; view_id: string },
  settings: (view: BoardViewRecord) => unknown,
  kind: BoardViewKind = 'TABLE',
) {
  const board = writableBoard(context, args.board_id);
  const view = boardView(context, board, args.view_id);
  sameKind(view, kind);
  const changes = viewChanges(board, args, settings(view) as Record<string, unknown> | undefined);
  return context.store.views.update(view, changes);
}

/**
 * The JSON `settings` of `create_view`/`update_view` as the `TableViewSettingsInput` they stand for, coerced by the
 * served schema's own rules; a value that does not fit is INVALID_ARGUMENT saying where.
 */
function tableSettingsJson(raw: unknown, info: GraphQLResolveInfo | undefined): TableViewSettingsInput {
  const value = jsonObjectArgument(raw, 'settings');
  const type = info?.schema.getType('TableViewSettingsInput');
  if (!type || !isInputObjectType(type)) throw notModelledError('Mutation', 'create_view(settings:)');
  return coerceInputValue(value, type, (path, _invalid, error) => {
    throw invalidArgument(
      `settings${path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('')}: ${error.message}`,
    );
  }) as TableViewSettingsInput;
}

/** The JSON schema of values of `type` (an input type of the served schema). */
function jsonSchemaOf(type: GraphQLInputType, depth = 0): Record<string, unknown> {
  const inner = getNullableType(type);
  if (depth > 8) return {};
  if (isListType(inner)) return { type: 'array', items: jsonSchemaOf(inner.ofType, depth + 1) };
  if (isEnumType(inner)) return { type: 'string', enum: inner.getValues().map((value) => value.name) };
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    const required = fields.filter((field) => isNonNullType(field.type)).map((field) => field.name);
    return {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(
        fields.map((field) => [
          field.name,
          {
            ...jsonSchemaOf(field.type, depth + 1),
            ...(field.description ? { description: field.description } : {}),
          },
        ]),
      ),
      ...(required.length > 0 ? { required } : {}),
    };
  }
  if (isScalarType(inner)) {
    const scalars: Record<string, Record<string, unknown>> = {
      String: { type: 'string' },
      ID: { type: 'string' },
      Int: { type: 'integer' },
      Float: { type: 'number' },
      Boolean: { type: 'boolean' },
    };
    return scalars[inner.name] ?? {};
  }
  return {};
}

/** Resolvers of board views. */
export const viewResolvers: FamilyResolvers = {
  Query: {
    get_view_schema_by_type: (_source, args, context, info?: GraphQLResolveInfo) => {
      requireScope(context, 'boards:read');
      const settings = info?.schema.getType('TableViewSettingsInput');
      if (args.type !== 'TABLE' || !settings || !isInputObjectType(settings)) {
        throw notModelledError('Query', `get_view_schema_by_type(type: ${args.type})`);
      }
      return { schema: jsonSchemaOf(settings) };
    },
  },
  Mutation: {
    create_view: (_source, args, context, info?: GraphQLResolveInfo) => {
      const kind = keptKind(args.type, 'create_view');
      const board = writableBoard(context, args.board_id);
      if (kind === 'APP') return createView(context, args, appSettings(args.settings), kind);
      const settings = args.settings == null ? undefined : tableSettingsJson(args.settings, info);
      return createView(context, args, settings && tableSettings(context, board, settings));
    },
    create_view_table: (_source, args, context) => {
      const board = writableBoard(context, args.board_id);
      return createView(
        context,
        args,
        args.settings == null ? undefined : tableSettings(context, board, args.settings),
      );
    },
    update_view: (_source, args, context, info?: GraphQLResolveInfo) => {
      const kind = keptKind(args.type, 'update_view');
      const board = writableBoard(context, args.board_id);
      if (kind === 'APP') {
        const settings = (view: BoardViewRecord) =>
          args.settings === undefined ? undefined : appSettings(args.settings, view.settings);
        return updateView(context, args, settings, kind);
      }
      const settings =
        args.settings === undefined
          ? undefined
          : args.settings === null
            ? null
            : tableSettings(context, board, tableSettingsJson(args.settings, info));
      return updateView(context, args, () => settings);
    },
    update_view_table: (_source, args, context) => {
      const board = writableBoard(context, args.board_id);
      const settings =
        args.settings === undefined
          ? undefined
          : args.settings === null
            ? null
            : tableSettings(context, board, args.settings);
      return updateView(context, args, () => settings);
    },
    delete_view: (_source, args, context) => {
      const board = writableBoard(context, args.board_id);
      const view = boardView(context, board, args.view_id);
      // The widgets placed on the view (create_widget with a BOARD_VIEW parent) go with it.
      context.store.dashboards.widgets.removeWhere(
        (widget) => widget.parentKind === 'BOARD_VIEW' && widget.parentId === view.id,
      );
      return context.store.views.delete(view);
    },
  },
  BoardView: {
    type: (view: BoardViewRecord) => VIEW_TYPES[view.kind],
    filter_team_id: (view: BoardViewRecord) => view.filterTeamId,
    filter_user_id: (view: BoardViewRecord) => view.filterUserId,
    settings_str: (view: BoardViewRecord) => JSON.stringify(view.settings ?? {}),
    view_specific_data_str: () => '{}',
    source_view_id: () => null,
    access_level: (view: BoardViewRecord, _args, context) => {
      const board = context.store.boards.find(view.boardId);
      if (!board) throw new Error(`Board ${view.boardId} is missing from the store`);
      return boardAccessLevel(board, context);
    },
  },
};
