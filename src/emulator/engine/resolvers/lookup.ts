/** Finding the caller's own records; anything in another account is reported as not found. */
import type { EngineContext } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { BoardRecord, ItemRecord, UserRecord } from '../store/records.js';

/** The caller's board `id` (not deleted), or a RESOURCE_NOT_FOUND error. */
export function accountBoard(context: EngineContext, id: string): BoardRecord {
  const board = context.store.findBoard(id);
  if (!board || board.accountId !== context.accountId || board.state === 'deleted') {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Board ${id} was not found.`, { board_id: id });
  }
  return board;
}

/** The caller's item `id` (not deleted), optionally required to be on `board`; else RESOURCE_NOT_FOUND. */
export function accountItem(context: EngineContext, id: string | null | undefined, board?: BoardRecord): ItemRecord {
  if (id === null || id === undefined) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'item_id is required.');
  }
  const item = context.store.findItem(id);
  const owner = item && context.store.findBoard(item.boardId);
  if (
    !item ||
    item.state === 'deleted' ||
    owner?.accountId !== context.accountId ||
    (board && item.boardId !== board.id)
  ) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Item ${id} was not found${board ? ` on board ${board.id}` : ''}.`, {
      item_id: id,
    });
  }
  return item;
}

/**
 * Decodes a JSON argument, which the platform takes only as JSON text (an object literal or object variable is
 * refused: test/e2e/columns-round-trip.test.ts); must hold an object when `object` is set.
 */
export function decodeJson(raw: unknown, argument: string, object: boolean): unknown {
  if (typeof raw !== 'string') {
    throw engineError(
      ENGINE_ERROR_CODES.invalidColumnValue,
      `${argument} must be a JSON string (JSON.stringify the value), not ${Array.isArray(raw) ? 'a list' : `a ${typeof raw}`}.`,
      { argument },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw engineError(ENGINE_ERROR_CODES.invalidColumnValue, `${argument} is not valid JSON.`, { argument });
  }
  if (object && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    throw engineError(ENGINE_ERROR_CODES.invalidColumnValue, `${argument} must be a JSON object keyed by column id.`, {
      argument,
    });
  }
  return value;
}

/** Page `page` (1-based) of `limit` entries; no limit means everything. */
export function paginate<T>(
  list: readonly T[],
  limit: number | null | undefined,
  page: number | null | undefined,
): T[] {
  if (limit === null || limit === undefined) return [...list];
  const start = (Math.max(1, page ?? 1) - 1) * Math.max(0, limit);
  return list.slice(start, start + Math.max(0, limit));
}

/** The caller's account's users with these ids; an id of no such user is a RESOURCE_NOT_FOUND error. */
export function accountUsers(context: EngineContext, ids: readonly (string | number)[]): UserRecord[] {
  return ids.map((id) => {
    const user = context.store.findUser(id);
    if (!user || user.accountId !== context.accountId) {
      throw engineError(ENGINE_ERROR_CODES.notFound, `User ${id} was not found.`, { user_id: String(id) });
    }
    return user;
  });
}
