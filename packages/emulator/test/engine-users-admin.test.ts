/**
 * Users beyond reading them (src/engine/resolvers/user-admin.ts, users.ts): the admin mutations, pending users from
 * invitations, the facts a record holds (became_active_at, invitation_method, ...), and the 2026-07 `users` filters.
 * Users other types: https://developer.monday.com/api-reference/reference/users-other-types
 */

import { describe, expect, it } from 'vitest';
import { SCOPES } from 'workspace-platform-sdk';
import { createEngine, DEFAULT_SEED_FACTS } from '../src/engine/index.js';
import { createSeed } from '../src/testing/index.js';
import { acmeGrant, dataField, errorCodes, run } from './engine-helpers.js';

const { users } = DEFAULT_SEED_FACTS;
const grace = { ...acmeGrant(), userId: users.grace.id };

describe('user admin mutations', () => {
  it('deactivates and activates users one by one, reporting the caller and unknown ids as errors', async () => {
    const engine = createEngine();
    const off = await run(
      engine,
      'mutation { deactivate_users(user_ids: [502, 501, 601, 999]) { deactivated_users { id } errors { user_id code message } } }',
    );
    expect(off.errors).toBeUndefined();
    expect(dataField(off, 'deactivate_users')).toEqual({
      deactivated_users: [{ id: '502' }],
      errors: [
        { user_id: '501', code: 'CANNOT_UPDATE_SELF', message: expect.any(String) },
        { user_id: '601', code: 'USER_NOT_FOUND', message: expect.any(String) },
        { user_id: '999', code: 'USER_NOT_FOUND', message: expect.any(String) },
      ],
    });
    expect(engine.store.users.find('502')?.enabled).toBe(false);
    const listed = await run(engine, '{ users { id } }');
    expect(dataField(listed, 'users')).toEqual([{ id: '501' }]);
    const on = await run(
      engine,
      'mutation { activate_users(user_ids: [502]) { activated_users { id enabled } errors { code } } }',
      { version: '2026-04' },
    );
    expect(dataField(on, 'activate_users')).toEqual({ activated_users: [{ id: '502', enabled: true }], errors: [] });
  });

  it('changes base roles, and leaves custom roles NOT_MODELLED', async () => {
    const engine = createEngine();
    const guest = await run(
      engine,
      'mutation { update_users_role(user_ids: [502], new_role: GUEST) { updated_users { id is_guest is_admin } errors { code } } }',
      { version: '2026-04' },
    );
    expect(dataField(guest, 'update_users_role')).toEqual({
      updated_users: [{ id: '502', is_guest: true, is_admin: false }],
      errors: [],
    });
    const viewer = await run(
      engine,
      'mutation { update_users_role(user_ids: [502], new_role: VIEW_ONLY) { updated_users { is_view_only is_guest } } }',
      { version: '2026-04' },
    );
    expect(dataField(viewer, 'update_users_role')).toEqual({
      updated_users: [{ is_view_only: true, is_guest: false }],
    });
    const custom = await run(
      engine,
      'mutation { update_users_role(user_ids: [502], role_id: 7) { updated_users { id } } }',
    );
    expect(errorCodes(custom)).toEqual(['NOT_MODELLED']);
  });

  it('updates profile attributes, refusing a malformed date for that user only', async () => {
    const engine = createEngine();
    const body = await run(
      engine,
      `mutation { update_multiple_users(user_updates: [
        { user_id: 502, user_attribute_updates: { title: "Rear admiral", birthday: "1906-12-09", phone: "+1 555 0199" } },
        { user_id: 501, user_attribute_updates: { join_date: "2024-13-45" } }
      ]) { updated_users { id title birthday phone } errors { user_id code message } } }`,
      { version: '2026-04' },
    );
    expect(dataField(body, 'update_multiple_users')).toEqual({
      updated_users: [{ id: '502', title: 'Rear admiral', birthday: '1906-12-09', phone: '+1 555 0199' }],
      errors: [{ user_id: '501', code: 'INVALID_FIELD', message: 'join_date must be a date as YYYY-MM-DD.' }],
    });
    expect(engine.store.users.find('501')?.joinDate).toBeUndefined();
  });

  it('invites users as pending, answering an email already in the account as an error', async () => {
    const engine = createEngine();
    const body = await run(
      engine,
      'mutation { invite_users(emails: ["new@acme.example", "GRACE@acme.example", "not-an-email"], user_role: GUEST) { invited_users { id email kind status became_active_at time_zone_identifier } errors { email code } } }',
      { version: '2026-10' },
    );
    expect(dataField(body, 'invite_users')).toEqual({
      invited_users: [
        {
          id: expect.any(String),
          email: 'new@acme.example',
          kind: 'guest',
          status: 'PENDING',
          became_active_at: null,
          time_zone_identifier: null,
        },
      ],
      errors: [
        { email: 'GRACE@acme.example', code: 'ERROR' },
        { email: 'not-an-email', code: 'ERROR' },
      ],
    });
    const pending = await run(engine, '{ users(kind: non_pending) { id } }', { version: '2025-04' });
    expect(dataField(pending, 'users')).toEqual([{ id: '501' }, { id: '502' }]);
    const all = await run(engine, '{ users { is_pending } }', { version: '2025-04' });
    expect(dataField<{ is_pending: boolean }[]>(all, 'users').map((user) => user.is_pending)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('needs users:write and an admin caller', async () => {
    const engine = createEngine();
    const member = await run(engine, 'mutation { deactivate_users(user_ids: [501]) { deactivated_users { id } } }', {
      grant: grace,
    });
    expect(errorCodes(member)).toEqual(['USER_UNAUTHORIZED']);
    const unscoped = await run(engine, 'mutation { deactivate_users(user_ids: [502]) { deactivated_users { id } } }', {
      grant: acmeGrant(SCOPES.filter((scope) => scope !== 'users:write')),
    });
    expect(errorCodes(unscoped)).toEqual(['USER_UNAUTHORIZED']);
    expect(engine.store.users.all().every((user) => user.enabled)).toBe(true);
  });
});

describe('user facts and filters', () => {
  it('answers became_active_at, account_id and invitation_method from the record, NOT_MODELLED when absent', async () => {
    const engine = createEngine();
    const body = await run(engine, '{ users(ids: [501, 502]) { id account_id became_active_at invitation_method } }', {
      version: '2026-10',
    });
    expect(dataField(body, 'users')).toEqual([
      { id: '501', account_id: '1001', became_active_at: '2024-09-02T09:00:00Z', invitation_method: 'FIRST_USER' },
      { id: '502', account_id: '1001', became_active_at: '2024-09-02T09:00:00Z', invitation_method: 'USER' },
    ]);
    const ada = engine.store.users.find('501');
    if (ada) delete ada.becameActiveAt;
    const unknown = await run(engine, '{ me { became_active_at } }', { version: '2026-10' });
    expect(errorCodes(unknown)).toEqual(['NOT_MODELLED']);
  });

  it('seeds every profile fact through createSeed().user()', async () => {
    const seed = createSeed({ base: 'accounts' });
    const lin = seed.user({
      name: 'Lin Chen',
      email: 'lin@acme.example',
      role: 'viewer',
      status: 'pending',
      verified: false,
      title: 'Analyst',
      timeZone: 'Asia/Kolkata',
      joinDate: '2025-01-06',
      birthday: '1990-04-01',
      countryCode: 'IN',
      location: 'Pune',
      phone: '+91 20 0000 0000',
      mobilePhone: '+91 90000 00000',
      language: 'hi',
      lastActivity: '2025-02-01T10:00:00Z',
      invitationMethod: 'SSO',
      signUpProductKind: 'crm',
    });
    const engine = createEngine({ seed: seed.data(), clock: { now: () => Date.parse('2026-01-15T12:00:00Z') } });
    const body = await run(
      engine,
      `{ users(ids: [${lin.id}]) { name title is_view_only is_pending is_verified join_date birthday country_code location phone mobile_phone current_language last_activity time_zone_identifier utc_hours_diff sign_up_product_kind } }`,
      { version: '2026-04' },
    );
    expect(body.errors).toBeUndefined();
    expect(dataField(body, 'users')).toEqual([
      {
        name: 'Lin Chen',
        title: 'Analyst',
        is_view_only: true,
        is_pending: true,
        is_verified: false,
        join_date: '2025-01-06',
        birthday: '1990-04-01',
        country_code: 'IN',
        location: 'Pune',
        phone: '+91 20 0000 0000',
        mobile_phone: '+91 90000 00000',
        current_language: 'hi',
        last_activity: '2025-02-01T10:00:00Z',
        time_zone_identifier: 'Asia/Kolkata',
        utc_hours_diff: 5,
        sign_up_product_kind: 'crm',
      },
    ]);
    const newer = await run(engine, `{ users(ids: [${lin.id}]) { status became_active_at invitation_method } }`, {
      version: '2026-10',
    });
    expect(dataField(newer, 'users')).toEqual([
      { status: 'PENDING', became_active_at: null, invitation_method: 'SSO' },
    ]);
    expect(() => seed.user({ name: 'Lin again', email: 'LIN@acme.example' })).toThrow(/already a user/);
    expect(() => seed.user({ name: 'Zed', email: 'zed@acme.example', timeZone: 'Mars/Olympus' })).toThrow(/time zone/);
    expect(() => seed.user({ name: 'Zed', email: 'zed@acme.example', birthday: '01/02/1990' })).toThrow(/YYYY-MM-DD/);
    expect(() => seed.user({ name: 'Zed', email: 'zed@acme.example', accountId: 42 })).toThrow(/no account 42/);
  });

  it('filters by status, user_kind and sorts by creation time (2026-07)', async () => {
    const seed = createSeed({ base: 'accounts' });
    const old = seed.user({
      name: 'Old',
      email: 'old@acme.example',
      createdAt: '2020-01-01T00:00:00Z',
      status: 'inactive',
    });
    const guest = seed.user({
      name: 'Guest',
      email: 'guest@acme.example',
      role: 'guest',
      createdAt: '2021-01-01T00:00:00Z',
    });
    const engine = createEngine({ seed: seed.data() });
    const ask = async (args: string) =>
      dataField<{ id: string }[]>(await run(engine, `{ users(${args}) { id } }`, { version: '2026-10' }), 'users').map(
        (user) => user.id,
      );
    expect(await ask('status: [INACTIVE]')).toEqual([old.id]);
    expect(await ask('status: [ACTIVE, INACTIVE], user_kind: { in: [GUEST, MEMBER] }')).toEqual([
      '502',
      old.id,
      guest.id,
    ]);
    expect(await ask('user_kind: { not_in: [ADMIN, MEMBER] }')).toEqual([guest.id]);
    expect(await ask('user_kind: { in: [SERVICE_USER] }')).toEqual([]);
    expect(await ask('status: [ACTIVE, INACTIVE], sort: [{ field: CREATED_AT, direction: ASC }]')).toEqual([
      old.id,
      guest.id,
      '501',
      '502',
    ]);
    const visibility = await run(engine, '{ users(visibility: "all") { id } }', { version: '2026-10' });
    expect(errorCodes(visibility)).toEqual(['NOT_MODELLED']);
  });
});
