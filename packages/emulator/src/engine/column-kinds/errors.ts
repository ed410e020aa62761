/**
 * The platform's errors for a value that does not fit its column, both status 200 with `error_data.column_type`
 * naming the kind without a "Column" suffix:
 * - `ColumnValueException`, "invalid value - <reason>": a value of the wrong shape
 *   (https://developer.monday.com/api-reference/changelog/bug-fix-column-value-exception-error-column_type-update,
 *   https://developer.monday.com/api-reference/docs/error-handling);
 * - `CorrectedValueException`: a simple string sent to a kind that takes JSON only (the error handling page:
 *   "ensure the column supports this type of value format"). Pinned by packages/emulator/test/column-kinds.test.ts.
 * The emulator names the column id too, in the message and in `error_data`.
 * - `InvalidColumnIdException` (status 200): a column id the board does not have, in `column_values` or
 *   `column_id` (the error handling page: "the column ID being passed in the query is not a valid column ID").
 */
import { GraphQLError } from 'graphql';
import type { ColumnRecord } from '../store/records.js';

/** The code of every wrong-value error. */
export const COLUMN_VALUE_EXCEPTION = 'ColumnValueException';

/** The code of a simple string sent to a JSON-only kind. */
export const CORRECTED_VALUE_EXCEPTION = 'CorrectedValueException';

function columnError(code: string, column: ColumnRecord, message: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code, status_code: 200, error_data: { column_id: column.id, column_type: column.type } },
  });
}

/** A ColumnValueException for `column`: "invalid value - <reason>". */
export function columnValueError(column: ColumnRecord, reason: string): GraphQLError {
  return columnError(
    COLUMN_VALUE_EXCEPTION,
    column,
    `invalid value - ${reason} (column "${column.id}", type ${column.type}).`,
  );
}

/** A CorrectedValueException for a simple string sent to `column`, whose kind takes JSON only. */
export function simpleValueError(column: ColumnRecord): GraphQLError {
  return columnError(
    CORRECTED_VALUE_EXCEPTION,
    column,
    `a ${column.type} column takes JSON only: use change_column_value (column "${column.id}").`,
  );
}

/** The code of a column id the board does not have. */
export const INVALID_COLUMN_ID_EXCEPTION = 'InvalidColumnIdException';

/** An InvalidColumnIdException: `columnId` is not a column of board `boardId`. */
export function unknownColumnError(boardId: string, columnId: string): GraphQLError {
  return new GraphQLError(`Column "${columnId}" does not exist on board ${boardId}.`, {
    extensions: { code: INVALID_COLUMN_ID_EXCEPTION, status_code: 200, error_data: { column_id: columnId } },
  });
}
