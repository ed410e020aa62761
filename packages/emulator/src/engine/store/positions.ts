/** Where a new item goes in its board's order. */
import type { ItemRecord } from './records.js';

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
