/**
 * Cross-account isolation and scopes of every modelled object, over a real socket: another account's token can
 * neither read nor change acme's boards, groups, columns, items, subitems, updates, custom activities, timeline items
 * or activity logs, and a refused change leaves the store exactly as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { snapshot } from '../../packages/emulator/test/engine-helpers.js';
import { GraphQLResponseError } from '../../src/index.js';
import {
  clientFor,
  closeEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_READ_ONLY_TOKEN,
  startTestEmulator,
} from './harness.js';

afterEach(closeEmulators);

/** Mutations on acme's objects (boards, items, updates, activities, timeline items, workspaces and folders). */
const FOREIGN_MUTATIONS: Record<string, string> = {
  update_board: 'mutation { update_board(board_id: 3001, board_attribute: name, new_value: "Mine") }',
  archive_board: 'mutation { archive_board(board_id: 3001) { id } }',
  delete_board: 'mutation { delete_board(board_id: 3001) { id } }',
  duplicate_board:
    'mutation { duplicate_board(board_id: 3001, duplicate_type: duplicate_board_with_pulses) { board { id } } }',
  add_users_to_board: 'mutation { add_users_to_board(board_id: 3001, user_ids: [601]) { id } }',
  delete_subscribers_from_board: 'mutation { delete_subscribers_from_board(board_id: 3001, user_ids: [502]) { id } }',
  create_group: 'mutation { create_group(board_id: 3001, group_name: "Mine") { id } }',
  update_group:
    'mutation { update_group(board_id: 3001, group_id: "topics", group_attribute: title, new_value: "Mine") { id } }',
  archive_group: 'mutation { archive_group(board_id: 3001, group_id: "later") { id } }',
  delete_group: 'mutation { delete_group(board_id: 3001, group_id: "later") { id } }',
  duplicate_group: 'mutation { duplicate_group(board_id: 3001, group_id: "topics") { id } }',
  create_column: 'mutation { create_column(board_id: 3001, title: "Mine", column_type: text) { id } }',
  delete_column: 'mutation { delete_column(board_id: 3001, column_id: "text") { id } }',
  change_column_title: 'mutation { change_column_title(board_id: 3001, column_id: "text", title: "Mine") { id } }',
  change_column_metadata:
    'mutation { change_column_metadata(board_id: 3001, column_id: "text", column_property: description, value: "Mine") { id } }',
  create_subitem: 'mutation { create_subitem(parent_item_id: 4000001, item_name: "Mine") { id } }',
  move_item_to_group: 'mutation { move_item_to_group(item_id: 4000001, group_id: "later") { id } }',
  duplicate_item: 'mutation { duplicate_item(board_id: 3001, item_id: 4000001) { id } }',
  archive_item: 'mutation { archive_item(item_id: 4000001) { id } }',
  delete_item: 'mutation { delete_item(item_id: 4000001) { id } }',
  change_multiple_column_values:
    'mutation { change_multiple_column_values(board_id: 3001, item_id: 4000001, column_values: "{\\"text\\": \\"x\\"}") { id } }',
  create_update: 'mutation { create_update(item_id: 4000001, body: "Mine") { id } }',
  create_reply: 'mutation { create_update(parent_id: 9001, body: "Mine") { id } }',
  edit_update: 'mutation { edit_update(id: 9001, body: "Mine") { id } }',
  delete_update: 'mutation { delete_update(id: 9001) { id } }',
  like_update: 'mutation { like_update(update_id: 9001) { id } }',
  unlike_update: 'mutation { unlike_update(update_id: 9001) { id } }',
  pin_to_top: 'mutation { pin_to_top(id: 9003) { id } }',
  unpin_from_top: 'mutation { unpin_from_top(id: 9001) { id } }',
  clear_item_updates: 'mutation { clear_item_updates(item_id: 4000001) { id } }',
  delete_custom_activity: 'mutation { delete_custom_activity(id: "a0b1c2d3-0000-4000-8000-000000000001") { id } }',
  create_timeline_item:
    'mutation { create_timeline_item(item_id: 4000001, custom_activity_id: "a0b1c2d3-0000-4000-8000-000000000003", title: "Mine", timestamp: "2024-10-01T10:00:00Z") { id } }',
  delete_timeline_item: 'mutation { delete_timeline_item(id: "9101") { id } }',
  add_teams_to_board: 'mutation { add_teams_to_board(board_id: 3001, team_ids: [7203]) { id } }',
  delete_teams_from_board: 'mutation { delete_teams_from_board(board_id: 3001, team_ids: [7201]) { id } }',
  move_acme_item_to_own_board:
    'mutation { move_item_to_board(item_id: 4000001, board_id: 3003, group_id: "topics") { id } }',
  move_own_item_to_acme_board:
    'mutation { move_item_to_board(item_id: 4000008, board_id: 3001, group_id: "topics") { id } }',
  create_board_with_acme_team:
    'mutation { create_board(board_name: "Mine", board_kind: public, board_owner_team_ids: [7201]) { id } }',
  create_board_in_workspace:
    'mutation { create_board(board_name: "Mine", board_kind: public, workspace_id: 7001) { id } }',
  create_board_in_folder: 'mutation { create_board(board_name: "Mine", board_kind: public, folder_id: 7101) { id } }',
  duplicate_own_board_into_workspace:
    'mutation { duplicate_board(board_id: 3003, duplicate_type: duplicate_board_with_structure, workspace_id: 7002) { board { id } } }',
};

async function errorCodes(promise: Promise<unknown>): Promise<unknown[]> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof GraphQLResponseError))
    throw new Error(`Expected a GraphQLResponseError, got ${String(error)}`);
  return error.errors.map((entry) => entry.extensions?.code);
}

describe('another account', () => {
  it.each(Object.entries(FOREIGN_MUTATIONS))(
    'cannot run %s on acme objects: RESOURCE_NOT_FOUND, store unchanged',
    async (_name, mutation) => {
      const emulator = await startTestEmulator();
      const before = snapshot(emulator);
      const codes = await errorCodes(clientFor(emulator, { token: DEMO_OTHER_ACCOUNT_TOKEN }).request(mutation));
      expect(codes).toEqual(['RESOURCE_NOT_FOUND']);
      expect(snapshot(emulator)).toBe(before);
    },
  );

  it('reads none of acme objects, by id or in lists, and sees its own', async () => {
    const emulator = await startTestEmulator();
    const globex = clientFor(emulator, { token: DEMO_OTHER_ACCOUNT_TOKEN });
    const { data } = await globex.request<Record<string, unknown>>(
      `query Peek {
        boards(ids: [3001, 3004, 3009], state: all) { id }
        items(ids: [4000001, 4000111]) { id }
        updates(ids: [9001, 9002, 9007]) { id }
        custom_activity { id name }
      }`,
    );
    expect(data).toEqual({
      boards: [],
      items: [],
      updates: [{ id: '9007' }],
      custom_activity: [{ id: 'a0b1c2d3-0000-4000-8000-000000000003', name: 'Board meeting' }],
    });
    for (const query of [
      '{ timeline_item(id: 9101) { id } }',
      '{ timeline(id: 4000121) { timeline_items_page { cursor } } }',
    ]) {
      expect(await errorCodes(globex.request(query))).toEqual(['RESOURCE_NOT_FOUND']);
    }
    const recent = await globex.request<{ updates: { item: { id: string } }[] }>(
      '{ updates(limit: 50) { item { id } } }',
    );
    expect(recent.data.updates.map((update) => update.item.id)).toEqual(['4000008']);
  });

  it('cannot make acme users owners of its boards, nor log timeline items as them', async () => {
    const emulator = await startTestEmulator();
    const globex = clientFor(emulator, { token: DEMO_OTHER_ACCOUNT_TOKEN });
    const before = snapshot(emulator);
    expect(
      await errorCodes(
        globex.request('mutation { create_board(board_name: "X", board_kind: public, board_owner_ids: [501]) { id } }'),
      ),
    ).toEqual(['RESOURCE_NOT_FOUND']);
    expect(
      await errorCodes(
        globex.request(
          'mutation { create_timeline_item(item_id: 4000008, user_id: 501, custom_activity_id: "a0b1c2d3-0000-4000-8000-000000000003", title: "X", timestamp: "2024-10-01T10:00:00Z") { id } }',
        ),
      ),
    ).toEqual(['RESOURCE_NOT_FOUND']);
    expect(snapshot(emulator)).toBe(before);
  });
});

describe('scopes', () => {
  it('a read-only token reads boards and logs but changes nothing, and cannot read updates without updates:read', async () => {
    const emulator = await startTestEmulator();
    const reader = clientFor(emulator, { token: DEMO_READ_ONLY_TOKEN });
    const before = snapshot(emulator);
    const { data } = await reader.request<{ boards: { activity_logs: unknown[] }[] }>(
      '{ boards(ids: [3001]) { activity_logs(limit: 1) { id } } }',
    );
    expect(data.boards[0]?.activity_logs).toHaveLength(1);
    for (const mutation of [
      FOREIGN_MUTATIONS.create_group,
      FOREIGN_MUTATIONS.create_update,
      FOREIGN_MUTATIONS.delete_board,
    ]) {
      expect(await errorCodes(reader.request(mutation ?? ''))).toEqual(['USER_UNAUTHORIZED']);
    }
    expect(await errorCodes(reader.request('{ updates { id } }'))).toEqual(['USER_UNAUTHORIZED']);
    expect(snapshot(emulator)).toBe(before);
  });
});
