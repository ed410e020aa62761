/**
 * Teams: Query.teams (teams:read), the Team fields, and create_team, delete_team, add_users_to_team and
 * remove_users_from_team (users:write, the scope for changing the account's users data). Only the caller's account's
 * teams are visible. Adding a deactivated user reports it in `failed_users`; an id outside the account is an error.
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
  },
  Team: {
    is_guest: (team: TeamRecord) => team.isGuest,
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
