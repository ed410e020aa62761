/**
 * Updates: `Query.updates`, the Update, Reply and Like types, and the update mutations (create,
 * reply, edit, delete, like, unlike, pin, unpin, clear an item's updates). Reads need updates:read, changes
 * updates:write; an update is visible only in its own account and while its item is not deleted.
 *
 * `Query.replies` (2025-10 on) lists the replies on items of `board_ids` (the caller's boards, at most
 * {@link MAX_REPLY_BOARDS}), newest first, created from `created_at_from` to `created_at_to` (ISO 8601, bounds
 * included), paged by `limit` (25) and `page`; the schema is all the emulator follows here
 * (packages/emulator/test/engine/resolvers/replies.test.ts).
 *
 * `Update.original_creation_date` (2025-10 on) answers the `original_creation_date` its `create_update` was given,
 * as sent, and null when none was: the docs give the argument no format and say nothing of what the platform does
 * with it besides, so `created_at` stays the emulator's clock (test/engine/resolvers/original-creation-date.test.ts).
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { ItemRecord } from '../store/records.js';
import { type LikeRecord, textBody, type UpdateRecord } from '../store/updates.js';
import type { MutationCreateUpdateArgs, MutationPinToTopArgs, QueryRepliesArgs } from './arguments.generated.js';
import { accountBoard, accountItem, callerId, paginate } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** Updates and replies of the caller's account whose item is not deleted, newest first. */
export function visibleUpdates(context: EngineContext): UpdateRecord[] {
  return context.store.updates
    .all()
    .filter((update) => {
      if (update.accountId !== context.accountId) return false;
      const item = context.store.items.find(update.itemId);
      return item !== undefined && item.state !== 'deleted';
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id));
}

/** The most boards one `replies` query reads. */
export const MAX_REPLY_BOARDS = 100;

/** The replies on items of the caller's `board_ids`, newest first, in the creation window. */
function repliesOnBoards(context: EngineContext, args: QueryRepliesArgs): UpdateRecord[] {
  requireScope(context, 'updates:read');
  if (args.board_ids.length > MAX_REPLY_BOARDS) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `board_ids may list at most ${MAX_REPLY_BOARDS} boards.`);
  }
  const boards = new Set(args.board_ids.map((id) => accountBoard(context, id).id));
  const bound = (value: string | null | undefined, argument: string) => {
    if (value == null) return undefined;
    const at = Date.parse(value);
    if (Number.isNaN(at)) {
      throw engineError(ENGINE_ERROR_CODES.invalidArgument, `${argument} must be an ISO 8601 time.`, { argument });
    }
    return at;
  };
  const from = bound(args.created_at_from, 'created_at_from');
  const to = bound(args.created_at_to, 'created_at_to');
  const found = visibleUpdates(context).filter((update) => {
    if (update.parentId === null) return false;
    const created = Date.parse(update.createdAt);
    const boardId = context.store.items.find(update.itemId)?.boardId;
    return (
      boardId !== undefined &&
      boards.has(boardId) &&
      (from === undefined || created >= from) &&
      (to === undefined || created <= to)
    );
  });
  return paginate(found, args.limit ?? 25, args.page);
}

/** The caller's update or reply `id` (its item not deleted), or RESOURCE_NOT_FOUND. */
/** The caller's account's update `id` whose item is not deleted, or RESOURCE_NOT_FOUND. */
export function accountUpdate(context: EngineContext, id: string): UpdateRecord {
  const update = context.store.updates.find(id);
  const item = update && context.store.items.find(update.itemId);
  if (!update || update.accountId !== context.accountId || !item || item.state === 'deleted') {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Update ${id} was not found.`, { update_id: id });
  }
  return update;
}

function checkBody(body: string): string {
  if (body.trim() === '') throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'An update body cannot be empty.');
  return body;
}

function writer(context: EngineContext): string {
  requireScope(context, 'updates:write');
  return callerId(context);
}

function logUpdate(context: EngineContext, update: UpdateRecord, event: string): void {
  const item = context.store.items.find(update.itemId);
  if (item)
    context.store.items.log(item, callerId(context), event, {
      update_id: Number(update.id),
      parent_id: update.parentId,
    });
}

function createUpdate(_source: unknown, args: MutationCreateUpdateArgs, context: EngineContext) {
  const userId = writer(context);
  checkBody(args.body);
  let item: ItemRecord;
  let parentId: string | null = null;
  if (args.parent_id != null) {
    const parent = accountUpdate(context, args.parent_id);
    if (parent.parentId !== null)
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        `Update ${parent.id} is a reply; replies cannot be replied to.`,
      );
    if (args.item_id != null && args.item_id !== parent.itemId) {
      throw engineError(ENGINE_ERROR_CODES.invalidArgument, `Update ${parent.id} is not on item ${args.item_id}.`);
    }
    item = accountItem(context, parent.itemId);
    parentId = parent.id;
  } else if (args.item_id != null) {
    item = accountItem(context, args.item_id);
  } else {
    throw engineError(
      ENGINE_ERROR_CODES.invalidArgument,
      'create_update needs item_id (an update) or parent_id (a reply).',
    );
  }
  const update = context.store.updates.create({
    accountId: context.accountId,
    itemId: item.id,
    parentId,
    body: args.body,
    creatorId: userId,
    originalCreationDate: originalCreationDate(args.original_creation_date),
  });
  item.updatedAt = update.createdAt;
  logUpdate(context, update, parentId ? 'create_reply' : 'create_update');
  return update;
}

/**
 * The `original_creation_date` to keep, as sent: the schema types it a String and the docs give no format
 * (https://developer.monday.com/api-reference/reference/updates), so the emulator checks none; a blank one counts as
 * not given.
 */
function originalCreationDate(given: string | null | undefined): string | null {
  return given == null || given.trim() === '' ? null : given;
}

function pin(pinned: boolean) {
  return (_source: unknown, args: MutationPinToTopArgs, context: EngineContext) => {
    writer(context);
    const update = accountUpdate(context, args.id);
    if (update.parentId !== null)
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        `Update ${update.id} is a reply; only updates can be pinned.`,
      );
    if (args.item_id != null && args.item_id !== update.itemId) {
      throw engineError(ENGINE_ERROR_CODES.invalidArgument, `Update ${update.id} is not on item ${args.item_id}.`);
    }
    return context.store.updates.setPinned(update, update.itemId, pinned);
  };
}

/** Fields shared by Update and Reply. */
const postFields = {
  creator_id: (update: UpdateRecord) => update.creatorId,
  creator: (update: UpdateRecord, _args: unknown, context: EngineContext) =>
    context.store.users.find(update.creatorId) ?? null,
  edited_at: (update: UpdateRecord) => update.editedAt,
  created_at: (update: UpdateRecord) => update.createdAt,
  updated_at: (update: UpdateRecord) => update.updatedAt,
  text_body: (update: UpdateRecord) => textBody(update.body),
  pinned_to_top: (update: UpdateRecord) => update.pinnedToItemIds.map((itemId) => ({ item_id: itemId })),
  // The files add_file_to_update added to it (assets.ts), oldest first.
  assets: (update: UpdateRecord, _args: unknown, context: EngineContext) => context.store.assets.ofUpdate(update),
};

/** Resolvers of updates. */
export const updateResolvers: FamilyResolvers = {
  Query: {
    updates: (_source, args, context) => {
      requireScope(context, 'updates:read');
      const found = visibleUpdates(context).filter((update) =>
        args.ids ? args.ids.includes(update.id) : update.parentId === null,
      );
      return paginate(found, args.limit ?? 25, args.page);
    },
    replies: (_source, args, context) => repliesOnBoards(context, args),
  },
  Update: {
    ...postFields,
    item_id: (update: UpdateRecord) => update.itemId,
    item: (update: UpdateRecord, _args, context) => context.store.items.find(update.itemId) ?? null,
    original_creation_date: (update: UpdateRecord) => update.originalCreationDate ?? null,
    replies: (update: UpdateRecord, _args, context) => context.store.updates.repliesTo(update.id),
  },
  Reply: {
    ...postFields,
    kind: () => 'text',
  },
  Like: {
    creator_id: (like: LikeRecord) => like.userId,
    creator: (like: LikeRecord, _args, context) => context.store.users.find(like.userId) ?? null,
    reaction_type: (like: LikeRecord) => like.reactionType,
    created_at: (like: LikeRecord) => like.createdAt,
    updated_at: (like: LikeRecord) => like.createdAt,
  },
  Mutation: {
    create_update: createUpdate,
    edit_update: (_source, args, context) => {
      const userId = writer(context);
      const update = accountUpdate(context, args.id);
      if (update.creatorId !== userId) {
        throw engineError(ENGINE_ERROR_CODES.unauthorized, `Only the author of update ${update.id} may edit it.`, {
          update_id: update.id,
        });
      }
      context.store.updates.edit(update, checkBody(args.body));
      logUpdate(context, update, 'edit_update');
      return update;
    },
    delete_update: (_source, args, context) => {
      writer(context);
      const update = accountUpdate(context, args.id);
      context.store.updates.delete(update);
      logUpdate(context, update, 'delete_update');
      return update;
    },
    like_update: (_source, args, context) =>
      context.store.updates.like(accountUpdate(context, args.update_id), writer(context)),
    unlike_update: (_source, args, context) =>
      context.store.updates.unlike(accountUpdate(context, args.update_id), writer(context)),
    pin_to_top: pin(true),
    unpin_from_top: pin(false),
    clear_item_updates: (_source, args, context) => {
      writer(context);
      const item = accountItem(context, args.item_id);
      context.store.updates.removeForItems(new Set([item.id]));
      item.updatedAt = context.store.now();
      return item;
    },
  },
};
