/**
 * `Item.linked_items(link_to_item_column_id:, linked_board_id:)`: the items an item links to through one of its
 * connect boards columns, read from the column's stored value (`linkedPulseIds`, as the platform shows it). The
 * platform's changelog (https://developer.monday.com/api-reference/changelog/new-linked_items-field) and its items
 * reference (https://developer.monday.com/api-reference/reference/items-other-types) give the two arguments and an
 * array of items as the answer; what an unknown column or board answers they do not say.
 *
 * Rule map (pinned by test/engine/resolvers/linked-items.test.ts):
 * - `link_to_item_column_id` names a column of the item's own board that links items (connect boards, or a
 *   dependency column, which stores its links the same way); the items are the ones its value links, in the order
 *   the value lists them, that are on board `linked_board_id`
 * - a linked item of another account, or a deleted one, is left out (the caller cannot read it)
 * - docs silent: a column the board does not have, or one that links no items, and a board the value links none
 *   of, answer an empty list, as `column_values(ids:)` answers nothing for a column the board does not have
 */

import { fieldsOf } from '../column-kinds/parse.js';
import type { EngineContext } from '../context.js';
import { storedValue } from '../store/item-values.js';
import type { ItemRecord } from '../store/records.js';
import type { ItemLinkedItemsArgs } from './arguments.generated.js';

/** Column kinds whose value links items (`linkedPulseIds`). */
const LINKING_KINDS: ReadonlySet<string> = new Set(['board_relation', 'dependency']);

/** The items `item` links to through `args.link_to_item_column_id` that are on board `args.linked_board_id`. */
export function linkedItems(item: ItemRecord, args: ItemLinkedItemsArgs, context: EngineContext): ItemRecord[] {
  const board = context.store.boards.find(item.boardId);
  const column = board?.columns.find((candidate) => candidate.id === args.link_to_item_column_id);
  if (!column || !LINKING_KINDS.has(column.type)) return [];
  const links = fieldsOf(storedValue(item, column.id)).linkedPulseIds;
  if (!Array.isArray(links)) return [];
  return links.flatMap((link) => {
    const linked = context.store.items.find(String(fieldsOf(link).linkedPulseId));
    const linkedBoard = linked && context.store.boards.find(linked.boardId);
    const readable =
      linked !== undefined &&
      linked.state !== 'deleted' &&
      linked.boardId === String(args.linked_board_id) &&
      linkedBoard?.accountId === context.accountId;
    return readable ? [linked] : [];
  });
}
