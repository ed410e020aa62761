/**
 * Turns client-supplied column values into stored values, and stored values into their `text`.
 * Accepted inputs follow the platform: plain strings for simple columns, or the column's JSON shape.
 */
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { ColumnRecord } from './records.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

function invalid(column: ColumnRecord, reason: string): Error {
  return engineError(ENGINE_ERROR_CODES.invalidColumnValue, `Invalid value for column "${column.id}": ${reason}`, {
    column_id: column.id,
  });
}

function isEmpty(input: unknown): boolean {
  return input === null || input === undefined || input === '' || (isObject(input) && Object.keys(input).length === 0);
}

function isObject(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

/** Status labels of a column, index → label. */
export function statusLabels(column: ColumnRecord): Record<string, string> {
  const labels = column.settings.labels;
  return isObject(labels) ? (labels as Record<string, string>) : {};
}

function normalizeStatus(column: ColumnRecord, input: unknown, createLabels: boolean): unknown {
  const labels = statusLabels(column);
  if (isObject(input) && input.index !== undefined) {
    const index = Number(input.index);
    if (labels[String(index)] === undefined) throw invalid(column, `no status label with index ${index}`);
    return { index };
  }
  const label = isObject(input) ? input.label : input;
  if (typeof label !== 'string') throw invalid(column, 'expected a label string, {"label": ...} or {"index": n}');
  const found = Object.entries(labels).find(([, text]) => text === label);
  if (found) return { index: Number(found[0]) };
  if (!createLabels) throw invalid(column, `no status label "${label}" (create_labels_if_missing is off)`);
  const index = Math.max(-1, ...Object.keys(labels).map(Number)) + 1;
  column.settings.labels = { ...labels, [String(index)]: label };
  return { index };
}

function normalizeDate(column: ColumnRecord, input: unknown): unknown {
  const [date, time] = typeof input === 'string' ? input.split(' ') : isObject(input) ? [input.date, input.time] : [];
  if (typeof date !== 'string' || !DATE.test(date)) throw invalid(column, 'expected "YYYY-MM-DD" or {"date": ...}');
  if (time !== undefined && time !== null && (typeof time !== 'string' || !TIME.test(time))) {
    throw invalid(column, 'time must be "HH:MM:SS"');
  }
  return typeof time === 'string' ? { date, time } : { date };
}

/**
 * The stored value for `input` on `column`, or null when `input` clears it.
 * May add a status label when `createLabels` is on. Throws an INVALID_COLUMN_VALUE error otherwise.
 */
export function normalizeColumnValue(column: ColumnRecord, input: unknown, createLabels: boolean): unknown {
  if (isEmpty(input)) return null;
  switch (column.type) {
    case 'text':
      if (typeof input === 'string' || typeof input === 'number') return String(input);
      throw invalid(column, 'expected a string');
    case 'long_text': {
      const text = isObject(input) ? input.text : input;
      if (typeof text !== 'string') throw invalid(column, 'expected a string or {"text": ...}');
      return { text };
    }
    case 'status':
      return normalizeStatus(column, input, createLabels);
    case 'date':
      return normalizeDate(column, input);
    case 'numbers': {
      const number = typeof input === 'number' ? input : typeof input === 'string' ? Number(input) : Number.NaN;
      if (!Number.isFinite(number)) throw invalid(column, 'expected a number');
      return String(number);
    }
    case 'checkbox': {
      const checked = isObject(input) ? input.checked : input;
      if (checked === true || checked === 'true') return { checked: 'true' };
      if (checked === false || checked === 'false') return null;
      throw invalid(column, 'expected {"checked": "true"}');
    }
    case 'file':
      throw invalid(column, 'file columns are set by uploading with add_file_to_column');
  }
}

/** The display text of a stored value ('' when unset). */
export function columnText(column: ColumnRecord, stored: unknown): string {
  if (stored === null || stored === undefined) return '';
  const value = stored as Record<string, unknown>;
  switch (column.type) {
    case 'text':
    case 'numbers':
      return String(stored);
    case 'long_text':
      return String(value.text ?? '');
    case 'status':
      return statusLabels(column)[String(value.index)] ?? '';
    case 'date':
      return value.time ? `${value.date} ${value.time}` : String(value.date);
    case 'checkbox':
      return value.checked === 'true' ? 'v' : '';
    case 'file':
      return ((value.files ?? []) as { name: string }[]).map((file) => file.name).join(', ');
  }
}
