/**
 * Webhooks of the in-memory store: subscriptions of a board's events to a URL. Delivery, when the emulator is
 * started with `webhooks`, lives in `src/emulator/webhooks/`: it sets {@link WebhookStore.checkUrl} and follows
 * the activity log.
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
  /**
   * Checks a new webhook's URL before `create_webhook` records it (the emulator's delivery posts the platform's
   * challenge there): resolves to a refusal message, or null to accept. Unset: every URL is accepted.
   */
  checkUrl: ((url: string) => Promise<string | null>) | undefined;

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
