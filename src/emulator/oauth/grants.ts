/**
 * Short-lived secrets of the flow, each single use: consent tickets (a shown consent page awaiting a decision)
 * and authorization codes (an approval awaiting its exchange).
 */
import { randomBytes } from 'node:crypto';
import type { Scope } from '../../scopes.js';
import type { AuthorizeRequest } from './authorize-request.js';

/** How long an authorization code is valid: 10 minutes, as the spec says. */
export const CODE_TTL_MS = 10 * 60_000;
/** How long a consent page can wait for Approve or Deny. */
export const TICKET_TTL_MS = 30 * 60_000;

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

/** Single-use items that expire; expired ones are dropped as they are met. */
class Expiring<T extends { expiresAt: number }> {
  protected readonly items = new Map<string, T>();

  constructor(protected readonly now: () => number) {}

  protected sweep(): void {
    const now = this.now();
    for (const [key, item] of this.items) if (item.expiresAt <= now) this.items.delete(key);
  }
}

/** Consent pages awaiting a decision. */
export class ConsentTickets extends Expiring<{ request: AuthorizeRequest; expiresAt: number }> {
  /** Keeps `request` and returns the ticket the consent form posts back. */
  open(request: AuthorizeRequest): string {
    this.sweep();
    const ticket = randomSecret();
    this.items.set(ticket, { request, expiresAt: this.now() + TICKET_TTL_MS });
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
  /** Issues a code valid {@link CODE_TTL_MS} from now. */
  issue(grant: Omit<CodeGrant, 'expiresAt'>): string {
    this.sweep();
    const code = randomSecret();
    this.items.set(code, { ...grant, scopes: [...grant.scopes], expiresAt: this.now() + CODE_TTL_MS, used: false });
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
