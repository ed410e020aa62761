/**
 * Webhooks of the in-memory store: subscriptions of a board's events to a URL. Delivery, when the emulator is
 * started with `webhooks`, lives in `packages/emulator/src/webhooks/`: it sets {@link WebhookStore.checkUrl} and follows
 * the activity log.
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
  /**
   * Checks a new webhook's URL before `create_webhook` records it (the emulator's delivery posts the platform's
   * challenge there): resolves to a refusal message, or null to accept. Unset: every URL is accepted.
   */
  checkUrl: ((url: string) => Promise<string | null>) | undefined;
  /**
   * Wraps every URL check {@link challenge} makes (`check` runs {@link checkUrl}): the testing kit journals each
   * outcome and the moment it came, and gives the journaled outcome back when it rebuilds a snapshot. Unset: the
   * check runs as it is.
   */
  challengeHook: ((url: string, check: () => Promise<string | null>) => Promise<string | null>) | undefined;

  /** Keeps the seeded `webhooks`; new ids and times come from `stamper`. */
  constructor(webhooks: WebhookRecord[], stamper: Stamper) {
    super(webhooks);
    this.#stamper = stamper;
  }

  /** Checks a new webhook's URL ({@link checkUrl}, through {@link challengeHook}): a refusal message, or null. */
  challenge(url: string): Promise<string | null> {
    const check = () => this.checkUrl?.(url) ?? Promise.resolve(null);
    return this.challengeHook ? this.challengeHook(url, check) : check();
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
