/**
 * What every `search` (search.ts, search-people.ts) matches with: a case-insensitive substring of a record's text,
 * and the `date_range` bounds (inclusive). Pinned by packages/emulator/test/search.test.ts.
 */
import type { CrossEntityDateRangeInput } from './arguments.generated.js';

/** True when `text` holds `query` (case-insensitive); an empty query matches nothing. */
export function holds(text: string | null, query: string): boolean {
  return text !== null && query.trim() !== '' && text.toLowerCase().includes(query.trim().toLowerCase());
}

/** True when a record created at `created` and last changed at `updated` is inside `range` (bounds inclusive). */
export function inDateRange(
  created: string,
  updated: string,
  range: CrossEntityDateRangeInput | null | undefined,
): boolean {
  if (!range) return true;
  const at = (value: string) => Date.parse(value);
  const after = (value: string, bound: string | null | undefined) => !bound || at(value) >= at(bound);
  const before = (value: string, bound: string | null | undefined) => !bound || at(value) <= at(bound);
  return (
    after(created, range.created_after) &&
    before(created, range.created_before) &&
    after(updated, range.updated_after) &&
    before(updated, range.updated_before)
  );
}
