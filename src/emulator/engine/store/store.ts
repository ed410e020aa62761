/**
 * The emulator's in-memory data. Resolvers read and change it; tests read it to see what happened.
 */
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { AccountDetailsRecord } from './account-details.js';
import { ActivityLog } from './activity-log.js';
import type { StoreClock } from './clock.js';
import { normalizeColumnValue } from './column-values.js';
import { DocStore } from './docs.js';
import { NotificationStore } from './notifications.js';
import { positionFor } from './positions.js';
import type { AccountRecord, AssetRecord, BoardRecord, ItemRecord, UserRecord } from './records.js';
import { completeSeedBoard, type SeedData } from './seed.js';
import { TagStore } from './tags.js';
import { TeamStore } from './teams.js';
import { TimelineStore } from './timeline.js';
import { UpdateStore } from './updates.js';
import { WebhookStore } from './webhooks.js';
import { WorkspaceStore } from './workspaces.js';

/** What {@link EmulatorStore.createItem} needs. */
export interface NewItem {
  /** The board to create the item on. */
  board: BoardRecord;
  /** The group to put it in. */
  groupId: string;
  /** Item name. */
  name: string;
  /** User id of the creator. */
  creatorId: string;
  /** Column values by column id, in the form `create_item` accepts. */
  columnValues: Record<string, unknown>;
  /** Create status labels that do not exist yet instead of failing. */
  createLabelsIfMissing: boolean;
  /** Place the item just before or after this one (same board); default: last on the board. */
  relativeTo?: { item: ItemRecord; method: 'before_at' | 'after_at' };
  /** For a subitem: the item it belongs to. */
  parentItemId?: string;
}

/** A file to attach; the bytes are counted, not kept. */
export interface NewAsset {
  /** The item to attach the file to. */
  item: ItemRecord;
  /** The file column. */
  columnId: string;
  /** File name. */
  filename: string;
  /** Media type. */
  contentType: string;
  /** Size in bytes. */
  size: number;
  /** User id of the uploader. */
  uploadedById: string;
}

/**
 * The emulator's in-memory data: accounts, users, boards (with columns and groups), items and assets here; each
 * further family (workspaces and folders, teams, tags, webhooks, notifications, docs, updates, custom activities and
 * timeline items, the activity log) in its own store below. Every id comes from one counter, so ids never repeat.
 */
export class EmulatorStore implements StoreClock {
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
  /** Plans and products of the accounts. */
  readonly accountDetails: readonly AccountDetailsRecord[];
  /** Updates, replies, likes and pins. */
  readonly updates: UpdateStore;
  /** Custom activities and timeline items. */
  readonly timeline: TimelineStore;
  /** What changed on which board, by whom. */
  readonly activityLog: ActivityLog;
  readonly #accounts: AccountRecord[];
  readonly #users: UserRecord[];
  readonly #boards: BoardRecord[];
  readonly #items: ItemRecord[] = [];
  readonly #assets: AssetRecord[] = [];
  readonly #now: () => Date;
  #created = 0;
  #nextId: number;

  /** Loads a copy of `seed`; `now` stamps new records (injectable for deterministic tests). */
  constructor(seed: SeedData, now: () => Date = () => new Date()) {
    const copy = structuredClone(seed);
    this.#accounts = copy.accounts;
    this.#users = copy.users;
    this.#boards = copy.boards.map(completeSeedBoard);
    this.#now = now;
    const newId = () => this.newId();
    const stamp = () => this.now();
    this.updates = new UpdateStore(newId, stamp);
    this.timeline = new TimelineStore(newId, stamp);
    this.activityLog = new ActivityLog(newId, stamp);
    const ids = [
      ...copy.items.map((item) => Number(item.id)),
      ...copy.boards.map((board) => Number(board.id)),
      ...(copy.updates ?? []).map((update) => Number(update.id)),
      ...(copy.timelineItems ?? []).map((entry) => Number(entry.id)),
    ];
    this.#nextId = Math.max(5_000_000, ...ids.filter(Number.isFinite)) + 1;
    this.workspaces = new WorkspaceStore(copy.workspaces ?? [], copy.folders ?? [], this);
    this.teams = new TeamStore(copy.teams ?? [], this);
    this.tags = new TagStore(copy.tags ?? [], this);
    this.webhooks = new WebhookStore(copy.webhooks ?? [], this);
    this.notifications = new NotificationStore(this);
    this.docs = new DocStore(copy.docs ?? [], copy.docBlocks ?? [], this);
    this.accountDetails = copy.accountDetails ?? [];
    copy.items.forEach(({ columnValues, ...seedItem }, index) => {
      const board = this.findBoard(seedItem.boardId);
      if (!board) throw new Error(`Seed item ${seedItem.id} names unknown board ${seedItem.boardId}`);
      const item: ItemRecord = {
        ...seedItem,
        parentItemId: seedItem.parentItemId ?? null,
        state: 'active',
        updatedAt: seedItem.createdAt,
        position: index + 1,
        values: {},
      };
      this.#applyValues(board, item, columnValues ?? {}, false);
      this.#items.push(item);
      const data = {
        board_id: Number(board.id),
        pulse_id: Number(item.id),
        pulse_name: item.name,
        group_id: item.groupId,
      };
      this.activityLog.record({
        accountId: board.accountId,
        boardId: board.id,
        userId: item.creatorId,
        event: 'create_pulse',
        entity: 'pulse',
        data,
        itemId: item.id,
        groupId: item.groupId,
        createdAt: item.createdAt,
      });
    });
    for (const asset of copy.assets ?? []) {
      const item = this.findItem(asset.itemId);
      if (!item) throw new Error(`Seed asset ${asset.id} names unknown item ${asset.itemId}`);
      this.#attach(item, asset);
    }
    for (const update of copy.updates ?? []) this.updates.load(update);
    this.timeline.load(copy.customActivities ?? [], copy.timelineItems ?? []);
  }

  /** A new id, unique in this store (shared by every family). */
  newId(): string {
    const id = String(this.#nextId);
    this.#nextId += 1;
    return id;
  }

  /** The store's current time as an ISO 8601 string. */
  now(): string {
    return this.#now().toISOString();
  }

  /** Adds a fully formed board (created or duplicated by the board operations). */
  addBoard(board: BoardRecord): BoardRecord {
    this.#boards.push(board);
    return board;
  }

  /** Takes back a board just added by {@link addBoard}, when the operation that added it fails. */
  removeBoard(board: BoardRecord): void {
    const index = this.#boards.indexOf(board);
    if (index >= 0) this.#boards.splice(index, 1);
  }

  /** Adds a fully formed item whose values are already in stored form (duplication). */
  insertItem(item: ItemRecord): ItemRecord {
    this.#items.push(item);
    return item;
  }

  /** Every account. */
  accounts(): readonly AccountRecord[] {
    return this.#accounts;
  }
  /** Every user. */
  users(): readonly UserRecord[] {
    return this.#users;
  }
  /** Every board, in creation order. */
  boards(): readonly BoardRecord[] {
    return this.#boards;
  }
  /** Every item in any state (check `state`), optionally only those of one board. */
  items(boardId?: string | number): readonly ItemRecord[] {
    return boardId === undefined ? this.#items : this.#items.filter((item) => item.boardId === String(boardId));
  }
  /** Every uploaded asset. */
  assets(): readonly AssetRecord[] {
    return this.#assets;
  }
  /** How many items `create_item` has created since the store was made. */
  get itemsCreated(): number {
    return this.#created;
  }

  /** The account with this id, if any (any account, any state). */
  findAccount(id: string | number): AccountRecord | undefined {
    return this.#accounts.find((account) => account.id === String(id));
  }
  /** The user with this id, if any (any account, any state). */
  findUser(id: string | number): UserRecord | undefined {
    return this.#users.find((user) => user.id === String(id));
  }
  /** The board with this id, if any (any account, any state). */
  findBoard(id: string | number): BoardRecord | undefined {
    return this.#boards.find((board) => board.id === String(id));
  }
  /** The item with this id, if any (any account, any state). */
  findItem(id: string | number): ItemRecord | undefined {
    return this.#items.find((item) => item.id === String(id));
  }
  /** The asset with this id, if any (any account, any state). */
  findAsset(id: string | number): AssetRecord | undefined {
    return this.#assets.find((asset) => asset.id === String(id));
  }

  /** Active items of a board (or of one of its groups) in board order. */
  activeItems(boardId: string, groupId?: string): ItemRecord[] {
    return this.#items
      .filter(
        (item) =>
          item.boardId === boardId && item.state === 'active' && (groupId === undefined || item.groupId === groupId),
      )
      .sort(compareItems);
  }

  /** Creates an item; throws INVALID_COLUMN_VALUE (creating nothing) when a column value is bad. */
  createItem(input: NewItem): ItemRecord {
    const stamp = this.#now().toISOString();
    const item: ItemRecord = {
      id: String(this.#nextId),
      boardId: input.board.id,
      groupId: input.groupId,
      name: input.name,
      state: 'active',
      creatorId: input.creatorId,
      createdAt: stamp,
      updatedAt: stamp,
      parentItemId: input.parentItemId ?? null,
      position: positionFor(this.activeItems(input.board.id), input.relativeTo),
      values: {},
    };
    this.#applyValues(input.board, item, input.columnValues, input.createLabelsIfMissing);
    this.#nextId += 1;
    this.#created += 1;
    this.#items.push(item);
    this.logItem(item, item.creatorId, 'create_pulse');
    return item;
  }

  /** Sets column values (all or none) on an item of `board`. */
  changeColumnValues(
    board: BoardRecord,
    item: ItemRecord,
    values: Record<string, unknown>,
    createLabels: boolean,
    userId: string = item.creatorId,
  ): ItemRecord {
    const before = { ...item.values };
    this.#applyValues(board, item, values, createLabels);
    item.updatedAt = this.#now().toISOString();
    for (const columnId of Object.keys(values)) {
      this.logItem(item, userId, 'update_column_value', {
        column_id: columnId,
        previous_value: before[columnId] ?? null,
        value: item.values[columnId] ?? null,
      });
    }
    return item;
  }

  /** Moves an item (and its subitems) to the `archived` or `deleted` state. */
  setItemState(item: ItemRecord, state: 'archived' | 'deleted', userId?: string): ItemRecord {
    const stamp = this.#now().toISOString();
    for (const target of [
      item,
      ...this.#items.filter((candidate) => candidate.parentItemId === item.id && candidate.state !== 'deleted'),
    ]) {
      if (target.state === 'deleted') continue;
      target.state = state;
      target.updatedAt = stamp;
    }
    this.logItem(item, userId ?? item.creatorId, state === 'archived' ? 'archive_pulse' : 'delete_pulse');
    return item;
  }

  /** Logs an event about `item` on its board's activity log. */
  logItem(item: ItemRecord, userId: string, event: string, extra: Record<string, unknown> = {}): void {
    const board = this.findBoard(item.boardId);
    if (!board) return;
    const columnId = typeof extra.column_id === 'string' ? extra.column_id : null;
    this.activityLog.record({
      accountId: board.accountId,
      boardId: board.id,
      userId,
      event,
      entity: 'pulse',
      data: {
        board_id: Number(board.id),
        pulse_id: Number(item.id),
        pulse_name: item.name,
        group_id: item.groupId,
        ...extra,
      },
      itemId: item.id,
      groupId: item.groupId,
      columnId,
    });
  }

  /** Records an uploaded file and lists it in the item's file column. */
  addAsset(input: NewAsset): AssetRecord {
    const board = this.findBoard(input.item.boardId);
    const asset: AssetRecord = {
      id: this.newId(),
      accountId: board?.accountId ?? '',
      itemId: input.item.id,
      columnId: input.columnId,
      name: input.filename,
      contentType: input.contentType,
      size: input.size,
      uploadedById: input.uploadedById,
      createdAt: this.#now().toISOString(),
    };
    this.#attach(input.item, asset);
    return asset;
  }

  #attach(item: ItemRecord, asset: AssetRecord): void {
    this.#assets.push(asset);
    const current = (item.values[asset.columnId] as { files?: unknown[] } | undefined)?.files ?? [];
    const entry = {
      assetId: Number(asset.id),
      name: asset.name,
      fileType: 'ASSET',
      isImage: String(asset.contentType.startsWith('image/')),
    };
    item.values[asset.columnId] = { files: [...current, entry] };
  }

  #applyValues(board: BoardRecord, item: ItemRecord, values: Record<string, unknown>, createLabels: boolean): void {
    const next = { ...item.values };
    const saved = board.columns.map((column) => structuredClone(column.settings));
    let name = item.name;
    try {
      for (const [columnId, input] of Object.entries(values)) {
        const column = board.columns.find((candidate) => candidate.id === columnId);
        if (!column && columnId === 'name') {
          name = renamed(board, input);
          continue;
        }
        if (!column) {
          throw engineError(
            ENGINE_ERROR_CODES.invalidColumnValue,
            `Column "${columnId}" does not exist on board ${board.id}`,
            { column_id: columnId },
          );
        }
        const stored = normalizeColumnValue(column, input, createLabels);
        if (stored === null) delete next[columnId];
        else next[columnId] = stored;
      }
    } catch (error) {
      // all or nothing: labels created for earlier values are dropped too
      board.columns.forEach((column, index) => {
        column.settings = saved[index] ?? column.settings;
      });
      throw error;
    }
    item.values = next;
    item.name = name;
  }
}

/** The item name a `name` entry of column_values sets (the platform's name column is the item's name). */
function renamed(board: BoardRecord, input: unknown): string {
  if (typeof input !== 'string' || input.trim() === '') {
    throw engineError(
      ENGINE_ERROR_CODES.invalidColumnValue,
      `An item name on board ${board.id} must be a non-empty string.`,
      {
        column_id: 'name',
      },
    );
  }
  return input;
}

/** Board order: by position, then by numeric id. */
export function compareItems(a: ItemRecord, b: ItemRecord): number {
  return a.position - b.position || Number(a.id) - Number(b.id);
}
