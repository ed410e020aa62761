/**
 * Kinds whose values are labels of the column's settings: status (label id → label, the id a value holds as `index`)
 * and dropdown (id → label). Both add a label they are sent when create_labels_if_missing is on
 * (https://developer.monday.com/api-reference/reference/status, .../dropdown); otherwise an unknown label is a
 * ColumnValueException (pinned by packages/emulator/test/engine-mutations.test.ts). A label retired with `is_deactivated`
 * (update_status_column, update_dropdown_column) still shows where it is set and cannot be set again
 * (packages/emulator/test/column-updates.test.ts).
 */
import type { ColumnRecord } from '../store/records.js';
import { columnValueError } from './errors.js';
import { fieldsOf, finite, isObject } from './parse.js';
import { deactivatedStatusIndexes } from './status-labels.js';
import type { KindSpec } from './types.js';

/** Status labels of a column, label id → label (the id a value holds as `index`: ./status-labels.ts). */
export function statusLabels(column: ColumnRecord): Record<string, string> {
  const labels = column.settings.labels;
  return isObject(labels) ? (labels as Record<string, string>) : {};
}

/** `index` unless its label is deactivated (update_status_column's `is_deactivated`: ./status-labels.ts). */
function settable(column: ColumnRecord, index: number): { index: number } {
  if (deactivatedStatusIndexes(column).includes(index))
    throw columnValueError(column, `status label "${statusLabels(column)[String(index)]}" is deactivated`);
  return { index };
}

function writeStatus(input: unknown, column: ColumnRecord, createLabels: boolean): unknown {
  const labels = statusLabels(column);
  if (isObject(input) && input.index !== undefined && input.index !== null) {
    const index = Number(input.index);
    if (labels[String(index)] === undefined) throw columnValueError(column, `no status label with index ${index}`);
    return settable(column, index);
  }
  const label = isObject(input) ? input.label : input;
  if (typeof label !== 'string') throw columnValueError(column, 'expected {"label": "..."} or {"index": n}');
  const found = Object.entries(labels).find(([, text]) => text === label);
  if (found) return settable(column, Number(found[0]));
  if (!createLabels) {
    throw columnValueError(column, `label "${label}" does not exist in column (create_labels_if_missing is off)`);
  }
  const index = Math.max(-1, ...Object.keys(labels).map(Number)) + 1;
  column.settings.labels = { ...labels, [String(index)]: label };
  return { index };
}

interface DropdownLabel {
  id: number;
  name: string;
}

/** Dropdown labels of a column; settings may list `{ id, name }` objects or plain names (ids 1, 2, ...). */
export function dropdownLabels(column: ColumnRecord): DropdownLabel[] {
  const labels = Array.isArray(column.settings.labels) ? column.settings.labels : [];
  return labels.map((label, index) =>
    isObject(label) ? { id: Number(label.id), name: String(label.name) } : { id: index + 1, name: String(label) },
  );
}

/** The ids of a dropdown column's deactivated labels (update_dropdown_column's `is_deactivated`). */
export function deactivatedDropdownIds(column: ColumnRecord): number[] {
  const listed = column.settings.deactivated_labels;
  return Array.isArray(listed) ? listed.filter((id): id is number => typeof id === 'number') : [];
}

/** `id` unless its label is deactivated (./dropdown-labels.ts). */
function settableDropdown(column: ColumnRecord, label: DropdownLabel): number {
  if (deactivatedDropdownIds(column).includes(label.id))
    throw columnValueError(column, `dropdown label "${label.name}" is deactivated`);
  return label.id;
}

function writeDropdown(input: unknown, column: ColumnRecord, createLabels: boolean): unknown {
  const labels = dropdownLabels(column);
  const value = typeof input === 'string' ? { labels: input.split(',').map((label) => label.trim()) } : input;
  if (!isObject(value)) throw columnValueError(column, 'expected {"labels": [...]} or {"ids": [...]}');
  if (Array.isArray(value.ids)) {
    return {
      ids: value.ids.map((id) => {
        const found = labels.find((label) => label.id === Number(id));
        if (!found) throw columnValueError(column, `no dropdown label with id ${JSON.stringify(id)}`);
        return settableDropdown(column, found);
      }),
    };
  }
  if (!Array.isArray(value.labels)) throw columnValueError(column, 'expected {"labels": [...]} or {"ids": [...]}');
  const ids = value.labels.map((name) => {
    if (typeof name !== 'string' || name === '')
      throw columnValueError(column, 'a dropdown label is a non-empty string');
    const found = labels.find((label) => label.name === name);
    if (found) return settableDropdown(column, found);
    if (!createLabels) {
      throw columnValueError(column, `label "${name}" does not exist in column (create_labels_if_missing is off)`);
    }
    const id = Math.max(0, ...labels.map((label) => label.id)) + 1;
    labels.push({ id, name });
    column.settings.labels = labels;
    return id;
  });
  return { ids };
}

function dropdownNames(column: ColumnRecord, stored: unknown): DropdownLabel[] {
  const ids = Array.isArray(fieldsOf(stored).ids) ? (fieldsOf(stored).ids as unknown[]) : [];
  const labels = dropdownLabels(column);
  return ids.flatMap((id) => labels.filter((label) => label.id === Number(id)));
}

export const LABEL_KINDS = {
  status: {
    valueType: 'StatusValue',
    settings: () => ({ labels: { 0: 'Working on it', 1: 'Done', 2: 'Stuck' }, done_colors: [1] }),
    write: (input, { column, createLabels }) => writeStatus(input, column, createLabels),
    simple: (text) => text,
    text: (stored, { column }) => (stored == null ? '' : (statusLabels(column)[String(fieldsOf(stored).index)] ?? '')),
    fields: (stored, { column }) => {
      const index = finite(fieldsOf(stored).index);
      const done = (column.settings.done_colors as number[] | undefined) ?? [];
      const label = index === null ? null : (statusLabels(column)[String(index)] ?? null);
      return { index, label, is_done: index !== null && done.includes(index) };
    },
    cell: (stored) => finite(fieldsOf(stored).index),
  },
  dropdown: {
    valueType: 'DropdownValue',
    settings: () => ({ labels: [] }),
    write: (input, { column, createLabels }) => writeDropdown(input, column, createLabels),
    simple: (text) => text,
    text: (stored, { column }) =>
      dropdownNames(column, stored)
        .map((label) => label.name)
        .join(', '),
    fields: (stored, { column }) => ({
      values: dropdownNames(column, stored).map((label) => ({ id: String(label.id), label: label.name })),
    }),
    cell: (stored) => (Array.isArray(fieldsOf(stored).ids) ? (fieldsOf(stored).ids as number[]) : null),
  },
} satisfies Record<string, KindSpec>;
