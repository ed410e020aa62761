/**
 * Notifications: create_notification (notifications:write) sends `text` to a user of the caller's account about a
 * target: `Project` is an item or a board of the account; `Post` is an update, accepted by id. The notification is
 * kept in the store (`store.notifications`); nothing is delivered.
 *
 * `Query.notifications` (2025-10 on) lists the caller's own inbox: the notifications sent to them, newest first,
 * {@link NOTIFICATIONS_PAGE} unless `limit` says otherwise (1 to {@link MAX_NOTIFICATIONS_PAGE}), those older than
 * the `cursor` notification when one is given and none before `since`. The docs describe none of it beyond the
 * schema, so these are the least surprising rules; it needs me:read (the caller's own data). Nothing marks a
 * notification read in the emulator, so `read` is false and `filter_read` keeps them all; `title` (which the
 * notifications sent through the API do not have) is NOT_MODELLED. `board`, `item` and `update` are the target's,
 * `creators` the sender. Pinned by packages/emulator/test/engine/resolvers/notifications.test.ts.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { notModelledError } from '../schema/modelled.js';
import type { NotificationRecord } from '../store/notifications.js';
import type { QueryNotificationsArgs } from './arguments.generated.js';
import { accountBoard, accountItem, callerId, storedUser } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** Notifications to a page when `limit` is not given. */
export const NOTIFICATIONS_PAGE = 25;
/** The most notifications one page answers. */
export const MAX_NOTIFICATIONS_PAGE = 100;

function inbox(context: EngineContext, args: QueryNotificationsArgs): NotificationRecord[] {
  requireScope(context, 'me:read');
  const limit = args.limit ?? NOTIFICATIONS_PAGE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_NOTIFICATIONS_PAGE) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `limit must be between 1 and ${MAX_NOTIFICATIONS_PAGE}.`);
  }
  if (args.since != null && Number.isNaN(Date.parse(args.since))) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'since must be an ISO 8601 time.');
  }
  const mine = context.store.notifications
    .where((notification) => notification.accountId === context.accountId && notification.userId === callerId(context))
    .reverse();
  const start = args.cursor == null ? 0 : mine.findIndex((notification) => notification.id === args.cursor) + 1;
  if (args.cursor != null && start === 0) {
    throw engineError(ENGINE_ERROR_CODES.invalidCursor, `cursor ${args.cursor} names no notification of yours.`);
  }
  const since = args.since == null ? undefined : Date.parse(args.since);
  return mine
    .slice(start)
    .filter((notification) => since === undefined || Date.parse(notification.createdAt) >= since)
    .slice(0, limit);
}

/** Resolvers of notifications. */
export const notificationResolvers: FamilyResolvers = {
  Query: {
    notifications: (_source, args, context) => inbox(context, args),
  },
  Mutation: {
    create_notification: (_source, args, context) => {
      requireScope(context, 'notifications:write');
      const user = context.store.users.find(args.user_id);
      if (!user || user.accountId !== context.accountId || !user.enabled) {
        throw engineError(ENGINE_ERROR_CODES.notFound, `User ${args.user_id} was not found.`, {
          user_id: String(args.user_id),
        });
      }
      if (args.text.trim() === '') throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'text must not be empty.');
      const targetId = String(args.target_id);
      if (args.target_type === 'Project') {
        if (context.store.boards.find(targetId)) accountBoard(context, targetId);
        else accountItem(context, targetId);
      }
      return context.store.notifications.send({
        accountId: context.accountId,
        userId: user.id,
        senderId: callerId(context),
        targetId,
        targetType: args.target_type,
        text: args.text,
      });
    },
  },
  Notification: {
    text: (notification: NotificationRecord) => notification.text,
  },
  NotificationV2: {
    created_at: (notification: NotificationRecord) => notification.createdAt,
    read: () => false,
    creators: (notification: NotificationRecord, _args, context) => [storedUser(context, notification.senderId)],
    board: (notification: NotificationRecord, _args, context) => {
      if (notification.targetType !== 'Project') return null;
      const item = context.store.items.find(notification.targetId);
      const board = context.store.boards.find(item ? item.boardId : notification.targetId);
      return board && board.state !== 'deleted' ? board : null;
    },
    item: (notification: NotificationRecord, _args, context) => {
      const item = notification.targetType === 'Project' ? context.store.items.find(notification.targetId) : undefined;
      return item && item.state !== 'deleted' ? item : null;
    },
    update: (notification: NotificationRecord, _args, context) =>
      notification.targetType === 'Post' ? (context.store.updates.find(notification.targetId) ?? null) : null,
    title: () => {
      throw notModelledError('NotificationV2', 'title');
    },
  },
};
