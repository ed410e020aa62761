/**
 * Parent values calculated from subitems: a column created (or updated) with `capabilities.calculated` shows, on an
 * item that has subitems, the summary of its subitems' values; an item without subitems keeps its own value.
 *
 * Rule map (https://developer.monday.com/api-reference/docs/working-with-multi-level-boards):
 * - a parent's cell summarises the items below it, a leaf's cell holds a value: {@link calculatedValue}
 * - the calculated value is answered only when `Item.column_values` asks for `capabilities: [CALCULATED]`; without
 *   it the item's own value is answered (resolvers/items.ts)
 * - a parent's calculated cell cannot be written while it has subitems: {@link refuseCalculatedWrite}
 * - which subitem values: the subitems' values in the column of the same id on the subitems board, which the
 *   emulator keeps in step with the parent board's calculated columns (store/columns.ts, store/boards.ts), as a
 *   multi-level board shares one column structure between parents and subitems
 * - functions (`CalculatedFunction`): SUM, MIN, MAX of the subitems' numbers, COUNT_KEYS the number of subitems
 *   holding a value, NONE no calculation; MIN_MAX is refused by create_column and update_column as not modelled
 * Pinned by packages/emulator/test/calculated-columns.test.ts.
 */
import { summariseNumbers } from '../number-summaries.js';
import { storedValue } from '../store/item-values.js';
import type { ColumnRecord, ItemRecord } from '../store/records.js';
import { columnValueError } from './errors.js';
import type { RecordReader } from './types.js';

/** The calculation functions the emulator applies (the others of `CalculatedFunction` are NONE and MIN_MAX). */
const FUNCTIONS: Readonly<Record<string, (values: readonly number[]) => number | null>> = {
  SUM: (values) => (values.length === 0 ? null : summariseNumbers('SUM', values)),
  MIN: (values) => summariseNumbers('MIN', values),
  MAX: (values) => summariseNumbers('MAX', values),
  COUNT_KEYS: (values) => values.length,
};

/** What a calculation reads: a board's subitems board and its live items. */
export type SubitemReader = Pick<RecordReader, 'boards' | 'items'>;

/** True when `fn` is a calculation the emulator does not model on a numbers column. */
export function isUnmodelledCalculation(fn: string): boolean {
  return fn === 'MIN_MAX';
}

/** True when `column` has a calculation that applies (not absent, not NONE). */
export function isCalculated(column: ColumnRecord): boolean {
  return column.calculated !== undefined && FUNCTIONS[column.calculated] !== undefined;
}

/** The live subitems of `item` (none for a subitem or an item of a board without subitems). */
export function liveSubitems(item: ItemRecord, store: SubitemReader): ItemRecord[] {
  const board = store.boards.find(item.boardId);
  const subBoard = board && store.boards.subitemsBoardOf(board);
  if (!subBoard) return [];
  return store.items.ordered(subBoard.id).filter((candidate) => candidate.parentItemId === item.id);
}

/**
 * The calculated value of `column` on `item` as the numbers kind stores it (a number as text, null when no subitem
 * holds one), or undefined when `item` keeps its own value (no calculation, or no subitems).
 */
export function calculatedValue(
  column: ColumnRecord,
  item: ItemRecord,
  store: SubitemReader,
): string | null | undefined {
  const calculate = column.calculated === undefined ? undefined : FUNCTIONS[column.calculated];
  if (!calculate) return undefined;
  const subitems = liveSubitems(item, store);
  if (subitems.length === 0) return undefined;
  const values = subitems
    .map((subitem) => storedValue(subitem, column.id))
    .filter((value) => value !== null && value !== undefined && value !== '')
    .map(Number)
    .filter(Number.isFinite);
  const result = calculate(values);
  return result === null ? null : String(result);
}

/** Throws a ColumnValueException when `item`'s value in `column` is calculated from subitems it has. */
export function refuseCalculatedWrite(column: ColumnRecord, item: ItemRecord, store: SubitemReader): void {
  if (isCalculated(column) && liveSubitems(item, store).length > 0)
    throw columnValueError(column, `the value is calculated from the item's subitems (${column.calculated})`);
}
