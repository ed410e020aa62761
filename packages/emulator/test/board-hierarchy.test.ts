/**
 * `update_board_hierarchy` (2025-10 on) over a real socket: a board moves to another workspace or folder of the
 * caller's account, with its subitems board; what the emulator does not keep (the order of boards, products) is
 * refused by name and nothing moves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  askGraphQL,
  closeTestEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_TOKEN,
  type GraphQLBody,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

type Body = GraphQLBody;

async function serve() {
  const emulator = await startTestEmulator();
  return async (query: string, variables: Record<string, unknown> = {}, token = DEMO_TOKEN, version = '2026-10') => {
    return askGraphQL(emulator, version, query, variables, token);
  };
}

const MOVE = `mutation ($board: ID!, $attributes: UpdateBoardHierarchyAttributesInput!) {
  update_board_hierarchy(board_id: $board, attributes: $attributes) { success message board { id workspace_id board_folder_id } } }`;
const WHERE = 'query ($ids: [ID!]) { boards(ids: $ids) { id workspace_id board_folder_id } }';
/** `body.data[key]`, once the answer is known to hold no errors. */
function field<T>(body: Body, key: string): T {
  expect(body.errors).toBeUndefined();
  return body.data?.[key] as T;
}

const codes = (body: Body) => body.errors?.map((error) => error.extensions?.code);

describe('update_board_hierarchy', () => {
  it('moves a board to another workspace, at its top level', async () => {
    const post = await serve();
    const moved = await post(MOVE, { board: '3001', attributes: { workspace_id: '7002' } });
    expect(moved.errors).toBeUndefined();
    expect(moved.data?.update_board_hierarchy).toEqual({
      success: true,
      message: null,
      board: { id: '3001', workspace_id: '7002', board_folder_id: null },
    });
    const listed = await post(WHERE, { ids: ['3001'] });
    expect(listed.data?.boards).toEqual([{ id: '3001', workspace_id: '7002', board_folder_id: null }]);
  });

  it('moves a board into a folder, taking the folder’s workspace, and its subitems board along', async () => {
    const post = await serve();
    const made = await post('mutation { create_folder(workspace_id: 7002, name: "Campaigns") { id } }');
    const folder = field<{ id: string }>(made, 'create_folder').id;
    const moved = await post(MOVE, { board: '3004', attributes: { folder_id: folder } }, DEMO_TOKEN, '2025-10');
    expect(field<{ board: unknown }>(moved, 'update_board_hierarchy').board).toEqual({
      id: '3004',
      workspace_id: '7002',
      board_folder_id: folder,
    });
    const both = await post(WHERE, { ids: ['3004', '3009'] });
    expect(both.data?.boards).toEqual(
      expect.arrayContaining([{ id: '3009', workspace_id: '7002', board_folder_id: folder }]),
    );
  });

  it('refuses what it does not model or cannot do, and moves nothing', async () => {
    const post = await serve();
    const before = (await post(WHERE, { ids: ['3001'] })).data?.boards;
    const refusals: [Record<string, unknown>, string, string][] = [
      [
        { board: '3001', attributes: { workspace_id: '7002', position: { object_id: '3002', object_type: 'Board' } } },
        'NOT_MODELLED',
        'position',
      ],
      [{ board: '3001', attributes: { account_product_id: '1' } }, 'NOT_MODELLED', 'account_product_id'],
      [{ board: '3001', attributes: {} }, 'INVALID_ARGUMENT', 'workspace_id or a folder_id'],
      [{ board: '3009', attributes: { workspace_id: '7002' } }, 'INVALID_ARGUMENT', 'parent board'],
      [{ board: '3001', attributes: { workspace_id: '7003' } }, 'RESOURCE_NOT_FOUND', '7003'],
    ];
    for (const [variables, code, words] of refusals) {
      const refused = await post(MOVE, variables);
      expect(codes(refused)).toEqual([code]);
      expect(refused.errors?.[0]?.message).toContain(words);
    }
    expect((await post(WHERE, { ids: ['3001'] })).data?.boards).toEqual(before);
    const foreign = await post(MOVE, { board: '3001', attributes: { workspace_id: '7003' } }, DEMO_OTHER_ACCOUNT_TOKEN);
    expect(codes(foreign)).toEqual(['RESOURCE_NOT_FOUND']);
  });
});
