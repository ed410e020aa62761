/** Shapes shared by the resolver modules. */
import type { EngineContext } from '../context.js';
import type { BoardRecord, GroupRecord } from '../store/records.js';

/** A field resolver: `source` is the parent record (or view), `args` the coerced arguments. */
export type FieldResolver = (source: never, args: never, context: EngineContext) => unknown;

/** Resolvers by type name, then field name. Fields without one read the same-named property. */
export type ResolverMap = Record<string, Record<string, FieldResolver>>;

/** A group together with its board (groups are stored inside boards). */
export interface GroupView {
  board: BoardRecord;
  group: GroupRecord;
}

/** Host used in the `url` fields the emulator makes up. */
export const URL_HOST = 'platform.example';

/** The web address of a board (or one of its items) in the account whose slug is given. */
export function boardUrl(context: EngineContext, board: BoardRecord, itemId?: string): string {
  const slug = context.store.findAccount(board.accountId)?.slug ?? 'account';
  const base = `https://${slug}.${URL_HOST}/boards/${board.id}`;
  return itemId === undefined ? base : `${base}/pulses/${itemId}`;
}
