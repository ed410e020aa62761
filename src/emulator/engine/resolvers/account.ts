/** The Account fields beyond the basic record: plan, products and the product the account signed up with. */
import type { EngineContext } from '../context.js';
import type { AccountRecord } from '../store/records.js';
import type { ResolverMap } from './types.js';

function details(context: EngineContext, account: AccountRecord) {
  return context.store.accountDetails.find((candidate) => candidate.accountId === account.id);
}

/** Resolvers of the account's plan and products. */
export const accountResolvers: ResolverMap = {
  Account: {
    plan: (account: AccountRecord, _args, context) => {
      const plan = details(context, account)?.plan;
      return plan ? { max_users: plan.maxUsers, period: plan.period, tier: plan.tier, version: plan.version } : null;
    },
    products: (account: AccountRecord, _args, context) => details(context, account)?.products ?? [],
    sign_up_product_kind: (account: AccountRecord, _args, context) =>
      details(context, account)?.signUpProductKind ?? null,
  },
};
