/**
 * How many entries a list answers for its `limit` argument: one rule per kind of list. The platform's docs give
 * defaults and maxima (https://developer.monday.com/api-reference/docs/activity-logs: 25 by default) but say nothing
 * of a limit below 1, so the emulator keeps to the kind of list.
 *
 * Rule map (pinned by packages/emulator/test/page-limits.test.ts):
 * - page-numbered lists (`boards`, `items`, a board's `activity_logs`, ...) and searches answer `limit` entries, none
 *   for a negative limit, never "all but the last few": {@link listLimit}
 * - cursor pages (`items_page`, `next_items_page`, `timeline_items_page`, a user's `activity_logs`) refuse a limit
 *   below 1 with INVALID_ARGUMENT naming their range: a page of none would answer the cursor it was given, and a
 *   caller following cursors would ask forever. {@link cursorPageLimit}
 */
import { ENGINE_ERROR_CODES, engineError } from './errors.js';

/** The number of entries a page-numbered list or a search answers for `limit` (rule 1). */
export function listLimit(limit: number): number {
  return Math.max(0, limit);
}

/**
 * `limit` (or `fallback` when unset) of a cursor page with at most `max` entries (none: no maximum).
 * @throws INVALID_ARGUMENT for a limit below 1 or above `max` (rule 2).
 */
export function cursorPageLimit(limit: number | null | undefined, fallback: number, max?: number): number {
  const size = limit ?? fallback;
  if (!Number.isInteger(size) || size < 1 || (max !== undefined && size > max)) {
    const range = max === undefined ? 'from 1' : `between 1 and ${max}`;
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `limit must be ${range}, got ${size}.`);
  }
  return size;
}
