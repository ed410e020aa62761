/** Accounts, with the facts beyond the basic record: the plan and the products each account has. */
import { Collection } from './collection.js';
import type { AccountRecord } from './records.js';

/** One product an account uses, with the workspace it opens in. */
export interface AccountProductRecord {
  id: string;
  kind: string;
  defaultWorkspaceId: string | null;
}

/** The plan and products of one account. */
export interface AccountDetailsRecord {
  accountId: string;
  plan: {
    maxUsers: number;
    period: string | null;
    tier: string | null;
    version: number;
    /** The most items the plan allows on one board (`Board.items_limit`); absent: not stated by the seed. */
    boardItemsLimit?: number;
  } | null;
  products: AccountProductRecord[];
  signUpProductKind: string | null;
  /** Whether the account supports app monetization (`apps_monetization_status`); absent: not stated by the seed. */
  appsMonetizationSupported?: boolean;
}

/** Accounts and their plans and products (both only seeded: no mutation makes or changes an account). */
export class AccountStore extends Collection<AccountRecord> {
  readonly #details: readonly AccountDetailsRecord[];

  /** Keeps the seeded `accounts` and their `details`. */
  constructor(accounts: AccountRecord[], details: readonly AccountDetailsRecord[]) {
    super(accounts);
    this.#details = details;
  }

  /** The plan and products of account `accountId`, if the seed gave them. */
  details(accountId: string): AccountDetailsRecord | undefined {
    return this.#details.find((candidate) => candidate.accountId === accountId);
  }
}
