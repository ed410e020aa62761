/**
 * Notifications: create_notification (notifications:write) sends `text` to a user of the caller's account about a
 * target: `Project` is an item or a board of the account; `Post` is an update, accepted by id. The notification is
 * kept in the store (`store.notifications`); nothing is delivered.
 */
import { requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { NotificationRecord } from '../store/notifications.js';
import { accountBoard, accountItem, callerId } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** Resolvers of notifications. */
export const notificationResolvers: FamilyResolvers = {
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
};
