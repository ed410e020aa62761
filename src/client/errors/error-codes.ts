/**
 * The `extensions.code` values the client classifies: those that pick a {@link GraphQLResponseError} subclass, in one table: the platform's own
 * codes and the emulator's equivalents (see `packages/emulator/src/engine/errors.ts`). Pinned by
 * `test/unit/error-codes.test.ts`.
 *
 * Sources for the platform's codes:
 * - the error handling page (https://developer.monday.com/api-reference/docs/error-handling) lists, with their HTTP
 *   status: `ColumnValueException`, `CorrectedValueException`, `InvalidArgumentException`, `InvalidBoardIdException`,
 *   `InvalidColumnIdException`, `InvalidUserIdException`, `missingRequiredPermissions` (OAuth scopes) and
 *   `ResourceNotFoundException` (all 200), `UserUnauthorizedException` (403) and `ResourceNotFoundException` (404);
 *   `InvalidColumnIdException` ("the column ID being passed in the query is not a valid column ID") is what an
 *   unknown column id in `column_values` or `column_id` gives, in production and on the emulator alike;
 * - `InvalidItemIdException` is unconfirmed: that page does not list it (third-party clients map it); it is kept
 *   as a not-found code because its name says so.
 * - `ItemNameTooLongException` (200): the same page's item name rule (between 1 and 255 characters), an argument
 *   refused. Left unclassified, as plain {@link GraphQLResponseError}s with their `code`: `ItemsLimitationException`
 *   (a board's item cap: no argument is wrong, and waiting does not help, so neither invalid-argument nor a rate
 *   limit), `CreateBoardException` (the page gives no single cause), `InvalidVersionException` (the client checks
 *   the version's form before sending; the page does not say the server's refusal lists supported versions, which
 *   `UnsupportedApiVersionError` carries) and `USER_ACCESS_DENIED` (a 403: every non-2xx is an `HttpError` first).
 */

import type { CodeTable } from './error-info.js';
import {
  ColumnValueError,
  type GraphQLResponseError,
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  type RateLimitKind,
} from './errors.js';

/** Each code the client classifies, and the {@link GraphQLResponseError} subclass it becomes. */
export const ERROR_CODE_CLASSES: CodeTable<typeof GraphQLResponseError> = {
  __proto__: null,
  ResourceNotFoundException: NotFoundError,
  InvalidBoardIdException: NotFoundError,
  InvalidItemIdException: NotFoundError, // unconfirmed: not on the error handling page
  InvalidColumnIdException: NotFoundError,
  InvalidUserIdException: NotFoundError,
  RESOURCE_NOT_FOUND: NotFoundError,
  UserUnauthorizedException: PermissionDeniedError,
  missingRequiredPermissions: PermissionDeniedError,
  USER_UNAUTHORIZED: PermissionDeniedError,
  InvalidArgumentException: InvalidArgumentError,
  INVALID_ARGUMENT: InvalidArgumentError,
  ItemNameTooLongException: InvalidArgumentError,
  ColumnValueException: ColumnValueError,
  CorrectedValueException: ColumnValueError,
  INVALID_COLUMN_VALUE: ColumnValueError,
};

/**
 * The codes that mean a limit refused the call, and which limit (see `./rate-limit-errors.ts` for the sources).
 */
export const LIMIT_CODE_KINDS: CodeTable<RateLimitKind> = {
  __proto__: null,
  DAILY_LIMIT_EXCEEDED: 'daily',
  RATE_LIMIT_EXCEEDED: 'minute',
  COMPLEXITY_BUDGET_EXHAUSTED: 'complexity',
  ComplexityException: 'complexity',
  maxConcurrencyExceeded: 'concurrency',
  IP_RATE_LIMIT_EXCEEDED: 'ip',
};
