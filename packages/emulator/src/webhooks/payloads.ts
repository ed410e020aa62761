/**
 * From a change in the store (an activity-log entry) to the webhook events it triggers and their payloads.
 * Rule map:
 * - which subscription events an entry matches: {@link matchingEvents} (subitems trigger the `*subitem*` events
 *   on the parent item's board; `change_specific_column_value` needs `config.columnId`, `item_moved_to_specific_group`
 *   `config.groupId`; `change_status_column_value` matches status columns);
 * - the payload of each: {@link payloadOf}, in the platform's shape (`{ event: { app, type, triggerTime,
 *   subscriptionId, userId, originalTriggerUuid, boardId, pulseId, ..., triggerUuid } }`), with the payload `type`
 *   the platform delivers for the event (`webhookPayloadType`), column values in their payload form
 *   (./payload-values.ts). Shapes from the samples of https://developer.monday.com/api-reference/reference/webhooks
 *   (create_item, create_subitem, change_column_value, create_update, a status change) and
 *   https://monday.com/integrations/webhooks; a subitem's event names the subitem's own board as `boardId`, its
 *   parent as `parentItemId` and the parent's board as `parentItemBoardId` (strings, as the create_subitem sample
 *   has them), and `itemId` besides `pulseId`. For the other events the docs show no sample; their fields follow
 *   the same naming. Pinned by test/webhook-payloads.test.ts and the SDK's test/e2e/webhook-delivery.test.ts.
 */
import { type WebhookEventType, webhookPayloadType } from 'workspace-platform-sdk/webhooks';
import type { ActivityLogRecord } from '../engine/store/activity-log.js';
import type { BoardRecord, ItemRecord } from '../engine/store/records.js';
import type { EmulatorStore } from '../engine/store/store.js';
import type { WebhookRecord } from '../engine/store/webhooks.js';
import { payloadValue } from './payload-values.js';

/** One event to deliver to one webhook. */
export interface PendingEvent {
  webhook: WebhookRecord;
  event: WebhookEventType;
  payload: { event: Record<string, unknown> };
}

/** The platform's names of column kinds in payloads (`columnType`). */
const COLUMN_TYPE: Record<string, string> = {
  status: 'color',
  numbers: 'numeric',
  checkbox: 'boolean',
  long_text: 'long-text',
};

function configOf(webhook: WebhookRecord): Record<string, unknown> {
  let config: unknown;
  try {
    config = webhook.config ? JSON.parse(webhook.config) : {};
  } catch {
    return {};
  }
  // A seeded config may be any JSON (`null` among them): only an object configures anything.
  return typeof config === 'object' && config !== null && !Array.isArray(config)
    ? (config as Record<string, unknown>)
    : {};
}

/** The subscription events an entry about `item` triggers. */
function eventsFor(entry: ActivityLogRecord, board: BoardRecord, subitem: boolean): WebhookEventType[] {
  const data = entry.data;
  switch (entry.event) {
    case 'create_pulse':
      return [subitem ? 'create_subitem' : 'create_item'];
    case 'update_column_value': {
      if (data.column_id === 'name') return [subitem ? 'change_subitem_name' : 'change_name'];
      if (subitem) return ['change_subitem_column_value'];
      const column = board.columns.find((candidate) => candidate.id === data.column_id);
      return [
        'change_column_value',
        'change_specific_column_value',
        ...(column?.type === 'status' ? (['change_status_column_value'] as const) : []),
      ];
    }
    case 'create_update':
      return [subitem ? 'create_subitem_update' : 'create_update'];
    case 'edit_update':
      return ['edit_update'];
    case 'delete_update':
      return ['delete_update'];
    case 'archive_pulse':
      return [subitem ? 'subitem_archived' : 'item_archived'];
    case 'delete_pulse':
      return [subitem ? 'subitem_deleted' : 'item_deleted'];
    case 'move_pulse_into_group':
      return ['item_moved_to_any_group', 'item_moved_to_specific_group'];
    default:
      return [];
  }
}

function matchesConfig(webhook: WebhookRecord, entry: ActivityLogRecord): boolean {
  const config = configOf(webhook);
  if (webhook.event === 'change_specific_column_value') return config.columnId === entry.data.column_id;
  if (webhook.event === 'item_moved_to_specific_group') return config.groupId === entry.data.dest_group_id;
  return true;
}

/** Every event `entry` triggers, one per matching webhook. */
export function matchingEvents(
  store: EmulatorStore,
  entry: ActivityLogRecord,
  triggerUuid: () => string,
): PendingEvent[] {
  const item = entry.itemId === null ? undefined : store.items.find(entry.itemId);
  if (!item) return [];
  const parent = item.parentItemId === null ? undefined : store.items.find(item.parentItemId);
  const board = store.boards.find(item.boardId);
  if (!board) return [];
  const subscribedBoard = parent ? parent.boardId : board.id;
  const events = eventsFor(entry, board, parent !== undefined);
  return store.webhooks
    .all()
    .filter(
      (webhook) =>
        webhook.boardId === subscribedBoard &&
        (events as string[]).includes(webhook.event) &&
        matchesConfig(webhook, entry),
    )
    .map((webhook) => {
      const event = webhook.event as WebhookEventType;
      return {
        webhook,
        event,
        payload: { event: payloadOf(store, entry, { board, item, parent }, webhook, event, triggerUuid()) },
      };
    });
}

/** The `event` object the platform delivers for `event` about `item`. */
function payloadOf(
  store: EmulatorStore,
  entry: ActivityLogRecord,
  target: { board: BoardRecord; item: ItemRecord; parent: ItemRecord | undefined },
  webhook: WebhookRecord,
  event: WebhookEventType,
  triggerUuid: string,
): Record<string, unknown> {
  const { board, item, parent } = target;
  const data = entry.data;
  const group = board.groups.find((candidate) => candidate.id === item.groupId);
  const base: Record<string, unknown> = {
    app: 'monday',
    type: webhookPayloadType(event),
    triggerTime: entry.createdAt,
    subscriptionId: Number(webhook.id),
    userId: Number(entry.userId),
    originalTriggerUuid: null,
    boardId: Number(board.id),
    pulseId: Number(item.id),
    ...(parent ? { parentItemId: parent.id, parentItemBoardId: parent.boardId } : {}),
  };
  const isTopGroup =
    board.groups.findIndex((candidate) => !candidate.deleted && !candidate.archived) ===
    board.groups.indexOf(group as never);
  let details: Record<string, unknown> = {};
  switch (webhookPayloadType(event)) {
    case 'create_pulse':
      details = {
        ...(parent ? { itemId: Number(item.id) } : {}),
        pulseName: item.name,
        groupId: item.groupId,
        groupName: group?.title ?? null,
        groupColor: group?.color ?? null,
        isTopGroup,
        // The samples show only an item created empty (`{}`); values go in the form the store keeps them.
        columnValues: structuredClone(item.values),
      };
      break;
    case 'update_column_value': {
      const column = board.columns.find((candidate) => candidate.id === data.column_id);
      details = {
        pulseName: item.name,
        groupId: item.groupId,
        columnId: data.column_id,
        columnType: column ? (COLUMN_TYPE[column.type] ?? column.type) : null,
        columnTitle: column?.title ?? null,
        value: payloadValue(column, data.value),
        previousValue: payloadValue(column, data.previous_value),
        changedAt: Date.parse(entry.createdAt) / 1000,
        isTopGroup,
      };
      break;
    }
    case 'update_name':
      details = {
        groupId: item.groupId,
        value: { name: String(data.value ?? item.name) },
        previousValue: { name: String(data.previous_value ?? '') },
      };
      break;
    case 'create_update':
    case 'edit_update':
    case 'delete_update': {
      const update = store.updates.all().find((candidate) => candidate.id === String(data.update_id));
      details = {
        updateId: Number(data.update_id),
        body: update?.body ?? '',
        textBody: (update?.body ?? '').replace(/<[^>]*>/g, ''),
        replyId: data.parent_id === null || data.parent_id === undefined ? null : Number(data.parent_id),
      };
      break;
    }
    case 'archive_pulse':
    case 'delete_pulse':
      details = { itemId: Number(item.id), pulseName: item.name };
      break;
    case 'move_pulse_into_group':
      details = { sourceGroupId: data.source_group_id, destGroupId: data.dest_group_id };
      break;
  }
  return { ...base, ...details, triggerUuid };
}
