/**
 * Cursor pagination of items. A cursor is opaque to clients: base64url JSON naming the board (and group) being
 * listed and the board position of the last item returned, so a listing stays stable while items are added.
 */
import type { EngineContext } from './context.js';
import { ENGINE_ERROR_CODES, engineError } from './errors.js';
import type { ItemRecord } from './store/records.js';

/** Largest page `items_page` / `next_items_page` serve. */
export const MAX_PAGE_SIZE = 500;

interface CursorState {
  board: string;
  group?: string;
  position: number;
  item: number;
}

/** One page of items and the cursor of the next (null on the last page). */
export interface ItemsPage {
  cursor: string | null;
  items: ItemRecord[];
}

function encode(state: CursorState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

function decode(cursor: string): CursorState {
  try {
    const state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorState;
    if (typeof state.board === 'string' && typeof state.position === 'number' && typeof state.item === 'number') {
      return state;
    }
  } catch {
    // fall through to the error below
  }
  throw engineError(ENGINE_ERROR_CODES.invalidCursor, 'The cursor is not one this API issued.');
}

function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `limit must be between 1 and ${MAX_PAGE_SIZE}, got ${limit}.`);
  }
}

/** A page of a board's (or group's) active items, after the position in `cursor` when given. */
export function pageItems(
  context: EngineContext,
  scope: { board: string; group?: string },
  limit: number,
  cursor?: string | null,
): ItemsPage {
  checkLimit(limit);
  const after = cursor ? decode(cursor) : undefined;
  if (after && (after.board !== scope.board || after.group !== scope.group)) {
    throw engineError(ENGINE_ERROR_CODES.invalidCursor, 'The cursor belongs to a different listing.');
  }
  const all = context.store.activeItems(scope.board, scope.group);
  const rest = after
    ? all.filter((item) => item.position > after.position || (item.position === after.position && Number(item.id) > after.item))
    : all;
  const items = rest.slice(0, limit);
  const last = items.at(-1);
  const more = rest.length > items.length && last !== undefined;
  return { items, cursor: more ? encode({ ...scope, position: last.position, item: Number(last.id) }) : null };
}

/** Continues a listing from a cursor alone (`next_items_page`); the board must be the caller's. */
export function nextPage(context: EngineContext, cursor: string, limit: number): ItemsPage {
  const state = decode(cursor);
  const board = context.store.findBoard(state.board);
  if (!board || board.accountId !== context.accountId || board.state === 'deleted') {
    throw engineError(ENGINE_ERROR_CODES.notFound, 'The board this cursor lists no longer exists.');
  }
  return pageItems(context, state.group === undefined ? { board: state.board } : { board: state.board, group: state.group }, limit, cursor);
}
