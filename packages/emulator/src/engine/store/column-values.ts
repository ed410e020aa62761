/**
 * Turns client-supplied column values into stored values, and stored values into their `text`: the per-kind rules
 * live in the column-kind table (../column-kinds/index.ts).
 */
import { storedText, writeColumnValue } from '../column-kinds/index.js';
import type { ColumnRecord } from './records.js';

export { statusLabels } from '../column-kinds/index.js';

/**
 * The stored value for `input` on `column`, or null when `input` clears it.
 * May add a status or dropdown label when `createLabels` is on. Throws a ColumnValueException otherwise.
 */
export function normalizeColumnValue(column: ColumnRecord, input: unknown, createLabels: boolean): unknown {
  return writeColumnValue(column, input, createLabels);
}

/** The display text of a stored value ('' when unset). */
export function columnText(column: ColumnRecord, stored: unknown): string {
  return storedText(column, stored);
}
