/**
 * Boards: `Query.boards` with its filters, every Board field (its groups, columns and items pages included; the
 * fields describing the board, such as `item_terminology` and `access_level`, in board-metadata.ts), and
 * the board mutations: create, update, archive, delete, duplicate, move (`update_board_hierarchy`, 2025-10), and
 * board owners, subscribers and teams. Reads need boards:read, changes boards:write; every board is looked up
 * inside the caller's account.
 */
import { hasCapabilities } from '../column-kinds/index.js';
import { type EngineContext, requireEnterprisePlan, requireScope } from '../context.js';
import { itemsPage } from '../cursor.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { notModelledError } from '../schema/modelled.js';
import type { ActivityLogRecord } from '../store/activity-log.js';
import type { BoardRecord, ItemNickname, UserRecord } from '../store/records.js';
import type { TeamRecord } from '../store/teams.js';
import type { UpdateRecord } from '../store/updates.js';
import type {
  BoardTeamOwnersArgs,
  ItemNicknameInput,
  MutationAddTeamsToBoardArgs,
  MutationAddUsersToBoardArgs,
  MutationCreateBoardArgs,
  MutationCreateProjectArgs,
  MutationDeleteSubscribersFromBoardArgs,
  MutationDeleteTeamsFromBoardArgs,
  QueryBoardsArgs,
} from './arguments.generated.js';
import { boardMetadataFields } from './board-metadata.js';
import {
  accountBoard,
  accountFolder,
  accountTeams,
  accountUsers,
  accountWorkspace,
  boardUrl,
  callerId,
  groupViews,
  notModelledArgument,
  paginate,
  storedUser,
} from './lookup.js';
import type { FamilyResolvers } from './types.js';
import { visibleUpdates } from './updates.js';
import { updatesPage } from './updates-page.js';
import { boardViews } from './views.js';

/** The platform's activity-log time: 100-nanosecond units since the epoch, as a string of digits. */
export function activityTime(iso: string): string {
  return `${Date.parse(iso)}0000`;
}

/** An activity-log entry as the API answers it (a board's log and a user's alike). */
export function activityLogAnswer(entry: ActivityLogRecord) {
  return {
    id: entry.id,
    account_id: entry.accountId,
    user_id: entry.userId,
    event: entry.event,
    entity: entry.entity,
    data: JSON.stringify(entry.data),
    created_at: activityTime(entry.createdAt),
  };
}

/** The caller's updates and replies on live items of `board`, newest first (what `updates` and `updates_page` list). */
function updatesOnBoard(context: EngineContext, board: BoardRecord): UpdateRecord[] {
  const itemIds = new Set(
    context.store.items
      .onBoard(board.id)
      .filter((item) => item.state !== 'deleted')
      .map((item) => item.id),
  );
  return visibleUpdates(context).filter((update) => itemIds.has(update.itemId));
}

function users(context: EngineContext, ids: readonly string[]): UserRecord[] {
  return ids.map((id) => context.store.users.find(id)).filter((user): user is UserRecord => user?.enabled === true);
}

function writableBoard(context: EngineContext, id: string): BoardRecord {
  requireScope(context, 'boards:write');
  return accountBoard(context, id);
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
    const main = context.store.workspaces.mainOf(context.accountId);
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

function createBoardMutation(_source: unknown, args: MutationCreateBoardArgs, context: EngineContext) {
  requireScope(context, 'boards:write');
  const template = args.template_id == null ? undefined : boardTemplate(context, args.template_id);
  if (args.board_name.trim() === '')
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A board name cannot be empty.');
  const place = placement(context, args.workspace_id, args.folder_id);
  return context.store.boards.create({
    accountId: context.accountId,
    name: args.board_name,
    kind: args.board_kind,
    creatorId: callerId(context),
    description: args.description ?? null,
    ownerIds: accountUsers(context, args.board_owner_ids ?? []).map((user) => user.id),
    subscriberIds: accountUsers(context, args.board_subscriber_ids ?? []).map((user) => user.id),
    teamOwnerIds: accountTeams(context, args.board_owner_team_ids ?? []).map((team) => team.id),
    teamSubscriberIds: accountTeams(context, args.board_subscriber_teams_ids ?? []).map((team) => team.id),
    workspaceId: place.workspaceId,
    folderId: place.folderId,
    empty: args.empty ?? false,
    ...(args.item_nickname ? { itemNickname: itemNickname(args.item_nickname) } : {}),
    ...(template ? { template } : {}),
  });
}

/**
 * The board `create_board(template_id:)` copies. A board template saved in the account has the id of its board
 * (https://help.okta.com/wf/ja-jp/content/topics/workflows/connector-reference/mondaycom/actions/createboard.htm, a
 * connector's reference of the platform; https://developer.monday.com/api-reference/reference/boards lists the argument),
 * so the template is a board of the caller's account: an unknown one is RESOURCE_NOT_FOUND, a subitems board
 * INVALID_ARGUMENT. The docs do not say which boards may serve as templates; the emulator takes any board of the
 * caller's account. The new board copies its columns and active groups and none of its items, as a structure
 * duplicate does, and keeps its own name, kind, description, members and place; `created_from_board_id` names the
 * template. The Template Center's templates (`use_template`, templates.ts) are another id space and are not taken.
 */
function boardTemplate(context: EngineContext, id: string): BoardRecord {
  const template = accountBoard(context, id);
  if (template.type === 'sub_items_board') {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `Board ${template.id} holds subitems; it is no template.`, {
      template_id: template.id,
    });
  }
  return template;
}

/**
 * `create_project` (2026-04 on), as https://developer.monday.com/api-reference/changelog/new-create_project-mutation
 * describes it: it makes a project board of a portfolio solution, on Enterprise plans only, in the background
 * (`process_id`, `callback_url`). What the emulator models is the part the docs give: boards:write, the refusal of
 * another plan's account (USER_UNAUTHORIZED naming the plan, as departments are refused), an empty name
 * (INVALID_ARGUMENT) and the workspace and folder named (RESOURCE_NOT_FOUND when not the caller's). An Enterprise
 * account's project then answers NOT_MODELLED: the board is made from the platform's own project template
 * (its columns, `companions`, `template_id`), which the docs do not give, and the emulator invents no board.
 */
function createProject(_source: unknown, args: MutationCreateProjectArgs, context: EngineContext): never {
  requireScope(context, 'boards:write');
  requireEnterprisePlan(context, 'Projects');
  if (args.input.name.trim() === '')
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A project name cannot be empty.');
  placement(context, args.input.workspace_id, args.input.folder_id);
  throw notModelledError('Mutation', 'create_project');
}

/** `create_board(item_nickname:)` (2026-10) as the board keeps it; blank parts count as not given. */
function itemNickname(input: ItemNicknameInput): ItemNickname {
  const given = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  return { singular: given(input.singular), plural: given(input.plural), presetType: given(input.preset_type) };
}

function members(teams: boolean, added: readonly { id: string }[], owner?: boolean) {
  return { ids: added.map((member) => member.id), teams, owner: owner ?? false };
}

function addUsers(_source: unknown, args: MutationAddUsersToBoardArgs, context: EngineContext) {
  const board = writableBoard(context, args.board_id);
  const added = accountUsers(context, args.user_ids);
  context.store.boards.addMembers(board, members(false, added, args.kind === 'owner'), callerId(context));
  return added;
}

function teamsOf(context: EngineContext, ids: readonly string[], args: BoardTeamOwnersArgs): TeamRecord[] {
  const found = ids.map((id) => context.store.teams.find(id)).filter((team): team is TeamRecord => team !== undefined);
  return paginate(found, args.limit ?? 25, args.page);
}

function addTeams(_source: unknown, args: MutationAddTeamsToBoardArgs, context: EngineContext) {
  const board = writableBoard(context, args.board_id);
  const added = accountTeams(context, args.team_ids);
  context.store.boards.addMembers(board, members(true, added, args.kind === 'owner'), callerId(context));
  return added;
}

function removeTeams(_source: unknown, args: MutationDeleteTeamsFromBoardArgs, context: EngineContext) {
  const board = writableBoard(context, args.board_id);
  const removed = accountTeams(context, args.team_ids);
  context.store.boards.removeMembers(board, members(true, removed), callerId(context));
  return removed;
}

function removeSubscribers(_source: unknown, args: MutationDeleteSubscribersFromBoardArgs, context: EngineContext) {
  const board = writableBoard(context, args.board_id);
  const removed = accountUsers(context, args.user_ids).filter((user) => user.id !== board.ownerId);
  context.store.boards.removeMembers(board, members(false, removed), callerId(context));
  return removed;
}

function boardMatches(board: BoardRecord, args: QueryBoardsArgs): boolean {
  const state = args.state ?? 'active';
  return (
    (state === 'all' ? board.state !== 'deleted' : board.state === state) &&
    (!args.ids || args.ids.includes(board.id)) &&
    (!args.board_kind || board.kind === args.board_kind) &&
    (!args.workspace_ids || args.workspace_ids.includes(board.workspaceId))
  );
}

/** Resolvers of boards. */
export const boardResolvers: FamilyResolvers = {
  Query: {
    boards: (_source, args, context) => {
      requireScope(context, 'boards:read');
      const found = context.store.boards
        .all()
        .filter((board) => board.accountId === context.accountId && boardMatches(board, args));
      if (args.order_by === 'created_at') found.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      if (args.order_by === 'used_at') found.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      return paginate(found, args.limit ?? 25, args.page);
    },
  },
  Board: {
    board_kind: (board: BoardRecord) => board.kind,
    // 2025-10: the emulator has no multi-level boards (packages/emulator/test/engine-newer-versions.test.ts).
    hierarchy_type: () => 'classic',
    owner: (board: BoardRecord, _args, context) => storedUser(context, board.ownerId),
    creator: (board: BoardRecord, _args, context) => storedUser(context, board.ownerId),
    workspace_id: (board: BoardRecord) => board.workspaceId,
    updated_at: (board: BoardRecord) => board.updatedAt,
    url: (board: BoardRecord, _args, context) => boardUrl(context, board),
    items_count: (board: BoardRecord, _args, context) => context.store.items.ordered(board.id).length,
    top_group: (board: BoardRecord) => groupViews(board)[0],
    groups: (board: BoardRecord, args) =>
      groupViews(board).filter((view) => !args.ids || args.ids.includes(view.group.id)),
    columns: (board: BoardRecord, args) =>
      board.columns.filter(
        (column) =>
          (!args.ids || args.ids.includes(column.id)) &&
          (!args.types || args.types.includes(column.type)) &&
          hasCapabilities(column, args.capabilities),
      ),
    items_page: (board: BoardRecord, args, context) => itemsPage(context, { board: board.id }, args),
    board_folder_id: (board: BoardRecord) => board.folderId,
    workspace: (board: BoardRecord, _args, context) => {
      const workspace = board.workspaceId === null ? undefined : context.store.workspaces.find(board.workspaceId);
      return workspace && workspace.accountId === board.accountId && workspace.state !== 'deleted' ? workspace : null;
    },
    owners: (board: BoardRecord, _args, context) => users(context, board.ownerIds),
    subscribers: (board: BoardRecord, _args, context) => users(context, board.subscriberIds),
    team_owners: (board: BoardRecord, args, context) => teamsOf(context, board.teamOwnerIds, args),
    team_subscribers: (board: BoardRecord, args, context) => teamsOf(context, board.teamSubscriberIds, args),
    activity_logs: (board: BoardRecord, args, context) => {
      requireScope(context, 'boards:read');
      const entries = context.store.activityLog.forBoard(board.id, {
        itemIds: args.item_ids,
        groupIds: args.group_ids,
        columnIds: args.column_ids,
        userIds: args.user_ids,
        from: args.from,
        to: args.to,
      });
      return paginate(entries, args.limit ?? 25, args.page).map(activityLogAnswer);
    },
    updates: (board: BoardRecord, args, context) => {
      requireScope(context, 'updates:read');
      const found = updatesOnBoard(context, board).filter((update) =>
        args.ids ? args.ids.includes(update.id) : update.parentId === null,
      );
      return paginate(found, args.limit ?? 25, args.page);
    },
    // The updates `updates` lists, a page at a time with a cursor (updates-page.ts).
    updates_page: (board: BoardRecord, args, context) => {
      requireScope(context, 'updates:read');
      const found = updatesOnBoard(context, board).filter((update) => update.parentId === null);
      return updatesPage(found, `board:${board.id}`, args);
    },
    ...boardMetadataFields,
    views: (board: BoardRecord, args, context) => boardViews(context, board, args.ids, args.type),
  },
  Mutation: {
    create_board: createBoardMutation,
    create_project: createProject,
    update_board: (_source, args, context) => {
      const board = writableBoard(context, args.board_id);
      const attribute = args.board_attribute;
      // 2026-10 added `item_nickname`; the emulator keeps no item terminology to change.
      if (attribute === 'item_nickname') {
        throw engineError(
          ENGINE_ERROR_CODES.notModelled,
          'update_board with board_attribute item_nickname is not modelled by the emulator',
        );
      }
      context.store.boards.update(board, attribute, args.new_value, callerId(context));
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
    archive_board: (_source, args, context) =>
      context.store.boards.archive(writableBoard(context, args.board_id), callerId(context)),
    delete_board: (_source, args, context) =>
      context.store.boards.delete(writableBoard(context, args.board_id), callerId(context)),
    duplicate_board: (_source, args, context) => {
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
      const board = context.store.boards.duplicate(source, {
        type: args.duplicate_type,
        name: args.board_name ?? null,
        workspaceId: place.workspaceId,
        folderId: place.folderId,
        keepSubscribers: args.keep_subscribers ?? false,
        userId: callerId(context),
      });
      return { board, is_async: false };
    },
    update_board_hierarchy: (_source, args, context) => {
      const board = writableBoard(context, args.board_id);
      const { workspace_id, folder_id, position, account_product_id } = args.attributes;
      if (position != null)
        notModelledArgument('update_board_hierarchy(position:)', 'the order of boards in a workspace is not kept');
      if (account_product_id != null)
        notModelledArgument('update_board_hierarchy(account_product_id:)', 'a board follows its workspace');
      if (board.type === 'sub_items_board') {
        throw engineError(
          ENGINE_ERROR_CODES.invalidArgument,
          `Board ${board.id} holds subitems; move its parent board instead.`,
        );
      }
      if (workspace_id == null && folder_id == null) {
        throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'attributes need a workspace_id or a folder_id.');
      }
      // Without a folder the board goes to the workspace's top level, as the platform's Move Object tool describes
      // (https://developer.monday.com/api-reference/docs/move-object); pinned in packages/emulator/test/board-hierarchy.test.ts.
      context.store.boards.move(board, placement(context, workspace_id, folder_id));
      return { success: true, message: null, board };
    },
    add_users_to_board: addUsers,
    add_subscribers_to_board: addUsers,
    delete_subscribers_from_board: removeSubscribers,
    add_teams_to_board: addTeams,
    delete_teams_from_board: removeTeams,
  },
};
