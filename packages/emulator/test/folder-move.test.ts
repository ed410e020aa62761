/**
 * `update_folder` with `workspace_id` (2025-10 on) over a real socket: a folder moves to another workspace with the
 * folders below it and the boards (with their subitems boards) and docs inside; `position` and `account_product_id`
 * are refused by name, and a refused call changes nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { askGraphQL, closeTestEmulators, DEMO_TOKEN, type GraphQLBody, startTestEmulator } from './server-helpers.js';

afterEach(closeTestEmulators);

type Body = GraphQLBody;

async function serve() {
  const emulator = await startTestEmulator();
  return async (query: string, variables: Record<string, unknown> = {}) => {
    return askGraphQL(emulator, '2026-10', query, variables, DEMO_TOKEN);
  };
}

/** `body.data[key]`, once the answer is known to hold no errors. */
function field<T>(body: Body, key: string): T {
  expect(body.errors).toBeUndefined();
  return body.data?.[key] as T;
}

const codes = (body: Body) => body.errors?.map((error) => error.extensions?.code);

const MOVE = `mutation ($folder: ID!, $workspace: ID, $parent: ID, $name: String, $position: DynamicPosition, $product: ID) {
  update_folder(folder_id: $folder, workspace_id: $workspace, parent_folder_id: $parent, name: $name,
    position: $position, account_product_id: $product) { id name workspace { id } parent { id } } }`;
const WHERE = `query {
  folders(ids: [7101, 7102, 7103]) { id workspace { id } parent { id } }
  boards(ids: [3001, 3004, 3009]) { id workspace_id board_folder_id }
  docs(ids: [7602]) { id workspace_id doc_folder_id } }`;

describe('update_folder to another workspace', () => {
  it('moves a folder to the top of another workspace with the boards inside', async () => {
    const post = await serve();
    const moved = await post(MOVE, { folder: '7101', workspace: '7002' });
    expect(field(moved, 'update_folder')).toEqual({
      id: '7101',
      name: 'Planning',
      workspace: { id: '7002' },
      parent: null,
    });
    const boards = field<{ id: string; workspace_id: string }[]>(await post(WHERE), 'boards');
    expect(boards.find((board) => board.id === '3001')).toEqual({
      id: '3001',
      workspace_id: '7002',
      board_folder_id: '7101',
    });
  });

  it('takes the sub-folders, their boards’ subitems boards and the docs along, under a new parent', async () => {
    const post = await serve();
    const moved = await post(MOVE, { folder: '7102', workspace: '7001', parent: '7101' });
    expect(field(moved, 'update_folder')).toMatchObject({ workspace: { id: '7001' }, parent: { id: '7101' } });
    const where = await post(WHERE);
    expect(field(where, 'folders')).toEqual(
      expect.arrayContaining([{ id: '7103', workspace: { id: '7001' }, parent: { id: '7102' } }]),
    );
    const boards = field<{ id: string; workspace_id: string }[]>(where, 'boards');
    expect(boards.filter((board) => board.id !== '3001').map((board) => board.workspace_id)).toEqual(['7001', '7001']);
    expect(field(where, 'docs')).toEqual([{ id: '7602', workspace_id: '7001', doc_folder_id: '7102' }]);
  });

  it('refuses what it does not keep, a parent in another workspace or a bad name, and moves nothing', async () => {
    const post = await serve();
    const before = await post(WHERE);
    const refusals: [Record<string, unknown>, string][] = [
      [{ folder: '7101', workspace: '7002', position: { object_id: '3002', object_type: 'Board' } }, 'NOT_MODELLED'],
      [{ folder: '7101', workspace: '7002', product: '7051' }, 'NOT_MODELLED'],
      [{ folder: '7101', workspace: '7002', parent: '7101' }, 'INVALID_ARGUMENT'],
      [{ folder: '7102', workspace: '7001', parent: '7103' }, 'INVALID_ARGUMENT'],
      [{ folder: '7101', workspace: '7002', name: '   ' }, 'INVALID_ARGUMENT'],
      [{ folder: '7101', workspace: '7003' }, 'RESOURCE_NOT_FOUND'],
    ];
    for (const [variables, code] of refusals) expect(codes(await post(MOVE, variables))).toEqual([code]);
    expect(await post(WHERE)).toEqual({ ...before, extensions: expect.anything() });
  });
});
