/** Resolvers of the Mutation root. All need boards:write and act only inside the caller's account. */
import type { EmulatorUpload } from '../../contract.js';
import { simpleColumnInput } from '../column-kinds/index.js';
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { findColumn } from '../store/columns.js';
import { liveGroups } from '../store/groups.js';
import type { BoardRecord, ItemRecord } from '../store/records.js';
import { accountBoard, accountItem, decodeJson } from './lookup.js';
import type { ResolverMap } from './types.js';

interface CreateItemArgs {
  board_id: string;
  item_name: string;
  group_id?: string | null;
  column_values?: unknown;
  create_labels_if_missing?: boolean | null;
  position_relative_method?: 'before_at' | 'after_at' | null;
  relative_to?: string | null;
}

interface ChangeArgs {
  board_id: string;
  item_id?: string | null;
  create_labels_if_missing?: boolean | null;
}

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

function createItem(_source: unknown, args: CreateItemArgs, context: EngineContext) {
  requireScope(context, 'boards:write');
  const board = accountBoard(context, args.board_id);
  const relative = args.relative_to == null ? undefined : accountItem(context, args.relative_to, board);
  const columnValues = args.column_values == null ? {} : decodeJson(args.column_values, 'column_values', true);
  return context.store.createItem({
    board,
    groupId: groupFor(board, args.group_id, relative),
    name: args.item_name,
    creatorId: String(context.grant.userId),
    columnValues: columnValues as Record<string, unknown>,
    createLabelsIfMissing: args.create_labels_if_missing ?? false,
    ...(relative ? { relativeTo: { item: relative, method: args.position_relative_method ?? 'before_at' } } : {}),
  });
}

function change(context: EngineContext, args: ChangeArgs, values: (board: BoardRecord) => Record<string, unknown>) {
  requireScope(context, 'boards:write');
  const board = accountBoard(context, args.board_id);
  const item = accountItem(context, args.item_id, board);
  return context.store.changeColumnValues(
    board,
    item,
    values(board),
    args.create_labels_if_missing ?? false,
    String(context.grant.userId),
  );
}

function setState(state: 'archived' | 'deleted') {
  return (_source: unknown, args: { item_id?: string | null }, context: EngineContext) => {
    requireScope(context, 'boards:write');
    return context.store.setItemState(accountItem(context, args.item_id), state, String(context.grant.userId));
  };
}

function addFileToColumn(
  _source: unknown,
  args: { item_id: string; column_id: string; file: EmulatorUpload },
  context: EngineContext,
) {
  requireScope(context, 'boards:write');
  const item = accountItem(context, args.item_id);
  const board = accountBoard(context, item.boardId);
  const column = board.columns.find((candidate) => candidate.id === args.column_id);
  if (column?.type !== 'file') {
    throw engineError(
      ENGINE_ERROR_CODES.invalidColumnValue,
      `Column "${args.column_id}" is not a file column on board ${board.id}.`,
      {
        column_id: args.column_id,
      },
    );
  }
  return context.store.addAsset({
    item,
    columnId: column.id,
    filename: args.file.filename,
    contentType: args.file.contentType,
    size: args.file.bytes.byteLength,
    uploadedById: String(context.grant.userId),
  });
}

/** Resolvers of Mutation. */
export const mutationResolvers: ResolverMap = {
  Mutation: {
    create_item: createItem,
    change_column_value: (_source: unknown, args: ChangeArgs & { column_id: string; value: unknown }, context) =>
      change(context, args, () => ({ [args.column_id]: decodeJson(args.value, 'value', false) })),
    change_simple_column_value: (
      _source: unknown,
      args: ChangeArgs & { column_id: string; value?: string | null },
      context,
    ) =>
      change(context, args, (board) => ({
        [args.column_id]:
          args.column_id === 'name' ? args.value : simpleColumnInput(findColumn(board, args.column_id), args.value),
      })),
    change_multiple_column_values: (_source: unknown, args: ChangeArgs & { column_values: unknown }, context) =>
      change(context, args, () => decodeJson(args.column_values, 'column_values', true) as Record<string, unknown>),
    archive_item: setState('archived'),
    delete_item: setState('deleted'),
    add_file_to_column: addFileToColumn,
  },
};
