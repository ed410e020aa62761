/**
 * The Account: `Query.account` (account:read) and its fields, plan, products (the AccountProduct fields too) and
 * the product it signed up with.
 */
import { requireScope } from '../context.js';
import type { AccountProductRecord } from '../store/accounts.js';
import type { AccountRecord } from '../store/records.js';
import type { FamilyResolvers } from './types.js';

/** Resolvers of the account. */
export const accountResolvers: FamilyResolvers = {
  Query: {
    account: (_source, _args, context) => {
      requireScope(context, 'account:read');
      return context.store.accounts.find(context.accountId) ?? null;
    },
  },
  Account: {
    country_code: (account: AccountRecord) => account.countryCode,
    logo: () => null,
    active_members_count: (account: AccountRecord, _args, context) =>
      context.store.users.all().filter((candidate) => candidate.accountId === account.id && candidate.enabled).length,
    first_day_of_the_week: (account: AccountRecord) => account.firstDayOfTheWeek,
    show_timeline_weekends: () => true,
    plan: (account: AccountRecord, _args, context) => {
      const plan = context.store.accounts.details(account.id)?.plan;
      return plan ? { max_users: plan.maxUsers, period: plan.period, tier: plan.tier, version: plan.version } : null;
    },
    products: (account: AccountRecord, _args, context) => context.store.accounts.details(account.id)?.products ?? [],
    sign_up_product_kind: (account: AccountRecord, _args, context) =>
      context.store.accounts.details(account.id)?.signUpProductKind ?? null,
  },
  AccountProduct: {
    default_workspace_id: (product: AccountProductRecord) => product.defaultWorkspaceId,
  },
};
