/**
 * The Board fields that describe a board rather than hold its data (part of the boards family: boards.ts spreads
 * {@link boardMetadataFields} into its `Board` resolvers). Each answers from what the store holds, or is derived
 * from it; what the store cannot hold honestly answers NOT_MODELLED.
 *
 * Rule map (the boards reference, https://developer.monday.com/api-reference/reference/boards):
 * - `created_at` (2025-10): the record's creation time.
 * - `item_terminology`: the board's item nickname, custom or from the predefined list
 *   (https://developer.monday.com/api-reference/changelog/new-boards-object-field): the singular given to
 *   `create_board(item_nickname:)` (2026-10) or seeded; a board given none answers `item`, the platform's default
 *   (the docs do not state the default; `item` is what recorded platform answers hold).
 * - `items_limit`: the most items the account's plan allows on a board. The platform computes it from the plan; the
 *   emulator answers the plan's `boardItemsLimit` when the seed states it, NOT_MODELLED otherwise.
 * - `folder` (2026-04): the folder record the board is in, null at a workspace's top level.
 * - `created_from_board_id` (2026-04): the board `duplicate_board` copied, null for any other board.
 * - `access_level` (2025-10): `edit` or `view` for the caller, derived from the board's `permissions` (everyone:
 *   edit; collaborators: edit for subscribers; owners: edit for owners) and its owners (always edit). For
 *   `assignee` permissions the platform lets members edit only their own items; the board-level answer is not
 *   documented, so it is NOT_MODELLED there for anyone but an owner.
 * - `tags`: the board's own tags (made with `create_or_get_tag(board_id:)`) and the tags its items carry in a tags
 *   column, each once, in id order.
 */
import type { EngineContext } from '../context.js';
import { notModelledError } from '../schema/modelled.js';
import type { BoardRecord } from '../store/records.js';
import type { TagRecord } from '../store/tags.js';
import { callerId } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The item nickname a board answers when none was given. */
export const DEFAULT_ITEM_TERMINOLOGY = 'item';

/** The caller's access to `board`: `edit` or `view` (see the rule map); NOT_MODELLED where the docs are silent. */
export function boardAccessLevel(board: BoardRecord, context: EngineContext): 'edit' | 'view' {
  const userId = callerId(context);
  if (board.ownerIds.includes(userId)) return 'edit';
  switch (board.permissions) {
    case 'everyone':
      return 'edit';
    case 'collaborators':
      return board.subscriberIds.includes(userId) ? 'edit' : 'view';
    case 'owners':
      return 'view';
    default:
      throw notModelledError('Board', 'access_level');
  }
}

function boardTags(board: BoardRecord, context: EngineContext): TagRecord[] {
  const tagColumns = board.columns.filter((column) => column.type === 'tags').map((column) => column.id);
  const used = new Set<string>();
  for (const item of context.store.items.onBoard(board.id)) {
    if (item.state === 'deleted') continue;
    for (const columnId of tagColumns) {
      const stored = item.values[columnId] as { tag_ids?: unknown } | undefined;
      if (Array.isArray(stored?.tag_ids)) for (const id of stored.tag_ids) used.add(String(id));
    }
  }
  return context.store.tags
    .all()
    .filter((tag) => tag.accountId === board.accountId && (tag.boardId === board.id || used.has(tag.id)))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/** The metadata fields of `Board`, for boards.ts. */
export const boardMetadataFields: NonNullable<FamilyResolvers['Board']> = {
  created_at: (board: BoardRecord) => board.createdAt,
  item_terminology: (board: BoardRecord) => board.itemNickname?.singular ?? DEFAULT_ITEM_TERMINOLOGY,
  items_limit: (board: BoardRecord, _args, context) => {
    const limit = context.store.accounts.details(board.accountId)?.plan?.boardItemsLimit;
    if (limit === undefined) throw notModelledError('Board', 'items_limit');
    return limit;
  },
  folder: (board: BoardRecord, _args, context) => {
    const folder = board.folderId === null ? undefined : context.store.workspaces.folders.find(board.folderId);
    return folder && !folder.deleted && folder.accountId === board.accountId ? folder : null;
  },
  created_from_board_id: (board: BoardRecord) => board.createdFromBoardId ?? null,
  access_level: (board: BoardRecord, _args, context) => boardAccessLevel(board, context),
  tags: (board: BoardRecord, _args, context) => boardTags(board, context),
};
