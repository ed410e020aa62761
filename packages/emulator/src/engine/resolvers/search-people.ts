/**
 * `search.updates` and `search.users` (2026-10) and `search.workspaces` (2026-07 on): the caller's account's
 * updates whose text, users whose name or email, and workspaces whose name or description hold the query
 * (https://developer.monday.com/api-reference/reference/search).
 *
 * Rule map:
 * - matching and `date_range`: search-match.ts; results in store order (no ranking)
 * - updates: `updates:read`; those of live items on active boards, matched on their plain text; `board_ids`,
 *   `creator_ids` narrow them
 * - users: `users:read`; enabled users only
 * - workspaces: `workspaces:read`; not deleted; `workspace_ids` and `kind` (`open`, `closed`, `template`) narrow them
 * Pinned by packages/emulator/test/search.test.ts.
 */
import { type EngineContext, requireScope } from '../context.js';
import { textBody } from '../store/updates.js';
import type {
  SearchNamespaceUpdatesArgs,
  SearchNamespaceUsersArgs,
  SearchNamespaceWorkspacesArgs,
} from './arguments.generated.js';
import { holds, inDateRange } from './search-match.js';

/** Updates (and replies) of the caller's live items whose text holds the query. */
export function updateResults(context: EngineContext, args: SearchNamespaceUpdatesArgs) {
  requireScope(context, 'updates:read');
  return context.store.updates.all().flatMap((update) => {
    const item = context.store.items.find(update.itemId);
    const board = item && context.store.boards.find(item.boardId);
    if (update.accountId !== context.accountId || item?.state !== 'active' || board?.state !== 'active') return [];
    if (args.board_ids && !args.board_ids.includes(board.id)) return [];
    if (args.creator_ids && !args.creator_ids.includes(update.creatorId)) return [];
    const text = textBody(update.body);
    if (!holds(text, args.query) || !inDateRange(update.createdAt, update.updatedAt, args.date_range)) return [];
    return [
      {
        id: update.id,
        indexed_data: {
          id: update.id,
          board_id: board.id,
          item_id: item.id,
          creator_id: update.creatorId,
          body: text,
          created_at: update.createdAt,
          updated_at: update.updatedAt,
        },
        live_data: update,
      },
    ];
  });
}

/** Enabled users of the caller's account whose name or email holds the query. */
export function userResults(context: EngineContext, args: SearchNamespaceUsersArgs) {
  requireScope(context, 'users:read');
  return context.store.users
    .all()
    .filter(
      (user) =>
        user.accountId === context.accountId &&
        user.enabled &&
        (holds(user.name, args.query) || holds(user.email, args.query)) &&
        inDateRange(user.createdAt, user.createdAt, args.date_range),
    )
    .map((user) => ({
      id: user.id,
      indexed_data: { id: user.id, name: user.name, email: user.email },
      live_data: user,
    }));
}

/** The caller's workspaces (not deleted) whose name or description holds the query. */
export function workspaceResults(context: EngineContext, args: SearchNamespaceWorkspacesArgs) {
  requireScope(context, 'workspaces:read');
  return context.store.workspaces
    .all()
    .filter(
      (workspace) =>
        workspace.accountId === context.accountId &&
        workspace.state !== 'deleted' &&
        (!args.workspace_ids || args.workspace_ids.includes(workspace.id)) &&
        (!args.kind || args.kind === workspace.kind) &&
        (holds(workspace.name, args.query) || holds(workspace.description, args.query)) &&
        inDateRange(workspace.createdAt, workspace.createdAt, args.date_range),
    )
    .map((workspace) => ({
      id: workspace.id,
      indexed_data: {
        id: workspace.id,
        name: workspace.name,
        description: workspace.description,
        kind: workspace.kind,
        state: workspace.state,
      },
      live_data: workspace,
    }));
}
