/**
 * Groups: the Group fields (its items pages included) and the group mutations (create, update, archive, delete,
 * duplicate). Changes need boards:write and act on the caller's own boards only.
 */
import { type EngineContext, requireScope } from '../context.js';
import { itemsPage } from '../cursor.js';
import { findGroup } from '../store/groups.js';
import type { BoardRecord } from '../store/records.js';
import type { MutationArchiveGroupArgs } from './arguments.generated.js';
import { accountBoard, callerId } from './lookup.js';
import type { FamilyResolvers, GroupView } from './types.js';

function writable(context: EngineContext, boardId: string): { board: BoardRecord; userId: string } {
  requireScope(context, 'boards:write');
  return { board: accountBoard(context, boardId), userId: callerId(context) };
}

function groupAction(act: 'archive' | 'delete') {
  return (_source: unknown, args: MutationArchiveGroupArgs, context: EngineContext): GroupView => {
    const { board, userId } = writable(context, args.board_id);
    return { board, group: context.store.groups[act](board, findGroup(board, args.group_id), userId) };
  };
}

/** Resolvers of groups. */
export const groupResolvers: FamilyResolvers = {
  Group: {
    id: (view: GroupView) => view.group.id,
    title: (view: GroupView) => view.group.title,
    color: (view: GroupView) => view.group.color,
    position: (view: GroupView) => String((view.board.groups.indexOf(view.group) + 1) * 65536),
    archived: (view: GroupView) => view.group.archived,
    deleted: (view: GroupView) => view.group.deleted,
    items_page: (view: GroupView, args, context) =>
      itemsPage(context, { board: view.board.id, group: view.group.id }, args),
  },
  Mutation: {
    create_group: (_source, args, context): GroupView => {
      const { board, userId } = writable(context, args.board_id);
      const group = context.store.groups.create(board, {
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
    update_group: (_source, args, context): GroupView => {
      const { board, userId } = writable(context, args.board_id);
      const group = findGroup(board, args.group_id);
      return { board, group: context.store.groups.update(board, group, args.group_attribute, args.new_value, userId) };
    },
    archive_group: groupAction('archive'),
    delete_group: groupAction('delete'),
    duplicate_group: (_source, args, context): GroupView => {
      const { board, userId } = writable(context, args.board_id);
      const group = context.store.groups.duplicate(board, findGroup(board, args.group_id), {
        title: args.group_title ?? null,
        addToTop: args.add_to_top ?? false,
        userId,
      });
      return { board, group };
    },
  },
};
