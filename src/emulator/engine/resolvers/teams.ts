/** Teams: Query.teams (teams:read) and the Team fields. Only the caller's account's teams are visible. */
import { requireScope } from '../context.js';
import type { TeamRecord } from '../store/teams.js';
import type { ResolverMap } from './types.js';
import { filterUsers, type UsersArgs } from './users.js';

/** Resolvers of teams. */
export const teamResolvers: ResolverMap = {
  Query: {
    teams: (_source: unknown, args: { ids?: string[] | null }, context) => {
      requireScope(context, 'teams:read');
      return context.store.teams.teams().filter((team) => team.accountId === context.accountId && (!args.ids || args.ids.includes(team.id)));
    },
  },
  Team: {
    is_guest: (team: TeamRecord) => team.isGuest,
    picture_url: (team: TeamRecord) => team.pictureUrl,
    owners: (team: TeamRecord, args: { ids?: string[] | null }, context) =>
      team.ownerIds
        .filter((id) => !args.ids || args.ids.includes(id))
        .map((id) => context.store.findUser(id))
        .filter((user) => user !== undefined),
    users: (team: TeamRecord, args: UsersArgs, context) =>
      filterUsers(
        team.userIds.map((id) => context.store.findUser(id)).filter((user) => user !== undefined),
        args,
      ),
  },
};
