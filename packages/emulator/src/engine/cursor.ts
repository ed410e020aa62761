/**
 * Cursor pagination of items. A cursor is opaque to clients: base64url JSON naming the board (and group) being
 * listed, when it was issued (it expires after the engine's `cursorTtlMs`, 60 minutes by default), and either
 * the place of the last item returned: its board position, so a plain listing stays stable while items are added,
 * or, for a listing with `query_params`, the query itself and the last item's key in the query's order (its
 * `order_by` values, board position and id: ./items-query.ts). A cursor is a position, never a count of items
 * served: the platform's cursor "represents the position in the list after the last returned item"
 * (https://developer.monday.com/api-reference/reference/next-items-page), so an item that leaves the listing before
 * that place moves no item that stayed out of the next page (pinned end to end by test/e2e/bulk-export-items.test.ts).
 *
 * Every cursor is signed (`payload.signature`, HMAC-SHA256 with a secret of the emulator's store), and the signature
 * is checked before the payload is parsed: a cursor a client forged or edited (one that never expires, or a query
 * nested thousands deep) is refused as INVALID_CURSOR. Pinned by `packages/emulator/test/engine-cursor.test.ts`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EngineContext } from './context.js';
import { ENGINE_ERROR_CODES, engineError } from './errors.js';
import { type ItemsQuery, isQueryOrderKey, type QueryOrderKey, queryPage } from './items-query.js';
import { cursorPageLimit } from './page-limits.js';
import type { ItemRecord } from './store/records.js';

/** Largest page `items_page` / `next_items_page` serve. */
export const MAX_PAGE_SIZE = 500;

interface CursorState {
  board: string;
  group?: string;
  position: number;
  item: number;
  /** When the cursor was issued (ms since the epoch). */
  issued?: number;
  /** The query of a filtered listing, and the order key of the last item served (none on a first page's cursor). */
  query?: ItemsQuery;
  after?: QueryOrderKey;
}

/** How long a cursor lives unless the engine says otherwise: 60 minutes, as on the platform. */
export const DEFAULT_CURSOR_TTL_MS = 60 * 60 * 1000;

/** One page of items and the cursor of the next (null on the last page). */
export interface ItemsPage {
  cursor: string | null;
  items: ItemRecord[];
}

/** The longest cursor read; a longer one is refused before it is checked. */
const MAX_CURSOR_LENGTH = 64 * 1024;

/** The signing secret of each emulator, by its store (one store per emulator), made on first use. */
const secrets = new WeakMap<object, Buffer>();

function signature(context: EngineContext, payload: string): Buffer {
  let secret = secrets.get(context.store);
  if (!secret) {
    secret = randomBytes(32);
    secrets.set(context.store, secret);
  }
  return createHmac('sha256', secret).update(payload).digest().subarray(0, 18);
}

function encode(context: EngineContext, state: CursorState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${signature(context, payload).toString('base64url')}`;
}

/** The payload of a cursor this emulator signed, or undefined. */
function verified(context: EngineContext, cursor: string): string | undefined {
  if (cursor.length > MAX_CURSOR_LENGTH) return undefined;
  const dot = cursor.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const payload = cursor.slice(0, dot);
  const given = Buffer.from(cursor.slice(dot + 1), 'base64url');
  const expected = signature(context, payload);
  return given.length === expected.length && timingSafeEqual(given, expected) ? payload : undefined;
}

function decode(context: EngineContext, cursor: string): CursorState {
  try {
    const payload = verified(context, cursor);
    if (payload === undefined) throw new Error('unsigned');
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CursorState;
    const query = state.query;
    const queryOk =
      query === undefined || (typeof query === 'object' && query !== null && isQueryOrderKey(state.after, query));
    if (
      typeof state.board === 'string' &&
      typeof state.position === 'number' &&
      typeof state.item === 'number' &&
      queryOk
    ) {
      return state;
    }
  } catch {
    // fall through to the error below
  }
  throw engineError(ENGINE_ERROR_CODES.invalidCursor, 'The cursor is not one this API issued.');
}

/** A page of a board's (or group's) active items, after the position in `cursor` when given. */
export function pageItems(
  context: EngineContext,
  scope: { board: string; group?: string },
  limit: number,
  cursor?: string | null,
  query?: ItemsQuery | null,
): ItemsPage {
  cursorPageLimit(limit, limit, MAX_PAGE_SIZE);
  const after = cursor ? decode(context, cursor) : undefined;
  if (after && (after.board !== scope.board || after.group !== scope.group)) {
    throw engineError(ENGINE_ERROR_CODES.invalidCursor, 'The cursor belongs to a different listing.');
  }
  if (after) checkAge(context, after);
  // The store keeps the listing in board order: a page reads on from its place, whatever the board's size.
  const all = context.store.items.ordered(scope.board, scope.group);
  const filter = after ? after.query : query;
  if (filter) return pageQuery(context, scope, all, filter, limit, after?.after);
  const start = after ? firstAfter(all, after.position, after.item) : 0;
  const items = all.slice(start, start + limit);
  const last = items.at(-1);
  const more = start + items.length < all.length && last !== undefined;
  return {
    items,
    cursor: more
      ? encode(context, { ...scope, position: last.position, item: Number(last.id), issued: context.store.clock.now() })
      : null,
  };
}

/** The index of the first item of `ordered` (in board order) past the place (`position`, `id`): a binary search. */
function firstAfter(ordered: readonly ItemRecord[], position: number, id: number): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const item = ordered[middle] as ItemRecord;
    if (item.position > position || (item.position === position && Number(item.id) > id)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Rejects a cursor older than the engine's cursor lifetime. */
function checkAge(context: EngineContext, state: CursorState): void {
  const ttl = context.cursorTtlMs ?? DEFAULT_CURSOR_TTL_MS;
  if (state.issued !== undefined && context.store.clock.now() - state.issued > ttl) {
    throw engineError(
      ENGINE_ERROR_CODES.cursorExpired,
      `The cursor has expired: cursors live ${ttl >= 60_000 ? `${Math.round(ttl / 60_000)} minutes` : `${ttl} ms`}. Start the listing again without a cursor.`,
    );
  }
}

/** A page of a filtered, ordered listing: the query's items after the place `after` (none: from its start). */
function pageQuery(
  context: EngineContext,
  scope: { board: string; group?: string },
  all: readonly ItemRecord[],
  query: ItemsQuery,
  limit: number,
  after: QueryOrderKey | undefined,
): ItemsPage {
  const board = context.store.boards.find(scope.board);
  if (!board) throw engineError(ENGINE_ERROR_CODES.notFound, `Board ${scope.board} does not exist.`);
  const env = { store: context.store, callerId: String(context.grant.userId), now: new Date(context.store.now()) };
  const page = queryPage(board, all, query, env, limit, after);
  const cursor =
    page.more && page.last
      ? encode(context, { ...scope, position: 0, item: 0, issued: context.store.clock.now(), query, after: page.last })
      : null;
  return { items: page.items, cursor };
}

/** The arguments of `items_page` on a board or a group. */
export interface ItemsPageArgs {
  cursor?: string | null;
  limit: number;
  query_params?: ItemsQuery | null;
}

/** `items_page` of a board or group: `cursor` continues a listing, `query_params` starts a filtered one; not both. */
export function itemsPage(context: EngineContext, scope: { board: string; group?: string }, args: ItemsPageArgs) {
  if (args.cursor && args.query_params) {
    throw engineError(
      ENGINE_ERROR_CODES.invalidArgument,
      'items_page takes cursor or query_params, not both: the cursor already carries the query. Pass only the cursor (or use next_items_page).',
    );
  }
  return pageItems(context, scope, args.limit, args.cursor, args.query_params);
}

/** Continues a listing from a cursor alone (`next_items_page`); the board must be the caller's. */
export function nextPage(context: EngineContext, cursor: string, limit: number): ItemsPage {
  const state = decode(context, cursor);
  const board = context.store.boards.find(state.board);
  if (!board || board.accountId !== context.accountId || board.state === 'deleted') {
    throw engineError(ENGINE_ERROR_CODES.notFound, 'The board this cursor lists no longer exists.');
  }
  return pageItems(
    context,
    state.group === undefined ? { board: state.board } : { board: state.board, group: state.group },
    limit,
    cursor,
  );
}
