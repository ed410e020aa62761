/**
 * Teams: Query.teams (teams:read), the Team fields, and create_team, delete_team, add_users_to_team and
 * remove_users_from_team (users:write, the scope for changing the account's users data). Only the caller's account's
 * teams are visible. Adding a deactivated user reports it in `failed_users`; an id outside the account is an error.
 *
 * `assign_team_owners` and `remove_team_owners` (users:write, as the other team changes) make members owners of a
 * team or take that away (https://developer.monday.com/api-reference/changelog/new-assign_team_owners-mutation,
 * .../new-remove_team_owners-mutation; result and error codes:
 * https://developer.monday.com/api-reference/reference/teams-other-types). An unknown team is RESOURCE_NOT_FOUND and
 * an empty `user_ids` INVALID_ARGUMENT; each user that cannot change is reported in `errors` with its code, the others
 * change: USER_NOT_FOUND (not an active user of the account), CANNOT_UPDATE_SELF (the caller), USER_NOT_MEMBER_OF_TEAM
 * and, when assigning, VIEWERS_OR_GUESTS (a guest or view-only user cannot own a team). The docs give no batch limit;
 * past {@link MAX_OWNER_BATCH} ids the whole call is one EXCEEDS_BATCH_LIMIT error and nothing changes (a bound on
 * the work of one request). Removing a member who is not an owner changes nothing and is no error.
 *
 * `Team.created_at` (2026-10, a String) is when the team was created: the teams docs
 * (https://developer.monday.com/api-reference/reference/teams-other-types) do not describe it, so the emulator answers
 * its clock's ISO 8601 time, as for every other creation time; the seeded teams were created with the seed's boards
 * (test/engine/resolvers/team-created-at.test.ts).
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { notModelledError } from '../schema/modelled.js';
import type { UserRecord } from '../store/records.js';
import type { TeamRecord } from '../store/teams.js';
import { accountTeams, accountUsers, callerId } from './lookup.js';
import type { FamilyResolvers } from './types.js';
import { filterUsers } from './users.js';

function accountTeam(context: EngineContext, id: string): TeamRecord {
  const [team] = accountTeams(context, [id]);
  if (!team) throw engineError(ENGINE_ERROR_CODES.notFound, `Team ${id} was not found.`);
  return team;
}

function membershipChange(
  context: EngineContext,
  args: { team_id: string; user_ids: string[] },
  change: (team: TeamRecord, ids: string[]) => void,
) {
  requireScope(context, 'users:write');
  const team = accountTeam(context, args.team_id);
  const users = accountUsers(context, args.user_ids);
  const ok = (user: UserRecord) => user.enabled;
  change(
    team,
    users.filter(ok).map((user) => user.id),
  );
  return { successful_users: users.filter(ok), failed_users: users.filter((user) => !ok(user)) };
}

/** The most user ids one owners change takes (the docs give none). */
export const MAX_OWNER_BATCH = 200;

type OwnerErrorCode =
  | 'CANNOT_UPDATE_SELF'
  | 'EXCEEDS_BATCH_LIMIT'
  | 'USER_NOT_FOUND'
  | 'USER_NOT_MEMBER_OF_TEAM'
  | 'VIEWERS_OR_GUESTS';

interface OwnerError {
  code: OwnerErrorCode;
  message: string;
  user_id: string | null;
}

/** Checks each of `userIds` for an owners change of `team`; `change` gets the ids that may change. */
function ownersChange(
  context: EngineContext,
  args: { team_id: string; user_ids: string[] },
  assigning: boolean,
  change: (team: TeamRecord, ids: string[]) => void,
) {
  requireScope(context, 'users:write');
  const team = accountTeam(context, args.team_id);
  if (args.user_ids.length === 0) throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'user_ids must not be empty.');
  if (args.user_ids.length > MAX_OWNER_BATCH) {
    const message = `At most ${MAX_OWNER_BATCH} users can change in one call.`;
    return { team, errors: [{ code: 'EXCEEDS_BATCH_LIMIT', message, user_id: null }] };
  }
  const errors: OwnerError[] = [];
  const changing: string[] = [];
  for (const id of new Set(args.user_ids.map(String))) {
    const user = context.store.users.find(id);
    const fail = (code: OwnerErrorCode, message: string) => errors.push({ code, message, user_id: id });
    if (!user || user.accountId !== context.accountId || !user.enabled)
      fail('USER_NOT_FOUND', `User ${id} was not found.`);
    else if (id === callerId(context)) fail('CANNOT_UPDATE_SELF', 'You cannot change your own team ownership.');
    else if (!team.userIds.includes(id))
      fail('USER_NOT_MEMBER_OF_TEAM', `User ${id} is not a member of team ${team.id}.`);
    else if (assigning && (user.isGuest || user.viewOnly)) {
      fail('VIEWERS_OR_GUESTS', `User ${id} is a guest or a viewer and cannot own a team.`);
    } else changing.push(id);
  }
  change(team, changing);
  return { team, errors };
}

/** Resolvers of teams. */
export const teamResolvers: FamilyResolvers = {
  Query: {
    teams: (_source, args, context) => {
      requireScope(context, 'teams:read');
      return context.store.teams
        .all()
        .filter((team) => team.accountId === context.accountId && (!args.ids || args.ids.includes(team.id)));
    },
  },
  Mutation: {
    create_team: (_source, args, context) => {
      requireScope(context, 'users:write');
      if (args.input.parent_team_id != null) throw notModelledError('CreateTeamAttributesInput', 'parent_team_id');
      const name = args.input.name.trim();
      if (name === '') throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'The team name must not be empty.');
      const members = accountUsers(context, args.input.subscriber_ids ?? []);
      if (members.length === 0 && !args.options?.allow_empty_team) {
        throw engineError(
          ENGINE_ERROR_CODES.invalidArgument,
          'A team needs subscriber_ids unless options.allow_empty_team is true.',
        );
      }
      return context.store.teams.createTeam({
        accountId: context.accountId,
        name,
        isGuest: args.input.is_guest_team ?? false,
        userIds: members.map((user) => user.id),
        ownerId: callerId(context),
      });
    },
    delete_team: (_source, args, context) => {
      requireScope(context, 'users:write');
      const team = accountTeam(context, args.team_id);
      return context.store.deleteTeam(team);
    },
    add_users_to_team: (_source, args, context) =>
      membershipChange(context, args, (team, ids) => context.store.teams.addUsers(team, ids)),
    remove_users_from_team: (_source, args, context) =>
      membershipChange(context, args, (team, ids) => context.store.teams.removeUsers(team, ids)),
    assign_team_owners: (_source, args, context) =>
      ownersChange(context, args, true, (team, ids) => context.store.teams.addOwners(team, ids)),
    remove_team_owners: (_source, args, context) =>
      ownersChange(context, args, false, (team, ids) => context.store.teams.removeOwners(team, ids)),
  },
  Team: {
    is_guest: (team: TeamRecord) => team.isGuest,
    // 2026-10: when the team was created, ISO 8601 on the emulator's clock (the docs give no format; see the head).
    created_at: (team: TeamRecord) => team.createdAt ?? null,
    picture_url: (team: TeamRecord) => team.pictureUrl,
    owners: (team: TeamRecord, args, context) =>
      team.ownerIds
        .filter((id) => !args.ids || args.ids.includes(id))
        .map((id) => context.store.users.find(id))
        .filter((user) => user !== undefined),
    users: (team: TeamRecord, args, context) =>
      filterUsers(
        team.userIds.map((id) => context.store.users.find(id)).filter((user) => user !== undefined),
        args,
      ),
  },
};
