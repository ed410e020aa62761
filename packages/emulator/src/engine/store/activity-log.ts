/**
 * The activity log of every board: one entry per change the store makes (item created, column value changed,
 * group archived, ...), newest last. `Board.activity_logs` reads it.
 */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** What an entry is about. */
export type ActivityEntity = 'board' | 'pulse';

/** One logged change. */
export interface ActivityLogRecord {
  id: string;
  accountId: string;
  boardId: string;
  userId: string;
  /** What happened, in the platform's words: `create_pulse`, `update_column_value`, `delete_group`, ... */
  event: string;
  entity: ActivityEntity;
  /** Details of the change (board, item, group and column ids and names, previous and new values). */
  data: Record<string, unknown>;
  /** ISO 8601 time of the change. */
  createdAt: string;
  itemId: string | null;
  groupId: string | null;
  columnId: string | null;
}

/** What {@link ActivityLog.record} needs; ids not given are looked for in `data`. */
export type NewActivity = Pick<ActivityLogRecord, 'accountId' | 'boardId' | 'userId' | 'event' | 'entity' | 'data'> &
  Partial<Pick<ActivityLogRecord, 'itemId' | 'groupId' | 'columnId' | 'createdAt'>>;

/** Filters of `Board.activity_logs`. */
export interface ActivityFilter {
  itemIds?: readonly string[] | null;
  groupIds?: readonly (string | null)[] | null;
  columnIds?: readonly (string | null)[] | null;
  userIds?: readonly string[] | null;
  /** ISO 8601 bounds, inclusive. */
  from?: string | null;
  to?: string | null;
}

/** Appends and lists activity entries. Ids come from the store's shared counter. */
export class ActivityLog extends Collection<ActivityLogRecord> {
  readonly #stamper: Stamper;
  readonly #listeners = new Set<(entry: ActivityLogRecord) => void>();

  /** Starts empty (the store logs its seeded items); ids and times come from `stamper`. */
  constructor(stamper: Stamper) {
    super();
    this.#stamper = stamper;
  }

  /** Logs one change and returns its entry. */
  record(input: NewActivity): ActivityLogRecord {
    const entry: ActivityLogRecord = {
      itemId: null,
      groupId: null,
      columnId: null,
      createdAt: input.createdAt ?? this.#stamper.now(),
      ...input,
      id: this.#stamper.newId(),
    };
    this.insert(entry);
    for (const listener of this.#listeners) listener(entry);
    return entry;
  }

  /** Calls `listener` with every entry recorded from now on (the emulator's webhook delivery); returns the unsubscribe. */
  subscribe(listener: (entry: ActivityLogRecord) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Entries of one board that pass `filter`, newest first. */
  forBoard(boardId: string, filter: ActivityFilter = {}): ActivityLogRecord[] {
    return this.where((entry) => entry.boardId === boardId && matches(entry, filter)).reverse();
  }
}

/** True when `entry` passes every filter that is set. */
export function matches(entry: ActivityLogRecord, filter: ActivityFilter): boolean {
  const time = Date.parse(entry.createdAt);
  return (
    (!filter.itemIds || (entry.itemId !== null && filter.itemIds.includes(entry.itemId))) &&
    (!filter.groupIds || (entry.groupId !== null && filter.groupIds.includes(entry.groupId))) &&
    (!filter.columnIds || (entry.columnId !== null && filter.columnIds.includes(entry.columnId))) &&
    (!filter.userIds || filter.userIds.includes(entry.userId)) &&
    (!filter.from || time >= Date.parse(filter.from)) &&
    (!filter.to || time <= Date.parse(filter.to))
  );
}
