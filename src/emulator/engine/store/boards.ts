/**
 * Board operations of the store: create, rename/describe, archive, delete (taking the items along) and
 * duplicate. Callers have already checked that the board is the caller's; these keep the data consistent
 * and log each change on the board's activity log.
 */
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { newColumn } from './column-record.js';
import type { BoardRecord, ColumnRecord, GroupRecord, ItemRecord } from './records.js';
import type { EmulatorStore } from './store.js';

/** What {@link createBoard} needs. */
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

/** Logs a board-level event. */
export function logBoard(
  store: EmulatorStore,
  board: BoardRecord,
  userId: string,
  event: string,
  data: Record<string, unknown> = {},
): void {
  store.activityLog.record({
    accountId: board.accountId,
    boardId: board.id,
    userId,
    event,
    entity: 'board',
    data: { board_id: Number(board.id), board_name: board.name, ...data },
    groupId: typeof data.group_id === 'string' ? data.group_id : null,
    columnId: typeof data.column_id === 'string' ? data.column_id : null,
  });
}

/** Marks a board changed now. */
export function touchBoard(store: EmulatorStore, board: BoardRecord): void {
  board.updatedAt = store.now();
}

/** Creates a board. Owners default to the creator; owners are subscribers too. */
export function createBoard(store: EmulatorStore, input: NewBoard): BoardRecord {
  const stamp = store.now();
  const ownerIds = unique([input.creatorId, ...(input.ownerIds ?? [])]);
  const board: BoardRecord = {
    id: store.newId(),
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
    columns: input.empty ? [] : starterColumns(),
    groups: [group('topics', 'Group Title', '#579bfc')],
  };
  store.addBoard(board);
  logBoard(store, board, input.creatorId, 'create_board');
  return board;
}

/** The attributes `update_board` may change. */
export type BoardAttribute = 'name' | 'description' | 'communication';

/** Changes the name or description of a board (communication is accepted and not kept). */
export function updateBoard(
  store: EmulatorStore,
  board: BoardRecord,
  attribute: BoardAttribute,
  value: string,
  userId: string,
): BoardRecord {
  if (attribute === 'name') {
    if (value.trim() === '') throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A board name cannot be empty.');
    logBoard(store, board, userId, 'update_board_name', { previous_value: board.name, value });
    board.name = value;
  } else if (attribute === 'description') {
    logBoard(store, board, userId, 'update_board_description', { previous_value: board.description, value });
    board.description = value;
  }
  touchBoard(store, board);
  return board;
}

/** Every board whose state follows `board`'s: itself and its subitems board. */
function withSubitemsBoard(store: EmulatorStore, board: BoardRecord): BoardRecord[] {
  const sub = board.subitemsBoardId ? store.findBoard(board.subitemsBoardId) : undefined;
  return sub ? [board, sub] : [board];
}

/** Archives a board (and its subitems board); its items stay as they are and come back with it. */
export function archiveBoard(store: EmulatorStore, board: BoardRecord, userId: string): BoardRecord {
  for (const target of withSubitemsBoard(store, board)) {
    target.state = 'archived';
    touchBoard(store, target);
  }
  logBoard(store, board, userId, 'archive_board');
  return board;
}

/** Deletes a board (and its subitems board) with every item on it. */
export function deleteBoard(store: EmulatorStore, board: BoardRecord, userId: string): BoardRecord {
  const stamp = store.now();
  for (const target of withSubitemsBoard(store, board)) {
    for (const item of store.items(target.id)) {
      if (item.state === 'deleted') continue;
      item.state = 'deleted';
      item.updatedAt = stamp;
    }
    target.state = 'deleted';
    target.updatedAt = stamp;
  }
  logBoard(store, board, userId, 'delete_board');
  return board;
}

/** How much `duplicate_board` copies. */
export type DuplicateBoardType =
  | 'duplicate_board_with_structure'
  | 'duplicate_board_with_pulses'
  | 'duplicate_board_with_pulses_and_updates';

/** Options of {@link duplicateBoard}. */
export interface DuplicateBoardOptions {
  type: DuplicateBoardType;
  name?: string | null;
  workspaceId?: string | null;
  folderId?: string | null;
  keepSubscribers?: boolean | null;
  userId: string;
}

/** A copy of `item` on `boardId`, values included, with a new id. */
export function copyItem(store: EmulatorStore, item: ItemRecord, changes: Partial<ItemRecord>): ItemRecord {
  const stamp = store.now();
  return store.insertItem({
    ...structuredClone(item),
    id: store.newId(),
    createdAt: stamp,
    updatedAt: stamp,
    ...changes,
  });
}

/** Copies a board: columns and active groups always, items (and subitems) and their updates when asked. */
export function duplicateBoard(store: EmulatorStore, source: BoardRecord, options: DuplicateBoardOptions): BoardRecord {
  const stamp = store.now();
  const board: BoardRecord = {
    ...structuredClone(source),
    id: store.newId(),
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
  };
  store.addBoard(board);
  if (options.type !== 'duplicate_board_with_structure') {
    const withUpdates = options.type === 'duplicate_board_with_pulses_and_updates';
    const subSource = source.subitemsBoardId ? store.findBoard(source.subitemsBoardId) : undefined;
    let subBoard: BoardRecord | undefined;
    if (subSource) {
      subBoard = {
        ...structuredClone(subSource),
        id: store.newId(),
        name: `Subitems of ${board.name}`,
        parentBoardId: board.id,
        createdAt: stamp,
        updatedAt: stamp,
      };
      store.addBoard(subBoard);
      board.subitemsBoardId = subBoard.id;
    }
    const groupIds = new Set(board.groups.map((candidate) => candidate.id));
    for (const item of store.activeItems(source.id).filter((candidate) => groupIds.has(candidate.groupId))) {
      const copy = copyItem(store, item, { boardId: board.id, creatorId: item.creatorId });
      if (withUpdates) store.updates.copyForItem(item.id, copy.id);
      if (!subBoard || !subSource) continue;
      for (const sub of store.activeItems(subSource.id).filter((candidate) => candidate.parentItemId === item.id)) {
        const subCopy = copyItem(store, sub, { boardId: subBoard.id, parentItemId: copy.id });
        if (withUpdates) store.updates.copyForItem(sub.id, subCopy.id);
      }
    }
  }
  logBoard(store, board, options.userId, 'create_board', { duplicated_from: Number(source.id) });
  return board;
}
