/**
 * Custom activities and timeline items: `Query.custom_activity`, `Query.timeline_item`, `Query.timeline`, and
 * their create and delete mutations. Reads need boards:read, changes boards:write; both stay in the caller's
 * account.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { cursorPageLimit } from '../page-limits.js';
import type { CustomActivityRecord, TimelineItemRecord } from '../store/timeline.js';
import type { MutationCreateTimelineItemArgs } from './arguments.generated.js';
import { accountBoard, accountItem, accountUsers, callerId } from './lookup.js';
import type { FamilyResolvers } from './types.js';

function accountActivity(context: EngineContext, id: string): CustomActivityRecord {
  const activity = context.store.timeline.activities.find(id);
  if (!activity || activity.accountId !== context.accountId) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Custom activity ${id} was not found.`, { custom_activity_id: id });
  }
  return activity;
}

function accountTimelineItem(context: EngineContext, id: string): TimelineItemRecord {
  const entry = context.store.timeline.find(id);
  const item = entry && context.store.items.find(entry.itemId);
  if (!entry || entry.accountId !== context.accountId || !item || item.state === 'deleted') {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Timeline item ${id} was not found.`, { timeline_item_id: id });
  }
  return entry;
}

function checkTime(value: string, argument: string): string {
  if (Number.isNaN(Date.parse(value)))
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `${argument} must be an ISO 8601 date-time, got "${value}".`);
  return new Date(value).toISOString();
}

function decodeCursor(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const offset = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isInteger(offset) || offset < 0)
    throw engineError(ENGINE_ERROR_CODES.invalidCursor, 'The cursor is not one this API issued.');
  return offset;
}

function createTimelineItem(_source: unknown, args: MutationCreateTimelineItemArgs, context: EngineContext) {
  requireScope(context, 'boards:write');
  const item = accountItem(context, args.item_id);
  const activity = accountActivity(context, args.custom_activity_id);
  const [user] = accountUsers(context, [args.user_id ?? context.grant.userId]);
  if (args.title.trim() === '')
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A timeline item title cannot be empty.');
  const range = args.time_range
    ? {
        start: checkTime(args.time_range.start_timestamp, 'time_range.start_timestamp'),
        end: checkTime(args.time_range.end_timestamp, 'time_range.end_timestamp'),
      }
    : null;
  if (range && range.start > range.end)
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'time_range ends before it starts.');
  return context.store.timeline.createTimelineItem({
    accountId: context.accountId,
    itemId: item.id,
    boardId: item.boardId,
    userId: user?.id ?? callerId(context),
    customActivityId: activity.id,
    title: args.title,
    summary: args.summary ?? null,
    content: args.content ?? null,
    location: args.location ?? null,
    phone: args.phone ?? null,
    url: args.url ?? null,
    timestamp: checkTime(args.timestamp, 'timestamp'),
    timeRange: range,
  });
}

/** Resolvers of custom activities and timeline items. */
export const timelineResolvers: FamilyResolvers = {
  Query: {
    custom_activity: (_source, args, context) => {
      requireScope(context, 'boards:read');
      return context.store.timeline.activities
        .all()
        .filter(
          (activity) =>
            activity.accountId === context.accountId &&
            (!args.ids || args.ids.includes(activity.id)) &&
            (!args.name || activity.name === args.name) &&
            (!args.icon_id || activity.iconId === args.icon_id) &&
            (!args.color || activity.color === args.color),
        );
    },
    timeline_item: (_source, args, context) => {
      requireScope(context, 'boards:read');
      return accountTimelineItem(context, args.id);
    },
    timeline: (_source, args, context) => {
      requireScope(context, 'boards:read');
      return { itemId: accountItem(context, args.id).id };
    },
  },
  TimelineResponse: {
    timeline_items_page: (source: { itemId: string }, args, context) => {
      const limit = cursorPageLimit(args.limit, 25, 100);
      const all = context.store.timeline.ofItem(source.itemId);
      const offset = decodeCursor(args.cursor);
      const page = all.slice(offset, offset + limit);
      const next = offset + page.length;
      return {
        timeline_items: page,
        cursor: next < all.length ? Buffer.from(String(next)).toString('base64url') : null,
      };
    },
  },
  CustomActivity: {
    type: () => 'custom',
    icon_id: (activity: CustomActivityRecord) => activity.iconId,
  },
  TimelineItem: {
    type: () => 'custom_activity',
    item: (entry: TimelineItemRecord, _args, context) => context.store.items.find(entry.itemId) ?? null,
    board: (entry: TimelineItemRecord, _args, context) => context.store.boards.find(entry.boardId) ?? null,
    user: (entry: TimelineItemRecord, _args, context) => context.store.users.find(entry.userId) ?? null,
    custom_activity_id: (entry: TimelineItemRecord) => entry.customActivityId,
    created_at: (entry: TimelineItemRecord) => entry.timestamp,
  },
  Mutation: {
    create_custom_activity: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const name = args.name.trim();
      if (name === '') throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A custom activity name cannot be empty.');
      const taken = context.store.timeline.activities
        .all()
        .some((activity) => activity.accountId === context.accountId && activity.name === name);
      if (taken)
        throw engineError(ENGINE_ERROR_CODES.invalidArgument, `A custom activity named "${name}" already exists.`);
      return context.store.timeline.createActivity({
        accountId: context.accountId,
        name,
        iconId: args.icon_id,
        color: args.color,
      });
    },
    delete_custom_activity: (_source, args, context) => {
      requireScope(context, 'boards:write');
      return context.store.timeline.deleteActivity(accountActivity(context, args.id));
    },
    create_timeline_item: createTimelineItem,
    delete_timeline_item: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const entry = accountTimelineItem(context, args.id);
      accountBoard(context, entry.boardId);
      return context.store.timeline.deleteTimelineItem(entry);
    },
  },
};
