/**
 * Look-ups shared by the resolver families: finding the caller's own records (anything in another account is
 * reported as not found), decoding JSON arguments, page/limit paging, and the web addresses the emulator makes up.
 */
import type { EngineContext } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { listLimit } from '../page-limits.js';
import { liveGroups } from '../store/groups.js';
import type { BoardRecord, ItemRecord, UserRecord } from '../store/records.js';
import type { TeamRecord } from '../store/teams.js';
import type { FolderRecord, WorkspaceRecord } from '../store/workspaces.js';
import type { GroupView } from './types.js';

/** Host used in the `url` fields the emulator makes up. */
export const URL_HOST = 'platform.example';

/** The web address of a board (or one of its items) in the account whose slug is given. */
export function boardUrl(context: EngineContext, board: BoardRecord, itemId?: string): string {
  const slug = context.store.accounts.find(board.accountId)?.slug ?? 'account';
  const base = `https://${slug}.${URL_HOST}/boards/${board.id}`;
  return itemId === undefined ? base : `${base}/pulses/${itemId}`;
}

/** The id of the calling user, as the store keeps user ids. */
export function callerId(context: EngineContext): string {
  return String(context.grant.userId);
}

/** The caller's board `id` (not deleted), or a RESOURCE_NOT_FOUND error. */
export function accountBoard(context: EngineContext, id: string): BoardRecord {
  const board = context.store.boards.find(id);
  if (!board || board.accountId !== context.accountId || board.state === 'deleted') {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Board ${id} was not found.`, { board_id: id });
  }
  return board;
}

/** The caller's item `id` (not deleted), optionally required to be on `board`; else RESOURCE_NOT_FOUND. */
export function accountItem(context: EngineContext, id: string | null | undefined, board?: BoardRecord): ItemRecord {
  if (id === null || id === undefined) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'item_id is required.');
  }
  const item = context.store.items.find(id);
  const owner = item && context.store.boards.find(item.boardId);
  if (
    !item ||
    item.state === 'deleted' ||
    owner?.accountId !== context.accountId ||
    (board && item.boardId !== board.id)
  ) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Item ${id} was not found${board ? ` on board ${board.id}` : ''}.`, {
      item_id: id,
    });
  }
  return item;
}

/**
 * Decodes a JSON argument, which the platform takes only as JSON text (an object literal or object variable is
 * refused: test/e2e/columns-round-trip.test.ts); must hold an object when `object` is set.
 */
export function decodeJson(raw: unknown, argument: string, object: boolean): unknown {
  if (typeof raw !== 'string') {
    throw engineError(
      ENGINE_ERROR_CODES.invalidColumnValue,
      `${argument} must be a JSON string (JSON.stringify the value), not ${Array.isArray(raw) ? 'a list' : `a ${typeof raw}`}.`,
      { argument },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw engineError(ENGINE_ERROR_CODES.invalidColumnValue, `${argument} is not valid JSON.`, { argument });
  }
  if (object && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    throw engineError(ENGINE_ERROR_CODES.invalidColumnValue, `${argument} must be a JSON object keyed by column id.`, {
      argument,
    });
  }
  return value;
}

/**
 * Decodes a JSON-object argument (`content`, `config`) sent as JSON text or as an object; anything else is an
 * INVALID_ARGUMENT error naming the argument.
 */
export function jsonObjectArgument(raw: unknown, argument: string): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw engineError(ENGINE_ERROR_CODES.invalidArgument, `${argument} is not valid JSON.`, { argument });
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `${argument} must be a JSON object.`, { argument });
  }
  return value as Record<string, unknown>;
}

/** Page `page` (1-based) of `limit` entries (none for a negative limit: ../page-limits.ts); no limit means everything. */
export function paginate<T>(
  list: readonly T[],
  limit: number | null | undefined,
  page: number | null | undefined,
): T[] {
  if (limit === null || limit === undefined) return [...list];
  const size = listLimit(limit);
  const start = (Math.max(1, page ?? 1) - 1) * size;
  return list.slice(start, start + size);
}

/** The caller's account's users with these ids; an id of no such user is a RESOURCE_NOT_FOUND error. */
export function accountUsers(context: EngineContext, ids: readonly (string | number)[]): UserRecord[] {
  return ids.map((id) => {
    const user = context.store.users.find(id);
    if (!user || user.accountId !== context.accountId) {
      throw engineError(ENGINE_ERROR_CODES.notFound, `User ${id} was not found.`, { user_id: String(id) });
    }
    return user;
  });
}

/** The caller's account's teams with these ids; an id of no such team is a RESOURCE_NOT_FOUND error. */
export function accountTeams(context: EngineContext, ids: readonly (string | number)[]): TeamRecord[] {
  return ids.map((id) => {
    const team = context.store.teams.find(id);
    if (!team || team.accountId !== context.accountId) {
      throw engineError(ENGINE_ERROR_CODES.notFound, `Team ${id} was not found.`, { team_id: String(id) });
    }
    return team;
  });
}

/** The caller's live workspace `id`, or RESOURCE_NOT_FOUND. */
export function accountWorkspace(context: EngineContext, id: string | number): WorkspaceRecord {
  const workspace = context.store.workspaces.find(id);
  if (!workspace || workspace.accountId !== context.accountId || workspace.state === 'deleted') {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Workspace ${id} was not found.`, { workspace_id: String(id) });
  }
  return workspace;
}

/** The caller's live folder `id`, or RESOURCE_NOT_FOUND. */
export function accountFolder(context: EngineContext, id: string | number): FolderRecord {
  const folder = context.store.workspaces.folders.find(id);
  if (!folder || folder.accountId !== context.accountId || folder.deleted) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Folder ${id} was not found.`, { folder_id: String(id) });
  }
  return folder;
}

/** The user `id`, which the store's own records name; a missing one is a bug in the store, not a caller's error. */
export function storedUser(context: EngineContext, id: string): UserRecord {
  const found = context.store.users.find(id);
  if (!found) throw new Error(`User ${id} is missing from the store`);
  return found;
}

/** The board of a stored item; a missing one is a bug in the store. */
export function boardOf(context: EngineContext, item: ItemRecord): BoardRecord {
  const board = context.store.boards.find(item.boardId);
  if (!board) throw new Error(`Board ${item.boardId} is missing from the store`);
  return board;
}

/** The board's live groups (neither archived nor deleted) as the Group resolvers see them, in board order. */
export function groupViews(board: BoardRecord): GroupView[] {
  return liveGroups(board).map((group) => ({ board, group }));
}

/** The NOT_MODELLED error of an argument the emulator does not keep, saying why. */
export function notModelledArgument(argument: string, what: string): never {
  throw engineError(ENGINE_ERROR_CODES.notModelled, `${argument} is not modelled by the emulator: ${what}.`, {
    argument,
  });
}
