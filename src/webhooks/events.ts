/**
 * The typed events a webhook delivers: the `event` object of the JSON body, discriminated by its `type`. Field
 * names follow the platform's payload samples ("Sample payload for webhook events",
 * https://developer.monday.com/api-reference/reference/webhooks; https://monday.com/integrations/webhooks); every
 * event keeps the fields this module does not name, as they came, so a field the platform adds later is never lost.
 * Where the samples show a column value's form (a status label, a date) it is typed: {@link StatusColumnValueEvent},
 * {@link DateColumnValueEvent}; {@link WebhookEventOf} gives the event a subscription delivers.
 */
import type { PAYLOAD_TYPE_OF, WebhookEventType } from './event-types.js';

/** Fields every delivered event carries. */
export interface WebhookEventBase {
  /** Who sent it: `"monday"` on the platform. */
  app?: string;
  /** The subscription (webhook) id that matched. */
  subscriptionId?: number;
  /** When the change happened, ISO 8601. */
  triggerTime?: string;
  /** Unique per change: the same on every retry of one delivery, so it identifies duplicates. */
  triggerUuid: string;
  /** The trigger this change followed from, if any. */
  originalTriggerUuid?: string | null;
  /** User who made the change. */
  userId?: number;
  /** Board the change happened on. */
  boardId: number;
  /** Any other field the platform sent. */
  [field: string]: unknown;
}

/** An item (or subitem, with `parentItemId`) was created. */
export interface CreateItemEvent extends WebhookEventBase {
  /** The payload's type, as the platform spells it. */
  type: 'create_pulse';
  /** The item's id (the platform's payloads call an item a pulse). */
  pulseId: number;
  /** The item's name. */
  pulseName: string;
  /** The id of the item's group. */
  groupId?: string;
  /** The title of the item's group. */
  groupName?: string;
  /** The colour of the item's group. */
  groupColor?: string;
  /** Whether the item's group is the board's top group. */
  isTopGroup?: boolean;
  /** Column values the item was created with, by column id. */
  columnValues?: Record<string, unknown>;
  /** For a subitem: the same as `pulseId` (the create_subitem sample carries both). */
  itemId?: number;
  /** For a subitem: the item it belongs to, as a string (so the platform's create_subitem sample sends it). */
  parentItemId?: string;
  /** For a subitem: the board of the item it belongs to, as a string; `boardId` is then the subitems' own board. */
  parentItemBoardId?: string;
}

/** A column value changed. {@link StatusColumnValueEvent} and {@link DateColumnValueEvent} type two kinds' values. */
export interface UpdateColumnValueEvent extends WebhookEventBase {
  /** The payload's type, as the platform spells it. */
  type: 'update_column_value';
  /** The item's id (the platform's payloads call an item a pulse). */
  pulseId: number;
  /** The item's name. */
  pulseName?: string;
  /** The id of the item's group. */
  groupId?: string;
  /** The column's id. */
  columnId: string;
  /** The column's type as payloads name it (a status column is `color`). */
  columnType?: string;
  /** The column's title. */
  columnTitle?: string;
  /**
   * The new value. For a status (`columnType: 'color'`) and a date column the docs give the form
   * ({@link WebhookStatusValue}, {@link WebhookDateValue}: narrow with {@link isStatusColumnValueEvent},
   * {@link isDateColumnValueEvent}); for other kinds they do not, so it stays `unknown`.
   */
  value: unknown;
  /** The value before the change (null when it was empty). */
  previousValue?: unknown;
  /** When it changed, Unix epoch seconds (with fractions). */
  changedAt?: number;
  /** Whether the item's group is the board's top group. */
  isTopGroup?: boolean;
  /** For a subitem: the item it belongs to, as a string. */
  parentItemId?: string;
}

/**
 * The colour style of a status label in a webhook payload, as the platform's sample shows it (`color`, `border`:
 * hex colours; `var_name`: the colour's name). Each is optional: the docs show one sample, not a contract, and the
 * emulator fills only what it keeps for the label.
 */
export interface WebhookStatusLabelStyle {
  /** The label's colour (hex). */
  color?: string;
  /** The label's border colour (hex). */
  border?: string;
  /** The colour's name. */
  var_name?: string;
}

/** A status column's value in a webhook payload: the label, not the stored `{ index }`. */
export interface WebhookStatusValue {
  /** The status label. */
  label: {
    /** The label's id (the `index` the column's value holds). */
    index: number;
    /** The label's text. */
    text: string | null;
    /** The label's colour style. */
    style: WebhookStatusLabelStyle;
  };
  /** `null` in the platform's sample. */
  post_id?: unknown;
}

/** A date column's value in a webhook payload. */
export interface WebhookDateValue {
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM:SS` (UTC), or null for a day without a time. */
  time: string | null;
  /** The `icon` the platform sends with a date; its sample shows no more about it. */
  icon: string | null;
}

/** A status column's value changed (`change_status_column_value`, or any column change on a status column). */
export interface StatusColumnValueEvent extends UpdateColumnValueEvent {
  /** The platform names the status column kind `color` in payloads. */
  columnType: 'color';
  /** The new label, or null when the column was cleared. */
  value: WebhookStatusValue | null;
  /** The label before the change, or null when there was none. */
  previousValue?: WebhookStatusValue | null;
}

/** A date column's value changed. */
export interface DateColumnValueEvent extends UpdateColumnValueEvent {
  /** A date column. */
  columnType: 'date';
  /** The new date, or null when the column was cleared. */
  value: WebhookDateValue | null;
  /** The date before the change, or null when there was none. */
  previousValue?: WebhookDateValue | null;
}

/** True when `event` is a status column's change, whose `value` and `previousValue` are {@link WebhookStatusValue}. */
export function isStatusColumnValueEvent(event: WebhookEvent): event is StatusColumnValueEvent {
  return event.type === 'update_column_value' && event.columnType === 'color';
}

/** True when `event` is a date column's change, whose `value` and `previousValue` are {@link WebhookDateValue}. */
export function isDateColumnValueEvent(event: WebhookEvent): event is DateColumnValueEvent {
  return event.type === 'update_column_value' && event.columnType === 'date';
}

/** An item's name changed. */
export interface UpdateNameEvent extends WebhookEventBase {
  /** The payload's type, as the platform spells it. */
  type: 'update_name';
  /** The item's id (the platform's payloads call an item a pulse). */
  pulseId: number;
  /** The id of the item's group. */
  groupId?: string;
  /** The new name. */
  value: {
    /** The item's name. */
    name: string;
  };
  /** The name before the change. */
  previousValue?: {
    /** The item's name. */
    name: string;
  };
  /** For a subitem: the item it belongs to, as a string. */
  parentItemId?: string;
}

/** An update (comment) was posted, or a reply to one. */
export interface CreateUpdateEvent extends WebhookEventBase {
  /** The payload's type, as the platform spells it. */
  type: 'create_update';
  /** The item's id (the platform's payloads call an item a pulse). */
  pulseId: number;
  /** The update's id. */
  updateId: number;
  /** The update's HTML body. */
  body: string;
  /** The body as plain text. */
  textBody?: string;
  /** For a reply: the update it answers. */
  replyId?: number | null;
  /** For a subitem: the item it belongs to, as a string. */
  parentItemId?: string;
}

/** An update was edited. */
export interface EditUpdateEvent extends WebhookEventBase {
  /** The payload's type, as the platform spells it. */
  type: 'edit_update';
  /** The item's id (the platform's payloads call an item a pulse). */
  pulseId: number;
  /** The update's id. */
  updateId: number;
  /** The update's HTML body. */
  body: string;
  /** The body as plain text. */
  textBody?: string;
}

/** An update was deleted. */
export interface DeleteUpdateEvent extends WebhookEventBase {
  /** The payload's type, as the platform spells it. */
  type: 'delete_update';
  /** The item's id (the platform's payloads call an item a pulse). */
  pulseId: number;
  /** The update's id. */
  updateId: number;
}

/** An item (or subitem) was archived, deleted or restored. */
export interface ItemLifecycleEvent extends WebhookEventBase {
  /** The payload's type, as the platform spells it. */
  type: 'archive_pulse' | 'delete_pulse' | 'restore_pulse';
  /** The item's id (the platform's payloads call an item a pulse). */
  pulseId: number;
  /** The item's name. */
  pulseName?: string;
  /** The item's id, the same as `pulseId`, when the payload carries it. */
  itemId?: number;
  /** For a subitem: the item it belongs to, as a string. */
  parentItemId?: string;
}

/** An item moved to another group. */
export interface MoveItemIntoGroupEvent extends WebhookEventBase {
  /** The payload's type, as the platform spells it. */
  type: 'move_pulse_into_group';
  /** The item's id (the platform's payloads call an item a pulse). */
  pulseId: number;
  /** The group the item left. */
  sourceGroupId?: string;
  /** The group the item moved to. */
  destGroupId: string;
}

/** A subitem moved from one parent item to another. */
export interface MoveSubitemEvent extends WebhookEventBase {
  /** The payload's type, as the platform spells it. */
  type: 'move_subitem';
  /** The item's id (the platform's payloads call an item a pulse). */
  pulseId: number;
}

/** A column was created. */
export interface CreateColumnEvent extends WebhookEventBase {
  /** The payload's type, as the platform spells it. */
  type: 'create_column';
  /** The column's id. */
  columnId: string;
  /** The column's type as payloads name it (a status column is `color`). */
  columnType?: string;
  /** The column's title. */
  columnTitle?: string;
}

/** @deprecated Use {@link CreateItemEvent}. The same type under its old name, kept through 0.x. */
export type CreatePulseEvent = CreateItemEvent;
/** @deprecated Use {@link ItemLifecycleEvent}. The same type under its old name, kept through 0.x. */
export type PulseLifecycleEvent = ItemLifecycleEvent;
/** @deprecated Use {@link MoveItemIntoGroupEvent}. The same type under its old name, kept through 0.x. */
export type MovePulseIntoGroupEvent = MoveItemIntoGroupEvent;

/** Every event a webhook delivers, discriminated by `type`. */
export type WebhookEvent =
  | CreateItemEvent
  | UpdateColumnValueEvent
  | UpdateNameEvent
  | CreateUpdateEvent
  | EditUpdateEvent
  | DeleteUpdateEvent
  | ItemLifecycleEvent
  | MoveItemIntoGroupEvent
  | MoveSubitemEvent
  | CreateColumnEvent;

/** The URL challenge the platform posts when a webhook is created; the answer echoes `challenge`. */
export interface WebhookChallenge {
  /** Always `challenge`. */
  type: 'challenge';
  /** The random token to echo back as `{ "challenge": ... }`. */
  challenge: string;
}

/** The member of {@link WebhookEvent} whose `type` admits `Type`. */
type EventOfPayloadType<Type> = WebhookEvent extends infer Each
  ? Each extends { type: infer Admitted }
    ? Type extends Admitted
      ? Each
      : never
    : never
  : never;

/**
 * The event a webhook subscribed to `Event` delivers (`create_item` → {@link CreateItemEvent}); a
 * `change_status_column_value` subscription delivers status changes only, so {@link StatusColumnValueEvent}.
 *
 * ```ts
 * // fragment
 * onEvent: (event) => {
 *   if (isStatusColumnValueEvent(event)) console.log(event.value?.label.text);
 * }
 * ```
 */
export type WebhookEventOf<Event extends WebhookEventType> = Event extends 'change_status_column_value'
  ? StatusColumnValueEvent
  : EventOfPayloadType<(typeof PAYLOAD_TYPE_OF)[Event]>;
