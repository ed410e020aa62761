/**
 * `User.activity_logs` (2026-07, a preview on the platform): the changes a user made on the boards of the caller's
 * account, newest first, a page at a time with a cursor
 * (https://developer.monday.com/api-reference/reference/activity-logs-new and the 2026-07 changelog entry "New user
 * activity logs").
 *
 * Rule map:
 * - scope `boards:read` (the rows are board events), besides the `users:read` of the users query
 * - `board_ids`, `event_types`, `from`/`to` (ISO 8601, inclusive) and, from 2026-10, `entities` (`board`, `pulse`)
 *   and `correlation_ids` (the emulator groups no entries into sessions: `correlation_id` is null, so that filter
 *   matches nothing) narrow the rows; only live boards of the caller's account count
 * - `limit` rows a page (25 when unset, as for a board's activity log; below 1 refused, as by every cursor page:
 *   ../page-limits.ts); `cursor` is the next page's, null on the last
 * Pinned by packages/emulator/test/user-activity-logs.test.ts.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { cursorPageLimit } from '../page-limits.js';
import type { UserRecord } from '../store/records.js';
import type { UserActivityLogsArgs } from './arguments.generated.js';
import { activityLogAnswer } from './boards.js';

const DEFAULT_LIMIT = 25;

function offsetOf(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const offset = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!/^[A-Za-z0-9_-]+$/.test(cursor) || !Number.isInteger(offset) || offset < 1)
    throw engineError(ENGINE_ERROR_CODES.invalidCursor, 'The cursor is not one this API issued.');
  return offset;
}

function checkTime(value: string | null | undefined, argument: string): number | null {
  if (value === null || value === undefined) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time))
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `${argument} must be an ISO 8601 time, got "${value}".`);
  return time;
}

/** One page of `user`'s activity on the caller's boards. */
export function userActivityLogs(user: UserRecord, args: UserActivityLogsArgs, context: EngineContext) {
  requireScope(context, 'boards:read');
  const limit = cursorPageLimit(args.limit, DEFAULT_LIMIT);
  const from = checkTime(args.from, 'from');
  const to = checkTime(args.to, 'to');
  const offset = offsetOf(args.cursor);
  const rows = context.store.activityLog
    .where((entry) => {
      const board = context.store.boards.find(entry.boardId);
      const time = Date.parse(entry.createdAt);
      return (
        entry.userId === user.id &&
        board?.accountId === context.accountId &&
        board.state !== 'deleted' &&
        (!args.board_ids || args.board_ids.includes(entry.boardId)) &&
        (!args.event_types || args.event_types.includes(entry.event)) &&
        (!args.entities || args.entities.includes(entry.entity)) &&
        !args.correlation_ids &&
        (from === null || time >= from) &&
        (to === null || time <= to)
      );
    })
    .reverse();
  const page = rows.slice(offset, offset + limit);
  const next = offset + page.length;
  return {
    cursor: next < rows.length ? Buffer.from(String(next)).toString('base64url') : null,
    logs: page.map((entry) => ({ ...activityLogAnswer(entry), correlation_id: null })),
  };
}
