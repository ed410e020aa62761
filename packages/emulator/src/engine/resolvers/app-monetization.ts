/**
 * App monetization: an account's subscription to an app (`app_subscription`), the mock subscriptions developers set
 * in tests (`set_mock_app_subscription`, `remove_mock_app_subscription`), the operation counters of feature-based
 * pricing (`app_subscription_operations`, `increase_app_subscription_operations`), an app's subscriptions for its
 * collaborators (`app_subscriptions`) and the account's seats and monetization support (`apps_monetization_info`,
 * `apps_monetization_status`).
 *
 * Rule map, from the docs:
 * - https://developer.monday.com/api-reference/docs/app_subscription: `app_subscription` answers only in an app's
 *   context (here an OAuth token of a known app's client; any other token is USER_UNAUTHORIZED), as a list holding
 *   the account's subscription to that app, the mock one while it lasts instead of the real one, or nothing.
 *   `set_mock_app_subscription` sets the mock for the token's account and the app `app_id` (RESOURCE_NOT_FOUND for
 *   an unknown app) once `partial_signing_secret` is the last 10 characters of the app's signing secret (else
 *   USER_UNAUTHORIZED; the docs name no code, and the secret is never echoed). One mock per account and app (a new
 *   one replaces it); it disappears after 24 hours; `is_trial` defaults to false; `renewal_date` defaults to one
 *   year ahead and must be in the future (else INVALID_ARGUMENT); `billing_period` is `monthly` or `yearly`.
 *   `remove_mock_app_subscription` removes it and answers it (null when there was none: the docs do not say).
 * - https://developer.monday.com/api-reference/reference/app-subscription-operations: counters work only with the
 *   app's tokens (others are USER_UNAUTHORIZED) and need an active subscription (else RESOURCE_NOT_FOUND); `kind`
 *   (default `global`) is up to 14 letters, digits, `-` and `_`; `increment_by` (default 1) must be positive (both
 *   else INVALID_ARGUMENT). A counter restarts each month on the renewal date's day. `period_key`, whose format the
 *   docs do not give, is NOT_MODELLED.
 * - https://developer.monday.com/api-reference/changelog/new-app_subscriptions-object: `app_subscriptions` only
 *   answers the app's collaborators (else USER_UNAUTHORIZED); it lists real subscriptions (the docs do not say
 *   whether mocks appear; they do not here), filtered by `account_id` and `status`, {@link MAX_SUBSCRIPTIONS_PAGE} to
 *   a page unless `limit` says fewer, `cursor` continuing where the last page stopped (the docs give neither
 *   default). `discounts`, which the seed does not hold, is NOT_MODELLED.
 * - https://developer.monday.com/api-reference/reference/apps-monetization-info: `apps_monetization_info` needs
 *   account:read; `seats_count` is the plan's seats for an account with one product (NOT_MODELLED for more, whose
 *   rule the emulator does not follow). https://developer.monday.com/api-reference/docs/apps-monetization-status:
 *   `is_supported` says whether the account supports app monetization, as its seed states (NOT_MODELLED when the
 *   seed does not); the docs name no scope, so it asks account:read as the seats do.
 * - `days_left` counts whole days to the renewal date, rounded up, never below 0.
 * Pinned by packages/emulator/test/engine/resolvers/app-monetization.test.ts.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError, invalidArgument } from '../errors.js';
import type { AppSubscriptionRecord, MarketplaceAppRecord } from '../store/app-subscriptions.js';
import type { QueryAppSubscriptionsArgs } from './arguments.generated.js';
import { callerId } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The most subscriptions one `app_subscriptions` page lists, and how many when `limit` is not given. */
export const MAX_SUBSCRIPTIONS_PAGE = 100;
/** The largest value a counter reaches (GraphQL's Int). */
const MAX_COUNTER = 2 ** 31 - 1;
const DAY_MS = 24 * 60 * 60 * 1000;
const OPERATION_KIND = /^[A-Za-z0-9_-]{1,14}$/;
const CURSOR_PREFIX = 'subscriptions:';

/** A time as the docs print subscription dates (`2023-08-27T00:00:00+00:00`). */
function subscriptionTime(at: number): string {
  return `${new Date(at).toISOString().slice(0, 19)}+00:00`;
}

function daysLeft(context: EngineContext, subscription: AppSubscriptionRecord): number {
  const left = Date.parse(subscription.renewalDate) - context.store.clock.now();
  return Math.max(0, Math.ceil(left / DAY_MS));
}

/** A subscription as `AppSubscription` answers it (a mock without a plan leaves `plan_id` unmodelled). */
function subscriptionView(context: EngineContext, subscription: AppSubscriptionRecord) {
  return {
    billing_period: subscription.billingPeriod,
    days_left: daysLeft(context, subscription),
    is_trial: subscription.isTrial,
    max_units: subscription.maxUnits,
    plan_id: subscription.planId ?? undefined,
    pricing_version: subscription.pricingVersion,
    renewal_date: subscription.renewalDate,
  };
}

/** A real subscription as `AppSubscriptionDetails` answers it; billing facts the seed lacks stay unmodelled. */
function detailsView(context: EngineContext, subscription: AppSubscriptionRecord) {
  const billing = subscription.billing;
  return {
    account_id: Number(subscription.accountId),
    currency: billing?.currency,
    days_left: daysLeft(context, subscription),
    end_date: billing?.endDate,
    max_units: subscription.maxUnits,
    monthly_price: billing?.monthlyPrice,
    period_type: subscription.billingPeriod ?? undefined,
    plan_id: subscription.planId ?? undefined,
    pricing_version_id: billing?.pricingVersionId,
    renewal_date: subscription.renewalDate,
    status: billing?.status,
  };
}

/** The app whose token this is; USER_UNAUTHORIZED for any token not issued to a known app. */
function tokenApp(context: EngineContext, field: string): MarketplaceAppRecord {
  const { grant } = context;
  const app =
    grant.kind === 'oauth' && grant.clientId ? context.store.appSubscriptions.appOfClient(grant.clientId) : undefined;
  if (!app) {
    throw engineError(ENGINE_ERROR_CODES.unauthorized, `${field} answers only to a token issued to an app.`);
  }
  return app;
}

/** The app `appId` once the caller proved to be its developer with the last 10 characters of its signing secret. */
function provenApp(context: EngineContext, appId: string, partialSecret: string): MarketplaceAppRecord {
  const app = context.store.appSubscriptions.app(String(appId));
  if (!app) throw engineError(ENGINE_ERROR_CODES.notFound, `App ${appId} was not found.`, { app_id: String(appId) });
  if (partialSecret.length !== 10 || !app.signingSecret.endsWith(partialSecret)) {
    throw engineError(
      ENGINE_ERROR_CODES.unauthorized,
      `partial_signing_secret is not the last 10 characters of app ${app.id}'s signing secret.`,
      { app_id: app.id },
    );
  }
  return app;
}

/** The token's app's active subscription of the token's account, for the operation counters. */
function activeSubscription(context: EngineContext, field: string): AppSubscriptionRecord {
  const app = tokenApp(context, field);
  const subscription = context.store.appSubscriptions.current(app.id, context.accountId);
  if (!subscription || subscription.billing?.status === 'inactive') {
    throw engineError(
      ENGINE_ERROR_CODES.notFound,
      `Account ${context.accountId} has no active subscription to app ${app.id}.`,
      { app_id: app.id },
    );
  }
  return subscription;
}

function operationKind(kind: string | null): string {
  const value = kind ?? 'global';
  if (!OPERATION_KIND.test(value)) {
    throw invalidArgument('kind must be 1 to 14 letters, digits, "-" or "_".', { argument: 'kind' });
  }
  return value;
}

function renewalDate(context: EngineContext, given: string | null | undefined): string {
  const now = context.store.clock.now();
  if (given == null) {
    const inAYear = new Date(now);
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    return subscriptionTime(inAYear.getTime());
  }
  const at = Date.parse(given);
  if (Number.isNaN(at)) throw invalidArgument('renewal_date must be a date.', { argument: 'renewal_date' });
  if (at <= now) throw invalidArgument('renewal_date must be in the future.', { argument: 'renewal_date' });
  return subscriptionTime(at);
}

function billingPeriod(given: string | null | undefined): 'monthly' | 'yearly' | null {
  if (given == null || given === 'monthly' || given === 'yearly') return given ?? null;
  throw invalidArgument('billing_period must be "monthly" or "yearly".', { argument: 'billing_period' });
}

function positiveOrNull(given: number | null | undefined, argument: string): number | null {
  if (given == null) return null;
  if (!Number.isInteger(given) || given < 1)
    throw invalidArgument(`${argument} must be a positive number.`, { argument });
  return given;
}

/** One page of the app's real subscriptions for its collaborator. */
function subscriptionsPage(context: EngineContext, args: QueryAppSubscriptionsArgs) {
  const app = context.store.appSubscriptions.app(String(args.app_id));
  if (!app) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `App ${args.app_id} was not found.`, {
      app_id: String(args.app_id),
    });
  }
  if (!app.collaboratorIds.includes(callerId(context))) {
    throw engineError(
      ENGINE_ERROR_CODES.unauthorized,
      `Only collaborators of app ${app.id} may list its subscriptions.`,
    );
  }
  const limit = args.limit ?? MAX_SUBSCRIPTIONS_PAGE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SUBSCRIPTIONS_PAGE) {
    throw invalidArgument(`limit must be between 1 and ${MAX_SUBSCRIPTIONS_PAGE}.`, { argument: 'limit' });
  }
  let start = 0;
  if (args.cursor != null) {
    const decoded = Buffer.from(args.cursor, 'base64url').toString('utf8');
    start = decoded.startsWith(CURSOR_PREFIX) ? Number(decoded.slice(CURSOR_PREFIX.length)) : Number.NaN;
    if (!Number.isSafeInteger(start) || start < 0) {
      throw engineError(ENGINE_ERROR_CODES.invalidCursor, 'cursor is not one app_subscriptions answered.');
    }
  }
  const matching = context.store.appSubscriptions
    .realOfApp(app.id)
    .filter((subscription) => args.account_id == null || subscription.accountId === String(args.account_id))
    .filter((subscription) => args.status == null || subscription.billing?.status === args.status);
  const end = start + limit;
  return {
    cursor: end < matching.length ? Buffer.from(`${CURSOR_PREFIX}${end}`).toString('base64url') : null,
    total_count: matching.length,
    subscriptions: matching.slice(start, end).map((subscription) => detailsView(context, subscription)),
  };
}

/** Resolvers of app monetization. */
export const appMonetizationResolvers: FamilyResolvers = {
  Query: {
    app_subscription: (_source, _args, context) => {
      const app = tokenApp(context, 'app_subscription');
      const subscription = context.store.appSubscriptions.current(app.id, context.accountId);
      return subscription ? [subscriptionView(context, subscription)] : [];
    },
    app_subscriptions: (_source, args, context) => subscriptionsPage(context, args),
    app_subscription_operations: (_source, args, context) => {
      const subscription = activeSubscription(context, 'app_subscription_operations');
      const counter = context.store.appSubscriptions.counter(subscription, operationKind(args.kind));
      return {
        app_subscription: subscriptionView(context, subscription),
        counter_value: counter.value,
        kind: counter.kind,
      };
    },
    apps_monetization_info: (_source, _args, context) => {
      requireScope(context, 'account:read');
      const details = context.store.accounts.details(context.accountId);
      return { seats_count: details?.plan && details.products.length === 1 ? details.plan.maxUsers : undefined };
    },
    apps_monetization_status: (_source, _args, context) => {
      requireScope(context, 'account:read');
      return { is_supported: context.store.accounts.details(context.accountId)?.appsMonetizationSupported };
    },
  },
  Mutation: {
    set_mock_app_subscription: (_source, args, context) => {
      const app = provenApp(context, args.app_id, args.partial_signing_secret);
      const mock = context.store.appSubscriptions.setMock({
        appId: app.id,
        accountId: context.accountId,
        planId: args.plan_id ?? null,
        billingPeriod: billingPeriod(args.billing_period),
        isTrial: args.is_trial ?? false,
        maxUnits: positiveOrNull(args.max_units, 'max_units'),
        pricingVersion: args.pricing_version ?? null,
        renewalDate: renewalDate(context, args.renewal_date),
      });
      return subscriptionView(context, mock);
    },
    remove_mock_app_subscription: (_source, args, context) => {
      const app = provenApp(context, args.app_id, args.partial_signing_secret);
      const removed = context.store.appSubscriptions.removeMock(app.id, context.accountId);
      return removed ? subscriptionView(context, removed) : null;
    },
    increase_app_subscription_operations: (_source, args, context) => {
      const subscription = activeSubscription(context, 'increase_app_subscription_operations');
      const kind = operationKind(args.kind);
      const by = args.increment_by ?? 1;
      if (!Number.isInteger(by) || by < 1) {
        throw invalidArgument('increment_by must be a positive number.', { argument: 'increment_by' });
      }
      const current = context.store.appSubscriptions.counter(subscription, kind);
      if (current.value + by > MAX_COUNTER) {
        throw invalidArgument(`The counter cannot go past ${MAX_COUNTER}.`, { argument: 'increment_by' });
      }
      const counter = context.store.appSubscriptions.increase(subscription, kind, by);
      return {
        app_subscription: subscriptionView(context, subscription),
        counter_value: counter.value,
        kind: counter.kind,
      };
    },
  },
};
