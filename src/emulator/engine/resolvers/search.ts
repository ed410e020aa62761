/**
 * `search` (2026-07 on): boards and items of the caller's account whose name holds the query, each result with its
 * indexed fields and the live object (https://developer.monday.com/api-reference/reference/search).
 *
 * Rule map:
 * - `query` matches a case-insensitive substring of the name (of a board, its description too); the emulator has
 *   no ranking, so results come in board order, at most `limit` (default 10, as the schema says).
 * - `board_ids` and `workspace_ids` narrow the results; only active boards and items of the caller's account match.
 * - Scope `boards:read`. `docs` and `timeline_items` stay NOT_MODELLED.
 * Pinned by test/emulator/engine-search.test.ts.
 */
import { type EngineContext, requireScope } from '../context.js';
import type { BoardRecord } from '../store/records.js';
import type { SearchNamespaceBoardsArgs, SearchNamespaceItemsArgs } from './arguments.generated.js';
import { boardUrl } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The filters both searches take. */
type SearchArgs = SearchNamespaceBoardsArgs | SearchNamespaceItemsArgs;

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

function holds(text: string | null, query: string): boolean {
  return text !== null && query.trim() !== '' && text.toLowerCase().includes(query.trim().toLowerCase());
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
        .slice(0, args.limit ?? 10)
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
        .slice(0, args.limit ?? 10),
    }),
  },
};
