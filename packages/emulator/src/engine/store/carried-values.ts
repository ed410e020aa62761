/**
 * The column values an item takes along when it moves to another board: by a `columns_mapping`, else to the
 * column with the same id and kind; status values are carried by label text, so the target board's labels apply.
 */
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { columnText, normalizeColumnValue } from './column-values.js';
import { valuesRecord } from './item-values.js';
import type { BoardRecord, ColumnRecord, ItemRecord } from './records.js';

/** Source column id → target column id (null drops the value), as `columns_mapping` gives it. */
export type ColumnMapping = ReadonlyMap<string, string | null>;

/** A stored value of `column` in the form `create_item` accepts, so it can be stored again on another column. */
function asInput(column: ColumnRecord, stored: unknown): unknown {
  if (column.type === 'status') return { label: columnText(column, stored) };
  return stored;
}

/** The values of `item` carried over to `to`'s columns: by `mapping`, else to the column with the same id and kind. */
export function carriedValues(
  from: BoardRecord,
  to: BoardRecord,
  item: ItemRecord,
  mapping: ColumnMapping | undefined,
): Record<string, unknown> {
  const values = valuesRecord();
  for (const [columnId, stored] of Object.entries(item.values)) {
    const source = from.columns.find((column) => column.id === columnId);
    if (!source) continue;
    const targetId = mapping ? mapping.get(columnId) : columnId;
    if (targetId === null || targetId === undefined) continue;
    const target = to.columns.find((column) => column.id === targetId);
    if (!target || target.type !== source.type) {
      if (!mapping) continue;
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        `Column "${columnId}" cannot be mapped to "${targetId}" on board ${to.id}: no such column of kind ${source.type}.`,
        {
          column_id: columnId,
        },
      );
    }
    values[target.id] = target.type === 'file' ? stored : normalizeColumnValue(target, asInput(source, stored), true);
  }
  return values;
}
