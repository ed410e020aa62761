/**
 * Items: create, change column values (all or none), archive and delete (with their subitems), subitems (on the
 * parent board's subitems board, made on first use), moving to another group or board, and duplication. Every
 * change is logged on the item's board's activity log ({@link ItemStore.log}); item changes do not move the
 * board's `updatedAt` unless they change the board itself (moving between groups or boards does).
 */
import { refuseCalculatedWrite } from '../column-kinds/calculated.js';
import { unknownColumnError } from '../column-kinds/errors.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { ActivityLog } from './activity-log.js';
import type { BoardStore } from './boards.js';
import { type ColumnMapping, carriedValues } from './carried-values.js';
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';
import { normalizeColumnValue } from './column-values.js';
import { liveGroups } from './groups.js';
import { holdsValue, storedValue, valuesRecord } from './item-values.js';
import { compareItems, indexInOrder, positionFor } from './positions.js';
import type { BoardRecord, GroupRecord, ItemRecord, SeedItem } from './records.js';
import type { TimelineStore } from './timeline.js';
import type { UpdateStore } from './updates.js';

/** What the emulator's item store needs to create an item. */
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
  /** Create it without an activity log entry (so without webhook events): a backfill import's items. */
  unlogged?: boolean;
  /**
   * Its position, when the caller knows the last one already: a bulk import placing many items last in turn finds
   * the board's last position once instead of once per item.
   */
  position?: number;
}

/** What {@link ItemStore.createSubitem} needs. */
export interface NewSubitem {
  parent: ItemRecord;
  parentBoard: BoardRecord;
  name: string;
  creatorId: string;
  columnValues: Record<string, unknown>;
  createLabelsIfMissing: boolean;
}

/** What {@link ItemStore.moveToBoard} needs. */
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
 * What the item family uses of the rest of the store (the store hands itself in): ids and time, the activity log, the
 * boards items live on, and the updates and timeline entries a copied or moved item takes along.
 */
export interface ItemCollaborators extends Stamper {
  readonly activityLog: ActivityLog;
  readonly boards: BoardStore;
  readonly updates: UpdateStore;
  readonly timeline: TimelineStore;
}

/**
 * Items of every board, subitems included. Besides the records in insertion order it keeps every board's items
 * (any state) and, built on first use, each board's active items in board order (and each group's): a page of a
 * board of 100,000 items then reads its place in that list instead of filtering the whole store and sorting the
 * board (which made an export of a board grow with its square). An item created last on its board joins the lists
 * at their end; any other change of an item's board, group, position or state drops its board's lists, rebuilt on
 * the next read. Every such change goes through this store (or {@link ItemStore.reordered}).
 */
export class ItemStore extends Collection<ItemRecord> {
  readonly #store: ItemCollaborators;
  #created = 0;
  /** Every item of each board, any state, by board id. */
  readonly #byBoard = new Map<string, Set<ItemRecord>>();
  /** Each board's active items in board order, under '' and under each group id listed so far. */
  readonly #ordered = new Map<string, Map<string, ItemRecord[]>>();
  /** Every subitem of each item, any state, oldest first, by the parent's id (a subitem's parent never changes). */
  readonly #byParent = new Map<string, Set<ItemRecord>>();
  #itemsOrdered = 0;

  /** Stores the seeded `items` (their values checked like `create_item`'s, each creation logged); needs the boards. */
  constructor(items: readonly SeedItem[], store: ItemCollaborators) {
    super();
    this.#store = store;
    items.forEach(({ columnValues, files: _files, ...seedItem }, index) => {
      const board = store.boards.find(seedItem.boardId);
      if (!board) throw new Error(`Seed item ${seedItem.id} names unknown board ${seedItem.boardId}`);
      const item: ItemRecord = {
        ...seedItem,
        parentItemId: seedItem.parentItemId ?? null,
        state: 'active',
        updatedAt: seedItem.updatedAt ?? seedItem.createdAt,
        position: index + 1,
        values: valuesRecord(),
      };
      this.#applyValues(board, item, columnValues ?? {}, false);
      this.insert(item);
      this.#logAt(board, item, item.creatorId, 'create_pulse', {}, item.createdAt);
    });
  }

  /** How many items {@link create} has made since the store was built. */
  get created(): number {
    return this.#created;
  }

  /** Every item of one board, in any state (check `state`). */
  onBoard(boardId: string | number): ItemRecord[] {
    return this.where((item) => item.boardId === String(boardId));
  }

  /** Active items of a board (or of one of its groups) in board order: a copy the caller may change. */
  active(boardId: string, groupId?: string): ItemRecord[] {
    return [...this.ordered(boardId, groupId)];
  }

  /**
   * Active items of a board (or of one of its groups) in board order, as the store keeps them: read it at once, do
   * not keep or change it (the next change of the board's items changes or replaces it).
   */
  ordered(boardId: string, groupId?: string): readonly ItemRecord[] {
    let lists = this.#ordered.get(boardId);
    if (!lists) {
      const board = [...(this.#byBoard.get(boardId) ?? [])].filter((item) => item.state === 'active');
      board.sort(compareItems);
      this.#itemsOrdered += board.length;
      lists = new Map([['', board]]);
      this.#ordered.set(boardId, lists);
    }
    const key = groupId ?? '';
    let list = lists.get(key);
    if (!list) {
      list = (lists.get('') ?? []).filter((item) => item.groupId === groupId);
      lists.set(key, list);
    }
    return list;
  }

  /**
   * How many items the store has put in order since it was built (every item of a board each time its lists are
   * rebuilt): the work behind {@link ordered}, which tests read to see that a page does not sort the board again.
   */
  get itemsOrdered(): number {
    return this.#itemsOrdered;
  }

  /** The highest position among the board's active items (0 on an empty board). */
  lastPosition(boardId: string): number {
    return this.ordered(boardId).at(-1)?.position ?? 0;
  }

  /**
   * Says that items of `boardId` changed board, group, position or state outside this store's own methods (a job
   * putting back what it did), so its ordered lists are rebuilt on the next read.
   */
  reordered(boardId: string): void {
    this.#ordered.delete(boardId);
  }

  /** Every subitem of the item `itemId`, in any state, oldest first (as a scan of the store finds them). */
  childrenOf(itemId: string): ItemRecord[] {
    return [...(this.#byParent.get(itemId) ?? [])];
  }

  /** Adds an item: to its board's items, and at the end of the board's ordered lists when it goes last. */
  override insert(item: ItemRecord): ItemRecord {
    super.insert(item);
    this.#bucket(item.boardId).add(item);
    if (item.parentItemId !== null) {
      const children = this.#byParent.get(item.parentItemId) ?? new Set();
      children.add(item);
      this.#byParent.set(item.parentItemId, children);
    }
    const lists = this.#ordered.get(item.boardId);
    if (!lists || item.state !== 'active') return item;
    const board = lists.get('') ?? [];
    const last = board.at(-1);
    if (last && compareItems(last, item) >= 0) {
      this.reordered(item.boardId);
      return item;
    }
    board.push(item);
    lists.get(item.groupId)?.push(item);
    return item;
  }

  /** Removes an item. */
  override remove(item: ItemRecord): ItemRecord {
    super.remove(item);
    this.#byBoard.get(item.boardId)?.delete(item);
    if (item.parentItemId !== null) this.#byParent.get(item.parentItemId)?.delete(item);
    this.reordered(item.boardId);
    return item;
  }

  /** Removes every item that passes `test`. */
  override removeWhere(test: (item: ItemRecord) => boolean): ItemRecord[] {
    const removed = super.removeWhere(test);
    for (const item of removed) {
      this.#byBoard.get(item.boardId)?.delete(item);
      if (item.parentItemId !== null) this.#byParent.get(item.parentItemId)?.delete(item);
      this.reordered(item.boardId);
    }
    return removed;
  }

  #bucket(boardId: string): Set<ItemRecord> {
    let bucket = this.#byBoard.get(boardId);
    if (!bucket) {
      bucket = new Set();
      this.#byBoard.set(boardId, bucket);
    }
    return bucket;
  }

  /** Moves `item` to the items of `boardId` (its `boardId` already set) from those of `fromBoardId`. */
  #rehome(item: ItemRecord, fromBoardId: string): void {
    this.#byBoard.get(fromBoardId)?.delete(item);
    this.#bucket(item.boardId).add(item);
    this.reordered(fromBoardId);
    this.reordered(item.boardId);
  }

  /**
   * Creates an item and logs it.
   * @throws A ColumnValueException (creating nothing, no label kept) when a column value is bad, an
   *   InvalidColumnIdException when it names no column of the board.
   */
  create(input: NewItem): ItemRecord {
    const stamp = this.#store.now();
    const item: ItemRecord = {
      id: '',
      boardId: input.board.id,
      groupId: input.groupId,
      name: input.name,
      state: 'active',
      creatorId: input.creatorId,
      createdAt: stamp,
      updatedAt: stamp,
      parentItemId: input.parentItemId ?? null,
      // Last on the board needs only the highest position: one pass, no sort of the whole board per create
      // (pinned by packages/emulator/test/store-create-item.test.ts).
      position: input.relativeTo
        ? positionFor(this.ordered(input.board.id), input.relativeTo)
        : (input.position ?? this.lastPosition(input.board.id) + 1),
      values: valuesRecord(),
    };
    this.#applyValues(input.board, item, input.columnValues, input.createLabelsIfMissing);
    item.id = this.#store.newId();
    this.#created += 1;
    this.insert(item);
    if (!input.unlogged) this.log(item, item.creatorId, 'create_pulse');
    return item;
  }

  /**
   * Sets column values (all or none) on an item of `board`, logging each.
   * @throws A ColumnValueException (changing nothing) when a value is bad, an InvalidColumnIdException when it names
   *   no column of the board.
   */
  changeValues(
    board: BoardRecord,
    item: ItemRecord,
    values: Record<string, unknown>,
    createLabels: boolean,
    userId: string = item.creatorId,
  ): ItemRecord {
    const before = item.values;
    for (const column of board.columns)
      if (holdsValue(values, column.id))
        refuseCalculatedWrite(column, item, { boards: this.#store.boards, items: this });
    this.#applyValues(board, item, values, createLabels);
    item.updatedAt = this.#store.now();
    for (const columnId of Object.keys(values)) {
      this.log(item, userId, 'update_column_value', {
        column_id: columnId,
        previous_value: storedValue({ values: before }, columnId),
        value: storedValue(item, columnId),
      });
    }
    return item;
  }

  /** Moves an item (and its subitems) to the `archived` or `deleted` state. */
  setState(item: ItemRecord, state: 'archived' | 'deleted', userId?: string): ItemRecord {
    const stamp = this.#store.now();
    for (const target of [item, ...this.childrenOf(item.id).filter((candidate) => candidate.state !== 'deleted')]) {
      if (target.state === 'deleted') continue;
      target.state = state;
      target.updatedAt = stamp;
      this.reordered(target.boardId);
    }
    this.log(item, userId ?? item.creatorId, state === 'archived' ? 'archive_pulse' : 'delete_pulse');
    return item;
  }

  /** Moves every not-deleted item of a group (and their subitems) to `state`, each change logged. */
  setStateInGroup(board: BoardRecord, group: GroupRecord, state: 'archived' | 'deleted', userId: string): void {
    for (const item of this.onBoard(board.id)) {
      if (item.groupId !== group.id || item.state === 'deleted' || (state === 'archived' && item.state === 'archived'))
        continue;
      this.setState(item, state, userId);
    }
  }

  /** Marks every item of a board deleted at `stamp` (the board is going; nothing is logged per item). */
  deleteOnBoard(boardId: string, stamp: string): void {
    for (const item of this.onBoard(boardId)) {
      if (item.state === 'deleted') continue;
      item.state = 'deleted';
      item.updatedAt = stamp;
    }
    this.reordered(boardId);
  }

  /** Drops the value of column `columnId` from every item of a board (the column is going). */
  dropValues(boardId: string, columnId: string): void {
    for (const item of this.onBoard(boardId)) {
      if (holdsValue(item.values, columnId)) {
        const rest = valuesRecord(item.values);
        delete rest[columnId];
        item.values = rest;
      }
    }
  }

  /** A copy of `item`, values included, with a new id and `changes` applied. */
  copy(item: ItemRecord, changes: Partial<ItemRecord>): ItemRecord {
    const stamp = this.#store.now();
    return this.insert({
      ...structuredClone(item),
      // structuredClone gives the values record a prototype again
      values: valuesRecord(structuredClone(item.values)),
      id: this.#store.newId(),
      createdAt: stamp,
      updatedAt: stamp,
      ...changes,
    });
  }

  /** Logs an event about `item` on its board's activity log. */
  log(item: ItemRecord, userId: string, event: string, extra: Record<string, unknown> = {}): void {
    const board = this.#store.boards.find(item.boardId);
    if (board) this.#logAt(board, item, userId, event, extra);
  }

  /** Creates a subitem of `parent`; a subitem cannot itself have subitems. */
  createSubitem(input: NewSubitem): ItemRecord {
    const { boards } = this.#store;
    if (input.parent.parentItemId !== null) {
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        `Item ${input.parent.id} is a subitem; subitems cannot have subitems.`,
        { item_id: input.parent.id },
      );
    }
    const existing = boards.subitemsBoardOf(input.parentBoard);
    const board = existing ?? boards.insert(boards.newSubitemsBoard(input.parentBoard));
    input.parentBoard.subitemsBoardId = board.id;
    try {
      const item = this.create({
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
        boards.remove(board);
        input.parentBoard.subitemsBoardId = null;
      }
      throw error;
    }
  }

  /** Active subitems of an item, in board order. */
  subitemsOf(item: ItemRecord): ItemRecord[] {
    const board = this.#store.boards.find(item.boardId);
    const subBoard = board && this.#store.boards.subitemsBoardOf(board);
    return subBoard ? this.ordered(subBoard.id).filter((candidate) => candidate.parentItemId === item.id) : [];
  }

  /** Moves an item to another live group of its board, as the last item of that group. */
  moveToGroup(board: BoardRecord, item: ItemRecord, groupId: string, userId: string): ItemRecord {
    const group = liveGroups(board).find((candidate) => candidate.id === groupId);
    if (!group)
      throw engineError(ENGINE_ERROR_CODES.notFound, `Group "${groupId}" was not found on board ${board.id}.`, {
        group_id: groupId,
      });
    if (item.groupId === group.id) return item;
    const from = item.groupId;
    const last = this.ordered(board.id).at(-1)?.position ?? 0;
    item.groupId = group.id;
    item.position = last + 1;
    this.reordered(board.id);
    item.updatedAt = this.#store.now();
    board.updatedAt = item.updatedAt;
    this.log(item, userId, 'move_pulse_into_group', { source_group_id: from, dest_group_id: group.id });
    return item;
  }

  /**
   * Places an item just before or after another item of its board, in that item's group. A change of group is
   * logged as a move into the group; a move inside the group writes no activity-log entry, as the platform
   * documents no event for it.
   */
  reposition(
    board: BoardRecord,
    item: ItemRecord,
    relativeTo: { item: ItemRecord; method: 'before_at' | 'after_at' },
    userId: string,
  ): ItemRecord {
    const others = this.ordered(board.id).filter((candidate) => candidate.id !== item.id);
    const from = item.groupId;
    item.position = positionFor(others, relativeTo);
    item.groupId = relativeTo.item.groupId;
    this.reordered(board.id);
    item.updatedAt = this.#store.now();
    board.updatedAt = item.updatedAt;
    if (from !== item.groupId) {
      this.log(item, userId, 'move_pulse_into_group', { source_group_id: from, dest_group_id: item.groupId });
    }
    return item;
  }

  /** Copies an item (values, subitems, and updates when asked) just after the original. */
  duplicate(board: BoardRecord, item: ItemRecord, withUpdates: boolean, userId: string): ItemRecord {
    const { updates } = this.#store;
    const ordered = this.ordered(board.id);
    const next = ordered[indexInOrder(ordered, item) + 1];
    const position = next ? (item.position + next.position) / 2 : item.position + 1;
    const copy = this.copy(item, { creatorId: userId, position, state: 'active' });
    if (withUpdates) updates.copyForItem(item.id, copy.id);
    for (const sub of this.subitemsOf(item)) {
      const subCopy = this.copy(sub, { creatorId: userId, parentItemId: copy.id });
      if (withUpdates) updates.copyForItem(sub.id, subCopy.id);
    }
    this.log(copy, userId, 'create_pulse', { duplicated_from: Number(item.id) });
    return copy;
  }

  /**
   * Moves an item (with its subitems, updates and timeline) to another board of the same account, into a live group,
   * carrying column values over by `mapping` or by matching column id and kind. Every value is checked before
   * anything moves, so a refused move changes nothing.
   */
  moveToBoard(move: ItemMove): ItemRecord {
    const { boards, timeline } = this.#store;
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
    if (to.id === from.id) return this.moveToGroup(from, item, group.id, userId);
    const subs = this.subitemsOf(item);
    const fromSub = boards.subitemsBoardOf(from);
    const existingSub = boards.subitemsBoardOf(to);
    const targetSub = subs.length > 0 && fromSub ? (existingSub ?? boards.newSubitemsBoard(to)) : undefined;
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
    const stamp = this.#store.now();
    this.log(item, userId, 'move_pulse_from_board', { dest_board_id: Number(to.id) });
    const last = this.ordered(to.id).at(-1)?.position ?? 0;
    Object.assign(item, { boardId: to.id, groupId: group.id, position: last + 1, values, updatedAt: stamp });
    this.#rehome(item, from.id);
    if (targetSub) {
      if (!existingSub) boards.insert(targetSub);
      to.subitemsBoardId = targetSub.id;
      subs.forEach((sub, index) => {
        const fromBoardId = sub.boardId;
        Object.assign(sub, {
          boardId: targetSub.id,
          groupId: liveGroups(targetSub)[0]?.id ?? 'topics',
          values: subValues[index] ?? valuesRecord(),
          updatedAt: stamp,
        });
        this.#rehome(sub, fromBoardId);
      });
    }
    timeline.moveItem(item.id, to.id);
    from.updatedAt = stamp;
    to.updatedAt = stamp;
    this.log(item, userId, 'move_pulse_into_board', { source_board_id: Number(from.id) });
    return item;
  }

  #logAt(
    board: BoardRecord,
    item: ItemRecord,
    userId: string,
    event: string,
    extra: Record<string, unknown>,
    at?: string,
  ): void {
    this.#store.activityLog.record({
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
      columnId: typeof extra.column_id === 'string' ? extra.column_id : null,
      ...(at === undefined ? {} : { createdAt: at }),
    });
  }

  #applyValues(board: BoardRecord, item: ItemRecord, values: Record<string, unknown>, createLabels: boolean): void {
    const next = valuesRecord(item.values);
    const saved = board.columns.map((column) => structuredClone(column.settings));
    let name = item.name;
    try {
      for (const [columnId, input] of Object.entries(values)) {
        const column = board.columns.find((candidate) => candidate.id === columnId);
        if (!column && columnId === 'name') {
          name = renamed(board, input);
          continue;
        }
        if (!column) throw unknownColumnError(board.id, columnId);
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
