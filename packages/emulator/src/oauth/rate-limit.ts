/**
 * A request quota for the OAuth endpoints, per client address over fixed windows. Every `/oauth2/` request counts,
 * so a flood of authorize pages or token attempts is refused with 429 before it costs anything.
 */

/** Requests one client address may make to `/oauth2/*` per window. */
export interface OAuthRateLimit {
  /** Requests per window. Default 300. */
  quota?: number;
  /** Window length in seconds. Default 60. */
  windowSeconds?: number;
}

/** A refused request: seconds until the window ends. */
export interface OAuthRefusal {
  retryAfterSeconds: number;
}

/** Counts requests per address in the current window; the counts are dropped when a window ends. */
export class OAuthRequestQuota {
  readonly quota: number;
  readonly windowMs: number;
  #windowStart = Number.NEGATIVE_INFINITY;
  #counts = new Map<string, number>();

  constructor(
    limit: OAuthRateLimit,
    private readonly now: () => number,
  ) {
    this.quota = positiveOr(limit.quota, 300, 'quota');
    this.windowMs = positiveOr(limit.windowSeconds, 60, 'windowSeconds') * 1000;
  }

  /** Starts a fresh window: every address's count is dropped. */
  reset(): void {
    this.#windowStart = Number.NEGATIVE_INFINITY;
    this.#counts = new Map();
  }

  /** Counts a request from `address`; a refusal when the address is past its quota. */
  arrive(address: string): OAuthRefusal | undefined {
    const now = this.now();
    if (now - this.#windowStart >= this.windowMs || now < this.#windowStart) {
      this.#windowStart = now;
      this.#counts = new Map();
    }
    const count = (this.#counts.get(address) ?? 0) + 1;
    this.#counts.set(address, count);
    if (count <= this.quota) return undefined;
    return { retryAfterSeconds: Math.max(1, Math.ceil((this.#windowStart + this.windowMs - now) / 1000)) };
  }
}

function positiveOr(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`OAuth rate limit ${name} must be a positive number, got ${String(value)}`);
  }
  return value;
}
