/** A board's order of items, and where a new item goes in it. */
import type { ItemRecord } from './records.js';

/** Board order: by position, then by numeric id. */
export function compareItems(a: ItemRecord, b: ItemRecord): number {
  return a.position - b.position || Number(a.id) - Number(b.id);
}

/**
 * Where `item` stands in `ordered` (a board's active items in board order), or -1 when it is not there: a binary
 * search, so numbering every item of a page costs the page times the logarithm of the board, not their product.
 */
export function indexInOrder(ordered: readonly ItemRecord[], item: ItemRecord): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareItems(ordered[middle] as ItemRecord, item) < 0) low = middle + 1;
    else high = middle;
  }
  return ordered[low]?.id === item.id ? low : -1;
}

/**
 * The position of a new item: last when `relativeTo` is absent, else just before or after that item
 * (halfway to its neighbour, so no other item moves). `ordered` is the board's active items in order.
 */
export function positionFor(
  ordered: readonly ItemRecord[],
  relativeTo?: { item: ItemRecord; method: 'before_at' | 'after_at' },
): number {
  const last = ordered.at(-1)?.position ?? 0;
  if (!relativeTo) return last + 1;
  const { item, method } = relativeTo;
  const index = ordered.findIndex((candidate) => candidate.id === item.id);
  const neighbour = ordered[method === 'before_at' ? index - 1 : index + 1];
  if (!neighbour) return method === 'before_at' ? item.position - 1 : item.position + 1;
  return (item.position + neighbour.position) / 2;
}
