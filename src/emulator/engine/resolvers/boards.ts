/**
 * Board fields beyond the basics (type, folder, subscribers, activity logs, updates, tags) and the board
 * mutations: create, update, archive, delete, duplicate, and board subscribers. Reads need boards:read,
 * changes boards:write; every board is looked up inside the caller's account.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import {
  archiveBoard,
  type BoardAttribute,
  createBoard,
  type DuplicateBoardType,
  deleteBoard,
  duplicateBoard,
  logBoard,
  touchBoard,
  updateBoard,
} from '../store/boards.js';
import type { BoardRecord, UserRecord } from '../store/records.js';
import type { TeamRecord } from '../store/teams.js';
import { accountBoard, accountUsers, paginate } from './lookup.js';
import type { ResolverMap } from './types.js';
import { visibleUpdates } from './updates.js';
import { accountFolder, accountWorkspace } from './workspaces.js';

interface ActivityLogArgs {
  column_ids?: (string | null)[] | null;
  from?: string | null;
  group_ids?: (string | null)[] | null;
  item_ids?: string[] | null;
  limit?: number | null;
  page?: number | null;
  to?: string | null;
  user_ids?: string[] | null;
}

interface CreateBoardArgs {
  board_kind: BoardRecord['kind'];
  board_name: string;
  board_owner_ids?: string[] | null;
  board_owner_team_ids?: string[] | null;
  board_subscriber_ids?: string[] | null;
  board_subscriber_teams_ids?: string[] | null;
  description?: string | null;
  empty?: boolean | null;
  folder_id?: string | null;
  template_id?: string | null;
  workspace_id?: string | null;
}

interface DuplicateBoardArgs {
  board_id: string;
  board_name?: string | null;
  duplicate_type: DuplicateBoardType;
  folder_id?: string | null;
  keep_subscribers?: boolean | null;
  workspace_id?: string | null;
}

/** The platform's activity-log time: 100-nanosecond units since the epoch, as a string of digits. */
export function activityTime(iso: string): string {
  return `${Date.parse(iso)}0000`;
}

function users(context: EngineContext, ids: readonly string[]): UserRecord[] {
  return ids.map((id) => context.store.findUser(id)).filter((user): user is UserRecord => user?.enabled === true);
}

function writableBoard(context: EngineContext, id: string): BoardRecord {
  requireScope(context, 'boards:write');
  return accountBoard(context, id);
}

function actor(context: EngineContext): string {
  return String(context.grant.userId);
}

function notModelledArgument(argument: string, what: string): never {
  throw engineError(ENGINE_ERROR_CODES.notModelled, `${argument} is not modelled by the emulator: ${what}.`, {
    argument,
  });
}

/**
 * Where a new or duplicated board goes: the caller's workspace and folder (the folder must be in the workspace);
 * with neither given, `fallback`, else the account's main workspace (none when the account has no workspaces).
 */
function placement(
  context: EngineContext,
  workspaceId: string | null | undefined,
  folderId: string | null | undefined,
  fallback?: { workspaceId: string | null; folderId: string | null },
): { workspaceId: string | null; folderId: string | null } {
  const folder = folderId == null ? undefined : accountFolder(context, folderId);
  if (workspaceId == null && !folder) {
    if (fallback) return fallback;
    const main = context.store.workspaces
      .workspaces()
      .find(
        (workspace) =>
          workspace.accountId === context.accountId && workspace.isDefault && workspace.state !== 'deleted',
      );
    return { workspaceId: main?.id ?? null, folderId: null };
  }
  const workspace = accountWorkspace(context, workspaceId ?? folder?.workspaceId ?? '');
  if (folder && folder.workspaceId !== workspace.id) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `Folder ${folder.id} is not in workspace ${workspace.id}.`, {
      folder_id: folder.id,
    });
  }
  return { workspaceId: workspace.id, folderId: folder?.id ?? null };
}

function createBoardMutation(_source: unknown, args: CreateBoardArgs, context: EngineContext) {
  requireScope(context, 'boards:write');
  if (args.template_id != null)
    notModelledArgument('create_board(template_id:)', 'boards from templates are not modelled');
  if (args.board_name.trim() === '')
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A board name cannot be empty.');
  const place = placement(context, args.workspace_id, args.folder_id);
  return createBoard(context.store, {
    accountId: context.accountId,
    name: args.board_name,
    kind: args.board_kind,
    creatorId: actor(context),
    description: args.description ?? null,
    ownerIds: accountUsers(context, args.board_owner_ids ?? []).map((user) => user.id),
    subscriberIds: accountUsers(context, args.board_subscriber_ids ?? []).map((user) => user.id),
    teamOwnerIds: accountTeams(context, args.board_owner_team_ids ?? []).map((team) => team.id),
    teamSubscriberIds: accountTeams(context, args.board_subscriber_teams_ids ?? []).map((team) => team.id),
    workspaceId: place.workspaceId,
    folderId: place.folderId,
    empty: args.empty ?? false,
  });
}

function addUsers(
  _source: unknown,
  args: { board_id: string; kind?: 'owner' | 'subscriber' | null; user_ids: string[] },
  context: EngineContext,
) {
  const board = writableBoard(context, args.board_id);
  const added = accountUsers(context, args.user_ids);
  const ids = added.map((user) => user.id);
  board.subscriberIds = [...new Set([...board.subscriberIds, ...ids])];
  if (args.kind === 'owner') board.ownerIds = [...new Set([...board.ownerIds, ...ids])];
  touchBoard(context.store, board);
  logBoard(context.store, board, actor(context), 'subscribe', {
    user_ids: ids.map(Number),
    kind: args.kind ?? 'subscriber',
  });
  return added;
}

/** The caller's account's teams with these ids; an id of no such team is a RESOURCE_NOT_FOUND error. */
function accountTeams(context: EngineContext, ids: readonly string[]): TeamRecord[] {
  return ids.map((id) => {
    const team = context.store.teams.findTeam(id);
    if (!team || team.accountId !== context.accountId)
      throw engineError(ENGINE_ERROR_CODES.notFound, `Team ${id} was not found.`, { team_id: id });
    return team;
  });
}

function teamsOf(
  context: EngineContext,
  ids: readonly string[],
  args: { limit?: number | null; page?: number | null },
): TeamRecord[] {
  const found = ids
    .map((id) => context.store.teams.findTeam(id))
    .filter((team): team is TeamRecord => team !== undefined);
  return paginate(found, args.limit ?? 25, args.page);
}

function addTeams(
  _source: unknown,
  args: { board_id: string; kind?: 'owner' | 'subscriber' | null; team_ids: string[] },
  context: EngineContext,
) {
  const board = writableBoard(context, args.board_id);
  const added = accountTeams(context, args.team_ids);
  const ids = added.map((team) => team.id);
  board.teamSubscriberIds = [...new Set([...board.teamSubscriberIds, ...ids])];
  if (args.kind === 'owner') board.teamOwnerIds = [...new Set([...board.teamOwnerIds, ...ids])];
  touchBoard(context.store, board);
  logBoard(context.store, board, actor(context), 'subscribe_teams', {
    team_ids: ids.map(Number),
    kind: args.kind ?? 'subscriber',
  });
  return added;
}

function removeTeams(_source: unknown, args: { board_id: string; team_ids: string[] }, context: EngineContext) {
  const board = writableBoard(context, args.board_id);
  const removed = accountTeams(context, args.team_ids);
  const gone = new Set(removed.map((team) => team.id));
  board.teamSubscriberIds = board.teamSubscriberIds.filter((id) => !gone.has(id));
  board.teamOwnerIds = board.teamOwnerIds.filter((id) => !gone.has(id));
  touchBoard(context.store, board);
  logBoard(context.store, board, actor(context), 'unsubscribe_teams', { team_ids: [...gone].map(Number) });
  return removed;
}

function removeSubscribers(_source: unknown, args: { board_id: string; user_ids: string[] }, context: EngineContext) {
  const board = writableBoard(context, args.board_id);
  const removed = accountUsers(context, args.user_ids).filter((user) => user.id !== board.ownerId);
  const gone = new Set(removed.map((user) => user.id));
  board.subscriberIds = board.subscriberIds.filter((id) => !gone.has(id));
  board.ownerIds = board.ownerIds.filter((id) => !gone.has(id));
  touchBoard(context.store, board);
  logBoard(context.store, board, actor(context), 'unsubscribe', { user_ids: [...gone].map(Number) });
  return removed;
}

/** Resolvers of the board fields and mutations. */
export const boardResolvers: ResolverMap = {
  Board: {
    board_folder_id: (board: BoardRecord) => board.folderId,
    workspace: (board: BoardRecord, _args, context) => {
      const workspace =
        board.workspaceId === null ? undefined : context.store.workspaces.findWorkspace(board.workspaceId);
      return workspace && workspace.accountId === board.accountId && workspace.state !== 'deleted' ? workspace : null;
    },
    owners: (board: BoardRecord, _args, context) => users(context, board.ownerIds),
    subscribers: (board: BoardRecord, _args, context) => users(context, board.subscriberIds),
    team_owners: (board: BoardRecord, args: { limit?: number | null; page?: number | null }, context) =>
      teamsOf(context, board.teamOwnerIds, args),
    team_subscribers: (board: BoardRecord, args: { limit?: number | null; page?: number | null }, context) =>
      teamsOf(context, board.teamSubscriberIds, args),
    activity_logs: (board: BoardRecord, args: ActivityLogArgs, context) => {
      requireScope(context, 'boards:read');
      const entries = context.store.activityLog.forBoard(board.id, {
        itemIds: args.item_ids,
        groupIds: args.group_ids,
        columnIds: args.column_ids,
        userIds: args.user_ids,
        from: args.from,
        to: args.to,
      });
      return paginate(entries, args.limit ?? 25, args.page).map((entry) => ({
        id: entry.id,
        account_id: entry.accountId,
        user_id: entry.userId,
        event: entry.event,
        entity: entry.entity,
        data: JSON.stringify(entry.data),
        created_at: activityTime(entry.createdAt),
      }));
    },
    updates: (
      board: BoardRecord,
      args: { limit?: number | null; page?: number | null; ids?: string[] | null },
      context,
    ) => {
      requireScope(context, 'updates:read');
      const itemIds = new Set(
        context.store
          .items(board.id)
          .filter((item) => item.state !== 'deleted')
          .map((item) => item.id),
      );
      const found = visibleUpdates(context).filter(
        (update) => itemIds.has(update.itemId) && (args.ids ? args.ids.includes(update.id) : update.parentId === null),
      );
      return paginate(found, args.limit ?? 25, args.page);
    },
    // The emulator models no tag columns, so no board has tags.
    tags: () => [],
  },
  Mutation: {
    create_board: createBoardMutation,
    update_board: (
      _source: unknown,
      args: { board_attribute: BoardAttribute; board_id: string; new_value: string },
      context,
    ) => {
      const board = writableBoard(context, args.board_id);
      updateBoard(context.store, board, args.board_attribute, args.new_value, actor(context));
      return {
        success: true,
        undo_data: {
          undo_record_id: null,
          action_type: 'modify_project',
          entity_type: 'Board',
          entity_id: Number(board.id),
          count: 1,
        },
      };
    },
    archive_board: (_source: unknown, args: { board_id: string }, context) =>
      archiveBoard(context.store, writableBoard(context, args.board_id), actor(context)),
    delete_board: (_source: unknown, args: { board_id: string }, context) =>
      deleteBoard(context.store, writableBoard(context, args.board_id), actor(context)),
    duplicate_board: (_source: unknown, args: DuplicateBoardArgs, context) => {
      const source = writableBoard(context, args.board_id);
      if (source.type === 'sub_items_board') {
        throw engineError(
          ENGINE_ERROR_CODES.invalidArgument,
          `Board ${source.id} holds subitems; duplicate its parent board instead.`,
        );
      }
      const place = placement(context, args.workspace_id, args.folder_id, {
        workspaceId: source.workspaceId,
        folderId: source.folderId,
      });
      const board = duplicateBoard(context.store, source, {
        type: args.duplicate_type,
        name: args.board_name ?? null,
        workspaceId: place.workspaceId,
        folderId: place.folderId,
        keepSubscribers: args.keep_subscribers ?? false,
        userId: actor(context),
      });
      return { board, is_async: false };
    },
    add_users_to_board: addUsers,
    add_subscribers_to_board: addUsers,
    delete_subscribers_from_board: removeSubscribers,
    add_teams_to_board: addTeams,
    delete_teams_from_board: removeTeams,
  },
};
