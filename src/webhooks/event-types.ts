/**
 * The platform's webhook event types: the `WebhookEventType` enum of API version 2026-10 (what `create_webhook`
 * subscribes to), and the `type` each one's delivered payload carries. The payload types are the platform's own
 * spellings, which differ from the subscription names (`create_item` is delivered as `create_pulse`): see the
 * payload examples at https://monday.com/integrations/webhooks and
 * https://developer.monday.com/api-reference/docs/webhooks.
 */

/**
 * The `type` field of the payload delivered for each subscription event; its keys are every event a webhook can
 * subscribe to, in the 2026-10 schema's order (a test compares them with the schema).
 */
export const PAYLOAD_TYPE_OF = {
  /** Any column value of an item changed. */
  change_column_value: 'update_column_value',
  /** An item's name changed. */
  change_name: 'update_name',
  /** The value of one column, the one the webhook's config names, changed. */
  change_specific_column_value: 'update_column_value',
  /** A status column's value changed. */
  change_status_column_value: 'update_column_value',
  /** A subitem's column value changed. */
  change_subitem_column_value: 'update_column_value',
  /** A subitem's name changed. */
  change_subitem_name: 'update_name',
  /** A column was created. */
  create_column: 'create_column',
  /** An item was created. */
  create_item: 'create_pulse',
  /** A subitem was created. */
  create_subitem: 'create_pulse',
  /** An update was posted on a subitem. */
  create_subitem_update: 'create_update',
  /** An update was posted on an item. */
  create_update: 'create_update',
  /** An update was deleted. */
  delete_update: 'delete_update',
  /** An update was edited. */
  edit_update: 'edit_update',
  /** An item was archived. */
  item_archived: 'archive_pulse',
  /** An item was deleted. */
  item_deleted: 'delete_pulse',
  /** An item moved to another group. */
  item_moved_to_any_group: 'move_pulse_into_group',
  /** An item moved to the group the webhook's config names. */
  item_moved_to_specific_group: 'move_pulse_into_group',
  /** An archived or deleted item was restored. */
  item_restored: 'restore_pulse',
  /** A subitem was moved. */
  move_subitem: 'move_subitem',
  /** A subitem was archived. */
  subitem_archived: 'archive_pulse',
  /** A subitem was deleted. */
  subitem_deleted: 'delete_pulse',
} as const;

/** An event a webhook can subscribe to. */
export type WebhookEventType = keyof typeof PAYLOAD_TYPE_OF;

/**
 * Every event a webhook can subscribe to (`create_webhook(event:)`), as the 2026-10 schema lists them. Read from
 * the table of payload types' keys, so the list is written once (and the receiver's bundle carries it once).
 */
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = Object.freeze(
  Object.keys(PAYLOAD_TYPE_OF) as WebhookEventType[],
);

/** The `type` of a delivered payload. */
export type WebhookPayloadType = (typeof PAYLOAD_TYPE_OF)[WebhookEventType];

/**
 * The `type` of the payload a webhook subscribed to `event` delivers, as the platform spells it
 * (`webhookPayloadType('create_item')` is `'create_pulse'`).
 * @throws TypeError when `event` is not an event a webhook can subscribe to ({@link WEBHOOK_EVENT_TYPES}).
 */
export function webhookPayloadType<Event extends WebhookEventType>(event: Event): (typeof PAYLOAD_TYPE_OF)[Event] {
  if (!Object.hasOwn(PAYLOAD_TYPE_OF, event)) throw new TypeError(`${String(event)} is not a webhook event type.`);
  return PAYLOAD_TYPE_OF[event];
}

/** True when `value` is one of {@link WEBHOOK_EVENT_TYPES}. */
export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
