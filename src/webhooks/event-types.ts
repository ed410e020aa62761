/**
 * The platform's webhook event types: the `WebhookEventType` enum of API version 2026-10 (what `create_webhook`
 * subscribes to), and the `type` each one's delivered payload carries. The payload types are the platform's own
 * spellings, which differ from the subscription names (`create_item` is delivered as `create_pulse`): see the
 * payload examples at https://monday.com/integrations/webhooks and
 * https://developer.monday.com/api-reference/docs/webhooks.
 */

/** Every event a webhook can subscribe to (`create_webhook(event:)`), as the 2026-10 schema lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'change_column_value',
  'change_name',
  'change_specific_column_value',
  'change_status_column_value',
  'change_subitem_column_value',
  'change_subitem_name',
  'create_column',
  'create_item',
  'create_subitem',
  'create_subitem_update',
  'create_update',
  'delete_update',
  'edit_update',
  'item_archived',
  'item_deleted',
  'item_moved_to_any_group',
  'item_moved_to_specific_group',
  'item_restored',
  'move_subitem',
  'subitem_archived',
  'subitem_deleted',
] as const;

/** An event a webhook can subscribe to. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The `type` field of the payload delivered for each subscription event. */
export const PAYLOAD_TYPE_OF = {
  change_column_value: 'update_column_value',
  change_name: 'update_name',
  change_specific_column_value: 'update_column_value',
  change_status_column_value: 'update_column_value',
  change_subitem_column_value: 'update_column_value',
  change_subitem_name: 'update_name',
  create_column: 'create_column',
  create_item: 'create_pulse',
  create_subitem: 'create_pulse',
  create_subitem_update: 'create_update',
  create_update: 'create_update',
  delete_update: 'delete_update',
  edit_update: 'edit_update',
  item_archived: 'archive_pulse',
  item_deleted: 'delete_pulse',
  item_moved_to_any_group: 'move_pulse_into_group',
  item_moved_to_specific_group: 'move_pulse_into_group',
  item_restored: 'restore_pulse',
  move_subitem: 'move_subitem',
  subitem_archived: 'archive_pulse',
  subitem_deleted: 'delete_pulse',
} as const satisfies Record<WebhookEventType, string>;

/** The `type` of a delivered payload. */
export type WebhookPayloadType = (typeof PAYLOAD_TYPE_OF)[WebhookEventType];

/** True when `value` is one of {@link WEBHOOK_EVENT_TYPES}. */
export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
