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
 * - `ItemNameTooLongException` (200): the same page's item name rule (between 1 and 255 characters), an argument
 *   refused. Left unclassified, as plain {@link GraphQLResponseError}s with their `code`: `ItemsLimitationException`
 *   (a board's item cap: no argument is wrong, and waiting does not help, so neither invalid-argument nor a rate
 *   limit), `CreateBoardException` (the page gives no single cause), `InvalidVersionException` (the client checks
 *   the version's form before sending; the page does not say the server's refusal lists supported versions, which
 *   `UnsupportedApiVersionError` carries) and `USER_ACCESS_DENIED` (a 403: every non-2xx is an `HttpError` first).
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
  ['ItemNameTooLongException', 'invalid-argument'],
  ['ColumnValueException', 'column-value'],
  ['CorrectedValueException', 'column-value'],
  ['INVALID_COLUMN_VALUE', 'column-value'],
]);

/** The top-level `extensions` key under which the platform puts the id of every request. */
export const REQUEST_ID_KEY = 'request_id';

/** The longest request id kept; anything longer is not an id. */
export const MAX_REQUEST_ID_LENGTH = 200;
