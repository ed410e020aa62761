/**
 * App monetization in the in-memory store: the marketplace apps the emulator knows (seeded only), the accounts'
 * subscriptions to them (real ones seeded, mock ones set by `set_mock_app_subscription`), and the operation counters
 * of feature-based pricing. An account has at most one mock subscription per app, which lasts
 * {@link MOCK_SUBSCRIPTION_LIFETIME_MS}; while it lasts it stands in for the real one. Counters count per app,
 * account, kind and monthly window (the windows start on the renewal date's day of the month).
 */
import type { Stamper } from './clock.js';

/** How long a mock subscription lasts: the docs say mock subscriptions disappear after 24 hours. */
export const MOCK_SUBSCRIPTION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A marketplace app. */
export interface MarketplaceAppRecord {
  /** The app's id (`app_id`, a numeric string). */
  id: string;
  name: string;
  /** The app's OAuth client id: an OAuth token issued to this client acts in the app's context. */
  clientId: string;
  /** The app's signing secret; only its last 10 characters are compared, and it is never shown. */
  signingSecret: string;
  /** Users who collaborate on the app (who may list its subscriptions). */
  collaboratorIds: string[];
}

/** What the marketplace bills for a real subscription (absent on a mock one). */
export interface SubscriptionBilling {
  currency: string;
  monthlyPrice: number;
  pricingVersionId: number;
  status: 'active' | 'inactive';
  /** ISO 8601 date an inactive subscription ended; null while active. */
  endDate: string | null;
}

/** One account's subscription to one app. */
export interface AppSubscriptionRecord {
  appId: string;
  accountId: string;
  /** True for a mock subscription set through the API. */
  mock: boolean;
  /** The plan's id on the app's side; null for a mock set without `plan_id`. */
  planId: string | null;
  billingPeriod: 'monthly' | 'yearly' | null;
  isTrial: boolean;
  /** Seats of a seat-based plan; null for feature-based plans. */
  maxUnits: number | null;
  pricingVersion: number | null;
  /** ISO 8601 time the subscription renews. */
  renewalDate: string;
  /** ISO 8601 time it was set (a mock's lifetime runs from here). */
  createdAt: string;
  /** Billing facts of a real subscription. */
  billing?: SubscriptionBilling;
}

/** The settings of a mock subscription. */
export type MockSubscriptionInput = Pick<
  AppSubscriptionRecord,
  'appId' | 'accountId' | 'planId' | 'billingPeriod' | 'isTrial' | 'maxUnits' | 'pricingVersion' | 'renewalDate'
>;

/** One operation counter. */
export interface OperationCounterRecord {
  appId: string;
  accountId: string;
  kind: string;
  /** ISO 8601 date the counter's monthly window started. */
  windowStart: string;
  value: number;
}

/** The monetization part of the seed. */
export interface AppMonetizationSeed {
  marketplaceApps: MarketplaceAppRecord[];
  /** Real subscriptions (mock ones are only ever set through the API). */
  appSubscriptions: AppSubscriptionRecord[];
}

/** Marketplace apps, subscriptions and operation counters. */
export class AppSubscriptionStore {
  readonly #apps: readonly MarketplaceAppRecord[];
  readonly #subscriptions: AppSubscriptionRecord[];
  readonly #counters: OperationCounterRecord[] = [];
  readonly #stamper: Stamper;

  /** Keeps the seeded apps and real subscriptions; times come from `stamper`. */
  constructor(seed: Partial<AppMonetizationSeed>, stamper: Stamper) {
    this.#apps = seed.marketplaceApps ?? [];
    this.#subscriptions = (seed.appSubscriptions ?? []).filter((subscription) => !subscription.mock);
    this.#stamper = stamper;
  }

  /** The app with id `appId`. */
  app(appId: string): MarketplaceAppRecord | undefined {
    return this.#apps.find((app) => app.id === appId);
  }

  /** The app whose OAuth client id is `clientId`. */
  appOfClient(clientId: string): MarketplaceAppRecord | undefined {
    return this.#apps.find((app) => app.clientId === clientId);
  }

  /** The account's subscription to the app as the platform answers it: the mock while it lasts, else the real one. */
  current(appId: string, accountId: string): AppSubscriptionRecord | undefined {
    return this.mock(appId, accountId) ?? this.real(appId, accountId);
  }

  /** The account's real subscription to the app. */
  real(appId: string, accountId: string): AppSubscriptionRecord | undefined {
    return this.#subscriptions.find((entry) => !entry.mock && entry.appId === appId && entry.accountId === accountId);
  }

  /** The app's real subscriptions, in the order they were seeded. */
  realOfApp(appId: string): AppSubscriptionRecord[] {
    return this.#subscriptions.filter((entry) => !entry.mock && entry.appId === appId);
  }

  /** The account's mock subscription to the app, unless it has expired. */
  mock(appId: string, accountId: string): AppSubscriptionRecord | undefined {
    const mock = this.#subscriptions.find(
      (entry) => entry.mock && entry.appId === appId && entry.accountId === accountId,
    );
    if (!mock) return undefined;
    if (Date.parse(mock.createdAt) + MOCK_SUBSCRIPTION_LIFETIME_MS <= Date.parse(this.#stamper.now())) {
      this.#subscriptions.splice(this.#subscriptions.indexOf(mock), 1);
      return undefined;
    }
    return mock;
  }

  /** Sets the account's mock subscription to the app, replacing the one it had. */
  setMock(input: MockSubscriptionInput): AppSubscriptionRecord {
    this.removeMock(input.appId, input.accountId);
    const mock: AppSubscriptionRecord = { ...input, mock: true, createdAt: this.#stamper.now() };
    this.#subscriptions.push(mock);
    return mock;
  }

  /** Removes the account's mock subscription to the app; answers it, or undefined when there was none. */
  removeMock(appId: string, accountId: string): AppSubscriptionRecord | undefined {
    const mock = this.mock(appId, accountId);
    if (mock) this.#subscriptions.splice(this.#subscriptions.indexOf(mock), 1);
    return mock;
  }

  /** The counter of `kind` in the subscription's current monthly window (zero when nothing was counted yet). */
  counter(subscription: AppSubscriptionRecord, kind: string): OperationCounterRecord {
    const windowStart = monthlyWindowStart(subscription.renewalDate, this.#stamper.now());
    return (
      this.#counters.find(
        (counter) =>
          counter.appId === subscription.appId &&
          counter.accountId === subscription.accountId &&
          counter.kind === kind &&
          counter.windowStart === windowStart,
      ) ?? { appId: subscription.appId, accountId: subscription.accountId, kind, windowStart, value: 0 }
    );
  }

  /** Adds `by` to the counter of `kind` in the subscription's current window. */
  increase(subscription: AppSubscriptionRecord, kind: string, by: number): OperationCounterRecord {
    const counter = this.counter(subscription, kind);
    if (!this.#counters.includes(counter)) this.#counters.push(counter);
    counter.value += by;
    return counter;
  }
}

/**
 * The first day (ISO date) of the monthly window holding `now`: windows start on the renewal date's day of the month
 * (the last day of a shorter month), as the docs say counters reset monthly on the renewal date.
 */
export function monthlyWindowStart(renewalDate: string, now: string): string {
  const day = new Date(renewalDate).getUTCDate();
  const at = new Date(now);
  const startIn = (year: number, month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month, Math.min(day, last)));
  };
  let start = startIn(at.getUTCFullYear(), at.getUTCMonth());
  if (start.getTime() > at.getTime()) start = startIn(at.getUTCFullYear(), at.getUTCMonth() - 1);
  return start.toISOString().slice(0, 10);
}
