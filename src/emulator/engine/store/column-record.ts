/** New column records: the settings each modelled column kind starts with, and one constructor for seeds and mutations. */
import type { ColumnKind, ColumnRecord } from './records.js';

/** Column kinds `create_column` can make, with the settings a new column of each kind starts with. */
export const COLUMN_DEFAULTS: Readonly<Record<ColumnKind, () => Record<string, unknown>>> = {
  text: () => ({}),
  long_text: () => ({}),
  status: () => ({ labels: { 0: 'Working on it', 1: 'Done', 2: 'Stuck' }, done_colors: [1] }),
  date: () => ({}),
  numbers: () => ({}),
  checkbox: () => ({}),
  file: () => ({}),
};

/** A column of kind `type` with no description or width; `settings` default to the kind's. */
export function newColumn(
  id: string,
  title: string,
  type: ColumnKind,
  settings: Record<string, unknown> = COLUMN_DEFAULTS[type](),
): ColumnRecord {
  return { id, title, type, description: null, width: null, settings };
}
