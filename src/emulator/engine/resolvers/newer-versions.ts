/**
 * Fields the versions after 2025-04 added (or changed) that apps use most, derived from the records the store
 * already keeps (no new state). A field a version lacks is simply not installed there (../schema/build.ts).
 *
 * Rule map:
 * - `User.kind` (2026-07): `admin`, `guest` or `member`, from the record's roles.
 * - `User.status` (2026-10): `ACTIVE` while the user is enabled, else `INACTIVE` (the store has no invitations).
 * - `User.is_deleted`, `User.is_email_confirmed` (2026-07): false and true, as `is_pending`/`is_verified` say.
 * - `User.title` became `String!` in 2026-07: an unset title is `''` where non-null, `null` before.
 * - `Board.hierarchy_type` (2025-10): `classic`; the emulator has no multi-level boards.
 * - `Column.settings` (2025-10): the column's settings as JSON, as `settings_str` has them.
 * Pinned by test/emulator/engine-newer-versions.test.ts.
 */
import { type GraphQLResolveInfo, isNonNullType } from 'graphql';
import type { ColumnRecord, UserRecord } from '../store/records.js';
import type { ResolverMap } from './types.js';

/** Resolvers of fields that arrived after 2025-04. */
export const newerVersionResolvers: ResolverMap = {
  User: {
    kind: (user: UserRecord) => (user.isAdmin ? 'admin' : user.isGuest ? 'guest' : 'member'),
    status: (user: UserRecord) => (user.enabled ? 'ACTIVE' : 'INACTIVE'),
    is_deleted: () => false,
    is_email_confirmed: () => true,
    // graphql passes the field's info fourth: its return type says whether this version's title is non-null.
    title: (user: UserRecord, _args: never, _context: unknown, info?: GraphQLResolveInfo) =>
      info && isNonNullType(info.returnType) ? (user.title ?? '') : user.title,
  },
  Board: {
    hierarchy_type: () => 'classic',
  },
  Column: {
    settings: (column: ColumnRecord) => column.settings,
  },
};
