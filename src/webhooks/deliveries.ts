/**
 * Remembering deliveries already handled, so a retried delivery (same `triggerUuid`) is handled once. The platform
 * retries a failed delivery once a minute for 30 minutes (https://developer.monday.com/api-reference/docs/webhooks),
 * so the default window is an hour.
 */

/** Where handled deliveries are remembered: in memory by default; a shared store (Redis, a database) for many processes. */
export interface WebhookDeliveryStore {
  /**
   * Claims `id` for `ttlMs`: true when it was not claimed within that time (handle the delivery), false for a
   * duplicate (skip it). Must be atomic when several processes share the store.
   */
  claim(id: string, ttlMs: number): boolean | Promise<boolean>;
  /** Forgets a claim, so a retry of a delivery whose handling failed is handled again. */
  release(id: string): void | Promise<void>;
}

/** Default window within which a repeated `triggerUuid` is a duplicate: one hour. */
export const DEFAULT_DUPLICATE_WINDOW_MS = 60 * 60_000;

/** Options of {@link createMemoryDeliveryStore}. */
export interface MemoryDeliveryStoreOptions {
  /** Most ids remembered; past it the oldest are forgotten first. Default 10 000. */
  maxEntries?: number;
  /** Clock in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/**
 * An in-memory {@link WebhookDeliveryStore} for one process, bounded by `maxEntries`.
 * @throws RangeError when `maxEntries` is not a positive integer.
 */
export function createMemoryDeliveryStore(options: MemoryDeliveryStoreOptions = {}): WebhookDeliveryStore {
  const maxEntries = options.maxEntries ?? 10_000;
  if (!Number.isInteger(maxEntries) || maxEntries <= 0) {
    throw new RangeError(`maxEntries must be a positive integer; got ${String(maxEntries)}.`);
  }
  const now = options.now ?? Date.now;
  // Insertion order is expiry order for one window; a Map iterates oldest first.
  const expiries = new Map<string, number>();
  return {
    claim(id, ttlMs) {
      const at = now();
      const expiry = expiries.get(id);
      if (expiry !== undefined && expiry > at) return false;
      expiries.delete(id);
      for (const [oldest, until] of expiries) {
        if (until > at && expiries.size < maxEntries) break;
        expiries.delete(oldest);
      }
      expiries.set(id, at + ttlMs);
      return true;
    },
    release(id) {
      expiries.delete(id);
    },
  };
}
