/**
 * The `extensions.code` values that pick a {@link GraphQLResponseError} subclass, in one table: the platform's own
 * codes and the emulator's equivalents (see `src/emulator/engine/errors.ts`). Pinned by
 * `test/unit/error-codes.test.ts`.
 *
 * Sources for the platform's codes:
 * - the error handling page (https://developer.monday.com/api-reference/docs/error-handling) lists, with their HTTP
 *   status: `ColumnValueException`, `CorrectedValueException`, `InvalidArgumentException`, `InvalidBoardIdException`,
 *   `InvalidColumnIdException`, `InvalidUserIdException`, `missingRequiredPermissions` (OAuth scopes) and
 *   `ResourceNotFoundException` (all 200), `UserUnauthorizedException` (403) and `ResourceNotFoundException` (404);
 * - `InvalidItemIdException` is unconfirmed: that page does not list it (third-party clients map it); it is kept
 *   as a not-found code because its name says so.
 */

/** What kind of failure a code names; the error factory picks the class from it. */
export type ErrorCodeKind = 'not-found' | 'permission-denied' | 'invalid-argument' | 'column-value';

/** Each code the client classifies, and its kind. */
export const ERROR_CODE_KINDS: ReadonlyMap<string, ErrorCodeKind> = new Map([
  ['ResourceNotFoundException', 'not-found'],
  ['InvalidBoardIdException', 'not-found'],
  ['InvalidItemIdException', 'not-found'], // unconfirmed: not on the error handling page
  ['InvalidColumnIdException', 'not-found'],
  ['InvalidUserIdException', 'not-found'],
  ['RESOURCE_NOT_FOUND', 'not-found'],
  ['UserUnauthorizedException', 'permission-denied'],
  ['missingRequiredPermissions', 'permission-denied'],
  ['USER_UNAUTHORIZED', 'permission-denied'],
  ['InvalidArgumentException', 'invalid-argument'],
  ['INVALID_ARGUMENT', 'invalid-argument'],
  ['ColumnValueException', 'column-value'],
  ['CorrectedValueException', 'column-value'],
  ['INVALID_COLUMN_VALUE', 'column-value'],
]);

/** The top-level `extensions` key under which the platform puts the id of every request. */
export const REQUEST_ID_KEY = 'request_id';

/** The longest request id kept; anything longer is not an id. */
export const MAX_REQUEST_ID_LENGTH = 200;
