/**
 * `assign_team_owners` and `remove_team_owners`: members become owners of a team or stop being owners, each user that
 * cannot change reported with its documented code (rules in src/engine/resolvers/teams.ts;
 * https://developer.monday.com/api-reference/reference/teams-other-types).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, run } from '../../engine-helpers.js';

const ASSIGN =
  'mutation ($team: ID!, $users: [ID!]!) { assign_team_owners(team_id: $team, user_ids: $users) { errors { code user_id message } team { id owners { id } } } }';
const REMOVE =
  'mutation ($team: ID!, $users: [ID!]!) { remove_team_owners(team_id: $team, user_ids: $users) { errors { code user_id } team { owners { id } users { id } } } }';

interface OwnersResult {
  errors: { code: string; user_id: string | null }[];
  team: { owners: { id: string }[]; users?: { id: string }[] };
}

describe('team owners', () => {
  it('makes a member an owner and takes it away again, the member staying in the team', async () => {
    const engine = createEngine();
    const assigned = await run(engine, ASSIGN, { version: '2026-10', variables: { team: '7201', users: ['502'] } });
    expect(assigned.errors).toBeUndefined();
    expect(dataField<OwnersResult>(assigned, 'assign_team_owners')).toEqual({
      errors: [],
      team: { id: '7201', owners: [{ id: '501' }, { id: '502' }] },
    });
    const removed = await run(engine, REMOVE, { version: '2025-04', variables: { team: '7201', users: ['502'] } });
    expect(dataField<OwnersResult>(removed, 'remove_team_owners')).toEqual({
      errors: [],
      team: { owners: [{ id: '501' }], users: [{ id: '501' }, { id: '502' }] },
    });
  });

  it('reports each user that cannot change with its code and changes the others', async () => {
    const engine = createEngine();
    const mixed = await run(engine, ASSIGN, {
      version: '2026-10',
      variables: { team: '7201', users: ['501', '601', '999999', '502'] },
    });
    const result = dataField<OwnersResult>(mixed, 'assign_team_owners');
    expect(result.errors.map(({ code, user_id }) => [code, user_id])).toEqual([
      ['CANNOT_UPDATE_SELF', '501'],
      ['USER_NOT_FOUND', '601'],
      ['USER_NOT_FOUND', '999999'],
    ]);
    expect(result.team.owners).toEqual([{ id: '501' }, { id: '502' }]);

    await run(
      engine,
      'mutation { remove_users_from_team(team_id: 7201, user_ids: [502]) { successful_users { id } } }',
    );
    const outside = await run(engine, ASSIGN, { version: '2026-10', variables: { team: '7201', users: ['502'] } });
    expect(dataField<OwnersResult>(outside, 'assign_team_owners').errors).toMatchObject([
      { code: 'USER_NOT_MEMBER_OF_TEAM', user_id: '502' },
    ]);

    await run(engine, 'mutation { add_users_to_team(team_id: 7201, user_ids: [502]) { successful_users { id } } }');
    await run(engine, 'mutation { update_users_role(user_ids: [502], new_role: GUEST) { updated_users { id } } }', {
      version: '2026-10',
    });
    const guest = await run(engine, ASSIGN, { version: '2026-10', variables: { team: '7201', users: ['502'] } });
    expect(dataField<OwnersResult>(guest, 'assign_team_owners')).toMatchObject({
      errors: [{ code: 'VIEWERS_OR_GUESTS', user_id: '502' }],
      team: { owners: [{ id: '501' }] },
    });
  });

  it('refuses a token without users:write, an unknown team, no users and too many users, changing nothing', async () => {
    const engine = createEngine();
    const owners = () => engine.store.teams.find('7201')?.ownerIds;
    const refused = await run(engine, ASSIGN, {
      version: '2026-10',
      variables: { team: '7201', users: ['502'] },
      grant: acmeGrant(['teams:read', 'users:read']),
    });
    expect(errorCodes(refused)).toEqual(['USER_UNAUTHORIZED']);
    expect(
      errorCodes(await run(engine, ASSIGN, { version: '2026-10', variables: { team: '7203', users: ['502'] } })),
    ).toEqual(['RESOURCE_NOT_FOUND']);
    expect(
      errorCodes(await run(engine, REMOVE, { version: '2026-10', variables: { team: '7201', users: [] } })),
    ).toEqual(['INVALID_ARGUMENT']);
    const many = Array.from({ length: 201 }, (_, index) => String(index + 1));
    const batch = await run(engine, ASSIGN, {
      version: '2026-10',
      variables: { team: '7201', users: [...many, '502'] },
    });
    expect(dataField<OwnersResult>(batch, 'assign_team_owners').errors).toEqual([
      { code: 'EXCEEDS_BATCH_LIMIT', user_id: null, message: expect.stringContaining('200') },
    ]);
    expect(owners()).toEqual(['501']);
  });
});
