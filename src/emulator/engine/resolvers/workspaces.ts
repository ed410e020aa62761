/**
 * Workspaces and folders: Query.workspaces and Query.folders (workspaces:read), create/update/delete of both and
 * adding or removing a workspace's users and teams (workspaces:write), and the Workspace and Folder fields. Only the caller's account is ever visible.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { BoardRecord } from '../store/records.js';
import type { FolderRecord, WorkspaceRecord } from '../store/workspaces.js';
import { paginate } from './lookup.js';
import type { ResolverMap } from './types.js';

type Ids = readonly (string | null)[] | null | undefined;
type PageArgs = { limit?: number | null; page?: number | null };

/** The caller's live workspace `id`, or RESOURCE_NOT_FOUND. */
export function accountWorkspace(context: EngineContext, id: string | number): WorkspaceRecord {
  const workspace = context.store.workspaces.findWorkspace(id);
  if (!workspace || workspace.accountId !== context.accountId || workspace.state === 'deleted') {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Workspace ${id} was not found.`, { workspace_id: String(id) });
  }
  return workspace;
}

/** The caller's live folder `id`, or RESOURCE_NOT_FOUND. */
export function accountFolder(context: EngineContext, id: string | number): FolderRecord {
  const folder = context.store.workspaces.findFolder(id);
  if (!folder || folder.accountId !== context.accountId || folder.deleted) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Folder ${id} was not found.`, { folder_id: String(id) });
  }
  return folder;
}

/** The folder a board sits in, read from the board record's `folderId` when boards carry one. */
export function folderIdOf(board: BoardRecord): string | null {
  const folderId = (board as BoardRecord & { folderId?: string | null }).folderId;
  return folderId ?? null;
}

function defaultWorkspace(context: EngineContext): WorkspaceRecord {
  const found = context.store.workspaces
    .workspaces()
    .find(
      (workspace) => workspace.accountId === context.accountId && workspace.isDefault && workspace.state !== 'deleted',
    );
  if (!found) throw engineError(ENGINE_ERROR_CODES.notFound, 'The account has no main workspace; pass workspace_id.');
  return found;
}

function inIds(id: string, ids: Ids): boolean {
  return !ids || ids.includes(id);
}

function users(context: EngineContext, ids: readonly string[], args: PageArgs) {
  return paginate(
    ids.map((id) => context.store.findUser(id)).filter((user) => user !== undefined),
    args.limit ?? 25,
    args.page,
  );
}

function teams(context: EngineContext, ids: readonly string[], args: PageArgs) {
  return paginate(
    ids.map((id) => context.store.teams.findTeam(id)).filter((team) => team !== undefined),
    args.limit ?? 25,
    args.page,
  );
}

/** The caller's account's users with these ids; RESOURCE_NOT_FOUND naming the first that is not one. */
export function accountUsersByIds(context: EngineContext, ids: readonly (string | number)[]) {
  return ids.map((id) => {
    const user = context.store.findUser(id);
    if (!user || user.accountId !== context.accountId) {
      throw engineError(ENGINE_ERROR_CODES.notFound, `User ${id} was not found.`, { user_id: String(id) });
    }
    return user;
  });
}

/** The caller's account's teams with these ids; RESOURCE_NOT_FOUND naming the first that is not one. */
export function accountTeamsByIds(context: EngineContext, ids: readonly (string | number)[]) {
  return ids.map((id) => {
    const team = context.store.teams.findTeam(id);
    if (!team || team.accountId !== context.accountId) {
      throw engineError(ENGINE_ERROR_CODES.notFound, `Team ${id} was not found.`, { team_id: String(id) });
    }
    return team;
  });
}

function checkName(name: string | null | undefined, what: string): string | undefined {
  if (name === null || name === undefined) return undefined;
  if (name.trim() === '') throw engineError(ENGINE_ERROR_CODES.invalidArgument, `${what} name must not be empty.`);
  return name.trim();
}

/** Moving `folder` under `parentId` must stay in its workspace and never put it below itself. */
function checkParent(
  context: EngineContext,
  folder: FolderRecord | null,
  workspaceId: string,
  parentId: string,
): string {
  const parent = accountFolder(context, parentId);
  if (parent.workspaceId !== workspaceId) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `Folder ${parentId} is in another workspace.`, {
      parent_folder_id: parentId,
    });
  }
  for (
    let at: FolderRecord | undefined = parent;
    at;
    at = at.parentId ? context.store.workspaces.findFolder(at.parentId) : undefined
  ) {
    if (folder && at.id === folder.id) {
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        'A folder cannot be moved into itself or one of its sub-folders.',
      );
    }
  }
  return parent.id;
}

/** Boards inside the given folders or workspace end with them. */
function deleteBoards(context: EngineContext, match: (board: BoardRecord) => boolean): void {
  for (const board of context.store.boards()) {
    if (board.accountId === context.accountId && board.state !== 'deleted' && match(board)) board.state = 'deleted';
  }
}

interface WorkspacesArgs extends PageArgs {
  ids?: Ids;
  kind?: 'open' | 'closed' | null;
  order_by?: 'created_at' | null;
  state?: 'active' | 'all' | 'archived' | 'deleted' | null;
}

interface MembershipArgs {
  workspace_id: string;
  kind?: 'owner' | 'subscriber' | null;
}

interface FolderArgs {
  name?: string | null;
  color?: string | null;
  custom_icon?: string | null;
  font_weight?: string | null;
  parent_folder_id?: string | null;
}

/** Resolvers of workspaces and folders. */
export const workspaceResolvers: ResolverMap = {
  Query: {
    workspaces: (_source: unknown, args: WorkspacesArgs, context) => {
      requireScope(context, 'workspaces:read');
      const state = args.state ?? 'active';
      const found = context.store.workspaces
        .workspaces()
        .filter(
          (workspace) =>
            workspace.accountId === context.accountId &&
            (state === 'all' ? workspace.state !== 'deleted' : workspace.state === state) &&
            inIds(workspace.id, args.ids) &&
            (!args.kind || workspace.kind === args.kind),
        );
      if (args.order_by === 'created_at')
        found.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id));
      return paginate(found, args.limit ?? 25, args.page);
    },
    folders: (_source: unknown, args: PageArgs & { ids?: Ids; workspace_ids?: Ids }, context) => {
      requireScope(context, 'workspaces:read');
      const found = context.store.workspaces
        .folders()
        .filter(
          (folder) =>
            folder.accountId === context.accountId &&
            !folder.deleted &&
            inIds(folder.id, args.ids) &&
            inIds(folder.workspaceId, args.workspace_ids),
        );
      return paginate(found, args.limit ?? 25, args.page);
    },
  },
  Mutation: {
    create_workspace: (
      _source: unknown,
      args: { name: string; kind: 'open' | 'closed'; description?: string | null; account_product_id?: string | null },
      context,
    ) => {
      requireScope(context, 'workspaces:write');
      const products =
        context.store.accountDetails.find((details) => details.accountId === context.accountId)?.products ?? [];
      if (
        args.account_product_id != null &&
        !products.some((product) => product.id === String(args.account_product_id))
      ) {
        throw engineError(ENGINE_ERROR_CODES.notFound, `Account product ${args.account_product_id} was not found.`);
      }
      return context.store.workspaces.createWorkspace({
        accountId: context.accountId,
        name: checkName(args.name, 'Workspace') ?? args.name,
        description: args.description ?? null,
        kind: args.kind,
        accountProductId: args.account_product_id == null ? (products[0]?.id ?? null) : String(args.account_product_id),
        ownerId: String(context.grant.userId),
      });
    },
    update_workspace: (
      _source: unknown,
      args: {
        id?: string | null;
        attributes: { name?: string | null; description?: string | null; kind?: 'open' | 'closed' | null };
      },
      context,
    ) => {
      requireScope(context, 'workspaces:write');
      if (args.id == null)
        throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'update_workspace needs the id of the workspace.');
      const workspace = accountWorkspace(context, args.id);
      const { name, description, kind } = args.attributes;
      return context.store.workspaces.updateWorkspace(workspace, {
        ...(name != null ? { name: checkName(name, 'Workspace') } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(kind != null ? { kind } : {}),
      });
    },
    delete_workspace: (_source: unknown, args: { workspace_id: string }, context) => {
      requireScope(context, 'workspaces:write');
      const workspace = accountWorkspace(context, args.workspace_id);
      if (workspace.isDefault)
        throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'The main workspace cannot be deleted.');
      deleteBoards(context, (board) => board.workspaceId === workspace.id);
      context.store.docs.deleteDocsOfWorkspace(workspace.id);
      return context.store.workspaces.deleteWorkspace(workspace);
    },
    add_users_to_workspace: (_source: unknown, args: MembershipArgs & { user_ids: string[] }, context) => {
      requireScope(context, 'workspaces:write');
      const workspace = accountWorkspace(context, args.workspace_id);
      const added = accountUsersByIds(context, args.user_ids);
      context.store.workspaces.addMembers(
        workspace,
        added.map((user) => user.id),
        false,
        args.kind === 'owner',
      );
      return added;
    },
    delete_users_from_workspace: (_source: unknown, args: MembershipArgs & { user_ids: string[] }, context) => {
      requireScope(context, 'workspaces:write');
      const workspace = accountWorkspace(context, args.workspace_id);
      const removed = accountUsersByIds(context, args.user_ids);
      context.store.workspaces.removeMembers(
        workspace,
        removed.map((user) => user.id),
        false,
      );
      return removed;
    },
    add_teams_to_workspace: (_source: unknown, args: MembershipArgs & { team_ids: string[] }, context) => {
      requireScope(context, 'workspaces:write');
      const workspace = accountWorkspace(context, args.workspace_id);
      const added = accountTeamsByIds(context, args.team_ids);
      context.store.workspaces.addMembers(
        workspace,
        added.map((team) => team.id),
        true,
        args.kind === 'owner',
      );
      return added;
    },
    delete_teams_from_workspace: (_source: unknown, args: MembershipArgs & { team_ids: string[] }, context) => {
      requireScope(context, 'workspaces:write');
      const workspace = accountWorkspace(context, args.workspace_id);
      const removed = accountTeamsByIds(context, args.team_ids);
      context.store.workspaces.removeMembers(
        workspace,
        removed.map((team) => team.id),
        true,
      );
      return removed;
    },
    create_folder: (_source: unknown, args: FolderArgs & { name: string; workspace_id?: string | null }, context) => {
      requireScope(context, 'workspaces:write');
      const workspace =
        args.workspace_id == null ? defaultWorkspace(context) : accountWorkspace(context, args.workspace_id);
      return context.store.workspaces.createFolder({
        accountId: context.accountId,
        workspaceId: workspace.id,
        name: checkName(args.name, 'Folder') ?? args.name,
        color: args.color ?? null,
        fontWeight: args.font_weight ?? null,
        customIcon: args.custom_icon ?? null,
        parentId:
          args.parent_folder_id == null ? null : checkParent(context, null, workspace.id, args.parent_folder_id),
        ownerId: String(context.grant.userId),
      });
    },
    update_folder: (_source: unknown, args: FolderArgs & { folder_id: string }, context) => {
      requireScope(context, 'workspaces:write');
      const folder = accountFolder(context, args.folder_id);
      return context.store.workspaces.updateFolder(folder, {
        ...(args.name != null ? { name: checkName(args.name, 'Folder') } : {}),
        ...(args.color != null ? { color: args.color } : {}),
        ...(args.font_weight != null ? { fontWeight: args.font_weight } : {}),
        ...(args.custom_icon != null ? { customIcon: args.custom_icon } : {}),
        ...(args.parent_folder_id != null
          ? { parentId: checkParent(context, folder, folder.workspaceId, args.parent_folder_id) }
          : {}),
      });
    },
    delete_folder: (_source: unknown, args: { folder_id: string }, context) => {
      requireScope(context, 'workspaces:write');
      const folder = accountFolder(context, args.folder_id);
      const gone = new Set(context.store.workspaces.deleteFolder(folder));
      deleteBoards(context, (board) => gone.has(folderIdOf(board) ?? ''));
      return folder;
    },
  },
  Workspace: {
    created_at: (workspace: WorkspaceRecord) => workspace.createdAt,
    is_default_workspace: (workspace: WorkspaceRecord) => workspace.isDefault,
    account_product: (workspace: WorkspaceRecord, _args, context) => {
      const details = context.store.accountDetails.find((candidate) => candidate.accountId === workspace.accountId);
      return details?.products.find((product) => product.id === workspace.accountProductId) ?? null;
    },
    settings: (workspace: WorkspaceRecord) => ({ icon: { color: workspace.iconColor, image: null } }),
    owners_subscribers: (workspace: WorkspaceRecord, args: PageArgs, context) =>
      users(context, workspace.ownerIds, args),
    users_subscribers: (workspace: WorkspaceRecord, args: PageArgs, context) =>
      users(context, workspace.subscriberIds, args),
    teams_subscribers: (workspace: WorkspaceRecord, args: PageArgs, context) => teams(context, workspace.teamIds, args),
    team_owners_subscribers: (workspace: WorkspaceRecord, args: PageArgs, context) =>
      teams(context, workspace.teamOwnerIds, args),
  },
  Folder: {
    font_weight: (folder: FolderRecord) => folder.fontWeight,
    custom_icon: (folder: FolderRecord) => folder.customIcon,
    created_at: (folder: FolderRecord) => folder.createdAt,
    owner_id: (folder: FolderRecord) => folder.ownerId,
    parent: (folder: FolderRecord, _args, context) =>
      folder.parentId === null ? null : (context.store.workspaces.findFolder(folder.parentId) ?? null),
    sub_folders: (folder: FolderRecord, _args, context) => context.store.workspaces.subFolders(folder),
    workspace: (folder: FolderRecord, _args, context) => context.store.workspaces.findWorkspace(folder.workspaceId),
    children: (folder: FolderRecord, _args, context) =>
      context.store.boards().filter((board) => board.state === 'active' && folderIdOf(board) === folder.id),
  },
  AccountProduct: {
    default_workspace_id: (product: { defaultWorkspaceId: string | null }) => product.defaultWorkspaceId,
  },
};
