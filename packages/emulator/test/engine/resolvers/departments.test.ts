/**
 * Departments in the engine, against https://developer.monday.com/api-reference/reference/department: Enterprise
 * accounts only, a user in at most one department, owners, seats, admins only for changes.
 */

import { describe, expect, it } from 'vitest';
import { SCOPES } from 'workspace-platform-sdk';
import { createEngine, defaultSeed } from '../../../src/engine/index.js';
import { dataField, errorCodes, globexGrant, run } from '../../engine-helpers.js';

const VERSION = '2026-10';
const asHank = (engine: ReturnType<typeof createEngine>, query: string) =>
  run(engine, query, { version: VERSION, grant: globexGrant() });

describe('departments', () => {
  it('lists the account departments with members, owners and seats', async () => {
    const body = await asHank(
      createEngine(),
      '{ departments { id name assigned_seats reserved_seats members { name } owners { name } } }',
    );
    expect(dataField(body, 'departments')).toEqual([
      {
        id: '8401',
        name: 'Operations',
        assigned_seats: 1,
        reserved_seats: 5,
        members: [{ name: 'Hank Scorpio' }],
        owners: [{ name: 'Hank Scorpio' }],
      },
    ]);
  });

  it('moves a member into a new department, clears and unassigns', async () => {
    const engine = createEngine();
    const created = await asHank(
      engine,
      'mutation { create_department(data: { name: "Labs" }) { id reserved_seats assigned_seats } }',
    );
    const labs = dataField<{ id: string }>(created, 'create_department');
    expect(labs).toMatchObject({ reserved_seats: 0, assigned_seats: 0 });
    const assigned = await asHank(
      engine,
      `mutation { assign_department_members(department_id: ${labs.id}, user_ids: [601]) { successful_users { id } failed_users { id } } }`,
    );
    expect(dataField(assigned, 'assign_department_members')).toEqual({
      successful_users: [{ id: '601' }],
      failed_users: [],
    });
    expect(engine.store.departments.find('8401')?.memberIds).toEqual([]);
    const owner = await asHank(
      engine,
      `mutation { assign_department_owner(department_id: ${labs.id}, user_id: 601) { owner { id } } }`,
    );
    expect(dataField(owner, 'assign_department_owner')).toEqual({ owner: { id: '601' } });
    const unassigned = await asHank(
      engine,
      'mutation { unassign_department_owners(department_id: 8401, user_ids: [601]) { unassigned_users { id } } }',
    );
    expect(dataField(unassigned, 'unassign_department_owners')).toEqual({ unassigned_users: [{ id: '601' }] });
    const cleared = await asHank(
      engine,
      'mutation { clear_users_department(user_ids: [601]) { cleared_users { id } } }',
    );
    expect(dataField(cleared, 'clear_users_department')).toEqual({ cleared_users: [{ id: '601' }] });
    const renamed = await asHank(
      engine,
      `mutation { update_department(department_id: ${labs.id}, data: { name: "R&D", reserved_seats: 2 }) { name reserved_seats } }`,
    );
    expect(dataField(renamed, 'update_department')).toEqual({ name: 'R&D', reserved_seats: 2 });
    const deleted = await asHank(engine, `mutation { delete_department(department_id: ${labs.id}) { id } }`);
    expect(dataField(deleted, 'delete_department')).toEqual({ id: labs.id });
    expect(
      errorCodes(
        await asHank(
          engine,
          'mutation { assign_department_members(department_id: 8401, user_ids: [501]) { successful_users { id } } }',
        ),
      ),
    ).toEqual(['RESOURCE_NOT_FOUND']);
    expect(
      errorCodes(
        await asHank(engine, 'mutation { create_department(data: { name: "x", reserved_seats: -1 }) { id } }'),
      ),
    ).toEqual(['INVALID_ARGUMENT']);
  });

  it('answers a deactivated user in failed_users', async () => {
    const seed = defaultSeed();
    seed.users.push({
      ...(seed.users.find((user) => user.id === '601') as (typeof seed.users)[number]),
      id: '602',
      name: 'Gone',
      email: 'gone@globex.example',
      isAdmin: false,
      enabled: false,
    });
    const engine = createEngine({ seed });
    const body = await asHank(
      engine,
      'mutation { assign_department_members(department_id: 8401, user_ids: [602]) { successful_users { id } failed_users { id } } }',
    );
    expect(dataField(body, 'assign_department_members')).toEqual({
      successful_users: [],
      failed_users: [{ id: '602' }],
    });
  });

  it('is for Enterprise accounts, and changes are for admins', async () => {
    const engine = createEngine();
    expect(errorCodes(await run(engine, '{ departments { id } }', { version: VERSION }))).toEqual([
      'USER_UNAUTHORIZED',
    ]);
    const readOnly = { ...globexGrant(), scopes: SCOPES.filter((scope) => scope !== 'users:write') };
    expect(
      errorCodes(
        await run(engine, 'mutation { create_department(data: { name: "x" }) { id } }', {
          version: VERSION,
          grant: readOnly,
        }),
      ),
    ).toEqual(['USER_UNAUTHORIZED']);
  });
});
