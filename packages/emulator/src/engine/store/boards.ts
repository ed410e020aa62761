/**
 * Boards: create, rename/describe, archive, delete (taking the items along), duplicate, owners, subscribers and
 * teams. Callers have already checked that the board is the caller's; these keep the data consistent.
 *
 * Every change to a board, its groups or its columns goes through {@link BoardStore.recordBoardChange}: it stamps
 * the board's `updatedAt` and writes the activity-log entry, with one clock reading for both (pinned by "records a
 * board, group or column change as one step" in packages/emulator/test/engine/store.test.ts).
 */
import { isCalculated } from '../column-kinds/calculated.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { ActivityLog } from './activity-log.js';
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';
import { newColumn } from './column-record.js';
import type { BoardRecord, ColumnRecord, GroupRecord, ItemNickname, ItemRecord } from './records.js';
import type { UpdateStore } from './updates.js';

/** What {@link BoardStore.create} needs. */
export interface NewBoard {
  accountId: string;
  name: string;
  kind: BoardRecord['kind'];
  creatorId: string;
  description?: string | null;
  ownerIds?: readonly string[] | null;
  subscriberIds?: readonly string[] | null;
  teamOwnerIds?: readonly string[] | null;
  teamSubscriberIds?: readonly string[] | null;
  workspaceId?: string | null;
  folderId?: string | null;
  /** Only the first group, no columns. */
  empty?: boolean;
  /** What the board calls its items; absent: the default. */
  itemNickname?: ItemNickname;
  /** A board whose structure (columns and active groups, no items) the new board copies; `empty` is then ignored. */
  template?: BoardRecord;
}

/** The attributes `update_board` may change. */
export type BoardAttribute = 'name' | 'description' | 'communication';

/** How much `duplicate_board` copies. */
export type DuplicateBoardType =
  | 'duplicate_board_with_structure'
  | 'duplicate_board_with_pulses'
  | 'duplicate_board_with_pulses_and_updates';

/** Options of {@link BoardStore.duplicate}. */
export interface DuplicateBoardOptions {
  type: DuplicateBoardType;
  name?: string | null;
  workspaceId?: string | null;
  folderId?: string | null;
  keepSubscribers?: boolean | null;
  userId: string;
}

/** Who joins or leaves a board: users or teams, as subscribers or (joining only) as owners too. */
export interface BoardMembers {
  ids: readonly string[];
  teams: boolean;
  owner?: boolean;
}

/** The columns a new non-empty board starts with. */
export function starterColumns(): ColumnRecord[] {
  return [
    newColumn('status', 'Status', 'status'),
    newColumn('date4', 'Date', 'date'),
    newColumn('text', 'Notes', 'text'),
  ];
}

function group(id: string, title: string, color: string): GroupRecord {
  return { id, title, color, archived: false, deleted: false };
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/**
 * What the board family uses of the rest of the store (the store hands itself in): ids and time, the activity log,
 * and the items and updates a deleted or duplicated board takes along. The items are described here rather than
 * imported: the item family reads boards, so the board module stays below it.
 */
export interface BoardCollaborators extends Stamper {
  readonly activityLog: Pick<ActivityLog, 'record'>;
  readonly updates: Pick<UpdateStore, 'copyForItem'>;
  readonly items: {
    active(boardId: string): ItemRecord[];
    copy(item: ItemRecord, changes: Partial<ItemRecord>): ItemRecord;
    deleteOnBoard(boardId: string, stamp: string): void;
  };
}

/** Boards, with their columns and groups inside each record. */
export class BoardStore extends Collection<BoardRecord> {
  readonly #store: BoardCollaborators;

  /** Keeps the seeded `boards` (completed records); ids, time and the other families come from `store`. */
  constructor(boards: BoardRecord[], store: BoardCollaborators) {
    super(boards);
    this.#store = store;
  }

  /**
   * Records a change to `board` (or its groups or columns) by `userId`: stamps the board's `updatedAt` and logs
   * `event` with `data` on its activity log, both at one clock reading. Returns that time.
   */
  recordBoardChange(board: BoardRecord, userId: string, event: string, data: Record<string, unknown> = {}): string {
    const stamp = this.#store.now();
    board.updatedAt = stamp;
    this.#log(board, userId, event, data, stamp);
    return stamp;
  }

  /** Creates a board. Owners default to the creator; owners are subscribers too. */
  create(input: NewBoard): BoardRecord {
    const stamp = this.#store.now();
    const ownerIds = unique([input.creatorId, ...(input.ownerIds ?? [])]);
    const board = this.insert({
      id: this.#store.newId(),
      accountId: input.accountId,
      name: input.name,
      description: input.description ?? null,
      kind: input.kind,
      type: 'board',
      state: 'active',
      ownerId: input.creatorId,
      ownerIds,
      subscriberIds: unique([...ownerIds, ...(input.subscriberIds ?? [])]),
      teamOwnerIds: unique(input.teamOwnerIds ?? []),
      teamSubscriberIds: unique([...(input.teamOwnerIds ?? []), ...(input.teamSubscriberIds ?? [])]),
      permissions: 'everyone',
      workspaceId: input.workspaceId ?? null,
      folderId: input.folderId ?? null,
      subitemsBoardId: null,
      parentBoardId: null,
      createdAt: stamp,
      updatedAt: stamp,
      ...(input.template ? templateStructure(input.template) : starterStructure(input.empty ?? false)),
      ...(input.itemNickname ? { itemNickname: { ...input.itemNickname } } : {}),
    });
    this.#log(board, input.creatorId, 'create_board');
    return board;
  }

  /** Changes the name or description of a board (communication is accepted and not kept). */
  update(board: BoardRecord, attribute: BoardAttribute, value: string, userId: string): BoardRecord {
    if (attribute === 'name') {
      if (value.trim() === '') throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A board name cannot be empty.');
      this.recordBoardChange(board, userId, 'update_board_name', { previous_value: board.name, value });
      board.name = value;
    } else if (attribute === 'description') {
      this.recordBoardChange(board, userId, 'update_board_description', { previous_value: board.description, value });
      board.description = value;
    } else {
      // nothing kept, nothing logged; the board still counts as used now
      board.updatedAt = this.#store.now();
    }
    return board;
  }

  /**
   * Moves a board (and its subitems board) to a workspace and folder. The platform documents no activity-log event
   * for a move, so none is written; the board counts as changed now.
   */
  move(board: BoardRecord, place: { workspaceId: string | null; folderId: string | null }): BoardRecord {
    const stamp = this.#store.now();
    for (const target of this.#withSubitemsBoard(board)) {
      target.workspaceId = place.workspaceId;
      target.folderId = place.folderId;
      target.updatedAt = stamp;
    }
    return board;
  }

  /** Archives a board (and its subitems board); its items stay as they are and come back with it. */
  archive(board: BoardRecord, userId: string): BoardRecord {
    const stamp = this.recordBoardChange(board, userId, 'archive_board');
    for (const target of this.#withSubitemsBoard(board)) {
      target.state = 'archived';
      target.updatedAt = stamp;
    }
    return board;
  }

  /** Deletes a board (and its subitems board) with every item on it. */
  delete(board: BoardRecord, userId: string): BoardRecord {
    const stamp = this.recordBoardChange(board, userId, 'delete_board');
    for (const target of this.#withSubitemsBoard(board)) {
      this.#store.items.deleteOnBoard(target.id, stamp);
      target.state = 'deleted';
      target.updatedAt = stamp;
    }
    return board;
  }

  /** Copies a board: columns and active groups always, items (and subitems) and their updates when asked. */
  duplicate(source: BoardRecord, options: DuplicateBoardOptions): BoardRecord {
    const stamp = this.#store.now();
    const board = this.insert({
      ...structuredClone(source),
      id: this.#store.newId(),
      name: options.name ?? `Duplicate of ${source.name}`,
      state: 'active',
      ownerId: options.userId,
      ownerIds: options.keepSubscribers ? unique([options.userId, ...source.ownerIds]) : [options.userId],
      subscriberIds: options.keepSubscribers ? unique([options.userId, ...source.subscriberIds]) : [options.userId],
      teamOwnerIds: options.keepSubscribers ? [...source.teamOwnerIds] : [],
      teamSubscriberIds: options.keepSubscribers ? [...source.teamSubscriberIds] : [],
      workspaceId: options.workspaceId ?? source.workspaceId,
      folderId: options.folderId ?? source.folderId,
      subitemsBoardId: null,
      groups: structuredClone(source.groups.filter((candidate) => !candidate.deleted && !candidate.archived)),
      createdAt: stamp,
      updatedAt: stamp,
      createdFromBoardId: source.id,
    });
    if (options.type !== 'duplicate_board_with_structure') {
      this.#copyItems(source, board, stamp, options.type === 'duplicate_board_with_pulses_and_updates');
    }
    this.#log(board, options.userId, 'create_board', { duplicated_from: Number(source.id) });
    return board;
  }

  /** Adds users or teams as subscribers (and owners, when `owner`); nobody is listed twice. */
  addMembers(board: BoardRecord, members: BoardMembers, userId: string): void {
    const { ids, teams, owner } = members;
    if (teams) {
      board.teamSubscriberIds = unique([...board.teamSubscriberIds, ...ids]);
      if (owner) board.teamOwnerIds = unique([...board.teamOwnerIds, ...ids]);
    } else {
      board.subscriberIds = unique([...board.subscriberIds, ...ids]);
      if (owner) board.ownerIds = unique([...board.ownerIds, ...ids]);
    }
    const listed = { [teams ? 'team_ids' : 'user_ids']: ids.map(Number), kind: owner ? 'owner' : 'subscriber' };
    this.recordBoardChange(board, userId, teams ? 'subscribe_teams' : 'subscribe', listed);
  }

  /** Removes users or teams from a board, as subscribers and owners. */
  removeMembers(board: BoardRecord, members: BoardMembers, userId: string): void {
    const gone = new Set(members.ids);
    if (members.teams) {
      board.teamSubscriberIds = board.teamSubscriberIds.filter((id) => !gone.has(id));
      board.teamOwnerIds = board.teamOwnerIds.filter((id) => !gone.has(id));
    } else {
      board.subscriberIds = board.subscriberIds.filter((id) => !gone.has(id));
      board.ownerIds = board.ownerIds.filter((id) => !gone.has(id));
    }
    const listed = { [members.teams ? 'team_ids' : 'user_ids']: [...gone].map(Number) };
    this.recordBoardChange(board, userId, members.teams ? 'unsubscribe_teams' : 'unsubscribe', listed);
  }

  /** A new subitems board for `board` (status and date columns, one group), not yet in the store. */
  newSubitemsBoard(board: BoardRecord): BoardRecord {
    const stamp = this.#store.now();
    return {
      id: this.#store.newId(),
      accountId: board.accountId,
      name: `Subitems of ${board.name}`,
      description: null,
      kind: board.kind,
      type: 'sub_items_board',
      state: board.state,
      ownerId: board.ownerId,
      ownerIds: [...board.ownerIds],
      subscriberIds: [...board.subscriberIds],
      teamOwnerIds: [...board.teamOwnerIds],
      teamSubscriberIds: [...board.teamSubscriberIds],
      permissions: board.permissions,
      workspaceId: board.workspaceId,
      folderId: board.folderId,
      subitemsBoardId: null,
      parentBoardId: board.id,
      createdAt: stamp,
      updatedAt: stamp,
      // Calculated columns read their subitems' values from a twin of the same id (../column-kinds/calculated.ts).
      columns: [
        newColumn('status', 'Status', 'status'),
        newColumn('date0', 'Date', 'date'),
        ...board.columns
          .filter((column) => isCalculated(column) && column.id !== 'status' && column.id !== 'date0')
          .map((column) => newColumn(column.id, column.title, column.type)),
      ],
      groups: [{ id: 'topics', title: 'Subitems', color: '#579bfc', archived: false, deleted: false }],
    };
  }

  /** The board holding `board`'s subitems, if it has one yet. */
  subitemsBoardOf(board: BoardRecord): BoardRecord | undefined {
    return board.subitemsBoardId ? this.find(board.subitemsBoardId) : undefined;
  }

  /** Copies the active items of `source`'s kept groups (and their subitems, and updates when asked) onto `board`. */
  #copyItems(source: BoardRecord, board: BoardRecord, stamp: string, withUpdates: boolean): void {
    const { items, updates } = this.#store;
    const subSource = this.subitemsBoardOf(source);
    let subBoard: BoardRecord | undefined;
    if (subSource) {
      subBoard = this.insert({
        ...structuredClone(subSource),
        id: this.#store.newId(),
        name: `Subitems of ${board.name}`,
        parentBoardId: board.id,
        createdAt: stamp,
        updatedAt: stamp,
      });
      board.subitemsBoardId = subBoard.id;
    }
    const groupIds = new Set(board.groups.map((candidate) => candidate.id));
    for (const item of items.active(source.id).filter((candidate) => groupIds.has(candidate.groupId))) {
      const copy = items.copy(item, { boardId: board.id, creatorId: item.creatorId });
      if (withUpdates) updates.copyForItem(item.id, copy.id);
      if (!subBoard || !subSource) continue;
      for (const sub of items.active(subSource.id).filter((candidate) => candidate.parentItemId === item.id)) {
        const subCopy = items.copy(sub, { boardId: subBoard.id, parentItemId: copy.id });
        if (withUpdates) updates.copyForItem(sub.id, subCopy.id);
      }
    }
  }

  /** Every board whose state follows `board`'s: itself and its subitems board. */
  #withSubitemsBoard(board: BoardRecord): BoardRecord[] {
    const sub = this.subitemsBoardOf(board);
    return sub ? [board, sub] : [board];
  }

  #log(board: BoardRecord, userId: string, event: string, data: Record<string, unknown> = {}, at?: string): void {
    this.#store.activityLog.record({
      accountId: board.accountId,
      boardId: board.id,
      userId,
      event,
      entity: 'board',
      data: { board_id: Number(board.id), board_name: board.name, ...data },
      groupId: typeof data.group_id === 'string' ? data.group_id : null,
      columnId: typeof data.column_id === 'string' ? data.column_id : null,
      ...(at === undefined ? {} : { createdAt: at }),
    });
  }
}

/** The columns and groups of a new board made from nothing: the starter columns (none when `empty`), one group. */
function starterStructure(empty: boolean): Pick<BoardRecord, 'columns' | 'groups'> {
  return { columns: empty ? [] : starterColumns(), groups: [group('topics', 'Group Title', '#579bfc')] };
}

/** What a board made from `template` copies of it: its columns and active groups (as a structure duplicate does). */
function templateStructure(template: BoardRecord): Pick<BoardRecord, 'columns' | 'groups' | 'createdFromBoardId'> {
  return {
    columns: structuredClone(template.columns),
    groups: structuredClone(template.groups.filter((candidate) => !candidate.deleted && !candidate.archived)),
    createdFromBoardId: template.id,
  };
}
