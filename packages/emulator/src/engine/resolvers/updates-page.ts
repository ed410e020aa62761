/**
 * `Item.updates_page` and `Board.updates_page`: the updates `Item.updates` / `Board.updates` list (top-level updates,
 * newest first, replies under their update), a page at a time with a cursor. The platform's updates reference
 * (https://developer.monday.com/api-reference/reference/updates) documents the page-numbered `updates`; what a page
 * of `updates_page` holds beyond its schema (`cursor: String`, `limit: Int = 25`, answering `{cursor, updates}`) the
 * docs do not say, so the emulator follows its other cursor pages.
 *
 * Rule map (pinned by test/engine/resolvers/updates-page.test.ts):
 * - the updates are exactly those `updates` lists without `ids`, in the same order (newest first)
 * - `limit` updates a page (25 when unset); below 1 refused with INVALID_ARGUMENT, as by every cursor page
 *   (../page-limits.ts); the docs give no maximum, and a page is never longer than the list
 * - `cursor` is the next page's, null on the last page; it names the list it pages (the item or board) and the last
 *   update served, so an update posted meanwhile (newest first: it goes to the front) neither repeats nor shifts an
 *   update of the next page
 * - a cursor this API did not issue for this list answers INVALID_CURSOR
 */
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { cursorPageLimit } from '../page-limits.js';
import type { UpdateRecord } from '../store/updates.js';

/** Updates a page holds when `limit` is unset, as the schema's default says. */
const DEFAULT_LIMIT = 25;

/** One page of updates and the cursor of the next (null on the last page). */
export interface UpdatesPageAnswer {
  cursor: string | null;
  updates: UpdateRecord[];
}

/** Where a page ends: the last update served, in the list's order (newest first). */
interface Position {
  list: string;
  createdAt: string;
  id: string;
}

function encode(position: Position): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

function decode(cursor: string, list: string): Position {
  const refuse = () => engineError(ENGINE_ERROR_CODES.invalidCursor, 'The cursor is not one this updates page issued.');
  if (cursor.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw refuse();
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  const { list: named, createdAt, id } = (position ?? {}) as Partial<Position>;
  if (named !== list || typeof createdAt !== 'string' || typeof id !== 'string') throw refuse();
  return { list, createdAt, id };
}

/** Whether `update` comes after `position` in newest-first order (older, or as old with a smaller id). */
function after(update: UpdateRecord, position: Position): boolean {
  const byTime = update.createdAt.localeCompare(position.createdAt);
  return byTime < 0 || (byTime === 0 && Number(update.id) < Number(position.id));
}

/**
 * The page of `updates` (newest first) that `cursor` and `limit` ask for; `list` names the item or board listed
 * (`item:1`, `board:2`) so that a cursor of one list is refused by another.
 * @throws INVALID_ARGUMENT for a limit below 1; INVALID_CURSOR for a cursor not issued for `list`.
 */
export function updatesPage(
  updates: readonly UpdateRecord[],
  list: string,
  args: { cursor?: string | null; limit?: number | null },
): UpdatesPageAnswer {
  const limit = cursorPageLimit(args.limit, DEFAULT_LIMIT);
  const from = args.cursor ? decode(args.cursor, list) : undefined;
  const remaining = from ? updates.filter((update) => after(update, from)) : updates;
  const page = remaining.slice(0, limit);
  const last = page.at(-1);
  return {
    cursor: last && remaining.length > page.length ? encode({ list, createdAt: last.createdAt, id: last.id }) : null,
    updates: page,
  };
}
