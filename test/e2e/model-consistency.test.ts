/**
 * The consistency rules of the emulator's board model, through the SDK over a real socket: deleting a group or a
 * board takes its items along, archived items leave items_page, ids are unique and stable, updated_at moves on every
 * change, and the activity log records what happened.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../src/index.js';
import { clientFor, closeEmulators, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

type Data = Record<string, unknown>;

async function gql<T = Data>(
  client: PlatformClient,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  return (await client.request<T>(query, variables)).data;
}

const PAGE = 'query Page($board: ID!) { boards(ids: [$board]) { items_page(limit: 100) { items { id } } } }';

async function pageIds(client: PlatformClient, board: string): Promise<string[]> {
  const data = await gql<{ boards: { items_page: { items: { id: string }[] } }[] }>(client, PAGE, { board });
  return data.boards[0]?.items_page.items.map((item) => item.id) ?? [];
}

async function itemStates(client: PlatformClient, ids: string[]): Promise<Record<string, string>> {
  const data = await gql<{ items: { id: string; state: string }[] }>(
    client,
    'query States($ids: [ID!]) { items(ids: $ids) { id state } }',
    { ids },
  );
  return Object.fromEntries(data.items.map((item) => [item.id, item.state]));
}

describe('deleting takes the contents along', () => {
  it('delete_group deletes its items: gone from items_page and items, the rest of the board untouched', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const made = await gql<{ create_item: { id: string } }>(
      client,
      'mutation Add($board: ID!) { create_item(board_id: $board, group_id: "later", item_name: "Doomed") { id } }',
      { board: '3001' },
    );
    const doomed = ['4000004', '4000005', made.create_item.id];
    await gql(
      client,
      'mutation Drop($board: ID!, $group: String!) { delete_group(board_id: $board, group_id: $group) { id deleted } }',
      {
        board: '3001',
        group: 'later',
      },
    );
    expect(await pageIds(client, '3001')).toEqual(['4000001', '4000002', '4000003']);
    expect(await itemStates(client, doomed)).toEqual({});
    for (const id of doomed) expect(emulator.store.items.find(id)?.state).toBe('deleted');
    const groups = await gql<{ boards: { groups: { id: string }[] }[] }>(
      client,
      '{ boards(ids: [3001]) { groups { id } } }',
    );
    expect(groups.boards[0]?.groups.map((group) => group.id)).toEqual(['topics']);
  });

  it('delete_board deletes its items, its subitems board and their subitems; nothing of it can be reached', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    await gql(client, 'mutation Drop($board: ID!) { delete_board(board_id: $board) { id state } }', { board: '3004' });
    const reach = await gql<{ boards: unknown[]; items: unknown[] }>(
      client,
      'query Reach($boards: [ID!], $items: [ID!]) { boards(ids: $boards, state: all) { id } items(ids: $items) { id } }',
      { boards: ['3004', '3009'], items: ['4000101', '4000111', '4000113'] },
    );
    expect(reach).toEqual({ boards: [], items: [] });
    expect(emulator.store.boards.find('3009')?.state).toBe('deleted');
    expect(emulator.store.items.onBoard('3004').every((item) => item.state === 'deleted')).toBe(true);
    expect(emulator.store.items.onBoard('3009').every((item) => item.state === 'deleted')).toBe(true);
    const update = await client
      .request('mutation Post { create_update(item_id: 4000101, body: "late") { id } }')
      .catch((error: unknown) => error);
    expect(JSON.stringify(update)).toContain('RESOURCE_NOT_FOUND');
  });

  it('an archived item (and its subitems) leaves items_page but is still found by id, as archived', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    await gql(client, 'mutation Archive($id: ID) { archive_item(item_id: $id) { id state } }', { id: '4000101' });
    expect(await pageIds(client, '3004')).toEqual(['4000102', '4000103']);
    expect(await pageIds(client, '3009')).toEqual(['4000113']);
    expect(await itemStates(client, ['4000101', '4000111', '4000112'])).toEqual({
      4000101: 'archived',
      4000111: 'archived',
      4000112: 'archived',
    });
    const archivedGroup = await gql<{ archive_group: { archived: boolean } }>(
      client,
      'mutation ArchiveGroup { archive_group(board_id: 3001, group_id: "later") { archived } }',
    );
    expect(archivedGroup.archive_group.archived).toBe(true);
    expect(await pageIds(client, '3001')).toEqual(['4000001', '4000002', '4000003']);
    expect(await itemStates(client, ['4000004'])).toEqual({ 4000004: 'archived' });
  });

  it('refuses to delete or archive the last group of a board, changing nothing', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const refused = await client
      .request('mutation { delete_group(board_id: 3002, group_id: "topics") { id } }')
      .catch((error: unknown) => error);
    expect(JSON.stringify(refused)).toContain('INVALID_ARGUMENT');
    expect(await pageIds(client, '3002')).toEqual(['4000006', '4000007']);
  });
});

describe('ids and timestamps', () => {
  it('gives every new object a unique id that stays the same on every read and is never reused after a delete', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const made = await gql<Record<string, { id: string }>>(
      client,
      `mutation Make {
        board: create_board(board_name: "Ids", board_kind: public) { id }
        group: create_group(board_id: 3001, group_name: "Ids") { id }
        item: create_item(board_id: 3001, item_name: "Ids") { id }
        sub: create_subitem(parent_item_id: 4000001, item_name: "Ids") { id }
        update: create_update(item_id: 4000001, body: "Ids") { id }
        timeline: create_timeline_item(item_id: 4000001, custom_activity_id: "a0b1c2d3-0000-4000-8000-000000000001", title: "Ids", timestamp: "2024-10-01T10:00:00Z") { id }
      }`,
    );
    const ids = Object.values(made).map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    await gql(client, 'mutation Del($id: ID) { delete_item(item_id: $id) { id } }', { id: made.item?.id });
    const again = await gql<{ create_item: { id: string } }>(
      client,
      'mutation { create_item(board_id: 3001, item_name: "After") { id } }',
    );
    expect(ids).not.toContain(again.create_item.id);
    const read = await gql<{ updates: { id: string; item: { id: string } }[]; timeline_item: { id: string } }>(
      client,
      'query Read($u: [ID!], $t: ID!) { updates(ids: $u) { id item { id } } timeline_item(id: $t) { id } }',
      { u: [made.update?.id], t: made.timeline?.id },
    );
    expect(read).toEqual({
      updates: [{ id: made.update?.id, item: { id: '4000001' } }],
      timeline_item: { id: made.timeline?.id },
    });
  });

  it('moves updated_at of an item and its board on every change', async () => {
    let clock = Date.parse('2025-01-01T00:00:00Z');
    const emulator = await startTestEmulator({ now: () => clock });
    const client = clientFor(emulator);
    const read = 'query Times { items(ids: [4000002]) { updated_at } boards(ids: [3001]) { updated_at } }';
    const before = await gql<{ items: { updated_at: string }[]; boards: { updated_at: string }[] }>(client, read);
    clock += 60_000;
    await gql(
      client,
      'mutation { change_simple_column_value(board_id: 3001, item_id: 4000002, column_id: "text", value: "v2") { id } }',
    );
    clock += 60_000;
    await gql(client, 'mutation { update_board(board_id: 3001, board_attribute: name, new_value: "Roadmap") }');
    const after = await gql<{ items: { updated_at: string }[]; boards: { updated_at: string }[] }>(client, read);
    expect(before.items[0]?.updated_at).toBe('2024-09-02T09:00:00Z');
    expect(after.items[0]?.updated_at).toBe('2025-01-01T00:01:00.000Z');
    expect(after.boards[0]?.updated_at).toBe('2025-01-01T00:02:00.000Z');
    clock += 60_000;
    await gql(client, 'mutation { move_item_to_group(item_id: 4000002, group_id: "later") { id } }');
    const moved = await gql<{ items: { updated_at: string }[] }>(client, read);
    expect(moved.items[0]?.updated_at).toBe('2025-01-01T00:03:00.000Z');
  });
});

describe('activity log', () => {
  it('records the changes made through the API, newest first, with who made them', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    await gql(client, 'mutation { create_group(board_id: 3002, group_name: "Triage") { id } }');
    await gql(client, 'mutation { change_column_title(board_id: 3002, column_id: "text", title: "Steps") { id } }');
    await gql(client, 'mutation { archive_item(item_id: 4000007) { id } }');
    const data = await gql<{ boards: { activity_logs: { event: string; user_id: string; data: string }[] }[] }>(
      client,
      '{ boards(ids: [3002]) { activity_logs(limit: 3) { event user_id data } } }',
    );
    const logs = data.boards[0]?.activity_logs ?? [];
    expect(logs.map((entry) => entry.event)).toEqual(['archive_pulse', 'update_column_name', 'create_group']);
    expect(logs.every((entry) => entry.user_id === '501')).toBe(true);
    expect(JSON.parse(logs[1]?.data ?? '{}')).toMatchObject({
      column_id: 'text',
      previous_value: 'Notes',
      value: 'Steps',
    });
  });
});

describe('boards in workspaces and folders', () => {
  it('places a new board in the main workspace, or in the workspace of its folder, and refuses a folder of another workspace', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const made = await gql<Record<string, { workspace_id: string | null; board_folder_id: string | null }>>(
      client,
      `mutation Place {
        plain: create_board(board_name: "Plain", board_kind: public) { workspace_id board_folder_id }
        filed: create_board(board_name: "Filed", board_kind: public, folder_id: 7102) { workspace_id board_folder_id }
      }`,
    );
    expect(made).toEqual({
      plain: { workspace_id: '7001', board_folder_id: null },
      filed: { workspace_id: '7002', board_folder_id: '7102' },
    });
    const before = emulator.store.boards.all().length;
    const refused = await client
      .request(
        'mutation { create_board(board_name: "X", board_kind: public, workspace_id: 7001, folder_id: 7102) { id } }',
      )
      .catch((error: unknown) => error);
    expect(JSON.stringify(refused)).toContain('INVALID_ARGUMENT');
    expect(emulator.store.boards.all()).toHaveLength(before);
  });

  it('deleting a workspace deletes its boards with their items', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    await gql(client, 'mutation { delete_workspace(workspace_id: 7002) { id } }');
    for (const id of ['3004', '3006', '3009']) expect(emulator.store.boards.find(id)?.state).toBe('deleted');
    expect(await itemStates(client, ['4000101', '4000111', '4000131'])).toEqual({});
    expect(
      [...emulator.store.items.onBoard('3004'), ...emulator.store.items.onBoard('3006')].every(
        (item) => item.state === 'deleted',
      ),
    ).toBe(true);
  });
});
