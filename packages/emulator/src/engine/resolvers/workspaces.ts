/**
 * Workspaces and folders: Query.workspaces and Query.folders (workspaces:read), create/update/delete of both and
 * adding or removing a workspace's users and teams (workspaces:write), and the Workspace and Folder fields. Only the caller's account is ever visible.
 * A folder's `app_feature_slug` (2026-04) is null: no app feature creates folders on the emulator
 * (https://developer.monday.com/api-reference/changelog/new-fields-on-folder-and-appfeaturetype).
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { FolderRecord, WorkspaceRecord } from '../store/workspaces.js';
import {
  accountFolder,
  accountTeams,
  accountUsers,
  accountWorkspace,
  callerId,
  notModelledArgument,
  paginate,
} from './lookup.js';
import type { FamilyResolvers } from './types.js';

type Ids = readonly (string | null)[] | null | undefined;
type PageArgs = { limit?: number | null; page?: number | null };

function defaultWorkspace(context: EngineContext): WorkspaceRecord {
  const found = context.store.workspaces.mainOf(context.accountId);
  if (!found) throw engineError(ENGINE_ERROR_CODES.notFound, 'The account has no main workspace; pass workspace_id.');
  return found;
}

function inIds(id: string, ids: Ids): boolean {
  return !ids || ids.includes(id);
}

function users(context: EngineContext, ids: readonly string[], args: PageArgs) {
  return paginate(
    ids.map((id) => context.store.users.find(id)).filter((user) => user !== undefined),
    args.limit ?? 25,
    args.page,
  );
}

function teams(context: EngineContext, ids: readonly string[], args: PageArgs) {
  return paginate(
    ids.map((id) => context.store.teams.find(id)).filter((team) => team !== undefined),
    args.limit ?? 25,
    args.page,
  );
}

/** How a membership mutation changes a workspace: adds (as owners when `owner`) or removes users or teams. */
interface MembershipChange {
  add: boolean;
  teams: boolean;
  owner?: boolean;
}

/** Changes the caller's workspace's members, found by `lookUp` once the scope and workspace are checked. */
function changeMembers<Member extends { id: string }>(
  context: EngineContext,
  workspaceId: string,
  lookUp: () => Member[],
  change: MembershipChange,
): Member[] {
  requireScope(context, 'workspaces:write');
  const workspace = accountWorkspace(context, workspaceId);
  const members = lookUp();
  const ids = members.map((member) => member.id);
  if (change.add) context.store.workspaces.addMembers(workspace, ids, change.teams, change.owner ?? false);
  else context.store.workspaces.removeMembers(workspace, ids, change.teams);
  return members;
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
    at = at.parentId ? context.store.workspaces.folders.find(at.parentId) : undefined
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

/** Resolvers of workspaces and folders. */
export const workspaceResolvers: FamilyResolvers = {
  Query: {
    workspaces: (_source, args, context) => {
      requireScope(context, 'workspaces:read');
      const state = args.state ?? 'active';
      const found = context.store.workspaces
        .all()
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
    folders: (_source, args, context) => {
      requireScope(context, 'workspaces:read');
      const found = context.store.workspaces.folders
        .all()
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
    create_workspace: (_source, args, context) => {
      requireScope(context, 'workspaces:write');
      const products = context.store.accounts.details(context.accountId)?.products ?? [];
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
        ownerId: callerId(context),
      });
    },
    update_workspace: (_source, args, context) => {
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
    delete_workspace: (_source, args, context) => {
      requireScope(context, 'workspaces:write');
      const workspace = accountWorkspace(context, args.workspace_id);
      if (workspace.isDefault)
        throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'The main workspace cannot be deleted.');
      return context.store.deleteWorkspace(workspace, callerId(context));
    },
    add_users_to_workspace: (_source, args, context) =>
      changeMembers(context, args.workspace_id, () => accountUsers(context, args.user_ids), {
        add: true,
        teams: false,
        owner: args.kind === 'owner',
      }),
    delete_users_from_workspace: (_source, args, context) =>
      changeMembers(context, args.workspace_id, () => accountUsers(context, args.user_ids), {
        add: false,
        teams: false,
      }),
    add_teams_to_workspace: (_source, args, context) =>
      changeMembers(context, args.workspace_id, () => accountTeams(context, args.team_ids), {
        add: true,
        teams: true,
        owner: args.kind === 'owner',
      }),
    delete_teams_from_workspace: (_source, args, context) =>
      changeMembers(context, args.workspace_id, () => accountTeams(context, args.team_ids), {
        add: false,
        teams: true,
      }),
    create_folder: (_source, args, context) => {
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
        ownerId: callerId(context),
      });
    },
    update_folder: (_source, args, context) => {
      requireScope(context, 'workspaces:write');
      const folder = accountFolder(context, args.folder_id);
      // 2025-10 added position, workspace_id and account_product_id (the platform's changelog, "New update_folder
      // mutation arguments"): the emulator keeps no order of folders and no product of its own for a folder, so those
      // two are refused rather than dropped; packages/emulator/test/folder-move.test.ts.
      if (args.position != null) notModelledArgument('update_folder(position:)', 'the order of folders is not kept');
      if (args.account_product_id != null)
        notModelledArgument('update_folder(account_product_id:)', 'a folder follows its workspace');
      const target = args.workspace_id == null ? undefined : accountWorkspace(context, args.workspace_id);
      const workspaceId = target?.id ?? folder.workspaceId;
      // every argument is checked before anything changes
      const changes = {
        ...(args.name != null ? { name: checkName(args.name, 'Folder') } : {}),
        ...(args.color != null ? { color: args.color } : {}),
        ...(args.font_weight != null ? { fontWeight: args.font_weight } : {}),
        ...(args.custom_icon != null ? { customIcon: args.custom_icon } : {}),
        ...(args.parent_folder_id != null
          ? { parentId: checkParent(context, folder, workspaceId, args.parent_folder_id) }
          : {}),
      };
      if (workspaceId !== folder.workspaceId) context.store.moveFolder(folder, workspaceId, changes.parentId ?? null);
      return context.store.workspaces.updateFolder(folder, changes);
    },
    delete_folder: (_source, args, context) => {
      requireScope(context, 'workspaces:write');
      const folder = accountFolder(context, args.folder_id);
      return context.store.deleteFolder(folder, callerId(context));
    },
  },
  Workspace: {
    created_at: (workspace: WorkspaceRecord) => workspace.createdAt,
    is_default_workspace: (workspace: WorkspaceRecord) => workspace.isDefault,
    account_product: (workspace: WorkspaceRecord, _args, context) => {
      const details = context.store.accounts.details(workspace.accountId);
      return details?.products.find((product) => product.id === workspace.accountProductId) ?? null;
    },
    settings: (workspace: WorkspaceRecord) => ({ icon: { color: workspace.iconColor, image: null } }),
    owners_subscribers: (workspace: WorkspaceRecord, args, context) => users(context, workspace.ownerIds, args),
    users_subscribers: (workspace: WorkspaceRecord, args, context) => users(context, workspace.subscriberIds, args),
    teams_subscribers: (workspace: WorkspaceRecord, args, context) => teams(context, workspace.teamIds, args),
    team_owners_subscribers: (workspace: WorkspaceRecord, args, context) =>
      teams(context, workspace.teamOwnerIds, args),
  },
  Folder: {
    font_weight: (folder: FolderRecord) => folder.fontWeight,
    custom_icon: (folder: FolderRecord) => folder.customIcon,
    created_at: (folder: FolderRecord) => folder.createdAt,
    owner_id: (folder: FolderRecord) => folder.ownerId,
    parent: (folder: FolderRecord, _args, context) =>
      folder.parentId === null ? null : (context.store.workspaces.folders.find(folder.parentId) ?? null),
    sub_folders: (folder: FolderRecord, _args, context) => context.store.workspaces.subFolders(folder),
    workspace: (folder: FolderRecord, _args, context) => context.store.workspaces.find(folder.workspaceId),
    children: (folder: FolderRecord, _args, context) =>
      context.store.boards.all().filter((board) => board.state === 'active' && board.folderId === folder.id),
    // The slug of the app feature a folder belongs to (2026-04, Folders 2.0:
    // https://developer.monday.com/api-reference/changelog/new-fields-on-folder-and-appfeaturetype). No app feature
    // makes folders on the emulator: every folder is a plain one, made by a user or `create_folder`, and has none.
    app_feature_slug: () => null,
  },
};
