/**
 * Item relations (parent item, subitems, subscribers) and the item mutations beyond create/change/archive/delete:
 * create_subitem, move_item_to_group and duplicate_item. Changes need boards:write; items are the caller's only.
 */
import { type EngineContext, requireScope } from '../context.js';
import {
  type ColumnMapping,
  createSubitem,
  duplicateItem,
  moveItemToBoard,
  moveItemToGroup,
  subitemsOf,
} from '../store/items.js';
import type { ItemRecord, UserRecord } from '../store/records.js';
import { accountBoard, accountItem, decodeJson } from './lookup.js';
import { type ResolverMap, URL_HOST } from './types.js';

/** The item's subscribers: its creator and everyone who wrote an update or reply on it. */
function subscribers(item: ItemRecord, context: EngineContext): UserRecord[] {
  const ids = new Set([
    item.creatorId,
    ...context.store.updates
      .all()
      .filter((update) => update.itemId === item.id)
      .map((update) => update.creatorId),
  ]);
  return [...ids].map((id) => context.store.findUser(id)).filter((user): user is UserRecord => user?.enabled === true);
}

interface CreateSubitemArgs {
  column_values?: unknown;
  create_labels_if_missing?: boolean | null;
  item_name: string;
  parent_item_id: string;
}

interface MoveToBoardArgs {
  board_id: string;
  group_id: string;
  item_id: string;
  columns_mapping?: { source: string; target?: string | null }[] | null;
  subitems_columns_mapping?: { source: string; target?: string | null }[] | null;
}

function mapping(entries: MoveToBoardArgs['columns_mapping']): ColumnMapping | undefined {
  return entries ? new Map(entries.map((entry) => [entry.source, entry.target ?? null])) : undefined;
}

/** Resolvers of item relations and item mutations. */
export const itemRelationResolvers: ResolverMap = {
  Item: {
    parent_item: (item: ItemRecord, _args, context) => {
      const parent = item.parentItemId === null ? undefined : context.store.findItem(item.parentItemId);
      return parent && parent.state !== 'deleted' ? parent : null;
    },
    subitems: (item: ItemRecord, _args, context) => subitemsOf(context.store, item),
    subscribers: (item: ItemRecord, _args, context) => subscribers(item, context),
    relative_link: (item: ItemRecord) => `/boards/${item.boardId}/pulses/${item.id}`,
    // The address that posts an email to the item as an update; the host follows the emulator's made-up URLs.
    email: (item: ItemRecord, _args, context) => {
      const board = context.store.findBoard(item.boardId);
      const slug = (board && context.store.findAccount(board.accountId)?.slug) ?? 'account';
      return `pulse-${item.id}@${slug}.${URL_HOST}`;
    },
  },
  Mutation: {
    create_subitem: (_source: unknown, args: CreateSubitemArgs, context) => {
      requireScope(context, 'boards:write');
      const parent = accountItem(context, args.parent_item_id);
      const columnValues = args.column_values == null ? {} : decodeJson(args.column_values, 'column_values', true);
      return createSubitem(context.store, {
        parent,
        parentBoard: accountBoard(context, parent.boardId),
        name: args.item_name,
        creatorId: String(context.grant.userId),
        columnValues: columnValues as Record<string, unknown>,
        createLabelsIfMissing: args.create_labels_if_missing ?? false,
      });
    },
    move_item_to_group: (_source: unknown, args: { group_id: string; item_id?: string | null }, context) => {
      requireScope(context, 'boards:write');
      const item = accountItem(context, args.item_id);
      return moveItemToGroup(
        context.store,
        accountBoard(context, item.boardId),
        item,
        args.group_id,
        String(context.grant.userId),
      );
    },
    move_item_to_board: (_source: unknown, args: MoveToBoardArgs, context) => {
      requireScope(context, 'boards:write');
      const item = accountItem(context, args.item_id);
      const subitemsMapping = mapping(args.subitems_columns_mapping);
      return moveItemToBoard(context.store, {
        item,
        from: accountBoard(context, item.boardId),
        to: accountBoard(context, args.board_id),
        groupId: args.group_id,
        ...(args.columns_mapping ? { mapping: mapping(args.columns_mapping) } : {}),
        ...(subitemsMapping ? { subitemsMapping } : {}),
        userId: String(context.grant.userId),
      });
    },
    duplicate_item: (
      _source: unknown,
      args: { board_id: string; item_id?: string | null; with_updates?: boolean | null },
      context,
    ) => {
      requireScope(context, 'boards:write');
      const board = accountBoard(context, args.board_id);
      const item = accountItem(context, args.item_id, board);
      return duplicateItem(context.store, board, item, args.with_updates ?? false, String(context.grant.userId));
    },
  },
};
