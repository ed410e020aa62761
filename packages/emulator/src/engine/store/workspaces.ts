/**
 * Workspaces and folders of the in-memory store. Folders live in a workspace and may nest; boards point at them
 * (a board's `workspaceId` and `folderId`), docs too. Deleting marks the record `deleted`; it is then never listed.
 */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** Who can join a workspace. */
export type WorkspaceKind = 'open' | 'closed' | 'template';

/** A workspace of one account. */
export interface WorkspaceRecord {
  id: string;
  accountId: string;
  name: string;
  description: string | null;
  kind: WorkspaceKind;
  state: 'active' | 'archived' | 'deleted';
  createdAt: string;
  /** The account's main workspace: it cannot be deleted. */
  isDefault: boolean;
  ownerIds: string[];
  subscriberIds: string[];
  teamIds: string[];
  teamOwnerIds: string[];
  iconColor: string | null;
  accountProductId: string | null;
}

/** A folder of a workspace; `parentId` makes it a sub-folder. */
export interface FolderRecord {
  id: string;
  accountId: string;
  workspaceId: string;
  name: string;
  color: string | null;
  fontWeight: string | null;
  customIcon: string | null;
  parentId: string | null;
  ownerId: string | null;
  createdAt: string;
  deleted: boolean;
}

/** Fields a new workspace takes. */
export type NewWorkspace = Pick<WorkspaceRecord, 'accountId' | 'name' | 'description' | 'kind' | 'accountProductId'> & {
  ownerId: string;
};

/** Fields a new folder takes. */
export type NewFolder = Pick<
  FolderRecord,
  'accountId' | 'workspaceId' | 'name' | 'color' | 'fontWeight' | 'customIcon' | 'parentId' | 'ownerId'
>;

/** Fields update_folder may change. */
export type FolderChanges = Partial<Pick<FolderRecord, 'name' | 'color' | 'fontWeight' | 'customIcon' | 'parentId'>>;

/** Workspaces, and the folders in them. */
export class WorkspaceStore extends Collection<WorkspaceRecord> {
  /** Every folder, deleted ones included. */
  readonly folders: Collection<FolderRecord>;
  readonly #stamper: Stamper;

  /** Keeps the seeded `workspaces` and `folders`; new ids and times come from `stamper`. */
  constructor(workspaces: WorkspaceRecord[], folders: FolderRecord[], stamper: Stamper) {
    super(workspaces);
    this.folders = new Collection(folders);
    this.#stamper = stamper;
  }

  /** The account's main (default) workspace, unless it was deleted. */
  mainOf(accountId: string): WorkspaceRecord | undefined {
    return this.all().find(
      (workspace) => workspace.accountId === accountId && workspace.isDefault && workspace.state !== 'deleted',
    );
  }

  /** Creates a workspace owned (and subscribed) by its creator. */
  createWorkspace(input: NewWorkspace): WorkspaceRecord {
    const { ownerId, ...fields } = input;
    const workspace: WorkspaceRecord = {
      ...fields,
      id: this.#stamper.newId(),
      state: 'active',
      createdAt: this.#stamper.now(),
      isDefault: false,
      ownerIds: [ownerId],
      subscriberIds: [ownerId],
      teamIds: [],
      teamOwnerIds: [],
      iconColor: null,
    };
    return this.insert(workspace);
  }

  /** Changes name, description or kind. */
  updateWorkspace(
    workspace: WorkspaceRecord,
    changes: Partial<Pick<WorkspaceRecord, 'name' | 'description' | 'kind'>>,
  ): WorkspaceRecord {
    Object.assign(workspace, changes);
    return workspace;
  }

  /** Marks a workspace and all its folders deleted. */
  deleteWorkspace(workspace: WorkspaceRecord): WorkspaceRecord {
    workspace.state = 'deleted';
    for (const folder of this.folders.all()) if (folder.workspaceId === workspace.id) folder.deleted = true;
    return workspace;
  }

  /** Adds users (or teams) as subscribers, or as owners too when `owner`; nothing is listed twice. */
  addMembers(workspace: WorkspaceRecord, ids: readonly string[], teams: boolean, owner: boolean): void {
    const [members, owners] = teams
      ? [workspace.teamIds, workspace.teamOwnerIds]
      : [workspace.subscriberIds, workspace.ownerIds];
    for (const id of ids) {
      if (!members.includes(id)) members.push(id);
      if (owner && !owners.includes(id)) owners.push(id);
    }
  }

  /** Removes users (or teams) from a workspace, as subscribers and owners. */
  removeMembers(workspace: WorkspaceRecord, ids: readonly string[], teams: boolean): void {
    const keep = (list: string[]) => list.filter((id) => !ids.includes(id));
    if (teams) {
      workspace.teamIds = keep(workspace.teamIds);
      workspace.teamOwnerIds = keep(workspace.teamOwnerIds);
    } else {
      workspace.subscriberIds = keep(workspace.subscriberIds);
      workspace.ownerIds = keep(workspace.ownerIds);
    }
  }

  /** Creates a folder. */
  createFolder(input: NewFolder): FolderRecord {
    return this.folders.insert({ ...input, id: this.#stamper.newId(), createdAt: this.#stamper.now(), deleted: false });
  }

  /** Changes a folder's attributes or parent. */
  updateFolder(folder: FolderRecord, changes: FolderChanges): FolderRecord {
    Object.assign(folder, changes);
    return folder;
  }

  /** Moves a folder under `parentId` (or to the top) of a workspace, with every folder below it; returns their ids. */
  moveFolder(folder: FolderRecord, workspaceId: string, parentId: string | null): string[] {
    const moved = [folder.id];
    for (let index = 0; index < moved.length; index += 1) {
      for (const child of this.folders.all())
        if (child.parentId === moved[index] && !child.deleted) moved.push(child.id);
    }
    for (const id of moved) {
      const found = this.folders.find(id);
      if (found) found.workspaceId = workspaceId;
    }
    folder.parentId = parentId;
    return moved;
  }

  /** Marks a folder and every folder below it deleted; returns the ids of all of them. */
  deleteFolder(folder: FolderRecord): string[] {
    const gone = [folder.id];
    for (let index = 0; index < gone.length; index += 1) {
      for (const child of this.folders.all()) if (child.parentId === gone[index] && !child.deleted) gone.push(child.id);
    }
    for (const id of gone) {
      const found = this.folders.find(id);
      if (found) found.deleted = true;
    }
    return gone;
  }

  /** The live sub-folders of a folder. */
  subFolders(folder: FolderRecord): FolderRecord[] {
    return this.folders.where((candidate) => candidate.parentId === folder.id && !candidate.deleted);
  }
}
