/**
 * App monetization in the engine: the mock subscription developers set in tests, the app's view of its
 * subscription, operation counters, the collaborators' list and the account's seats (rules in
 * src/engine/resolvers/app-monetization.ts, from https://developer.monday.com/api-reference/docs/app_subscription and
 * https://developer.monday.com/api-reference/reference/app-subscription-operations).
 */
import { describe, expect, it } from 'vitest';
import type { TokenGrant } from '../../../src/contract.js';
import { createEngine } from '../../../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, globexGrant, run } from '../../engine-helpers.js';

/** An OAuth token of the seeded app (client `app-1`) acting in acme, the app developer's own account. */
const ACME_APP: TokenGrant = { ...acmeGrant(), kind: 'oauth', clientId: 'app-1' };
const SECRET_TAIL = 'a1b2c3d4e5';
const SET_MOCK = `mutation ($secret: String!, $renewal: Date, $period: String) {
  set_mock_app_subscription(app_id: 8501, partial_signing_secret: $secret, is_trial: true, plan_id: "basic_plan_15_users", max_units: 15, billing_period: $period, renewal_date: $renewal) {
    plan_id is_trial max_units billing_period days_left renewal_date
  }
}`;
const MINE = '{ app_subscription { plan_id is_trial max_units billing_period days_left renewal_date } }';
const COUNT =
  'mutation ($kind: String, $by: Int) { increase_app_subscription_operations(kind: $kind, increment_by: $by) { counter_value kind app_subscription { plan_id } } }';

function engineAt(iso = '2026-11-25T09:00:00Z') {
  let now = Date.parse(iso);
  return { engine: createEngine({ clock: { now: () => now } }), advance: (ms: number) => (now += ms) };
}

describe('mock app subscriptions', () => {
  it('sets a mock for the token’s account, which the app then sees instead of nothing, for 24 hours', async () => {
    const { engine, advance } = engineAt();
    expect(dataField(await run(engine, MINE, { version: '2026-10', grant: ACME_APP }), 'app_subscription')).toEqual([]);
    const set = await run(engine, SET_MOCK, {
      version: '2026-10',
      variables: { secret: SECRET_TAIL, period: 'monthly', renewal: '2026-12-25' },
    });
    expect(set.errors).toBeUndefined();
    const expected = {
      plan_id: 'basic_plan_15_users',
      is_trial: true,
      max_units: 15,
      billing_period: 'monthly',
      days_left: 30,
      renewal_date: '2026-12-25T00:00:00+00:00',
    };
    expect(dataField(set, 'set_mock_app_subscription')).toEqual(expected);
    expect(dataField(await run(engine, MINE, { version: '2026-10', grant: ACME_APP }), 'app_subscription')).toEqual([
      expected,
    ]);
    advance(24 * 60 * 60 * 1000);
    expect(dataField(await run(engine, MINE, { version: '2026-10', grant: ACME_APP }), 'app_subscription')).toEqual([]);
  });

  it('stands in for the real subscription until it is removed, and defaults the renewal to a year ahead', async () => {
    const { engine } = engineAt();
    const real = dataField(await run(engine, MINE, { version: '2026-10', grant: globexGrant() }), 'app_subscription');
    expect(real).toEqual([
      {
        plan_id: 'team_yearly',
        is_trial: false,
        max_units: null,
        billing_period: 'yearly',
        days_left: 281,
        renewal_date: '2027-09-02T00:00:00+00:00',
      },
    ]);
    const set = await run(
      engine,
      'mutation { set_mock_app_subscription(app_id: 8501, partial_signing_secret: "a1b2c3d4e5") { plan_id renewal_date is_trial } }',
      { version: '2026-10', grant: globexGrant() },
    );
    // Without plan_id the mock has no plan, which the emulator does not make up.
    expect(errorCodes(set)).toEqual(['NOT_MODELLED']);
    const mock = await run(engine, '{ app_subscription { renewal_date is_trial } }', {
      version: '2026-10',
      grant: globexGrant(),
    });
    expect(dataField(mock, 'app_subscription')).toEqual([
      { renewal_date: '2027-11-25T09:00:00+00:00', is_trial: false },
    ]);
    const removed = await run(
      engine,
      'mutation { remove_mock_app_subscription(app_id: 8501, partial_signing_secret: "a1b2c3d4e5") { is_trial } }',
      { version: '2026-10', grant: globexGrant() },
    );
    expect(dataField(removed, 'remove_mock_app_subscription')).toEqual({ is_trial: false });
    expect(
      dataField(await run(engine, MINE, { version: '2026-10', grant: globexGrant() }), 'app_subscription'),
    ).toEqual(real);
  });

  it('refuses a wrong signing secret without echoing it, an unknown app, a past renewal and a bad period', async () => {
    const { engine } = engineAt();
    const wrong = await run(engine, SET_MOCK, { version: '2026-10', variables: { secret: 'zzzzzzzzzz' } });
    expect(errorCodes(wrong)).toEqual(['USER_UNAUTHORIZED']);
    expect(JSON.stringify(wrong)).not.toContain('zzzzzzzzzz');
    const unknown = await run(
      engine,
      'mutation { set_mock_app_subscription(app_id: 1, partial_signing_secret: "a1b2c3d4e5") { is_trial } }',
      { version: '2026-10' },
    );
    expect(errorCodes(unknown)).toEqual(['RESOURCE_NOT_FOUND']);
    const past = await run(engine, SET_MOCK, {
      version: '2026-10',
      variables: { secret: SECRET_TAIL, renewal: '2026-01-01' },
    });
    expect(errorCodes(past)).toEqual(['INVALID_ARGUMENT']);
    const period = await run(engine, SET_MOCK, {
      version: '2026-10',
      variables: { secret: SECRET_TAIL, period: 'weekly' },
    });
    expect(errorCodes(period)).toEqual(['INVALID_ARGUMENT']);
    expect(dataField(await run(engine, MINE, { version: '2026-10', grant: ACME_APP }), 'app_subscription')).toEqual([]);
  });

  it('answers app_subscription only to an app’s token', async () => {
    const { engine } = engineAt();
    expect(errorCodes(await run(engine, MINE, { version: '2026-10' }))).toEqual(['USER_UNAUTHORIZED']);
  });
});

describe('operation counters', () => {
  it('counts operations per kind for an account with an active subscription, restarting each month', async () => {
    const { engine, advance } = engineAt();
    const first = await run(engine, COUNT, {
      version: '2026-10',
      grant: globexGrant(),
      variables: { kind: 'image_scan', by: 2 },
    });
    expect(dataField(first, 'increase_app_subscription_operations')).toEqual({
      counter_value: 2,
      kind: 'image_scan',
      app_subscription: { plan_id: 'team_yearly' },
    });
    await run(engine, COUNT, { version: '2026-10', grant: globexGrant() });
    const read =
      '{ app_subscription_operations(kind: "image_scan") { counter_value kind } global: app_subscription_operations { counter_value kind } }';
    expect((await run(engine, read, { version: '2026-10', grant: globexGrant() })).data).toEqual({
      app_subscription_operations: { counter_value: 2, kind: 'image_scan' },
      global: { counter_value: 1, kind: 'global' },
    });
    // The subscription renews on the 2nd: on 2 December a new window starts.
    advance(7 * 24 * 60 * 60 * 1000);
    expect((await run(engine, read, { version: '2026-10', grant: globexGrant() })).data).toEqual({
      app_subscription_operations: { counter_value: 0, kind: 'image_scan' },
      global: { counter_value: 0, kind: 'global' },
    });
    expect(
      errorCodes(
        await run(engine, '{ app_subscription_operations { period_key } }', {
          version: '2026-10',
          grant: globexGrant(),
        }),
      ),
    ).toEqual(['NOT_MODELLED']);
  });

  it('refuses a non-positive increment, a bad kind, a developer token and an account without a subscription', async () => {
    const { engine } = engineAt();
    for (const variables of [{ by: 0 }, { by: -3 }, { kind: 'far-too-long-kind-name' }, { kind: 'spa ce' }]) {
      expect(errorCodes(await run(engine, COUNT, { version: '2026-10', grant: globexGrant(), variables }))).toEqual([
        'INVALID_ARGUMENT',
      ]);
    }
    expect(errorCodes(await run(engine, COUNT, { version: '2026-10' }))).toEqual(['USER_UNAUTHORIZED']);
    expect(errorCodes(await run(engine, COUNT, { version: '2026-10', grant: ACME_APP }))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
  });
});

describe('app subscriptions, seats and monetization status', () => {
  it('lists the app’s real subscriptions to its collaborators, paged and filtered', async () => {
    const { engine } = engineAt();
    const query = `query ($limit: Int, $cursor: String, $status: SubscriptionStatus) {
      app_subscriptions(app_id: 8501, limit: $limit, cursor: $cursor, status: $status) {
        cursor total_count subscriptions { account_id currency monthly_price period_type plan_id pricing_version_id status end_date days_left }
      }
    }`;
    const all = dataField(await run(engine, query, { version: '2026-10' }), 'app_subscriptions');
    expect(all).toEqual({
      cursor: null,
      total_count: 1,
      subscriptions: [
        {
          account_id: 2002,
          currency: 'USD',
          monthly_price: 48,
          period_type: 'yearly',
          plan_id: 'team_yearly',
          pricing_version_id: 3,
          status: 'active',
          end_date: null,
          days_left: 281,
        },
      ],
    });
    const inactive = await run(engine, query, { version: '2026-10', variables: { status: 'inactive' } });
    expect(dataField(inactive, 'app_subscriptions')).toEqual({ cursor: null, total_count: 0, subscriptions: [] });
    expect(errorCodes(await run(engine, query, { version: '2026-10', variables: { limit: 0 } }))).toEqual([
      'INVALID_ARGUMENT',
    ]);
    expect(errorCodes(await run(engine, query, { version: '2026-10', variables: { cursor: 'nonsense' } }))).toEqual([
      'INVALID_CURSOR',
    ]);
    expect(errorCodes(await run(engine, query, { version: '2026-10', grant: globexGrant() }))).toEqual([
      'USER_UNAUTHORIZED',
    ]);
  });

  it('answers the account’s seats and monetization support, with account:read', async () => {
    const { engine } = engineAt();
    const query = '{ apps_monetization_info { seats_count } apps_monetization_status { is_supported } }';
    expect((await run(engine, query, { version: '2026-10' })).data).toEqual({
      apps_monetization_info: { seats_count: 25 },
      apps_monetization_status: { is_supported: true },
    });
    const refused = await run(engine, query, { version: '2026-10', grant: acmeGrant(['boards:read']) });
    expect(errorCodes(refused)).toEqual(['USER_UNAUTHORIZED', 'USER_UNAUTHORIZED']);
  });
});
