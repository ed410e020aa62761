/**
 * The emulator's in-memory data: the composition root of the family stores. Resolvers change it through the
 * families; tests read it to see what happened (`store.items.all()`, `store.boards.find(id)`, ...).
 *
 * What lives here, and where the rules are:
 * - Ids: one counter for every family ({@link EmulatorStore.newId}), so ids never repeat across records.
 * - Time: one injectable clock ({@link EmulatorStore.clock}); every stamp and cursor age reads it (clock.ts).
 * - Families: one class per family in its own module, built from its slice of the seed; the skeleton they share
 *   (list, find by id, insert, remove) is {@link Collection}. Each family names what it uses of the rest (its
 *   `...Collaborators` interface: ids and time, the log, the families it reads) and never imports this module; the
 *   store hands itself in, so this module only wires them. Column kinds read other records through
 *   `RecordReader` (../column-kinds/types.ts), which the store implements.
 * - A board change stamps the board and writes the activity log in one step: `boards.recordBoardChange`
 *   (boards.ts), used by the board, group and column families.
 * - Cross-family cascades: a family changes its own records and asks the sibling family for the rest, through this
 *   root: deleting a board deletes its items (`boards.delete` → `items.deleteOnBoard`); archiving or deleting a
 *   group takes its items along (`groups.archive`/`delete` → `items.setStateInGroup`); deleting a column drops its
 *   values and the form questions and tags made from it (`columns.delete` → `items.dropValues`,
 *   `forms.dropColumn`); duplicating a board or an item copies items and updates
 *   (`boards.duplicate`, `items.duplicate` → `items.copy`, `updates.copyForItem`); a first subitem makes the
 *   subitems board (`items.createSubitem` → `boards.insert`); moving an item to another board carries its timeline
 *   (`items.moveToBoard` → `timeline.moveItem`); deleting a workspace or folder deletes its boards and docs, and
 *   deleting a team takes it out of its workspaces ({@link EmulatorStore.deleteWorkspace},
 *   {@link EmulatorStore.deleteFolder}, {@link EmulatorStore.deleteTeam}); moving a folder to another workspace
 *   takes along the folders below it and the boards and docs inside ({@link EmulatorStore.moveFolder}).
 */

import { randomBytes } from 'node:crypto';
import { type BulkSettings, resolveBulkSettings } from '../bulk/settings.js';
import type { RecordReader } from '../column-kinds/types.js';
import { AccountStore } from './accounts.js';
import { ActivityLog } from './activity-log.js';
import { AppSubscriptionStore } from './app-subscriptions.js';
import { ArticleStore } from './articles.js';
import { AssetStore } from './assets.js';
import { AutomationStore } from './automations.js';
import { BoardMuteStore } from './board-mutes.js';
import { BoardStore } from './boards.js';
import { BulkJobStore } from './bulk-jobs.js';
import { type EngineClock, type Stamper, SYSTEM_CLOCK } from './clock.js';
import { ColumnStore } from './columns.js';
import { DashboardStore } from './dashboards.js';
import { DepartmentStore } from './departments.js';
import { DocStore } from './docs.js';
import { FavoriteStore } from './favorites.js';
import { FormStore } from './forms.js';
import { GroupStore } from './groups.js';
import { ItemStore } from './items.js';
import { ManagedColumnStore } from './managed-columns.js';
import { NotificationStore } from './notifications.js';
import { ObjectSchemaStore } from './object-schemas.js';
import type { BoardRecord } from './records.js';
import { completeSeedBoard, type SeedData } from './seed.js';
import { TagStore } from './tags.js';
import { type TeamRecord, TeamStore } from './teams.js';
import { TemplateStore } from './templates.js';
import { TimelineStore } from './timeline.js';
import { UpdateStore } from './updates.js';
import { UserStore } from './users.js';
import { ValidationStore } from './validations.js';
import { BoardViewStore } from './views.js';
import { WebhookStore } from './webhooks.js';
import { type FolderRecord, type WorkspaceRecord, WorkspaceStore } from './workspaces.js';

/** The emulator's in-memory data, one family store per kind of record. */
export class EmulatorStore implements Stamper, RecordReader {
  /** Where every time the engine reads comes from. */
  readonly clock: EngineClock;
  /** Accounts, with their plans and products. */
  readonly accounts: AccountStore;
  /** Users of every account. */
  readonly users: UserStore;
  /** Boards, with their columns and groups. */
  readonly boards: BoardStore;
  /** The groups of every board (kept inside the board records). */
  readonly groups: GroupStore;
  /** The columns of every board (kept inside the board records). */
  readonly columns: ColumnStore;
  /** Items and subitems. */
  readonly items: ItemStore;
  /** Files uploaded to file columns. */
  readonly assets: AssetStore;
  /** Updates, replies, likes and pins. */
  readonly updates: UpdateStore;
  /** Timeline items and custom activities. */
  readonly timeline: TimelineStore;
  /** Workspaces and folders. */
  readonly workspaces: WorkspaceStore;
  /** Teams. */
  readonly teams: TeamStore;
  /** Tags. */
  readonly tags: TagStore;
  /** Webhooks. */
  readonly webhooks: WebhookStore;
  /** Notifications sent. */
  readonly notifications: NotificationStore;
  /** Docs and their blocks. */
  readonly docs: DocStore;
  /** Knowledge base articles and their published blocks. */
  readonly articles: ArticleStore;
  /** Forms of boards, found by token. */
  readonly forms: FormStore;
  /** What changed on which board, by whom. */
  readonly activityLog: ActivityLog;
  /** Import, delete and archive jobs, and the hourly item budget. */
  readonly bulkJobs: BulkJobStore;
  /** The views added to boards. */
  readonly views: BoardViewStore;
  /** Required columns and validation rules of boards. */
  readonly validations: ValidationStore;
  /** Each user's favorite boards and workspaces. */
  readonly favorites: FavoriteStore;
  /** Dashboards and their widgets. */
  readonly dashboards: DashboardStore;
  /** Object schemas and the boards connected to them. */
  readonly objectSchemas: ObjectSchemaStore;
  /** Board automations and the runs recorded for them. */
  readonly automations: AutomationStore;
  /** Templates and their installations. */
  readonly templates: TemplateStore;
  /** Managed status and dropdown columns, and the board columns attached to them. */
  readonly managedColumns: ManagedColumnStore;
  /** Departments of Enterprise accounts. */
  readonly departments: DepartmentStore;
  /** Marketplace apps, accounts' subscriptions to them and their operation counters. */
  readonly appSubscriptions: AppSubscriptionStore;
  /** Users' notification mute settings of boards. */
  readonly boardMutes = new BoardMuteStore();
  #nextId: number;

  /**
   * Loads a copy of `seed`; `clock` stamps new records and ages cursors (injectable for deterministic tests); `bulk`
   * sets the bulk jobs' speeds and limits and the key their addresses are signed with (default: a fresh random key).
   */
  constructor(
    seed: SeedData,
    clock: EngineClock = SYSTEM_CLOCK,
    bulk: { settings?: BulkSettings; signingKey?: Uint8Array } = {},
  ) {
    const copy = structuredClone(seed);
    this.clock = clock;
    const ids = [
      ...copy.items.map((item) => Number(item.id)),
      ...copy.boards.map((board) => Number(board.id)),
      ...(copy.updates ?? []).map((update) => Number(update.id)),
      ...(copy.timelineItems ?? []).map((entry) => Number(entry.id)),
      ...(copy.assets ?? []).map((asset) => Number(asset.id)),
      ...copy.items.flatMap((item) =>
        Object.values(item.files ?? {}).flatMap((entries) => entries.map((entry) => Number(entry.fileId))),
      ),
    ];
    this.#nextId = Math.max(5_000_000, ...ids.filter(Number.isFinite)) + 1;
    this.activityLog = new ActivityLog(this);
    this.accounts = new AccountStore(copy.accounts, copy.accountDetails ?? []);
    this.users = new UserStore(copy.users, this);
    this.boards = new BoardStore(copy.boards.map(completeSeedBoard), this);
    this.groups = new GroupStore(this);
    this.columns = new ColumnStore(this);
    this.workspaces = new WorkspaceStore(copy.workspaces ?? [], copy.folders ?? [], this);
    this.teams = new TeamStore(copy.teams ?? [], this);
    this.tags = new TagStore(copy.tags ?? [], this);
    this.webhooks = new WebhookStore(copy.webhooks ?? [], this);
    this.notifications = new NotificationStore(this);
    this.docs = new DocStore(copy.docs ?? [], copy.docBlocks ?? [], this);
    this.articles = new ArticleStore(copy.articles ?? [], this);
    this.forms = new FormStore(copy.forms ?? [], this);
    this.views = new BoardViewStore(copy.boardViews ?? [], this);
    this.validations = new ValidationStore(copy.validations ?? [], this);
    this.favorites = new FavoriteStore(copy.favorites ?? [], this);
    this.items = new ItemStore(copy.items, this);
    this.assets = new AssetStore(this);
    for (const asset of copy.assets ?? []) {
      const item = this.items.find(asset.itemId);
      if (!item) throw new Error(`Seed asset ${asset.id} names unknown item ${asset.itemId}`);
      this.assets.attach(item, asset);
    }
    for (const seedItem of copy.items) {
      const item = this.items.find(seedItem.id);
      for (const [columnId, entries] of Object.entries(seedItem.files ?? {}))
        if (item) this.assets.restoreEntries(item, columnId, entries);
    }
    this.updates = new UpdateStore(copy.updates ?? [], this);
    this.timeline = new TimelineStore(copy.customActivities ?? [], copy.timelineItems ?? [], this);
    this.bulkJobs = new BulkJobStore(this, bulk.settings ?? resolveBulkSettings(), bulk.signingKey ?? randomBytes(32));
    this.dashboards = new DashboardStore(copy.dashboards ?? [], copy.widgets ?? [], this);
    this.objectSchemas = new ObjectSchemaStore(copy.objectSchemas ?? [], copy.objectSchemaConnections ?? [], this);
    this.automations = new AutomationStore(copy);
    this.templates = new TemplateStore(copy.templates ?? [], this);
    this.managedColumns = new ManagedColumnStore(copy.managedColumns ?? [], this);
    this.departments = new DepartmentStore(copy.departments ?? [], this);
    this.appSubscriptions = new AppSubscriptionStore(copy, this);
  }

  /** A new id, unique in this store (shared by every family). */
  newId(): string {
    const id = String(this.#nextId);
    this.#nextId += 1;
    return id;
  }

  /** The store clock's current time as an ISO 8601 string. */
  now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** Deletes a workspace with its folders, the boards in it (and their items) and its docs. */
  deleteWorkspace(workspace: WorkspaceRecord, userId: string): WorkspaceRecord {
    this.#deleteBoards(workspace.accountId, userId, (board) => board.workspaceId === workspace.id);
    this.docs.deleteDocsOfWorkspace(workspace.id);
    return this.workspaces.deleteWorkspace(workspace);
  }

  /** Deletes a folder with the folders below it and the boards (and their items) and docs in any of them. */
  deleteFolder(folder: FolderRecord, userId: string): FolderRecord {
    const gone = new Set(this.workspaces.deleteFolder(folder));
    this.#deleteBoards(folder.accountId, userId, (board) => gone.has(board.folderId ?? ''));
    this.docs.deleteDocsInFolders(folder.accountId, gone);
    return folder;
  }

  /**
   * Moves a folder to another workspace (under `parentId`, or at its top level) with the folders below it and the
   * boards and docs in any of them.
   */
  moveFolder(folder: FolderRecord, workspaceId: string, parentId: string | null): FolderRecord {
    const moved = new Set(this.workspaces.moveFolder(folder, workspaceId, parentId));
    const inside = (record: { accountId: string; folderId: string | null }) =>
      record.accountId === folder.accountId && moved.has(record.folderId ?? '');
    for (const board of this.boards.where((board) => inside(board) && board.type !== 'sub_items_board')) {
      this.boards.move(board, { workspaceId, folderId: board.folderId });
    }
    for (const doc of this.docs.where(inside)) doc.workspaceId = workspaceId;
    return folder;
  }

  /** Deletes a team, taking it out of every workspace it was in. */
  deleteTeam(team: TeamRecord): TeamRecord {
    for (const workspace of this.workspaces.all()) {
      if (workspace.teamIds.includes(team.id)) this.workspaces.removeMembers(workspace, [team.id], true);
    }
    return this.teams.deleteTeam(team);
  }

  #deleteBoards(accountId: string, userId: string, match: (board: BoardRecord) => boolean): void {
    const doomed = this.boards.where(
      (board) => board.accountId === accountId && board.state !== 'deleted' && match(board),
    );
    for (const board of doomed) this.boards.delete(board, userId);
  }
}
