/**
 * Item operations beyond create/change/archive/delete (which live on the store itself): subitems (on the
 * parent board's subitems board, made on first use), moving to another group, and duplication.
 */
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { copyItem, touchBoard } from './boards.js';
import { newColumn } from './column-record.js';
import { columnText, normalizeColumnValue } from './column-values.js';
import { liveGroups } from './groups.js';
import type { BoardRecord, ColumnRecord, ItemRecord } from './records.js';
import type { EmulatorStore } from './store.js';

/** A new subitems board for `board` (status and date columns, one group), not yet in the store. */
function newSubitemsBoard(store: EmulatorStore, board: BoardRecord): BoardRecord {
  const stamp = store.now();
  return {
    id: store.newId(),
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
    columns: [newColumn('status', 'Status', 'status'), newColumn('date0', 'Date', 'date')],
    groups: [{ id: 'topics', title: 'Subitems', color: '#579bfc', archived: false, deleted: false }],
  };
}

/** What {@link createSubitem} needs. */
export interface NewSubitem {
  parent: ItemRecord;
  parentBoard: BoardRecord;
  name: string;
  creatorId: string;
  columnValues: Record<string, unknown>;
  createLabelsIfMissing: boolean;
}

/** Creates a subitem of `parent`; a subitem cannot itself have subitems. */
export function createSubitem(store: EmulatorStore, input: NewSubitem): ItemRecord {
  if (input.parent.parentItemId !== null) {
    throw engineError(
      ENGINE_ERROR_CODES.invalidArgument,
      `Item ${input.parent.id} is a subitem; subitems cannot have subitems.`,
      { item_id: input.parent.id },
    );
  }
  const existing = input.parentBoard.subitemsBoardId ? store.findBoard(input.parentBoard.subitemsBoardId) : undefined;
  const board = existing ?? store.addBoard(newSubitemsBoard(store, input.parentBoard));
  input.parentBoard.subitemsBoardId = board.id;
  try {
    const item = store.createItem({
      board,
      groupId: liveGroups(board)[0]?.id ?? 'topics',
      name: input.name,
      creatorId: input.creatorId,
      columnValues: input.columnValues,
      createLabelsIfMissing: input.createLabelsIfMissing,
      parentItemId: input.parent.id,
    });
    input.parent.updatedAt = item.createdAt;
    return item;
  } catch (error) {
    // a refused first subitem leaves no subitems board behind
    if (!existing) {
      store.removeBoard(board);
      input.parentBoard.subitemsBoardId = null;
    }
    throw error;
  }
}

/** Active subitems of an item, in board order. */
export function subitemsOf(store: EmulatorStore, item: ItemRecord): ItemRecord[] {
  const board = store.findBoard(item.boardId);
  const subBoard = board?.subitemsBoardId ? store.findBoard(board.subitemsBoardId) : undefined;
  return subBoard ? store.activeItems(subBoard.id).filter((candidate) => candidate.parentItemId === item.id) : [];
}

/** Moves an item to another live group of its board, as the last item of that group. */
export function moveItemToGroup(
  store: EmulatorStore,
  board: BoardRecord,
  item: ItemRecord,
  groupId: string,
  userId: string,
): ItemRecord {
  const group = liveGroups(board).find((candidate) => candidate.id === groupId);
  if (!group)
    throw engineError(ENGINE_ERROR_CODES.notFound, `Group "${groupId}" was not found on board ${board.id}.`, {
      group_id: groupId,
    });
  if (item.groupId === group.id) return item;
  const from = item.groupId;
  const last = store.activeItems(board.id).at(-1)?.position ?? 0;
  item.groupId = group.id;
  item.position = last + 1;
  item.updatedAt = store.now();
  touchBoard(store, board);
  store.logItem(item, userId, 'move_pulse_into_group', { source_group_id: from, dest_group_id: group.id });
  return item;
}

/** Copies an item (values, subitems, and updates when asked) just after the original. */
export function duplicateItem(
  store: EmulatorStore,
  board: BoardRecord,
  item: ItemRecord,
  withUpdates: boolean,
  userId: string,
): ItemRecord {
  const ordered = store.activeItems(board.id);
  const next = ordered[ordered.indexOf(item) + 1];
  const position = next ? (item.position + next.position) / 2 : item.position + 1;
  const copy = copyItem(store, item, { creatorId: userId, position, state: 'active' });
  if (withUpdates) store.updates.copyForItem(item.id, copy.id);
  for (const sub of subitemsOf(store, item)) {
    const subCopy = copyItem(store, sub, { creatorId: userId, parentItemId: copy.id });
    if (withUpdates) store.updates.copyForItem(sub.id, subCopy.id);
  }
  store.logItem(copy, userId, 'create_pulse', { duplicated_from: Number(item.id) });
  return copy;
}

/** Source column id → target column id (null drops the value), as `columns_mapping` gives it. */
export type ColumnMapping = ReadonlyMap<string, string | null>;

/** A stored value of `column` in the form `create_item` accepts, so it can be stored again on another column. */
function asInput(column: ColumnRecord, stored: unknown): unknown {
  if (column.type === 'status') return { label: columnText(column, stored) };
  return stored;
}

/** The values of `item` carried over to `to`'s columns: by `mapping`, else to the column with the same id and kind. */
function carriedValues(
  from: BoardRecord,
  to: BoardRecord,
  item: ItemRecord,
  mapping: ColumnMapping | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [columnId, stored] of Object.entries(item.values)) {
    const source = from.columns.find((column) => column.id === columnId);
    if (!source) continue;
    const targetId = mapping ? mapping.get(columnId) : columnId;
    if (targetId === null || targetId === undefined) continue;
    const target = to.columns.find((column) => column.id === targetId);
    if (!target || target.type !== source.type) {
      if (!mapping) continue;
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        `Column "${columnId}" cannot be mapped to "${targetId}" on board ${to.id}: no such column of kind ${source.type}.`,
        {
          column_id: columnId,
        },
      );
    }
    values[target.id] = target.type === 'file' ? stored : normalizeColumnValue(target, asInput(source, stored), true);
  }
  return values;
}

/** What {@link moveItemToBoard} needs. */
export interface ItemMove {
  item: ItemRecord;
  from: BoardRecord;
  to: BoardRecord;
  groupId: string;
  mapping?: ColumnMapping;
  subitemsMapping?: ColumnMapping;
  userId: string;
}

/**
 * Moves an item (with its subitems, updates and timeline) to another board of the same account, into a live group,
 * carrying column values over by `mapping` or by matching column id and kind. Every value is checked before anything
 * moves, so a refused move changes nothing.
 */
export function moveItemToBoard(store: EmulatorStore, move: ItemMove): ItemRecord {
  const { item, from, to, userId } = move;
  if (item.parentItemId !== null)
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `Item ${item.id} is a subitem; move its parent instead.`, {
      item_id: item.id,
    });
  if (to.type === 'sub_items_board')
    throw engineError(
      ENGINE_ERROR_CODES.invalidArgument,
      `Board ${to.id} holds subitems; items cannot be moved onto it.`,
    );
  const group = liveGroups(to).find((candidate) => candidate.id === move.groupId);
  if (!group)
    throw engineError(ENGINE_ERROR_CODES.notFound, `Group "${move.groupId}" was not found on board ${to.id}.`, {
      group_id: move.groupId,
    });
  if (to.id === from.id) return moveItemToGroup(store, from, item, group.id, userId);
  const subs = subitemsOf(store, item);
  const fromSub = from.subitemsBoardId ? store.findBoard(from.subitemsBoardId) : undefined;
  const existingSub = to.subitemsBoardId ? store.findBoard(to.subitemsBoardId) : undefined;
  const targetSub = subs.length > 0 && fromSub ? (existingSub ?? newSubitemsBoard(store, to)) : undefined;
  const touched = [...to.columns, ...(existingSub?.columns ?? [])];
  const saved = touched.map((column) => structuredClone(column.settings));
  let values: Record<string, unknown>;
  let subValues: Record<string, unknown>[];
  try {
    values = carriedValues(from, to, item, move.mapping);
    subValues =
      targetSub && fromSub ? subs.map((sub) => carriedValues(fromSub, targetSub, sub, move.subitemsMapping)) : [];
  } catch (error) {
    // labels added for earlier values are taken back too
    touched.forEach((column, index) => {
      column.settings = saved[index] ?? column.settings;
    });
    throw error;
  }
  const stamp = store.now();
  store.logItem(item, userId, 'move_pulse_from_board', { dest_board_id: Number(to.id) });
  const last = store.activeItems(to.id).at(-1)?.position ?? 0;
  Object.assign(item, { boardId: to.id, groupId: group.id, position: last + 1, values, updatedAt: stamp });
  if (targetSub) {
    if (!existingSub) store.addBoard(targetSub);
    to.subitemsBoardId = targetSub.id;
    subs.forEach((sub, index) => {
      Object.assign(sub, {
        boardId: targetSub.id,
        groupId: liveGroups(targetSub)[0]?.id ?? 'topics',
        values: subValues[index] ?? {},
        updatedAt: stamp,
      });
    });
  }
  for (const entry of store.timeline.timelineItems()) if (entry.itemId === item.id) entry.boardId = to.id;
  from.updatedAt = stamp;
  to.updatedAt = stamp;
  store.logItem(item, userId, 'move_pulse_into_board', { source_board_id: Number(from.id) });
  return item;
}
