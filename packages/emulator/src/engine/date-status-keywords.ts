/**
 * The date keywords of items_page rules that read the board's status column besides the date
 * (https://developer.monday.com/api-reference/reference/date, "Filter"; the page lists them among the date column's
 * compare values and says nothing of a board without a status column being refused):
 * - OVERDUE: not marked Done, and the date has passed (a date of today is overdue from the next day);
 * - UPCOMING: not marked Done, and the date has not passed (a date of today is not upcoming);
 * - DONE_ON_TIME: marked Done on or before the date; DONE_OVERDUE: marked Done after it.
 * `any_of` keeps the items that are, `not_any_of` the others (the page lists only these two operators).
 * "Done" is a label among the status column's `done_colors`; when an item was marked Done is when its status took
 * its current value (the last logged change of the column, else the item's creation). Days are UTC days, as the
 * other keywords (./column-kinds/date-keywords.ts).
 *
 * A board without a status column has no item marked Done: OVERDUE keeps the dates that have passed, UPCOMING those
 * still ahead, and DONE_ON_TIME and DONE_OVERDUE keep nothing (the least surprising reading, and what the emulator
 * answered before it read the status column). Where the docs are silent otherwise, the emulator does not guess: on a
 * board with several status columns (which one the platform reads is not documented) and on other date kinds
 * (timeline, ...) these keywords answer NOT_MODELLED. Pinned by test/engine-date-status-keywords.test.ts.
 */
import { ENGINE_ERROR_CODES, engineError, invalidArgument } from './errors.js';
import type { BoardRecord, ColumnRecord, ItemRecord } from './store/records.js';
import type { EmulatorStore } from './store/store.js';

/** The keywords this module answers. */
export const STATUS_DATE_KEYWORDS: ReadonlySet<string> = new Set([
  'OVERDUE',
  'UPCOMING',
  'DONE_ON_TIME',
  'DONE_OVERDUE',
]);

type Keyword = 'OVERDUE' | 'UPCOMING' | 'DONE_ON_TIME' | 'DONE_OVERDUE';

function notModelled(message: string) {
  return engineError(ENGINE_ERROR_CODES.notModelled, message);
}

/** The board's one status column, or undefined when it has none; refuses (not modelled) several. */
function statusColumnOf(board: BoardRecord, keyword: string): ColumnRecord | undefined {
  const statuses = board.columns.filter((column) => column.type === 'status');
  const [status] = statuses;
  if (statuses.length > 1)
    throw notModelled(
      `query_params: the date keyword "${keyword}" on a board with several status columns is not modelled by the emulator (which one the platform reads is not documented).`,
    );
  return status;
}

function dateOf(item: ItemRecord, column: ColumnRecord): string | null {
  const stored = item.values[column.id];
  if (typeof stored !== 'object' || stored === null) return null;
  const date = (stored as { date?: unknown }).date;
  return typeof date === 'string' ? date : null;
}

function isDone(item: ItemRecord, status: ColumnRecord | undefined): boolean {
  if (!status) return false;
  const stored = item.values[status.id];
  const index = typeof stored === 'object' && stored !== null ? (stored as { index?: unknown }).index : undefined;
  const done = Array.isArray(status.settings.done_colors) ? (status.settings.done_colors as unknown[]) : [];
  return index !== undefined && index !== null && done.includes(Number(index));
}

/** The day each item's `status` took its current value, from the activity log (one pass over it). */
function statusChangeDays(store: EmulatorStore | undefined, board: BoardRecord, status: ColumnRecord) {
  const days = new Map<string, string>();
  if (!store) return days;
  for (const entry of store.activityLog.all()) {
    if (entry.boardId !== board.id || entry.event !== 'update_column_value' || entry.itemId === null) continue;
    if (entry.columnId !== status.id && entry.data.column_id !== status.id) continue;
    days.set(entry.itemId, entry.createdAt.slice(0, 10));
  }
  return days;
}

/**
 * The test of an items_page rule `keyword` on date `column` of `board` (`operator` any_of or not_any_of), or
 * undefined when `keyword` is not one of {@link STATUS_DATE_KEYWORDS}.
 * @throws INVALID_ARGUMENT or NOT_MODELLED as the module's head says.
 */
export function statusDateKeywordTest(
  board: BoardRecord,
  column: ColumnRecord,
  keyword: string,
  operator: string,
  env: { store?: EmulatorStore; now?: Date },
): ((item: ItemRecord) => boolean) | undefined {
  if (!STATUS_DATE_KEYWORDS.has(keyword)) return undefined;
  if (column.type !== 'date')
    throw notModelled(
      `query_params: the date keyword "${keyword}" on a ${column.type} column is not modelled by the emulator.`,
    );
  if (operator !== 'any_of' && operator !== 'not_any_of')
    throw invalidArgument(`query_params: the date keyword "${keyword}" takes any_of or not_any_of, not "${operator}".`);
  const status = statusColumnOf(board, keyword);
  const today = (env.now ?? new Date()).toISOString().slice(0, 10);
  let changed: Map<string, string> | undefined;
  const doneDay = (item: ItemRecord) => {
    if (!status) return item.createdAt.slice(0, 10); // never asked: without a status column no item is Done
    changed ??= statusChangeDays(env.store, board, status);
    return changed.get(item.id) ?? item.createdAt.slice(0, 10);
  };
  const matches = (item: ItemRecord): boolean => {
    const date = dateOf(item, column);
    if (date === null) return false;
    const done = isDone(item, status);
    switch (keyword as Keyword) {
      case 'OVERDUE':
        return !done && date < today;
      case 'UPCOMING':
        return !done && date > today;
      case 'DONE_ON_TIME':
        return done && doneDay(item) <= date;
      case 'DONE_OVERDUE':
        return done && doneDay(item) > date;
    }
  };
  return operator === 'any_of' ? matches : (item) => !matches(item);
}
