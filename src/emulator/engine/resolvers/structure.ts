/**
 * Mutations of a board's structure: groups (create, update, archive, delete, duplicate) and columns (create,
 * delete, change title or metadata). All need boards:write and act on the caller's own boards only.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { changeColumnMetadata, createColumn, deleteColumn, findColumn } from '../store/columns.js';
import {
  archiveGroup,
  createGroup,
  deleteGroup,
  duplicateGroup,
  findGroup,
  type GroupAttribute,
  updateGroup,
} from '../store/groups.js';
import type { BoardRecord } from '../store/records.js';
import { accountBoard } from './lookup.js';
import type { GroupView, ResolverMap } from './types.js';

interface CreateGroupArgs {
  board_id: string;
  group_name: string;
  group_color?: string | null;
  position?: string | null;
  position_relative_method?: 'before_at' | 'after_at' | null;
  relative_to?: string | null;
}

interface CreateColumnArgs {
  after_column_id?: string | null;
  board_id: string;
  column_type: string;
  defaults?: unknown;
  description?: string | null;
  id?: string | null;
  title: string;
}

type GroupArgs = { board_id: string; group_id: string };
type ColumnArgs = { board_id: string; column_id: string };

function writable(context: EngineContext, boardId: string): { board: BoardRecord; userId: string } {
  requireScope(context, 'boards:write');
  return { board: accountBoard(context, boardId), userId: String(context.grant.userId) };
}

function groupAction(act: typeof archiveGroup) {
  return (_source: unknown, args: GroupArgs, context: EngineContext): GroupView => {
    const { board, userId } = writable(context, args.board_id);
    return { board, group: act(context.store, board, findGroup(board, args.group_id), userId) };
  };
}

/** Resolvers of the group and column mutations. */
export const structureResolvers: ResolverMap = {
  Mutation: {
    create_group: (_source: unknown, args: CreateGroupArgs, context): GroupView => {
      const { board, userId } = writable(context, args.board_id);
      const group = createGroup(context.store, board, {
        title: args.group_name,
        color: args.group_color ?? null,
        position: args.position ?? null,
        relativeTo: args.relative_to
          ? { groupId: args.relative_to, method: args.position_relative_method ?? 'before_at' }
          : null,
        userId,
      });
      return { board, group };
    },
    update_group: (
      _source: unknown,
      args: GroupArgs & { group_attribute: GroupAttribute; new_value: string },
      context,
    ): GroupView => {
      const { board, userId } = writable(context, args.board_id);
      const group = findGroup(board, args.group_id);
      return { board, group: updateGroup(context.store, board, group, args.group_attribute, args.new_value, userId) };
    },
    archive_group: groupAction(archiveGroup),
    delete_group: groupAction(deleteGroup),
    duplicate_group: (
      _source: unknown,
      args: GroupArgs & { add_to_top?: boolean | null; group_title?: string | null },
      context,
    ): GroupView => {
      const { board, userId } = writable(context, args.board_id);
      const group = duplicateGroup(context.store, board, findGroup(board, args.group_id), {
        title: args.group_title ?? null,
        addToTop: args.add_to_top ?? false,
        userId,
      });
      return { board, group };
    },
    create_column: (_source: unknown, args: CreateColumnArgs, context) => {
      const { board, userId } = writable(context, args.board_id);
      return createColumn(context.store, board, {
        title: args.title,
        type: args.column_type,
        id: args.id ?? null,
        description: args.description ?? null,
        defaults: args.defaults,
        afterColumnId: args.after_column_id ?? null,
        userId,
      });
    },
    delete_column: (_source: unknown, args: ColumnArgs, context) => {
      const { board, userId } = writable(context, args.board_id);
      return deleteColumn(context.store, board, findColumn(board, args.column_id), userId);
    },
    change_column_title: (_source: unknown, args: ColumnArgs & { title: string }, context) => {
      const { board, userId } = writable(context, args.board_id);
      return changeColumnMetadata(context.store, board, findColumn(board, args.column_id), 'title', args.title, userId);
    },
    change_column_metadata: (
      _source: unknown,
      args: ColumnArgs & { column_property?: 'title' | 'description' | null; value?: string | null },
      context,
    ) => {
      const { board, userId } = writable(context, args.board_id);
      const column = findColumn(board, args.column_id);
      if (!args.column_property)
        throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'column_property is required: title or description.');
      return changeColumnMetadata(context.store, board, column, args.column_property, args.value ?? '', userId);
    },
  },
};
