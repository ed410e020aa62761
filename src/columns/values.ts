/**
 * Turning builders into the JSON text the platform's `JSON` arguments take: `column_values` (a JSON object keyed by
 * column id, https://developer.monday.com/api-reference/reference/change-column-values) and change_column_value's
 * `value`. The platform refuses a `JSON` argument that is not a string, so these return strings.
 */
import { PlatformConfigError } from '../client/errors/errors.js';
import type { ColumnValueBuilder } from './builder.js';

function checked(columnId: string, builder: ColumnValueBuilder): unknown {
  if (typeof builder !== 'object' || builder === null || !('json' in builder)) {
    throw new PlatformConfigError(
      `Column "${columnId}": expected a value made by a column builder (column.text(...), ...).`,
    );
  }
  if (builder.problem !== undefined) {
    throw new PlatformConfigError(`Column "${columnId}" (${builder.kind}): ${builder.problem}.`);
  }
  return builder.json;
}

/**
 * The `column_values` JSON text for `values`, keyed by column id:
 * `columnValues({ status: column.status({ label: 'Done' }), date4: column.date('2026-11-24') })`.
 *
 * @throws {@link PlatformConfigError} naming the column and why, when a builder was given input the platform would refuse.
 */
export function columnValues(values: Readonly<Record<string, ColumnValueBuilder>>): string {
  const json: Record<string, unknown> = {};
  for (const [columnId, builder] of Object.entries(values)) json[columnId] = checked(columnId, builder);
  return JSON.stringify(json);
}

/**
 * The `value` JSON text of change_column_value for one column.
 *
 * @throws {@link PlatformConfigError} naming the column and why, when the builder was given input the platform would refuse.
 */
export function columnValue(columnId: string, builder: ColumnValueBuilder): string {
  return JSON.stringify(checked(columnId, builder));
}
