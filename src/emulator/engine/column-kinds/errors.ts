/**
 * The platform's error for a value that does not fit its column: `extensions.code` `ColumnValueException`, status
 * 200, `error_data.column_type` naming the kind without a "Column" suffix
 * (https://developer.monday.com/api-reference/changelog/bug-fix-column-value-exception-error-column_type-update).
 * The emulator names the column id too, in the message and in `error_data`.
 */
import { GraphQLError } from 'graphql';
import type { ColumnRecord } from '../store/records.js';

/** The code of every wrong-value error. */
export const COLUMN_VALUE_EXCEPTION = 'ColumnValueException';

/** A ColumnValueException for `column`: "invalid value - <reason>". */
export function columnValueError(column: ColumnRecord, reason: string): GraphQLError {
  return new GraphQLError(`invalid value - ${reason} (column "${column.id}", type ${column.type}).`, {
    extensions: {
      code: COLUMN_VALUE_EXCEPTION,
      status_code: 200,
      error_data: { column_id: column.id, column_type: column.type },
    },
  });
}
