/** New column records: the settings each column kind starts with, and one constructor for seeds and mutations. */
import { createHash } from 'node:crypto';
import { kindSettings } from '../column-kinds/index.js';
import { COLUMN_KINDS } from '../column-kinds/kinds.js';
import type { ColumnKind, ColumnRecord } from './records.js';

/** Every column kind, with the settings a new column of it starts with (from the column-kind table). */
export const COLUMN_DEFAULTS: Readonly<Record<ColumnKind, () => Record<string, unknown>>> = Object.fromEntries(
  COLUMN_KINDS.map((kind) => [kind, () => kindSettings(kind)]),
) as Record<ColumnKind, () => Record<string, unknown>>;

/** A column of kind `type` with no description or width; `settings` default to the kind's. */
export function newColumn(
  id: string,
  title: string,
  type: ColumnKind,
  settings: Record<string, unknown> = COLUMN_DEFAULTS[type](),
): ColumnRecord {
  return { id, title, type, description: null, width: null, settings };
}

/**
 * A column's revision (`Column.revision`, 2025-10): a digest of everything update_column can change, so any change
 * (a label create_labels_if_missing added too) gives a new one and update_column can refuse a stale one.
 */
export function columnRevision(column: ColumnRecord): string {
  const state = [column.title, column.description, column.width, column.settings, column.calculated ?? null];
  return createHash('sha256').update(JSON.stringify(state)).digest('hex').slice(0, 32);
}
