/** Account facts beyond the basic record: the plan and the products an account has. */

/** One product an account uses, with the workspace it opens in. */
export interface AccountProductRecord {
  id: string;
  kind: string;
  defaultWorkspaceId: string | null;
}

/** The plan and products of one account. */
export interface AccountDetailsRecord {
  accountId: string;
  plan: { maxUsers: number; period: string | null; tier: string | null; version: number } | null;
  products: AccountProductRecord[];
  signUpProductKind: string | null;
}
