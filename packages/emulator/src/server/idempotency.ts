/**
 * Idempotency of mutations: a response is cached per (token, Idempotency-Key) for a while; a retry is
 * answered from the cache without executing again; a duplicate arriving while the first runs is refused.
 * Each key remembers the fingerprint of the request that first used it: the same key on a different request
 * is neither replayed nor executed but refused (422, as the IETF Idempotency-Key draft says).
 */
import { createHash } from 'node:crypto';

/** A response kept for replay. */
export interface CachedResponse {
  status: number;
  contentType: string;
  body: string;
  /** The request id the answer carries; a replay keeps it. */
  requestId: string;
}

/** What to do with a request carrying an Idempotency-Key. */
export type IdempotencyClaim =
  | { outcome: 'execute'; complete(response: CachedResponse): void; abandon(): void }
  | { outcome: 'replay'; response: CachedResponse }
  | { outcome: 'in-flight' }
  | { outcome: 'reused' };

interface Entry {
  fingerprint: string;
  response?: CachedResponse;
  expiresAt: number;
}

/** Default most bytes of cached answers kept at once. */
export const DEFAULT_MAX_CACHED_BYTES = 64 * 1024 * 1024;

/**
 * The idempotency cache. Keys are scoped to the token, which is kept only as a hash. The answers kept are bounded
 * in bytes: past the bound the oldest are forgotten first (a retry of one of those would run again), so a client
 * sending mutation after mutation under new keys cannot grow the cache without limit within the 30 minutes.
 */
export class IdempotencyCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxBytes = DEFAULT_MAX_CACHED_BYTES,
  ) {}

  /** Bytes of the answers kept now. */
  get cachedBytes(): number {
    return this.#bytes;
  }

  /**
   * Claims `key` for `token` and the request of `fingerprint`: execute (and then complete or abandon), replay,
   * refuse as in flight, or refuse as reused when the key belongs to a different request.
   */
  claim(token: string, key: string, fingerprint: string): IdempotencyClaim {
    this.#sweep();
    const id = scopedKey(token, key);
    const entry = this.#entries.get(id);
    if (entry && entry.fingerprint !== fingerprint) return { outcome: 'reused' };
    if (entry?.response) return { outcome: 'replay', response: entry.response };
    if (entry) return { outcome: 'in-flight' };
    const pending: Entry = { fingerprint, expiresAt: Number.POSITIVE_INFINITY };
    this.#entries.set(id, pending);
    return {
      outcome: 'execute',
      complete: (response) => {
        if (this.#entries.get(id) !== pending) return;
        if (response.status >= 200 && response.status < 300) {
          pending.response = response;
          pending.expiresAt = this.now() + this.ttlMs;
          this.#bytes += sizeOf(response);
          this.#evictBeyondBound();
        } else {
          this.#entries.delete(id);
        }
      },
      abandon: () => {
        if (this.#entries.get(id) === pending && !pending.response) this.#entries.delete(id);
      },
    };
  }

  /** Number of keys cached or in flight. */
  get size(): number {
    this.#sweep();
    return this.#entries.size;
  }

  /** Forgets every key. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#forget(id, entry);
    }
  }

  /** Forgets the oldest answered keys until the answers kept fit the bound (keys in flight stay). */
  #evictBeyondBound(): void {
    for (const [id, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) return;
      if (entry.response) this.#forget(id, entry);
    }
  }

  #forget(id: string, entry: Entry): void {
    this.#entries.delete(id);
    if (entry.response) this.#bytes -= sizeOf(entry.response);
  }
}

function sizeOf(response: CachedResponse): number {
  return (response.body.length + response.contentType.length + response.requestId.length) * 2 + 64;
}

function scopedKey(token: string, key: string): string {
  return createHash('sha256').update(token).update('\u0000').update(key).digest('base64url');
}
