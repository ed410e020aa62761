/**
 * Webhooks of the in-memory store: subscriptions of a board's events to a URL. The emulator records them; it does
 * not deliver events (the API reference does not describe payloads or delivery).
 */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

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
export class WebhookStore extends Collection<WebhookRecord> {
  readonly #stamper: Stamper;

  /** Keeps the seeded `webhooks`; new ids and times come from `stamper`. */
  constructor(webhooks: WebhookRecord[], stamper: Stamper) {
    super(webhooks);
    this.#stamper = stamper;
  }

  /** Records a webhook. */
  createWebhook(input: NewWebhook): WebhookRecord {
    return this.insert({ ...input, id: this.#stamper.newId(), createdAt: this.#stamper.now() });
  }

  /** Removes a webhook; returns it. */
  deleteWebhook(webhook: WebhookRecord): WebhookRecord {
    return this.remove(webhook);
  }
}
