/** Resolvers of the Query root. Each checks its scope first; other fields still resolve when one fails. */
import { type EngineContext, requireScope } from '../context.js';
import { nextPage } from '../cursor.js';
import type { BoardRecord } from '../store/records.js';
import { ENGINE_VERSIONS, kindDisplayName, versionKind } from '../versions.js';
import { paginate } from './lookup.js';
import type { ResolverMap } from './types.js';

interface BoardsArgs {
  board_kind?: string | null;
  ids?: string[] | null;
  limit?: number | null;
  order_by?: 'created_at' | 'used_at' | null;
  page?: number | null;
  state?: string | null;
  workspace_ids?: (string | null)[] | null;
}

interface ItemsArgs {
  exclude_nonactive?: boolean | null;
  ids?: string[] | null;
  limit?: number | null;
  newest_first?: boolean | null;
  page?: number | null;
}

function boardMatches(board: BoardRecord, args: BoardsArgs): boolean {
  const state = args.state ?? 'active';
  return (
    (state === 'all' ? board.state !== 'deleted' : board.state === state) &&
    (!args.ids || args.ids.includes(board.id)) &&
    (!args.board_kind || board.kind === args.board_kind) &&
    (!args.workspace_ids || args.workspace_ids.includes(board.workspaceId))
  );
}

function boards(_source: unknown, args: BoardsArgs, context: EngineContext) {
  requireScope(context, 'boards:read');
  const found = context.store
    .boards()
    .filter((board) => board.accountId === context.accountId && boardMatches(board, args));
  if (args.order_by === 'created_at') found.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (args.order_by === 'used_at') found.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return paginate(found, args.limit ?? 25, args.page);
}

function items(_source: unknown, args: ItemsArgs, context: EngineContext) {
  requireScope(context, 'boards:read');
  const found = context.store.items().filter((item) => {
    const board = context.store.findBoard(item.boardId);
    if (board?.accountId !== context.accountId || item.state === 'deleted') return false;
    return (!args.ids || args.ids.includes(item.id)) && (!args.exclude_nonactive || item.state === 'active');
  });
  if (args.newest_first) found.sort((a, b) => Number(b.id) - Number(a.id));
  return paginate(found, args.limit ?? 25, args.page);
}

/** A version as `Version` shows it, dated by the engine's clock (rules in ../versions.ts). */
function versionView(value: string, at: Date) {
  const kind = versionKind(value, at) ?? 'release_candidate';
  return { value, display_name: kindDisplayName(kind), kind };
}

/** Resolvers of Query. */
export const queryResolvers: ResolverMap = {
  Query: {
    boards,
    items,
    next_items_page: (_source: unknown, args: { cursor: string; limit: number }, context) => {
      requireScope(context, 'boards:read');
      return nextPage(context, args.cursor, args.limit);
    },
    me: (_source: unknown, _args, context) => {
      requireScope(context, 'me:read');
      return context.store.findUser(context.grant.userId) ?? null;
    },
    account: (_source: unknown, _args, context) => {
      requireScope(context, 'account:read');
      return context.store.findAccount(context.accountId) ?? null;
    },
    complexity: (_source: unknown, _args, context) => {
      const { before, after, query, resetInSeconds } = context.complexity;
      return { before, after, query, reset_in_x_seconds: resetInSeconds };
    },
    version: (_source: unknown, _args, context) => versionView(context.version, context.now()),
    versions: (_source: unknown, _args, context) => {
      const at = context.now();
      return ENGINE_VERSIONS.filter((value) => versionKind(value, at) !== undefined).map((v) => versionView(v, at));
    },
  },
};
