/** New column records: the settings each column kind starts with, and one constructor for seeds and mutations. */
import { COLUMN_KINDS } from '../../../columns/kinds.js';
import { kindSettings } from '../column-kinds/index.js';
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
