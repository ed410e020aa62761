/**
 * The emulator's webhook delivery. Rule map:
 * - `create_webhook` first posts `{ "challenge": <random> }` to the URL and records the webhook only when the answer
 *   is a 2xx JSON body echoing it ({@link WebhookDelivery.checkUrl}); only loopback URLs are accepted or delivered
 *   to (a seeded webhook elsewhere is never contacted), so a test's emulator never posts anywhere else (`loopback.ts`);
 * - every change of the store (activity-log entry) is matched to webhooks and turned into payloads (`payloads.ts`),
 *   each delivered as a POST, signed with a JWT in `Authorization` when a signing secret is set ({@link #send},
 *   `signature.ts`);
 * - a delivery that fails (no answer within `timeoutMs`, or a status other than 2xx) is retried every
 *   `retryIntervalMs` (one minute) for `retryForMs` (30 minutes) on the emulator's clock, as the platform retries
 *   (https://developer.monday.com/api-reference/docs/webhooks), then marked `failed` ({@link WebhookDelivery.deliverDue});
 *   pending retries are kept in a queue by due time (`retry-queue.ts`), so scheduling and running them never scans
 *   the delivery log, and a round of many due retries yields to the event loop between batches; on the real clock a
 *   timer runs the soonest, set again after every round ({@link #schedule});
 * - a delivery whose webhook is gone (`delete_webhook`, or its board deleted) is `cancelled`: no attempt is made after
 *   the deletion, and no retry is scheduled ({@link #cancelIfDeleted});
 * - a change that cannot be turned into deliveries, or an attempt that throws, never fails the mutation, kills the
 *   emulator or stalls a request: one line goes to the emulator's log, secrets and URL queries left out, and
 *   delivery goes on ({@link #onChange}, {@link #guarded});
 * - every challenge and every attempt is in the log (`deliveries`, `challenges`, the last 10 000 of each);
 * - at most `maxPendingDeliveries` deliveries are pending at once: past it the oldest is dropped (`failed`, no more
 *   retries) with one line in the emulator's log, never silently ({@link #keepPending}); a pending delivery holds
 *   its record and nothing more (each attempt's timer is cleared when the attempt ends).
 * Pinned by test/e2e/webhook-delivery.test.ts and packages/emulator/test/webhook-real-clock.test.ts.
 */

import type { WebhookEventType } from 'workspace-platform-sdk/webhooks';
import type { ActivityLogRecord } from '../engine/store/activity-log.js';
import type { EmulatorStore } from '../engine/store/store.js';
import { boundedText } from './bounded-text.js';
import { isLoopbackUrl } from './loopback.js';
import type { ResolvedWebhookOptions } from './options.js';
import { matchingEvents } from './payloads.js';
import { RetryQueue } from './retry-queue.js';
import { signDeliveryToken } from './signature.js';

/** One attempt to deliver an event. */
export interface WebhookDeliveryAttempt {
  /** When it was made, in milliseconds of the emulator's clock. */
  at: number;
  /** The receiver's status; absent when there was no answer. */
  status?: number;
  /** Why there was no answer (connection refused, timeout). */
  error?: string;
}

/** One event for one webhook, with every attempt to deliver it. */
export interface WebhookDeliveryRecord {
  /** Position in the log, from 1. */
  id: number;
  /** The webhook it was for. */
  webhookId: string;
  /** Where it was posted. */
  url: string;
  /** The subscription event. */
  event: WebhookEventType;
  /** The JSON body posted (`{ event: { type, triggerUuid, ... } }`). */
  payload: { event: Record<string, unknown> };
  /**
   * `pending` until a 2xx answer (`delivered`), the retry time is over (`failed`), or the webhook is deleted first
   * (`cancelled`: nothing more is sent).
   */
  state: 'pending' | 'delivered' | 'failed' | 'cancelled';
  /** Every attempt, oldest first. */
  attempts: WebhookDeliveryAttempt[];
  /** When the next attempt is due (emulator's clock); null once delivered, failed or cancelled. */
  nextAttemptAt: number | null;
}

/** One URL challenge posted by `create_webhook`. */
export interface WebhookChallengeRecord {
  url: string;
  /** Emulator's clock. */
  at: number;
  /** True when the answer echoed the challenge (the webhook was created). */
  passed: boolean;
  /** Why it did not pass. */
  problem?: string;
}

/** What a test sees of the emulator's webhook delivery (`emulator.webhooks`). */
export interface EmulatorWebhooks {
  /** Every event delivered or being delivered, oldest first. */
  readonly deliveries: readonly WebhookDeliveryRecord[];
  /** Every URL challenge posted, oldest first. */
  readonly challenges: readonly WebhookChallengeRecord[];
  /** Attempts every pending delivery whose retry is due on the emulator's clock; resolves when they are answered. */
  deliverDue(): Promise<void>;
  /** Resolves when no attempt or challenge is in flight. */
  settled(): Promise<void>;
  /** Forgets the log and every pending retry. */
  reset(): void;
}

const MAX_RECORDS = 10_000;
/** Most retries `deliverDue` has in flight at once. */
const MAX_RETRIES_AT_ONCE = 32;
/** Largest answer to a challenge read: a receiver cannot make the emulator buffer without bound. */
const MAX_CHALLENGE_ANSWER_BYTES = 64 * 1024;

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  if ((error as Error)?.name === 'TimeoutError') return 'timed out';
  return cause ?? (error instanceof Error ? error.message : String(error));
}

/** Delivers the events of one store to the webhooks recorded in it. */
export class WebhookDelivery implements EmulatorWebhooks {
  readonly #options: ResolvedWebhookOptions;
  readonly #now: () => number;
  readonly #deliveries: WebhookDeliveryRecord[] = [];
  readonly #challenges: WebhookChallengeRecord[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  /** Pending retries by due time; an entry is live while its delivery is pending and still due then. */
  readonly #retries = new RetryQueue<WebhookDeliveryRecord>(
    (delivery, at) => delivery.state === 'pending' && delivery.nextAttemptAt === at,
  );
  /** The account each delivery is for (its webhook's), for the token's `accountId`. */
  readonly #accounts = new WeakMap<WebhookDeliveryRecord, string>();
  /** Deliveries still pending, oldest first: at most `maxPendingDeliveries` ({@link #keepPending}). */
  readonly #pending = new Map<number, WebhookDeliveryRecord>();
  #store: EmulatorStore | undefined;
  #unsubscribe: (() => void) | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #nextId = 1;
  #closed = false;

  readonly #log: ((line: string) => void) | undefined;

  /** `log` gets one line per delivery problem the emulator itself hit (the emulator's `log` option). */
  constructor(options: ResolvedWebhookOptions, now: () => number, log?: (line: string) => void) {
    this.#options = options;
    this.#now = now;
    this.#log = log;
  }

  get deliveries(): readonly WebhookDeliveryRecord[] {
    return this.#deliveries;
  }
  get challenges(): readonly WebhookChallengeRecord[] {
    return this.#challenges;
  }

  /** Follows `store`'s changes (and checks its new webhooks' URLs) instead of the previous store's. */
  attach(store: EmulatorStore): void {
    this.detach();
    this.#store = store;
    store.webhooks.checkUrl = (url) => this.checkUrl(url);
    this.#unsubscribe = store.activityLog.subscribe((entry) => this.#onChange(entry));
  }

  /** Stops following the store. */
  detach(): void {
    this.#unsubscribe?.();
    if (this.#store) this.#store.webhooks.checkUrl = undefined;
    this.#store = undefined;
    this.#unsubscribe = undefined;
  }

  /** Posts the challenge to `url`; resolves to a refusal message, or null when it was answered. */
  async checkUrl(url: string): Promise<string | null> {
    if (!isLoopbackUrl(url)) {
      return 'The emulator delivers webhooks to loopback addresses only (localhost, 127.0.0.1, ::1).';
    }
    const challenge = randomHex(24);
    const record: WebhookChallengeRecord = { url, at: this.#now(), passed: false };
    this.#push(this.#challenges, record);
    const problem = await this.#track(
      (async () => {
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(await this.#authorization(url, {})) },
            body: JSON.stringify({ challenge }),
            redirect: 'manual',
            signal: AbortSignal.timeout(this.#options.timeoutMs),
          });
          const text = await boundedText(response, MAX_CHALLENGE_ANSWER_BYTES);
          if (text === undefined) return `answered more than ${MAX_CHALLENGE_ANSWER_BYTES} bytes`;
          if (!response.ok) return `answered ${response.status}`;
          let answer: unknown;
          try {
            answer = JSON.parse(text);
          } catch {
            return 'answered a body that is not JSON';
          }
          return (answer as { challenge?: unknown })?.challenge === challenge
            ? undefined
            : 'did not echo the challenge';
        } catch (error) {
          return reasonOf(error);
        }
      })(),
    );
    if (problem === undefined) {
      record.passed = true;
      return null;
    }
    record.problem = problem;
    return `The webhook URL did not answer the challenge (${problem}); answer a POST of {"challenge": "..."} with the same JSON.`;
  }

  async deliverDue(): Promise<void> {
    const now = this.#now();
    const running = new Set<Promise<void>>();
    for (let delivery = this.#retries.takeDue(now); delivery; delivery = this.#retries.takeDue(now)) {
      delivery.nextAttemptAt = null;
      const attempt = this.#track(this.#guarded(delivery));
      running.add(attempt);
      void attempt.then(() => running.delete(attempt));
      // Thousands of attempts at once would hold the event loop and open as many sockets: a few at a time.
      if (running.size >= MAX_RETRIES_AT_ONCE) await Promise.race(running);
    }
    try {
      await this.settled();
    } finally {
      // After every round: a retry that fell due while it ran, or that was not due yet when it started, gets its
      // timer even when every attempt of the round succeeded (only a failed attempt sets one on its own).
      this.#schedule();
    }
  }

  /** When the soonest pending retry is due (emulator's clock), or null when none is pending. */
  nextDueAt(): number | null {
    for (let next = this.#retries.peek(); next; next = this.#retries.peek()) {
      if (!this.#cancelIfDeleted(next.item)) return next.at;
    }
    return null;
  }

  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  reset(): void {
    this.#retries.clear();
    this.#pending.clear();
    this.#deliveries.length = 0;
    this.#challenges.length = 0;
    this.#nextId = 1;
  }

  /** Stops every timer; nothing more is sent. */
  close(): void {
    this.#closed = true;
    this.detach();
    clearTimeout(this.#timer);
  }

  /** Follows one change; whatever goes wrong in here is logged, never thrown into the mutation that made it. */
  #onChange(entry: ActivityLogRecord): void {
    if (!this.#store || this.#closed) return;
    try {
      this.#deliver(this.#store, entry);
    } catch (error) {
      this.#report('a change could not be turned into deliveries; it was skipped', error);
    }
  }

  #deliver(store: EmulatorStore, entry: ActivityLogRecord): void {
    for (const pending of matchingEvents(store, entry, () => randomHex(16))) {
      // Seeded webhooks point anywhere; only loopback receivers (a test's own) are ever contacted.
      if (!isLoopbackUrl(pending.webhook.url)) continue;
      const delivery: WebhookDeliveryRecord = {
        id: this.#nextId++,
        webhookId: pending.webhook.id,
        url: pending.webhook.url,
        event: pending.event,
        payload: pending.payload,
        state: 'pending',
        attempts: [],
        nextAttemptAt: null,
      };
      this.#accounts.set(delivery, pending.webhook.accountId);
      this.#push(this.#deliveries, delivery);
      this.#keepPending(delivery);
      void this.#track(this.#guarded(delivery));
    }
  }

  /** One attempt that never rejects: a throw in it is logged and the delivery marked `failed`. */
  async #guarded(delivery: WebhookDeliveryRecord): Promise<void> {
    try {
      await this.#attempt(delivery);
    } catch (error) {
      this.#finish(delivery, 'failed');
      this.#report(`delivery ${delivery.id} could not be attempted; it was marked failed`, error);
    }
  }

  /**
   * Counts `delivery` as pending; past `maxPendingDeliveries` the oldest pending one is dropped (marked `failed`, its
   * retries stale) with one line in the log, so a receiver that refuses everything holds a bounded amount of memory.
   */
  #keepPending(delivery: WebhookDeliveryRecord): void {
    this.#pending.set(delivery.id, delivery);
    const cap = this.#options.maxPendingDeliveries;
    for (const oldest of this.#pending.values()) {
      if (this.#pending.size <= cap) break;
      this.#finish(oldest, 'failed');
      this.#warn(
        `more than ${cap} deliveries pending; delivery ${oldest.id} (webhook ${oldest.webhookId}) was dropped and will not be retried`,
      );
    }
  }

  /** Ends a delivery: no attempt is due any more, and it no longer counts as pending. */
  #finish(delivery: WebhookDeliveryRecord, state: 'delivered' | 'failed' | 'cancelled'): void {
    delivery.state = state;
    delivery.nextAttemptAt = null;
    this.#pending.delete(delivery.id);
  }

  /** True (and the delivery `cancelled`) when its webhook is no longer in the store. */
  #cancelIfDeleted(delivery: WebhookDeliveryRecord): boolean {
    if (!this.#store || this.#store.webhooks.find(delivery.webhookId)) return false;
    this.#finish(delivery, 'cancelled');
    return true;
  }

  /** One line for the emulator's log: the error's name and message, without the signing secret or any URL query. */
  #report(what: string, error: unknown): void {
    if (!this.#log) return;
    const name = error instanceof Error ? error.name : typeof error;
    let message = error instanceof Error ? error.message : String(error);
    const secret = this.#options.signingSecret;
    if (secret) message = message.split(secret).join('[REDACTED]');
    message = message.replace(/\?\S*/g, '?[REDACTED]').replace(/\s+/g, ' ').slice(0, 200);
    this.#warn(`${what} (${name}: ${message})`);
  }

  /** One line for the emulator's log, prefixed `webhooks:`; a log function that throws is ignored. */
  #warn(line: string): void {
    try {
      this.#log?.(`webhooks: ${line}`);
    } catch {
      // A log function that throws must not break delivery either.
    }
  }

  async #attempt(delivery: WebhookDeliveryRecord): Promise<void> {
    if (this.#closed || delivery.state !== 'pending' || this.#cancelIfDeleted(delivery)) return;
    const attempt: WebhookDeliveryAttempt = { at: this.#now() };
    delivery.attempts.push(attempt);
    // A timer cleared when the attempt ends (not AbortSignal.timeout, whose signal keeps the request's listeners,
    // and what they hold, for the whole timeout after the answer came).
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new DOMException('timed out', 'TimeoutError')), this.#options.timeoutMs);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(await this.#authorization(delivery.url, {
            accountId: this.#accounts.get(delivery),
            userId: delivery.payload.event.userId,
          })),
        },
        body: JSON.stringify(delivery.payload),
        redirect: 'manual',
        signal: abort.signal,
      });
      attempt.status = response.status;
      await response.body?.cancel();
    } catch (error) {
      attempt.error = reasonOf(error);
    } finally {
      clearTimeout(timer);
    }
    // Dropped meanwhile (more deliveries pending than kept): nothing more to do.
    if (delivery.state !== 'pending') return;
    if (attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300) {
      this.#finish(delivery, 'delivered');
      return;
    }
    if (this.#cancelIfDeleted(delivery)) return;
    const first = delivery.attempts[0]?.at ?? attempt.at;
    const next = attempt.at + this.#options.retryIntervalMs;
    if (next - first > this.#options.retryForMs) {
      this.#finish(delivery, 'failed');
      return;
    }
    delivery.nextAttemptAt = next;
    this.#retries.push(delivery, next);
    this.#schedule();
  }

  /** A real timer for the next due retry, for emulators on the real clock; a test's clock calls `deliverDue`. */
  #schedule(): void {
    if (this.#closed) return;
    clearTimeout(this.#timer);
    const soonest = this.#retries.peek()?.at;
    if (soonest === undefined) return;
    this.#timer = setTimeout(
      () => void this.deliverDue().catch((error: unknown) => this.#report('due retries could not be run', error)),
      Math.max(0, soonest - this.#now()),
    );
    this.#timer.unref?.();
  }

  /**
   * `Authorization: <JWT>` signed with the signing secret: the claims of https://developer.monday.com/apps/docs/authorization-header
   * (`accountId`, `userId`, `aud` the URL, `iat`, `exp` five minutes later) on the emulator's clock; none without a secret.
   */
  async #authorization(url: string, who: { accountId?: unknown; userId?: unknown }): Promise<Record<string, string>> {
    const secret = this.#options.signingSecret;
    if (secret === undefined) return {};
    const iat = Math.floor(this.#now() / 1000);
    const claims: Record<string, unknown> = { aud: url, iat, exp: iat + 300 };
    if (who.accountId !== undefined) claims.accountId = Number(who.accountId);
    if (typeof who.userId === 'number') claims.userId = who.userId;
    return { authorization: signDeliveryToken(claims, secret) };
  }

  #track<T>(work: Promise<T>): Promise<T> {
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    this.#inFlight.add(done);
    void done.then(() => this.#inFlight.delete(done));
    return work;
  }

  #push<T>(log: T[], record: T): void {
    log.push(record);
    if (log.length > MAX_RECORDS) log.shift();
  }
}
