/**
 * `Folder.app_feature_slug` (2026-04: null, no app feature makes folders on the emulator) and `User.department`
 * (2026-04: the department the departments family made the user a member of, null when none) in the engine
 * (src/engine/resolvers/workspaces.ts, src/engine/resolvers/users.ts).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { dataField, errorCodes, globexGrant, run } from '../../engine-helpers.js';

const FOLDERS = 'query ($ids: [ID!]) { folders(ids: $ids) { id name app_feature_slug } }';
const USERS = 'query ($ids: [ID!]) { users(ids: $ids) { id department { id name } } }';

describe('Folder.app_feature_slug', () => {
  it('answers null for seeded folders and for one create_folder made', async () => {
    const engine = createEngine();
    const created = dataField<{ id: string; app_feature_slug: string | null }>(
      await run(engine, 'mutation { create_folder(name: "Intake", workspace_id: 7001) { id app_feature_slug } }', {
        version: '2026-10',
      }),
      'create_folder',
    );
    expect(created.app_feature_slug).toBeNull();
    const listed = dataField<{ id: string; app_feature_slug: string | null }[]>(
      await run(engine, FOLDERS, { version: '2026-04', variables: { ids: ['7101', created.id] } }),
      'folders',
    );
    expect(listed.map((folder) => [folder.id, folder.app_feature_slug])).toEqual([
      ['7101', null],
      [created.id, null],
    ]);
  });

  it('lists no folder for an unknown id, and is not served before 2026-04', async () => {
    const engine = createEngine();
    expect(
      dataField<unknown[]>(await run(engine, FOLDERS, { version: '2026-10', variables: { ids: ['999'] } }), 'folders'),
    ).toEqual([]);
    expect(errorCodes(await run(engine, FOLDERS, { version: '2026-01', variables: { ids: ['7101'] } }))).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
    ]);
  });
});

describe('User.department', () => {
  it("answers the user's department, follows assignment and clearing, and null without one", async () => {
    const engine = createEngine();
    const departmentOf = async (id: string) =>
      dataField<{ department: { id: string; name: string } | null }[]>(
        await run(engine, USERS, { version: '2026-10', grant: globexGrant(), variables: { ids: [id] } }),
        'users',
      )[0]?.department;
    expect(await departmentOf('601')).toEqual({ id: '8401', name: 'Operations' });
    const cleared = await run(engine, 'mutation { clear_users_department(user_ids: [601]) { __typename } }', {
      version: '2026-10',
      grant: globexGrant(),
    });
    expect(cleared.errors).toBeUndefined();
    expect(await departmentOf('601')).toBeNull();
    const ada = dataField<{ department: unknown }[]>(
      await run(engine, USERS, { version: '2026-10', variables: { ids: ['501'] } }),
      'users',
    );
    expect(ada).toEqual([{ id: '501', department: null }]);
  });

  it('lists no user for an unknown id, and is not served before 2026-04', async () => {
    const engine = createEngine();
    expect(
      dataField<unknown[]>(await run(engine, USERS, { version: '2026-10', variables: { ids: ['999999'] } }), 'users'),
    ).toEqual([]);
    expect(errorCodes(await run(engine, USERS, { version: '2026-01', variables: { ids: ['501'] } }))).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
    ]);
  });
});
