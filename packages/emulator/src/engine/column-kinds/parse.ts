/** Small input checks the column kinds share. */
import type { ColumnRecord } from '../store/records.js';
import { columnValueError } from './errors.js';

/** True for a plain JSON object. */
export function isObject(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

/** `input` as an object, or a ColumnValueException saying which shape was expected. */
export function objectOf(column: ColumnRecord, input: unknown, shape: string): Record<string, unknown> {
  if (!isObject(input)) throw columnValueError(column, `expected ${shape}`);
  return input;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `value` when it is a calendar date `YYYY-MM-DD`; else a ColumnValueException. */
export function calendarDate(column: ColumnRecord, value: unknown, what = 'date'): string {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  const real = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!match || !real || real.toISOString().slice(0, 10) !== value) {
    throw columnValueError(column, `${what} must be a calendar date "YYYY-MM-DD", got ${JSON.stringify(value)}`);
  }
  return value as string;
}

/** `value` as a positive whole-number id; else a ColumnValueException. */
export function positiveId(column: ColumnRecord, value: unknown, what: string): number {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number <= 0) {
    throw columnValueError(column, `${what} must be a positive id, got ${JSON.stringify(value)}`);
  }
  return number;
}

/** A list of positive ids; else a ColumnValueException. */
export function positiveIds(column: ColumnRecord, value: unknown, what: string): number[] {
  if (!Array.isArray(value)) throw columnValueError(column, `expected a list of ${what}s`);
  return value.map((entry) => positiveId(column, entry, what));
}

/** A finite number from a number or numeric text; else null. */
export function finite(value: unknown): number | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : null;
}

/** The fields of a stored object value ({} when unset). */
export function fieldsOf(stored: unknown): Record<string, unknown> {
  return isObject(stored) ? stored : {};
}
