/**
 * `search` (2026-07 on): boards, items, docs and workspaces (and from 2026-10 timeline items, updates and users) of
 * the caller's account whose text holds the query, each result with its indexed fields and the live object
 * (https://developer.monday.com/api-reference/reference/search). Updates, users and workspaces: search-people.ts.
 *
 * Rule map:
 * - `query` matches a case-insensitive substring of the name (of a board, its description too; of a timeline item,
 *   its title, summary or content): search-match.ts; the emulator has no ranking, so results come in store order,
 *   at most `limit` (default 10, as the schema says; a negative one answers none): {@link resultLimit}.
 * - `board_ids`, `workspace_ids`, `item_ids` (timeline items), `type` and `product_kind` (timeline items: every
 *   emulator timeline item is of kind `custom`, its product the one of its board's workspace) and `date_range`
 *   (created and updated bounds, inclusive) narrow the results; only live records of the caller's account match.
 * - Scope `boards:read` (updates `updates:read`, users `users:read`, workspaces `workspaces:read`).
 * Pinned by packages/emulator/test/engine-search.test.ts and packages/emulator/test/search.test.ts.
 */
import { type EngineContext, requireScope } from '../context.js';
import { listLimit } from '../page-limits.js';
import type { BoardRecord } from '../store/records.js';
import type { TimelineItemRecord } from '../store/timeline.js';
import type {
  SearchNamespaceBoardsArgs,
  SearchNamespaceDocsArgs,
  SearchNamespaceItemsArgs,
  SearchNamespaceTimelineItemsArgs,
} from './arguments.generated.js';
import { boardUrl } from './lookup.js';
import { holds, inDateRange } from './search-match.js';
import { updateResults, userResults, workspaceResults } from './search-people.js';
import type { FamilyResolvers } from './types.js';

/** The filters the board-bound searches take. */
type SearchArgs = SearchNamespaceBoardsArgs | SearchNamespaceItemsArgs | SearchNamespaceTimelineItemsArgs;

function searchableBoards(context: EngineContext, args: SearchArgs): BoardRecord[] {
  requireScope(context, 'boards:read');
  return context.store.boards
    .all()
    .filter(
      (board) =>
        board.accountId === context.accountId &&
        board.state === 'active' &&
        (!args.board_ids || args.board_ids.includes(board.id)) &&
        (!args.workspace_ids || (board.workspaceId !== null && args.workspace_ids.includes(board.workspaceId))),
    );
}

/** The product kind of a board's workspace (`core` when the workspace names none). */
function productKind(context: EngineContext, board: BoardRecord): string {
  const workspace = board.workspaceId === null ? undefined : context.store.workspaces.find(board.workspaceId);
  const products = context.store.accounts.details(board.accountId)?.products ?? [];
  return products.find((product) => product.id === workspace?.accountProductId)?.kind ?? 'core';
}

/** The kind every emulator timeline item has (`TimelineItemKind`): it is logged with a custom activity. */
const TIMELINE_ITEM_KIND = 'custom';

function timelineResults(context: EngineContext, args: SearchNamespaceTimelineItemsArgs) {
  if (args.type && args.type !== TIMELINE_ITEM_KIND) return [];
  return searchableBoards(context, args).flatMap((board) => {
    const product = productKind(context, board);
    if (args.product_kind && args.product_kind !== product) return [];
    return context.store.timeline
      .where((entry) => entry.boardId === board.id && (!args.item_ids || args.item_ids.includes(entry.itemId)))
      .filter((entry) => context.store.items.find(entry.itemId)?.state === 'active')
      .filter((entry) => [entry.title, entry.summary, entry.content].some((text) => holds(text, args.query)))
      .filter((entry) => inDateRange(entry.createdAt, entry.createdAt, args.date_range))
      .map((entry: TimelineItemRecord) => ({
        id: entry.id,
        indexed_data: {
          id: entry.id,
          account_id: entry.accountId,
          board_id: board.id,
          item_id: entry.itemId,
          title: entry.title,
          summary: entry.summary ?? '',
          content: entry.content ?? '',
          type: TIMELINE_ITEM_KIND,
          product_kind: product,
          created_at: entry.createdAt,
          updated_at: entry.createdAt,
        },
        live_data: entry,
      }));
  });
}

function docResults(context: EngineContext, args: SearchNamespaceDocsArgs) {
  requireScope(context, 'boards:read');
  return context.store.docs
    .all()
    .filter(
      (doc) =>
        doc.accountId === context.accountId &&
        !doc.deleted &&
        (!args.workspace_ids || args.workspace_ids.includes(doc.workspaceId)) &&
        holds(doc.name, args.query) &&
        inDateRange(doc.createdAt, doc.updatedAt, args.date_range),
    )
    .map((doc) => ({
      id: doc.id,
      indexed_data: { id: doc.id, name: doc.name, workspace_id: doc.workspaceId },
      live_data: doc,
    }));
}

/**
 * How many results a search answers: `limit`, 10 when none is sent; a negative limit answers none, as paginated
 * lists do (../page-limits.ts), never "all but the last few" (packages/emulator/test/engine-search.test.ts).
 */
function resultLimit(limit: number | null | undefined): number {
  return listLimit(limit ?? 10);
}

/** Resolvers of `Query.search` and its namespace. */
export const searchResolvers: FamilyResolvers = {
  Query: {
    search: () => ({}),
  },
  SearchNamespace: {
    boards: (_source, args, context) => ({
      results: searchableBoards(context, args)
        .filter((board) => holds(board.name, args.query) || holds(board.description, args.query))
        .filter((board) => inDateRange(board.createdAt, board.updatedAt, args.date_range))
        .slice(0, resultLimit(args.limit))
        .map((board) => ({
          id: board.id,
          indexed_data: {
            id: board.id,
            name: board.name,
            url: boardUrl(context, board),
            workspace_id: board.workspaceId,
            creator_id: board.ownerId,
            description: board.description,
          },
          live_data: board,
        })),
    }),
    items: (_source, args, context) => ({
      results: searchableBoards(context, args)
        .flatMap((board) =>
          context.store.items
            .active(board.id)
            .filter((item) => holds(item.name, args.query))
            .filter((item) => inDateRange(item.createdAt, item.updatedAt, args.date_range))
            .map((item) => ({
              id: item.id,
              indexed_data: {
                id: item.id,
                name: item.name,
                url: boardUrl(context, board, item.id),
                board_id: board.id,
                workspace_id: board.workspaceId,
              },
              live_data: item,
            })),
        )
        .slice(0, resultLimit(args.limit)),
    }),
    docs: (_source, args, context) => ({ results: docResults(context, args).slice(0, resultLimit(args.limit)) }),
    timeline_items: (_source, args, context) => ({
      results: timelineResults(context, args).slice(0, resultLimit(args.limit)),
    }),
    updates: (_source, args, context) => ({ results: updateResults(context, args).slice(0, resultLimit(args.limit)) }),
    users: (_source, args, context) => ({ results: userResults(context, args).slice(0, resultLimit(args.limit)) }),
    workspaces: (_source, args, context) => ({
      results: workspaceResults(context, args).slice(0, resultLimit(args.limit)),
    }),
  },
};
