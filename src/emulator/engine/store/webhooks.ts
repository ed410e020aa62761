/**
 * Webhooks of the in-memory store: subscriptions of a board's events to a URL. The emulator records them; it does
 * not deliver events (the API reference does not describe payloads or delivery).
 */
import type { StoreClock } from './clock.js';

/** A webhook on one board. */
export interface WebhookRecord {
  id: string;
  accountId: string;
  boardId: string;
  event: string;
  /** The `config` argument as JSON text, or null. */
  config: string | null;
  url: string;
  /** OAuth client id of the app that created it; null when a personal token did. */
  appClientId: string | null;
  createdAt: string;
}

/** Fields a new webhook takes. */
export type NewWebhook = Omit<WebhookRecord, 'id' | 'createdAt'>;

/** Webhooks. */
export class WebhookStore {
  readonly #webhooks: WebhookRecord[];
  readonly #clock: StoreClock;

  constructor(webhooks: WebhookRecord[], clock: StoreClock) {
    this.#webhooks = webhooks;
    this.#clock = clock;
  }

  /** Every webhook. */
  webhooks(): readonly WebhookRecord[] {
    return this.#webhooks;
  }
  /** The webhook with this id, if any (any account). */
  findWebhook(id: string | number): WebhookRecord | undefined {
    return this.#webhooks.find((webhook) => webhook.id === String(id));
  }
  /** Records a webhook. */
  createWebhook(input: NewWebhook): WebhookRecord {
    const webhook: WebhookRecord = { ...input, id: this.#clock.newId(), createdAt: this.#clock.now() };
    this.#webhooks.push(webhook);
    return webhook;
  }
  /** Removes a webhook; returns it. */
  deleteWebhook(webhook: WebhookRecord): WebhookRecord {
    this.#webhooks.splice(this.#webhooks.indexOf(webhook), 1);
    return webhook;
  }
}
