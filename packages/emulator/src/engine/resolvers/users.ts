/**
 * Users: Query.me (me:read), Query.users with every published filter (users:read) and the User fields, User.teams
 * included. Only the caller's account.
 * Filters: `ids`, `emails` (case-insensitive), `name` (case-insensitive substring), `kind` (all, guests, non_guests,
 * non_pending: the emulator has no pending users), `non_active` (also deactivated users), `newest_first`, then
 * `limit`/`page` (every match when no limit). The emulator has no view-only users.
 * Newer versions' fields: `kind` (2026-07: admin, guest or member from the roles), `status` (2026-10: ACTIVE while
 * enabled), `is_deleted`/`is_email_confirmed` (2026-07: false and true, as `is_pending`/`is_verified` say), `title`
 * (`String!` from 2026-07: an unset title is `''` there, `null` before).
 * `activity_logs` (2026-07): ./user-activity.ts. `out_of_office` (every version): the record's period, `active` while the clock's UTC day is inside it; null unset.
 * Profile fields, from the record's `profile` (unset: null): `phone`, `mobile_phone`, `location`, `country_code`,
 * `birthday` (`Date` until 2026-04, `String` after: both `YYYY-MM-DD`), `current_language`, `last_activity`, the
 * photo addresses (`photo_original` ... `photo_tiny` until 2026-07, the `photo_url` object from 2026-07: one stored
 * photo, a size each; no photo: the default avatar), `utc_hours_diff` (`Int` until 2026-04, whole hours towards
 * zero; `Float` from 2026-07, so half-hour zones answer 5.5).
 */
import { type GraphQLResolveInfo, getNamedType, isNonNullType } from 'graphql';
import { type EngineContext, requireScope } from '../context.js';
import type { UserProfile, UserRecord } from '../store/records.js';
import type { QueryUsersArgs, TeamUsersArgs } from './arguments.generated.js';
import { paginate, URL_HOST } from './lookup.js';
import type { FamilyResolvers } from './types.js';
import { userActivityLogs } from './user-activity.js';

/** The arguments of Query.users and Team.users (the filters both take). */
export type UsersArgs = QueryUsersArgs | TeamUsersArgs;

/** `candidates` narrowed and paged by `args`, in id order (newest first when asked). */
export function filterUsers(candidates: readonly UserRecord[], args: UsersArgs): UserRecord[] {
  const needle = args.name?.trim().toLowerCase();
  const given: readonly (string | null)[] | null | undefined = args.emails;
  const emails = given?.filter((email): email is string => email !== null).map((email) => email.toLowerCase());
  const found = candidates.filter(
    (user) =>
      (args.non_active || user.enabled) &&
      (!args.ids || args.ids.includes(user.id)) &&
      (!emails || emails.includes(user.email.toLowerCase())) &&
      (!needle || user.name.toLowerCase().includes(needle)) &&
      (args.kind !== 'guests' || user.isGuest) &&
      (args.kind !== 'non_guests' || !user.isGuest),
  );
  found.sort((a, b) =>
    args.newest_first
      ? b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id)
      : Number(a.id) - Number(b.id),
  );
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
  User: {
    account: (source: UserRecord, _args, context) => context.store.accounts.find(source.accountId),
    is_admin: (source: UserRecord) => source.isAdmin,
    is_guest: (source: UserRecord) => source.isGuest,
    is_pending: () => false,
    is_verified: () => true,
    created_at: (source: UserRecord) => source.createdAt,
    join_date: (source: UserRecord) => source.createdAt.slice(0, 10),
    time_zone_identifier: (source: UserRecord) => source.timeZone,
    url: (source: UserRecord, _args, context) =>
      `https://${context.store.accounts.find(source.accountId)?.slug ?? 'account'}.${URL_HOST}/users/${source.id}`,
    account_products: (user: UserRecord, _args, context) =>
      context.store.accounts.details(user.accountId)?.products ?? [],
    is_view_only: () => false,
    // Int until 2026-04 (whole hours towards zero), Float after: the field's return type says which.
    utc_hours_diff: (user: UserRecord, _args, context, info?: GraphQLResolveInfo) => {
      const hours = utcHoursDiff(user.timeZone, new Date(context.store.clock.now()));
      return info && namedTypeName(info) === 'Int' ? Math.trunc(hours) : hours;
    },
    teams: (user: UserRecord, args, context) =>
      context.store.teams.teamsOf(user.id).filter((team) => !args.ids || args.ids.includes(team.id)),
    // Fields of the newer versions (test/emulator/engine-newer-versions.test.ts), from what the record keeps.
    kind: (user: UserRecord) => (user.isAdmin ? 'admin' : user.isGuest ? 'guest' : 'member'),
    // The store has no invitations: an enabled user is active.
    status: (user: UserRecord) => (user.enabled ? 'ACTIVE' : 'INACTIVE'),
    is_deleted: () => false,
    is_email_confirmed: () => true,
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
    // null when none is set (test/emulator/users-out-of-office.test.ts).
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
    // 2026-07: one object with every size (test/emulator/newer-surfaces.test.ts).
    photo_url: (user: UserRecord) => Object.fromEntries(PHOTO_SIZES.map((size) => [size, photoAddress(user, size)])),
  },
};

function namedTypeName(info: GraphQLResolveInfo): string {
  return getNamedType(info.returnType).name;
}
