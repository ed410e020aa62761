/**
 * Short-lived secrets of the flow, each single use: consent tickets (a shown consent page awaiting a decision)
 * and authorization codes (an approval awaiting its exchange).
 */
import { randomBytes } from 'node:crypto';
import type { Scope } from 'workspace-platform-sdk';
import type { AuthorizeRequest } from './authorize-request.js';

/** How long an authorization code is valid: 10 minutes, as the spec says. */
export const CODE_TTL_MS = 10 * 60_000;
/** How long a consent page can wait for Approve or Deny. */
export const TICKET_TTL_MS = 10 * 60_000;
/** Most consent pages awaiting a decision at once; opening one more forgets the oldest. */
export const MAX_OPEN_TICKETS = 1_000;
/** Most authorization codes remembered at once (spent ones included); issuing one more forgets the oldest. */
export const MAX_CODES = 1_000;

/** A random, URL-safe secret of 256 bits. */
export function randomSecret(prefix = ''): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** What an authorization code stands for. */
export interface CodeGrant {
  clientId: string;
  /** The redirect URI of the authorize request: the token request must send the same. */
  redirectUri: string;
  scopes: readonly Scope[];
  accountId: number;
  userId: number;
  expiresAt: number;
}

/** Why a code cannot be exchanged. */
export type CodeProblem = 'unknown' | 'expired' | 'used' | 'foreign';

/**
 * Single-use items that expire, at most `capacity` of them. Every item lives equally long, so the map's insertion
 * order is expiry order: sweeping stops at the first live item, and the oldest goes first when the map is full.
 */
class Expiring<T extends { expiresAt: number }> {
  protected readonly items = new Map<string, T>();

  constructor(
    protected readonly now: () => number,
    private readonly capacity: number,
  ) {}

  /** Number of items kept (expired ones dropped first). */
  get size(): number {
    this.sweep();
    return this.items.size;
  }

  /** Forgets every item: none of them can be used any more. */
  clear(): void {
    this.items.clear();
  }

  protected sweep(): void {
    const now = this.now();
    for (const [key, item] of this.items) {
      if (item.expiresAt > now) break;
      this.items.delete(key);
    }
  }

  /** Keeps `item` under `key`, forgetting the oldest items beyond the capacity. */
  protected keep(key: string, item: T): void {
    this.sweep();
    this.items.set(key, item);
    for (const oldest of this.items.keys()) {
      if (this.items.size <= this.capacity) break;
      this.items.delete(oldest);
    }
  }
}

/** Consent pages awaiting a decision. */
export class ConsentTickets extends Expiring<{ request: AuthorizeRequest; expiresAt: number }> {
  constructor(now: () => number, capacity = MAX_OPEN_TICKETS) {
    super(now, capacity);
  }

  /** Keeps `request` and returns the ticket the consent form posts back. */
  open(request: AuthorizeRequest): string {
    const ticket = randomSecret();
    this.keep(ticket, { request, expiresAt: this.now() + TICKET_TTL_MS });
    return ticket;
  }

  /** The request of a ticket, which is then spent; undefined when unknown, spent or expired. */
  take(ticket: string): AuthorizeRequest | undefined {
    this.sweep();
    const entry = this.items.get(ticket);
    this.items.delete(ticket);
    return entry?.request;
  }
}

/** Authorization codes awaiting their exchange. Spent codes are remembered until they would have expired. */
export class AuthorizationCodes extends Expiring<CodeGrant & { used: boolean }> {
  constructor(now: () => number, capacity = MAX_CODES) {
    super(now, capacity);
  }

  /** Issues a code valid {@link CODE_TTL_MS} from now. */
  issue(grant: Omit<CodeGrant, 'expiresAt'>): string {
    const code = randomSecret();
    this.keep(code, { ...grant, scopes: [...grant.scopes], expiresAt: this.now() + CODE_TTL_MS, used: false });
    return code;
  }

  /**
   * Checks that `code` was issued to `clientId` and is neither expired nor spent. A code met by its own client is
   * returned without being spent: call {@link redeem} once the rest of the request is valid too.
   */
  check(code: string, clientId: string): { ok: true; grant: CodeGrant } | { ok: false; problem: CodeProblem } {
    const entry = this.items.get(code);
    if (!entry) return { ok: false, problem: 'unknown' };
    if (entry.clientId !== clientId) return { ok: false, problem: 'foreign' };
    if (entry.used) return { ok: false, problem: 'used' };
    if (entry.expiresAt <= this.now()) {
      this.items.delete(code);
      return { ok: false, problem: 'expired' };
    }
    return { ok: true, grant: entry };
  }

  /** Spends `code`: any later exchange of it fails as `used`. */
  redeem(code: string): void {
    const entry = this.items.get(code);
    if (entry) entry.used = true;
  }
}
