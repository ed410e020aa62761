/**
 * The typed events a webhook delivers: the `event` object of the JSON body, discriminated by its `type`. Field
 * names follow the platform's payload examples (https://monday.com/integrations/webhooks,
 * https://developer.monday.com/api-reference/docs/webhooks); every event keeps the fields this module does not
 * name, as they came, so a field the platform adds later is never lost.
 */
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
export interface CreatePulseEvent extends WebhookEventBase {
  type: 'create_pulse';
  pulseId: number;
  pulseName: string;
  groupId?: string;
  groupName?: string;
  groupColor?: string;
  isTopGroup?: boolean;
  /** Column values the item was created with, by column id. */
  columnValues?: Record<string, unknown>;
  /** For a subitem: the item it belongs to. */
  parentItemId?: number;
  parentItemBoardId?: number;
}

/** A column value changed. */
export interface UpdateColumnValueEvent extends WebhookEventBase {
  type: 'update_column_value';
  pulseId: number;
  pulseName?: string;
  groupId?: string;
  columnId: string;
  columnType?: string;
  columnTitle?: string;
  /** The new value, in the column type's JSON form. */
  value: unknown;
  /** The value before the change (null when it was empty). */
  previousValue?: unknown;
  /** When it changed, Unix epoch seconds (with fractions). */
  changedAt?: number;
  isTopGroup?: boolean;
  parentItemId?: number;
}

/** An item's name changed. */
export interface UpdateNameEvent extends WebhookEventBase {
  type: 'update_name';
  pulseId: number;
  groupId?: string;
  value: { name: string };
  previousValue?: { name: string };
  parentItemId?: number;
}

/** An update (comment) was posted, or a reply to one. */
export interface CreateUpdateEvent extends WebhookEventBase {
  type: 'create_update';
  pulseId: number;
  updateId: number;
  /** The update's HTML body. */
  body: string;
  /** The body as plain text. */
  textBody?: string;
  /** For a reply: the update it answers. */
  replyId?: number | null;
  parentItemId?: number;
}

/** An update was edited. */
export interface EditUpdateEvent extends WebhookEventBase {
  type: 'edit_update';
  pulseId: number;
  updateId: number;
  body: string;
  textBody?: string;
}

/** An update was deleted. */
export interface DeleteUpdateEvent extends WebhookEventBase {
  type: 'delete_update';
  pulseId: number;
  updateId: number;
}

/** An item (or subitem) was archived, deleted or restored. */
export interface PulseLifecycleEvent extends WebhookEventBase {
  type: 'archive_pulse' | 'delete_pulse' | 'restore_pulse';
  pulseId: number;
  pulseName?: string;
  itemId?: number;
  parentItemId?: number;
}

/** An item moved to another group. */
export interface MovePulseIntoGroupEvent extends WebhookEventBase {
  type: 'move_pulse_into_group';
  pulseId: number;
  sourceGroupId?: string;
  destGroupId: string;
}

/** A subitem moved from one parent item to another. */
export interface MoveSubitemEvent extends WebhookEventBase {
  type: 'move_subitem';
  pulseId: number;
}

/** A column was created. */
export interface CreateColumnEvent extends WebhookEventBase {
  type: 'create_column';
  columnId: string;
  columnType?: string;
  columnTitle?: string;
}

/** Every event a webhook delivers, discriminated by `type`. */
export type WebhookEvent =
  | CreatePulseEvent
  | UpdateColumnValueEvent
  | UpdateNameEvent
  | CreateUpdateEvent
  | EditUpdateEvent
  | DeleteUpdateEvent
  | PulseLifecycleEvent
  | MovePulseIntoGroupEvent
  | MoveSubitemEvent
  | CreateColumnEvent;

/** The URL challenge the platform posts when a webhook is created; the answer echoes `challenge`. */
export interface WebhookChallenge {
  type: 'challenge';
  /** The random token to echo back as `{ "challenge": ... }`. */
  challenge: string;
}
