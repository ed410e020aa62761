/**
 * Items: `Query.items`, `Query.next_items_page`, `Query.items_page_by_column_values`, every Item field (its column values, updates, relations and
 * addresses) and the item mutations: create, change column values, archive, delete, subitems, moving to another
 * group or board, changing an item's place on its board (`change_item_position`, 2025-10), and duplication. Reads need boards:read (updates: updates:read), changes boards:write; items are
 * the caller's account's only.
 */

import { unknownColumnError } from '../column-kinds/errors.js';
import { hasCapabilities, simpleColumnInput } from '../column-kinds/index.js';
import { type EngineContext, requireScope } from '../context.js';
import { nextPage, pageItems } from '../cursor.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { ItemsQuery } from '../items-query.js';
import type { ColumnMapping } from '../store/carried-values.js';
import { statusLabels } from '../store/column-values.js';
import { liveGroups } from '../store/groups.js';
import type { BoardRecord, ItemRecord, UserRecord } from '../store/records.js';
import type { ColumnMappingInput, ItemsPageByColumnValuesQuery } from './arguments.generated.js';
import { columnValueView } from './columns.js';
import { linkedItems } from './linked-items.js';
import {
  accountBoard,
  accountItem,
  boardOf,
  boardUrl,
  callerId,
  decodeJson,
  notModelledArgument,
  paginate,
  URL_HOST,
} from './lookup.js';
import type { FamilyResolvers } from './types.js';
import { updatesPage } from './updates-page.js';

/** The group a new item goes to: `groupId`, else the group of the item it is placed next to, else the top group. */
function groupFor(board: BoardRecord, groupId: string | null | undefined, relative: ItemRecord | undefined): string {
  if (groupId === null || groupId === undefined) {
    const top = relative?.groupId ?? liveGroups(board)[0]?.id;
    if (top === undefined)
      throw engineError(ENGINE_ERROR_CODES.notFound, `Board ${board.id} has no group to add items to.`);
    return top;
  }
  if (!liveGroups(board).some((group) => group.id === groupId)) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Group "${groupId}" was not found on board ${board.id}.`, {
      group_id: groupId,
    });
  }
  return groupId;
}

/** Sets the values `values(board)` decodes on the item `args` names, on its board; all or none. */
function change(
  context: EngineContext,
  args: { board_id: string; item_id?: string | null; create_labels_if_missing?: boolean | null },
  values: (board: BoardRecord) => Record<string, unknown>,
) {
  requireScope(context, 'boards:write');
  const board = accountBoard(context, args.board_id);
  const item = accountItem(context, args.item_id, board);
  return context.store.items.changeValues(
    board,
    item,
    values(board),
    args.create_labels_if_missing ?? false,
    callerId(context),
  );
}

function setState(state: 'archived' | 'deleted') {
  return (_source: unknown, args: { item_id?: string | null }, context: EngineContext) => {
    requireScope(context, 'boards:write');
    return context.store.items.setState(accountItem(context, args.item_id), state, callerId(context));
  };
}

/** The item's subscribers: its creator and everyone who wrote an update or reply on it. */
function subscribers(item: ItemRecord, context: EngineContext): UserRecord[] {
  const ids = new Set([
    item.creatorId,
    ...context.store.updates
      .all()
      .filter((update) => update.itemId === item.id)
      .map((update) => update.creatorId),
  ]);
  return [...ids]
    .map((id) => context.store.users.find(id))
    .filter((user): user is UserRecord => user?.enabled === true);
}

function mapping(entries: readonly ColumnMappingInput[] | null | undefined): ColumnMapping | undefined {
  return entries ? new Map(entries.map((entry) => [entry.source, entry.target ?? null])) : undefined;
}

/**
 * `items_page_by_column_values` as an `items_page` query
 * (https://developer.monday.com/api-reference/reference/items-page-by-column-values): within one column any of its
 * `column_values` matches, across columns every column must; values compare as the column shows them (a status by
 * its label, a checkbox as `true`, others as text; `name` is the item's name). One `any_of` rule per column, a status
 * label turned into its index, as the query engine compares statuses. Pinned by
 * packages/emulator/test/engine-items-by-column-values.test.ts.
 */
function byColumnValuesQuery(board: BoardRecord, columns: readonly ItemsPageByColumnValuesQuery[]): ItemsQuery {
  return {
    operator: 'and',
    rules: columns.map(({ column_id, column_values }) => {
      const values = column_values.filter((value): value is string => value !== null);
      const column = board.columns.find((candidate) => candidate.id === column_id);
      if (column?.type !== 'status') return { column_id, compare_value: values, operator: 'any_of' };
      const indexByLabel = new Map(Object.entries(statusLabels(column)).map(([index, label]) => [label, index]));
      // A label the column does not have matches nothing (-1 is no index).
      return { column_id, compare_value: values.map((label) => indexByLabel.get(label) ?? '-1'), operator: 'any_of' };
    }),
  };
}

/** Resolvers of items. */
export const itemResolvers: FamilyResolvers = {
  Query: {
    items: (_source, args, context) => {
      requireScope(context, 'boards:read');
      const found = context.store.items.all().filter((item) => {
        const board = context.store.boards.find(item.boardId);
        if (board?.accountId !== context.accountId || item.state === 'deleted') return false;
        return (!args.ids || args.ids.includes(item.id)) && (!args.exclude_nonactive || item.state === 'active');
      });
      if (args.newest_first) found.sort((a, b) => Number(b.id) - Number(a.id));
      return paginate(found, args.limit ?? 25, args.page);
    },
    next_items_page: (_source, args, context) => {
      requireScope(context, 'boards:read');
      return nextPage(context, args.cursor, args.limit);
    },
    items_page_by_column_values: (_source, args, context) => {
      requireScope(context, 'boards:read');
      const board = accountBoard(context, String(args.board_id));
      // `cursor` continues a listing (it carries the query): `columns` with it is refused, as for `items_page`.
      if (args.cursor && args.columns?.length) {
        throw engineError(
          ENGINE_ERROR_CODES.invalidArgument,
          'items_page_by_column_values takes cursor or columns, not both: the cursor already carries the columns.',
        );
      }
      const query = args.columns?.length ? byColumnValuesQuery(board, args.columns) : undefined;
      return pageItems(context, { board: board.id }, args.limit, args.cursor, query);
    },
  },
  Item: {
    board: (item: ItemRecord, _args, context) => boardOf(context, item),
    // 2026-04: the description doc set_item_description_content wrote (docs.ts); null until one is set.
    description: (item: ItemRecord, _args, context) => context.store.docs.descriptionOf(item.id) ?? null,
    group: (item: ItemRecord, _args, context) => {
      const board = boardOf(context, item);
      const group = board.groups.find((candidate) => candidate.id === item.groupId);
      return group ? { board, group } : null;
    },
    column_values: (item: ItemRecord, args, context) =>
      boardOf(context, item)
        .columns.filter(
          (column) =>
            (!args.ids || args.ids.includes(column.id)) &&
            (!args.types || args.types.includes(column.type)) &&
            hasCapabilities(column, args.capabilities),
        )
        // A parent's value calculated from its subitems only when CALCULATED is asked for
        // (packages/emulator/test/calculated-columns.test.ts).
        .map((column) => columnValueView(item, column, context.store, args.capabilities?.includes('CALCULATED'))),
    assets: (item: ItemRecord, args, context) =>
      args.assets_source === 'gallery'
        ? []
        : context.store.assets.all().filter(
            // The files of the item's file columns; a file added to one of its updates is listed by the update.
            (asset) =>
              asset.itemId === item.id &&
              asset.columnId !== null &&
              (!args.column_ids || args.column_ids.includes(asset.columnId)),
          ),
    creator: (item: ItemRecord, _args, context) => context.store.users.find(item.creatorId) ?? null,
    creator_id: (item: ItemRecord) => item.creatorId,
    created_at: (item: ItemRecord) => item.createdAt,
    updated_at: (item: ItemRecord) => item.updatedAt,
    url: (item: ItemRecord, _args, context) => boardUrl(context, boardOf(context, item), item.id),
    updates: (item: ItemRecord, args, context) => {
      requireScope(context, 'updates:read');
      const found = context.store.updates.ofItem(item.id).filter((update) => !args.ids || args.ids.includes(update.id));
      return paginate(found, args.limit ?? 25, args.page);
    },
    linked_items: (item: ItemRecord, args, context) => {
      requireScope(context, 'boards:read');
      return linkedItems(item, args, context);
    },
    // The updates `updates` lists, a page at a time with a cursor (updates-page.ts).
    updates_page: (item: ItemRecord, args, context) => {
      requireScope(context, 'updates:read');
      return updatesPage(context.store.updates.ofItem(item.id), `item:${item.id}`, args);
    },
    parent_item: (item: ItemRecord, _args, context) => {
      const parent = item.parentItemId === null ? undefined : context.store.items.find(item.parentItemId);
      return parent && parent.state !== 'deleted' ? parent : null;
    },
    subitems: (item: ItemRecord, _args, context) => context.store.items.subitemsOf(item),
    subscribers: (item: ItemRecord, _args, context) => subscribers(item, context),
    relative_link: (item: ItemRecord) => `/boards/${item.boardId}/pulses/${item.id}`,
    // The address that posts an email to the item as an update; the host follows the emulator's made-up URLs.
    email: (item: ItemRecord, _args, context) => {
      const board = context.store.boards.find(item.boardId);
      const slug = (board && context.store.accounts.find(board.accountId)?.slug) ?? 'account';
      return `pulse-${item.id}@${slug}.${URL_HOST}`;
    },
  },
  Mutation: {
    create_item: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const board = accountBoard(context, args.board_id);
      const relative = args.relative_to == null ? undefined : accountItem(context, args.relative_to, board);
      const columnValues = args.column_values == null ? {} : decodeJson(args.column_values, 'column_values', true);
      return context.store.items.create({
        board,
        groupId: groupFor(board, args.group_id, relative),
        name: args.item_name,
        creatorId: callerId(context),
        columnValues: columnValues as Record<string, unknown>,
        createLabelsIfMissing: args.create_labels_if_missing ?? false,
        ...(relative ? { relativeTo: { item: relative, method: args.position_relative_method ?? 'before_at' } } : {}),
      });
    },
    change_column_value: (_source, args, context) =>
      change(context, args, () => ({ [args.column_id]: decodeJson(args.value, 'value', false) })),
    change_simple_column_value: (_source, args, context) =>
      change(context, args, (board) => {
        if (args.column_id === 'name') return { name: args.value };
        // An unknown column id is the platform's InvalidColumnIdException, as in column_values (store/items.ts).
        const column = board.columns.find((candidate) => candidate.id === args.column_id);
        if (!column) throw unknownColumnError(board.id, args.column_id);
        return { [column.id]: simpleColumnInput(column, args.value) };
      }),
    change_multiple_column_values: (_source, args, context) =>
      change(context, args, () => decodeJson(args.column_values, 'column_values', true) as Record<string, unknown>),
    archive_item: setState('archived'),
    delete_item: setState('deleted'),
    create_subitem: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const parent = accountItem(context, args.parent_item_id);
      const columnValues = args.column_values == null ? {} : decodeJson(args.column_values, 'column_values', true);
      return context.store.items.createSubitem({
        parent,
        parentBoard: accountBoard(context, parent.boardId),
        name: args.item_name,
        creatorId: callerId(context),
        columnValues: columnValues as Record<string, unknown>,
        createLabelsIfMissing: args.create_labels_if_missing ?? false,
      });
    },
    move_item_to_group: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const item = accountItem(context, args.item_id);
      return context.store.items.moveToGroup(
        accountBoard(context, item.boardId),
        item,
        args.group_id,
        callerId(context),
      );
    },
    change_item_position: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const item = accountItem(context, args.item_id);
      // The platform's changelog documents moving an item next to another item of its board ("New
      // change_item_position mutation", 2025-10); a move to a group's top or bottom is not described, so it is
      // refused (packages/emulator/test/item-position.test.ts).
      if (args.group_id != null || args.group_top != null) {
        notModelledArgument(
          'change_item_position(group_id:, group_top:)',
          'only a move next to relative_to is modelled',
        );
      }
      if (args.relative_to == null) {
        throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'relative_to is required: the item to move next to.');
      }
      const board = accountBoard(context, item.boardId);
      const relative = accountItem(context, args.relative_to);
      if (relative.boardId !== item.boardId || relative.state !== 'active' || relative.id === item.id) {
        throw engineError(
          ENGINE_ERROR_CODES.invalidArgument,
          `relative_to must be another active item of board ${board.id}.`,
          { relative_to: relative.id },
        );
      }
      return context.store.items.reposition(
        board,
        item,
        { item: relative, method: args.position_relative_method ?? 'before_at' },
        callerId(context),
      );
    },
    move_item_to_board: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const item = accountItem(context, args.item_id);
      const subitemsMapping = mapping(args.subitems_columns_mapping);
      return context.store.items.moveToBoard({
        item,
        from: accountBoard(context, item.boardId),
        to: accountBoard(context, args.board_id),
        groupId: args.group_id,
        ...(args.columns_mapping ? { mapping: mapping(args.columns_mapping) } : {}),
        ...(subitemsMapping ? { subitemsMapping } : {}),
        userId: callerId(context),
      });
    },
    duplicate_item: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const board = accountBoard(context, args.board_id);
      const item = accountItem(context, args.item_id, board);
      return context.store.items.duplicate(board, item, args.with_updates ?? false, callerId(context));
    },
  },
};
