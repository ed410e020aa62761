/**
 * Remembering deliveries, so each event (`triggerUuid`) reaches `onEvent` until it succeeds once, and never twice
 * after that within the duplicate window. The platform retries a delivery answered with anything but 200 once a
 * minute for 30 minutes (https://developer.monday.com/api-reference/docs/webhooks,
 * https://developer.monday.com/apps/changelog/clarification-on-retry-policies-for-webhooks-and-custom-actions), so
 * the default window is an hour. A delivery goes through three states:
 * - claimed (in progress): one attempt is running `onEvent`; the claim lapses after its lease, so a process that
 *   died (or a store that could not forget the claim) holds the event back for the lease only, well within the
 *   platform's 30 minutes of retries;
 * - completed: `onEvent` succeeded; repeats within the window are duplicates;
 * - released (forgotten): `onEvent` failed, so the platform's retry is handled again.
 * Pinned by test/webhooks/receiver-safety.test.ts and test/webhooks/handler.test.ts.
 */

/** What {@link WebhookDeliveryStore.claim} found. */
export type DeliveryClaim =
  /** Nobody holds the id: the caller now does, for the lease, and handles the event. */
  | 'claimed'
  /** Another attempt holds it and has not finished: answer so the platform retries later. */
  | 'in-progress'
  /** It was handled within the duplicate window: a duplicate, acknowledged without handling. */
  | 'done';

/**
 * Where deliveries are remembered: in memory by default; a shared store (Redis, a database) for many processes.
 * Every method may return a promise; a method that throws (or rejects) makes the handler answer so the platform
 * retries, never an acknowledgement.
 */
export interface WebhookDeliveryStore {
  /**
   * Claims `id` for `leaseMs` unless it is held: `'claimed'` when nobody held it (or the holder's lease or the
   * duplicate window ran out), `'in-progress'` while another attempt holds it, `'done'` once it was completed.
   * Must be atomic when several processes share the store (`SET id in-progress NX PX leaseMs`, reading the value
   * when the set fails).
   */
  claim(id: string, leaseMs: number): DeliveryClaim | Promise<DeliveryClaim>;
  /** Marks a claimed `id` handled, for `ttlMs` (the duplicate window): its repeats are then `'done'`. */
  complete(id: string, ttlMs: number): void | Promise<void>;
  /** Forgets a claim, so a retry of a delivery whose handling failed is handled again. */
  release(id: string): void | Promise<void>;
  /**
   * Not called. The handler no longer binds a token to one event: the platform's token carries nothing per delivery,
   * so two genuine events of one user in one second share it. A store written for 0.2 may keep the method.
   * @deprecated Never called; will be removed at 1.0.
   */
  bindToken?(token: string, triggerUuid: string, ttlMs: number): string | Promise<string>;
}

/** Default window within which a repeated `triggerUuid` is a duplicate: one hour. */
export const DEFAULT_DUPLICATE_WINDOW_MS = 60 * 60_000;

/**
 * Default lease of an attempt on an event: five minutes. Longer than a handler should run; short enough that an
 * event whose attempt died is handled again while the platform still retries it (for 30 minutes).
 */
export const DEFAULT_CLAIM_LEASE_MS = 5 * 60_000;

/** Options of {@link createMemoryDeliveryStore}. */
export interface MemoryDeliveryStoreOptions {
  /** Most ids remembered; past it the oldest are forgotten first. Default 10 000. */
  maxEntries?: number;
  /** Clock in milliseconds. Default `Date.now`. */
  now?: () => number;
}

interface Entry {
  /** `in-progress` or `done`. */
  value: string;
  until: number;
}

/** A map that forgets entries at their time and holds at most `maxEntries`, the oldest written going first. */
function expiringMap(maxEntries: number, now: () => number) {
  // Insertion order is write order; a Map iterates oldest first.
  const entries = new Map<string, Entry>();
  return {
    get(key: string): string | undefined {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.until > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: string, ttlMs: number): void {
      const at = now();
      entries.delete(key);
      for (const [oldest, entry] of entries) {
        if (entry.until > at && entries.size < maxEntries) break;
        entries.delete(oldest);
      }
      entries.set(key, { value, until: at + ttlMs });
    },
    delete(key: string): void {
      entries.delete(key);
    },
  };
}

/**
 * An in-memory {@link WebhookDeliveryStore} for one process, bounded by `maxEntries` deliveries.
 * @throws RangeError when `maxEntries` is not a positive integer.
 */
export function createMemoryDeliveryStore(options: MemoryDeliveryStoreOptions = {}): WebhookDeliveryStore {
  const maxEntries = options.maxEntries ?? 10_000;
  if (!Number.isInteger(maxEntries) || maxEntries <= 0) {
    throw new RangeError(`maxEntries must be a positive integer; got ${String(maxEntries)}.`);
  }
  const now = options.now ?? Date.now;
  const deliveries = expiringMap(maxEntries, now);
  return {
    claim(id, leaseMs) {
      const held = deliveries.get(id);
      if (held === 'done' || held === 'in-progress') return held;
      deliveries.set(id, 'in-progress', leaseMs);
      return 'claimed';
    },
    complete(id, ttlMs) {
      deliveries.set(id, 'done', ttlMs);
    },
    release(id) {
      deliveries.delete(id);
    },
  };
}
