/**
 * Users: Query.me (me:read), Query.users with every published filter (users:read) and the User fields, User.teams
 * included. Only the caller's account. The admin mutations (deactivate, activate, roles, attributes, invitations)
 * are in ./user-admin.ts.
 * Filters: `ids`, `emails` (case-insensitive), `name` (case-insensitive substring), `kind` (all, guests, non_guests,
 * non_pending), `non_active` (also deactivated users), `newest_first`, then `limit`/`page` (every match when no
 * limit); from 2026-07 `status`, `user_kind` and `sort` ({@link filterUsers}).
 * What the record holds beyond the basics (each seedable; absent: the default said here): `pending` (false: an
 * invited user is pending until they accept), `verified` (true), `viewOnly` (false), `joinDate` (the day of
 * `createdAt`), and `becameActiveAt`, `invitationMethod`, `signUpProductKind` (NOT_MODELLED when absent).
 * Newer versions' fields: `kind` (2026-07: admin, guest or member from the roles; a viewer's is NOT_MODELLED),
 * `status` (2026-07: PENDING, then ACTIVE while enabled), `is_deleted`/`is_email_confirmed` (2026-07: false, and
 * `verified`), `title` (`String!` from 2026-07: an unset title is `''` there, `null` before), `account_id` and
 * `became_active_at` (2026-07).
 * `department` (2026-04): the department the user is a member of, as the departments family assigns them
 * (https://developer.monday.com/api-reference/reference/department: a user is in at most one), null when none.
 * `activity_logs` (2026-07): ./user-activity.ts. `out_of_office` (every version): the record's period, `active` while the clock's UTC day is inside it; null unset.
 * Profile fields, from the record's `profile` (unset: null): `phone`, `mobile_phone`, `location`, `country_code`,
 * `birthday` (`Date` until 2026-04, `String` after: both `YYYY-MM-DD`), `current_language`, `last_activity`, the
 * photo addresses (`photo_original` ... `photo_tiny` until 2026-07, the `photo_url` object from 2026-07: one stored
 * photo, a size each; no photo: the default avatar), `utc_hours_diff` (`Int` until 2026-04, whole hours towards
 * zero; `Float` from 2026-07, so half-hour zones answer 5.5; null with the time zone for an invited user).
 */
import { type GraphQLResolveInfo, getNamedType, isNonNullType } from 'graphql';
import { type EngineContext, requireScope } from '../context.js';
import { notModelledError } from '../schema/modelled.js';
import type { UserProfile, UserRecord } from '../store/records.js';
import type { QueryUsersArgs, TeamUsersArgs } from './arguments.generated.js';
import { notModelledArgument, paginate, URL_HOST } from './lookup.js';
import type { FamilyResolvers } from './types.js';
import { userActivityLogs } from './user-activity.js';
import { userAdminMutations } from './user-admin.js';

/** The arguments of Query.users and Team.users (the filters both take). */
export type UsersArgs = QueryUsersArgs | TeamUsersArgs;

/** A user's base role, as `users(user_kind:)` (2026-07) names it. */
export function userKind(user: UserRecord): 'ADMIN' | 'GUEST' | 'VIEW_ONLY' | 'MEMBER' {
  if (user.isAdmin) return 'ADMIN';
  if (user.isGuest) return 'GUEST';
  return user.viewOnly ? 'VIEW_ONLY' : 'MEMBER';
}

/** A user's `status` (2026-07): pending until the invitation is accepted, then active while enabled. */
export function userStatus(user: UserRecord): 'PENDING' | 'ACTIVE' | 'INACTIVE' {
  if (user.pending) return 'PENDING';
  return user.enabled ? 'ACTIVE' : 'INACTIVE';
}

/**
 * `candidates` narrowed and paged by `args`, in id order (newest first when asked, or by creation time when
 * `sort` says). From 2026-07 `status` lists the statuses to keep (instead of `non_active`), `user_kind` keeps or
 * drops base roles (kinds the emulator has no users of, such as `SERVICE_USER`, match nobody) and `sort` orders by
 * `CREATED_AT`; `visibility` is NOT_MODELLED.
 */
export function filterUsers(candidates: readonly UserRecord[], args: UsersArgs): UserRecord[] {
  const newer = args as Partial<QueryUsersArgs>;
  if (newer.visibility != null) notModelledArgument('users(visibility:)', 'user visibility settings are not kept');
  const needle = args.name?.trim().toLowerCase();
  const given: readonly (string | null)[] | null | undefined = args.emails;
  const emails = given?.filter((email): email is string => email !== null).map((email) => email.toLowerCase());
  const kinds = newer.user_kind;
  const found = candidates.filter(
    (user) =>
      (newer.status ? newer.status.includes(userStatus(user)) : args.non_active || user.enabled) &&
      (!args.ids || args.ids.includes(user.id)) &&
      (!emails || emails.includes(user.email.toLowerCase())) &&
      (!needle || user.name.toLowerCase().includes(needle)) &&
      (args.kind !== 'guests' || user.isGuest) &&
      (args.kind !== 'non_guests' || !user.isGuest) &&
      (args.kind !== 'non_pending' || !user.pending) &&
      (!kinds?.in || kinds.in.includes(userKind(user))) &&
      !kinds?.not_in?.includes(userKind(user)),
  );
  const [sort] = newer.sort ?? [];
  found.sort((a, b) => {
    if (sort)
      return (
        (sort.direction === 'DESC' ? -1 : 1) * (a.createdAt.localeCompare(b.createdAt) || Number(a.id) - Number(b.id))
      );
    return args.newest_first
      ? b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id)
      : Number(a.id) - Number(b.id);
  });
  return paginate(found, args.limit, args.page);
}

function accountUsers(context: EngineContext): UserRecord[] {
  return context.store.users.all().filter((user) => user.accountId === context.accountId);
}

/** Hours between UTC and `timeZone` at `at`, e.g. 1 for Europe/London in summer, 5.5 for Asia/Kolkata. */
export function utcHoursDiff(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT(?:([+-])(\d+)(?::(\d+))?)?/.exec(name ?? '');
  if (!match?.[1]) return 0;
  const hours = Number(match[2]) + Number(match[3] ?? 0) / 60;
  return match[1] === '-' ? -hours : hours;
}

/** The sizes a profile photo is served in: the `photo_*` field (and `PhotoUrl` field) suffix of each. */
const PHOTO_SIZES = ['original', 'small', 'thumb', 'thumb_small', 'tiny'] as const;

/** The address of `user`'s photo at `size`: the stored photo's, or the default avatar's. */
function photoAddress(user: UserRecord, size: (typeof PHOTO_SIZES)[number]): string {
  const base = user.profile?.photo ?? `https://files.${URL_HOST}/photos/default/avatar.png`;
  return size === 'original' ? base : `${base}?size=${size}`;
}

/** A resolver answering one profile field, null when unset. */
function profileField(field: keyof UserProfile) {
  return (user: UserRecord) => user.profile?.[field] ?? null;
}

/** The older versions' `photo_<size>` fields, one resolver each. */
const photoFields = Object.fromEntries(
  PHOTO_SIZES.map((size) => [`photo_${size}`, (user: UserRecord) => photoAddress(user, size)]),
);

/** Resolvers of users. */
export const userResolvers: FamilyResolvers = {
  Query: {
    me: (_source, _args, context) => {
      requireScope(context, 'me:read');
      return context.store.users.find(context.grant.userId) ?? null;
    },
    users: (_source, args, context) => {
      requireScope(context, 'users:read');
      return filterUsers(accountUsers(context), args);
    },
  },
  Mutation: { ...userAdminMutations },
  User: {
    account: (source: UserRecord, _args, context) => context.store.accounts.find(source.accountId),
    is_admin: (source: UserRecord) => source.isAdmin,
    is_guest: (source: UserRecord) => source.isGuest,
    is_pending: (source: UserRecord) => source.pending ?? false,
    is_verified: (source: UserRecord) => source.verified ?? true,
    created_at: (source: UserRecord) => source.createdAt,
    // 2026-04: the department the user is a member of (departments.ts keeps at most one per user), null when none.
    department: (source: UserRecord, _args, context) => context.store.departments.ofUser(source.id) ?? null,
    join_date: (source: UserRecord) => source.joinDate ?? source.createdAt.slice(0, 10),
    time_zone_identifier: (source: UserRecord) => source.timeZone,
    url: (source: UserRecord, _args, context) =>
      `https://${context.store.accounts.find(source.accountId)?.slug ?? 'account'}.${URL_HOST}/users/${source.id}`,
    account_products: (user: UserRecord, _args, context) =>
      context.store.accounts.details(user.accountId)?.products ?? [],
    is_view_only: (source: UserRecord) => source.viewOnly ?? false,
    // Int until 2026-04 (whole hours towards zero), Float after: the field's return type says which.
    utc_hours_diff: (user: UserRecord, _args, context, info?: GraphQLResolveInfo) => {
      if (user.timeZone === null) return null;
      const hours = utcHoursDiff(user.timeZone, new Date(context.store.clock.now()));
      return info && namedTypeName(info) === 'Int' ? Math.trunc(hours) : hours;
    },
    teams: (user: UserRecord, args, context) =>
      context.store.teams.teamsOf(user.id).filter((team) => !args.ids || args.ids.includes(team.id)),
    // Fields of the newer versions (packages/emulator/test/engine-newer-versions.test.ts), from what the record keeps.
    // A viewer's kind is not documented: NOT_MODELLED for them.
    kind: (user: UserRecord) => {
      if (user.viewOnly && !user.isAdmin && !user.isGuest) throw notModelledError('User', 'kind');
      return user.isAdmin ? 'admin' : user.isGuest ? 'guest' : 'member';
    },
    status: (user: UserRecord) => userStatus(user),
    is_deleted: () => false,
    is_email_confirmed: (user: UserRecord) => user.verified ?? true,
    account_id: (user: UserRecord) => user.accountId,
    // Known only when the seed (or an invitation: null until accepted) says; NOT_MODELLED otherwise.
    became_active_at: (user: UserRecord) => known(user, 'becameActiveAt'),
    invitation_method: (user: UserRecord) => known(user, 'invitationMethod'),
    sign_up_product_kind: (user: UserRecord) => known(user, 'signUpProductKind'),
    // User.title became String! in 2026-07: graphql passes the field's info fourth, whose return type says which.
    title: (user: UserRecord, _args, _context, info?: GraphQLResolveInfo) =>
      info && isNonNullType(info.returnType) ? (user.title ?? '') : user.title,
    phone: profileField('phone'),
    mobile_phone: profileField('mobilePhone'),
    location: profileField('location'),
    country_code: profileField('countryCode'),
    birthday: profileField('birthday'),
    current_language: profileField('language'),
    last_activity: profileField('lastActivity'),
    ...photoFields,
    // Every version: the period the user set, `active` while the emulator's clock is inside it (its days in UTC);
    // null when none is set (packages/emulator/test/users-out-of-office.test.ts).
    out_of_office: (user: UserRecord, _args, context) => {
      const away = user.outOfOffice;
      if (!away) return null;
      const today = new Date(context.store.clock.now()).toISOString().slice(0, 10);
      return {
        active: away.startDate <= today && today <= away.endDate,
        disable_notifications: away.disableNotifications,
        start_date: away.startDate,
        end_date: away.endDate,
        type: away.type,
      };
    },
    // 2026-07: the user's changes on the caller's boards, a page at a time (./user-activity.ts).
    activity_logs: (user: UserRecord, args, context) => userActivityLogs(user, args, context),
    // 2026-07: one object with every size (packages/emulator/test/newer-surfaces.test.ts).
    photo_url: (user: UserRecord) => Object.fromEntries(PHOTO_SIZES.map((size) => [size, photoAddress(user, size)])),
  },
};

/** The record's `field`, or NOT_MODELLED (named by its GraphQL field) when the record does not hold it. */
function known(user: UserRecord, field: 'becameActiveAt' | 'invitationMethod' | 'signUpProductKind') {
  const value = user[field];
  if (value === undefined) {
    const names = {
      becameActiveAt: 'became_active_at',
      invitationMethod: 'invitation_method',
      signUpProductKind: 'sign_up_product_kind',
    };
    throw notModelledError('User', names[field]);
  }
  return value;
}

function namedTypeName(info: GraphQLResolveInfo): string {
  return getNamedType(info.returnType).name;
}
