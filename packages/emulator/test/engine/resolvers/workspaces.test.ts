/** Workspaces and folders in the engine: listing, changes, consistency, scopes and account isolation. */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, globexGrant, run } from '../../engine-helpers.js';

describe('workspaces', () => {
  it('lists only the caller account live workspaces, filtered and paged', async () => {
    const engine = createEngine();
    const all = await run(engine, '{ workspaces { id name is_default_workspace } }');
    expect(dataField(all, 'workspaces')).toEqual([
      { id: '7001', name: 'Main workspace', is_default_workspace: true },
      { id: '7002', name: 'Marketing', is_default_workspace: false },
    ]);
    const closed = await run(engine, '{ workspaces(kind: closed) { id } }');
    expect(dataField(closed, 'workspaces')).toEqual([{ id: '7002' }]);
    const paged = await run(engine, '{ workspaces(limit: 1, page: 2) { id } }');
    expect(dataField(paged, 'workspaces')).toEqual([{ id: '7002' }]);
    const globex = await run(engine, '{ workspaces(ids: [7001, 7003]) { id } }', { grant: globexGrant() });
    expect(dataField(globex, 'workspaces')).toEqual([{ id: '7003' }]);
  });

  it('creates, updates and deletes a workspace, taking its folders and docs with it', async () => {
    const engine = createEngine();
    const created = await run(
      engine,
      'mutation { create_workspace(name: "Ops", kind: closed) { id name kind owners_subscribers { id } } }',
    );
    const workspace = dataField<{ id: string; kind: string; owners_subscribers: { id: string }[] }>(
      created,
      'create_workspace',
    );
    expect(workspace).toMatchObject({ name: 'Ops', kind: 'closed', owners_subscribers: [{ id: '501' }] });
    const folder = await run(
      engine,
      `mutation { create_folder(name: "Runbooks", workspace_id: ${workspace.id}) { id } }`,
    );
    const doc = await run(
      engine,
      `mutation { create_doc(location: { workspace: { workspace_id: ${workspace.id}, name: "On call" } }) { id } }`,
    );
    const updated = await run(
      engine,
      `mutation { update_workspace(id: ${workspace.id}, attributes: { name: "Operations", description: "24/7" }) { name description kind } }`,
    );
    expect(dataField(updated, 'update_workspace')).toEqual({ name: 'Operations', description: '24/7', kind: 'closed' });
    const deleted = await run(engine, `mutation { delete_workspace(workspace_id: ${workspace.id}) { id state } }`);
    expect(dataField(deleted, 'delete_workspace')).toEqual({ id: workspace.id, state: 'deleted' });
    const folderId = dataField<{ id: string }>(folder, 'create_folder').id;
    const docId = dataField<{ id: string }>(doc, 'create_doc').id;
    const after = await run(
      engine,
      `{ workspaces(ids: [${workspace.id}]) { id } folders(ids: [${folderId}]) { id } docs(ids: [${docId}]) { id } }`,
    );
    expect(after.data).toEqual({ workspaces: [], folders: [], docs: [] });
    const again = await run(engine, `mutation { delete_workspace(workspace_id: ${workspace.id}) { id } }`);
    expect(errorCodes(again)).toEqual(['RESOURCE_NOT_FOUND']);
  });

  it('refuses to delete the main workspace or touch another account workspace', async () => {
    const engine = createEngine();
    expect(errorCodes(await run(engine, 'mutation { delete_workspace(workspace_id: 7001) { id } }'))).toEqual([
      'INVALID_ARGUMENT',
    ]);
    expect(
      errorCodes(await run(engine, 'mutation { update_workspace(id: 7003, attributes: { name: "Mine" }) { id } }')),
    ).toEqual(['RESOURCE_NOT_FOUND']);
    expect(engine.store.workspaces.find('7003')?.name).toBe('Main workspace');
  });

  it('needs workspaces:read to list and workspaces:write to change', async () => {
    const engine = createEngine();
    const read = await run(engine, '{ workspaces { id } }', { grant: acmeGrant(['boards:read']) });
    expect(errorCodes(read)).toEqual(['USER_UNAUTHORIZED']);
    const write = await run(engine, 'mutation { create_workspace(name: "X", kind: open) { id } }', {
      grant: acmeGrant(['workspaces:read']),
    });
    expect(errorCodes(write)).toEqual(['USER_UNAUTHORIZED']);
    expect(engine.store.workspaces.all()).toHaveLength(3);
  });
});

describe('workspace members', () => {
  it('adds and removes users and teams, as subscribers or owners', async () => {
    const engine = createEngine();
    const added = await run(
      engine,
      'mutation { add_users_to_workspace(workspace_id: 7001, user_ids: [502], kind: owner) { id } }',
    );
    expect(dataField(added, 'add_users_to_workspace')).toEqual([{ id: '502' }]);
    const teams = await run(engine, 'mutation { add_teams_to_workspace(workspace_id: 7001, team_ids: [7202]) { id } }');
    expect(dataField(teams, 'add_teams_to_workspace')).toEqual([{ id: '7202' }]);
    const read = await run(
      engine,
      '{ workspaces(ids: [7001]) { owners_subscribers { id } users_subscribers { id } teams_subscribers { id } } }',
    );
    expect(dataField(read, 'workspaces')).toEqual([
      {
        owners_subscribers: [{ id: '501' }, { id: '502' }],
        users_subscribers: [{ id: '501' }, { id: '502' }],
        teams_subscribers: [{ id: '7201' }, { id: '7202' }],
      },
    ]);
    await run(
      engine,
      'mutation { delete_users_from_workspace(workspace_id: 7001, user_ids: [502]) { id } delete_teams_from_workspace(workspace_id: 7001, team_ids: [7201]) { id } }',
    );
    const after = await run(
      engine,
      '{ workspaces(ids: [7001]) { owners_subscribers { id } users_subscribers { id } teams_subscribers { id } } }',
    );
    expect(dataField(after, 'workspaces')).toEqual([
      { owners_subscribers: [{ id: '501' }], users_subscribers: [{ id: '501' }], teams_subscribers: [{ id: '7202' }] },
    ]);
  });

  it('refuses users and teams of another account, changing nothing', async () => {
    const engine = createEngine();
    const body = await run(
      engine,
      'mutation { add_users_to_workspace(workspace_id: 7001, user_ids: [502, 601]) { id } }',
    );
    expect(errorCodes(body)).toEqual(['RESOURCE_NOT_FOUND']);
    expect(engine.store.workspaces.find('7001')?.subscriberIds).toEqual(['501', '502']);
    const team = await run(engine, 'mutation { add_teams_to_workspace(workspace_id: 7001, team_ids: [7203]) { id } }');
    expect(errorCodes(team)).toEqual(['RESOURCE_NOT_FOUND']);
  });
});

describe('folders', () => {
  it('lists folders with their parent, sub-folders and workspace', async () => {
    const engine = createEngine();
    const body = await run(
      engine,
      '{ folders(workspace_ids: [7002]) { id name parent { id } sub_folders { id } workspace { name } } }',
    );
    expect(dataField(body, 'folders')).toEqual([
      { id: '7102', name: 'Campaigns', parent: null, sub_folders: [{ id: '7103' }], workspace: { name: 'Marketing' } },
      { id: '7103', name: '2025 launches', parent: { id: '7102' }, sub_folders: [], workspace: { name: 'Marketing' } },
    ]);
  });

  it('creates in the main workspace by default, updates, and deletes a folder with its sub-folders', async () => {
    const engine = createEngine();
    const created = await run(
      engine,
      'mutation { create_folder(name: "Ideas", color: AQUAMARINE) { id color workspace { id } } }',
    );
    expect(dataField(created, 'create_folder')).toMatchObject({ color: 'AQUAMARINE', workspace: { id: '7001' } });
    const updated = await run(
      engine,
      'mutation { update_folder(folder_id: 7103, name: "2026 launches", font_weight: FONT_WEIGHT_LIGHT) { name font_weight } }',
    );
    expect(dataField(updated, 'update_folder')).toEqual({ name: '2026 launches', font_weight: 'FONT_WEIGHT_LIGHT' });
    expect(engine.store.docs.find('7602')?.deleted).toBe(false);
    await run(engine, 'mutation { delete_folder(folder_id: 7102) { id } }');
    const left = await run(engine, '{ folders(workspace_ids: [7002]) { id } }');
    expect(dataField(left, 'folders')).toEqual([]);
    // The doc filed in the deleted folder goes with it, as a workspace's docs go with the workspace.
    expect(engine.store.docs.find('7602')?.deleted).toBe(true);
    const docs = await run(engine, '{ docs(ids: [7602]) { id } }');
    expect(dataField(docs, 'docs')).toEqual([]);
  });

  it('refuses a parent in another workspace, a folder inside itself, and another account folder', async () => {
    const engine = createEngine();
    const other = await run(
      engine,
      'mutation { create_folder(name: "X", workspace_id: 7001, parent_folder_id: 7102) { id } }',
    );
    expect(errorCodes(other)).toEqual(['INVALID_ARGUMENT']);
    const loop = await run(engine, 'mutation { update_folder(folder_id: 7102, parent_folder_id: 7103) { id } }');
    expect(errorCodes(loop)).toEqual(['INVALID_ARGUMENT']);
    const foreign = await run(engine, 'mutation { delete_folder(folder_id: 7104) { id } }');
    expect(errorCodes(foreign)).toEqual(['RESOURCE_NOT_FOUND']);
    expect(engine.store.workspaces.folders.find('7104')?.deleted).toBe(false);
  });
});
