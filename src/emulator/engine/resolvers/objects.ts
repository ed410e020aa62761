/** Resolvers of Account, User, Board, Group, Column and Asset. */
import type { EngineContext } from '../context.js';
import { pageItems } from '../cursor.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { ItemsQuery } from '../items-query.js';
import type { AccountRecord, AssetRecord, BoardRecord, ColumnRecord, UserRecord } from '../store/records.js';
import { boardUrl, type GroupView, type ResolverMap, URL_HOST } from './types.js';

type PageArgs = { cursor?: string | null; limit: number; query_params?: ItemsQuery | null };

/** `items_page` of a board or group: `cursor` continues a listing, `query_params` starts a filtered one; not both. */
function itemsPage(context: EngineContext, scope: { board: string; group?: string }, args: PageArgs) {
  if (args.cursor && args.query_params) {
    throw engineError(
      ENGINE_ERROR_CODES.invalidArgument,
      'items_page takes cursor or query_params, not both: the cursor already carries the query. Pass only the cursor (or use next_items_page).',
    );
  }
  return pageItems(context, scope, args.limit, args.cursor, args.query_params);
}

function user(context: EngineContext, id: string): UserRecord {
  const found = context.store.findUser(id);
  if (!found) throw new Error(`User ${id} is missing from the store`);
  return found;
}

function activeGroups(board: BoardRecord): GroupView[] {
  return board.groups.filter((group) => !group.deleted).map((group) => ({ board, group }));
}

/** Resolvers of the domain object types other than Item. */
export const objectResolvers: ResolverMap = {
  Account: {
    country_code: (account: AccountRecord) => account.countryCode,
    logo: () => null,
    active_members_count: (account: AccountRecord, _args, context) =>
      context.store.users().filter((candidate) => candidate.accountId === account.id && candidate.enabled).length,
    first_day_of_the_week: (account: AccountRecord) => account.firstDayOfTheWeek,
    show_timeline_weekends: () => true,
  },
  User: {
    account: (source: UserRecord, _args, context) => context.store.findAccount(source.accountId),
    is_admin: (source: UserRecord) => source.isAdmin,
    is_guest: (source: UserRecord) => source.isGuest,
    is_pending: () => false,
    is_verified: () => true,
    created_at: (source: UserRecord) => source.createdAt,
    join_date: (source: UserRecord) => source.createdAt.slice(0, 10),
    time_zone_identifier: (source: UserRecord) => source.timeZone,
    url: (source: UserRecord, _args, context) =>
      `https://${context.store.findAccount(source.accountId)?.slug ?? 'account'}.${URL_HOST}/users/${source.id}`,
  },
  Board: {
    board_kind: (board: BoardRecord) => board.kind,
    owner: (board: BoardRecord, _args, context) => user(context, board.ownerId),
    owners: (board: BoardRecord, _args, context) => [user(context, board.ownerId)],
    creator: (board: BoardRecord, _args, context) => user(context, board.ownerId),
    permissions: () => 'everyone',
    workspace_id: (board: BoardRecord) => board.workspaceId,
    updated_at: (board: BoardRecord) => board.updatedAt,
    url: (board: BoardRecord, _args, context) => boardUrl(context, board),
    items_count: (board: BoardRecord, _args, context) => context.store.activeItems(board.id).length,
    top_group: (board: BoardRecord) => activeGroups(board)[0],
    groups: (board: BoardRecord, args: { ids?: (string | null)[] | null }) =>
      activeGroups(board).filter((view) => !args.ids || args.ids.includes(view.group.id)),
    columns: (board: BoardRecord, args: { ids?: (string | null)[] | null; types?: string[] | null }) =>
      board.columns.filter(
        (column) => (!args.ids || args.ids.includes(column.id)) && (!args.types || args.types.includes(column.type)),
      ),
    items_page: (board: BoardRecord, args: PageArgs, context) => itemsPage(context, { board: board.id }, args),
  },
  Group: {
    id: (view: GroupView) => view.group.id,
    title: (view: GroupView) => view.group.title,
    color: (view: GroupView) => view.group.color,
    position: (view: GroupView) => String((view.board.groups.indexOf(view.group) + 1) * 65536),
    archived: (view: GroupView) => view.group.archived,
    deleted: (view: GroupView) => view.group.deleted,
    items_page: (view: GroupView, args: PageArgs, context) =>
      itemsPage(context, { board: view.board.id, group: view.group.id }, args),
  },
  Column: {
    archived: () => false,
    settings_str: (column: ColumnRecord) => JSON.stringify(column.settings),
  },
  Asset: {
    file_extension: (asset: AssetRecord) => {
      const dot = asset.name.lastIndexOf('.');
      return dot > 0 ? asset.name.slice(dot) : '';
    },
    file_size: (asset: AssetRecord) => asset.size,
    url: (asset: AssetRecord) => `https://files.${URL_HOST}/resources/${asset.id}/${encodeURIComponent(asset.name)}`,
    public_url: (asset: AssetRecord) =>
      `https://files.${URL_HOST}/public/${asset.id}/${encodeURIComponent(asset.name)}`,
    url_thumbnail: () => null,
    original_geometry: () => null,
    created_at: (asset: AssetRecord) => asset.createdAt,
    uploaded_by: (asset: AssetRecord, _args, context) => user(context, asset.uploadedById),
  },
};
