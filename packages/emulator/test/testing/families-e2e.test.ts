/**
 * Board metadata and views, validations, users, docs and favorites end to end: the SDK's PlatformClient against the test
 * emulator over a real socket at 2026-10, and snapshot/restore bringing each family's new records back exactly.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlatformClient } from 'workspace-platform-sdk';
import { createSeed, createTestEmulator, type TestEmulator } from '../../src/testing/index.js';

const VERSION = '2026-10';
const START = Date.UTC(2026, 10, 25, 9, 0, 0);

let emulator: TestEmulator;
let client: PlatformClient;
let newcomerId: string;

beforeAll(async () => {
  const seed = createSeed();
  newcomerId = seed.user({
    name: 'Mae Jemison',
    email: 'mae@acme.example',
    title: 'Flight engineer',
    timeZone: 'America/Chicago',
    becameActiveAt: '2025-03-03T15:00:00Z',
    invitationMethod: 'SSO',
    countryCode: 'US',
    location: 'Houston',
  }).id;
  emulator = await createTestEmulator({ seed, startTime: START });
  client = new PlatformClient({ token: emulator.token, baseUrl: emulator.baseUrl, apiVersion: VERSION });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe('through the SDK client at 2026-10', () => {
  it('creates a table view and reads it with the board metadata', async () => {
    const created = await client.request<{ create_view_table: { id: string } }>(
      `mutation ($board: ID!, $filter: ItemsQueryGroup) {
        create_view_table(board_id: $board, name: "Stuck", filter: $filter) { id }
      }`,
      { board: '3001', filter: { rules: [{ column_id: 'status', compare_value: [2] }] } },
    );
    const read = await client.request<{ boards: Record<string, unknown>[] }>(
      '{ boards(ids: [3001]) { created_at item_terminology items_limit access_level views { id name } } }',
    );
    expect(read.data.boards[0]).toEqual({
      created_at: '2024-09-02T09:00:00Z',
      item_terminology: 'item',
      items_limit: 10_000,
      access_level: 'edit',
      views: [
        { id: '7801', name: 'This quarter, by date' },
        { id: created.data.create_view_table.id, name: 'Stuck' },
      ],
    });
  });

  it('requires a column and adds a validation rule, then lists both', async () => {
    await client.request('mutation { add_required_column(id: 3002, column_id: "date4") { required_column_ids } }');
    await client.request(
      'mutation { create_validation_rule(id: 3002, rule: { then: { groups: [{ column_id: "numbers", operator: IS_NOT_EMPTY }] } }) { id } }',
    );
    const read = await client.request<{ validations: { required_column_ids: string[]; rules: string } }>(
      '{ validations(id: 3002) { required_column_ids rules } }',
    );
    expect(read.data.validations.required_column_ids).toEqual(['date4']);
    expect(JSON.parse(read.data.validations.rules)).toHaveLength(1);
  });

  it('reads a seeded user’s profile and deactivates them', async () => {
    const read = await client.request<{ users: Record<string, unknown>[] }>(
      `{ users(ids: [${newcomerId}]) { name title kind status became_active_at invitation_method time_zone_identifier location country_code } }`,
    );
    expect(read.data.users).toEqual([
      {
        name: 'Mae Jemison',
        title: 'Flight engineer',
        kind: 'member',
        status: 'ACTIVE',
        became_active_at: '2025-03-03T15:00:00Z',
        invitation_method: 'SSO',
        time_zone_identifier: 'America/Chicago',
        location: 'Houston',
        country_code: 'US',
      },
    ]);
    const off = await client.request<{ deactivate_users: { deactivated_users: { status: string }[] } }>(
      `mutation { deactivate_users(user_ids: [${newcomerId}]) { deactivated_users { status } errors { code } } }`,
    );
    expect(off.data.deactivate_users.deactivated_users).toEqual([{ status: 'INACTIVE' }]);
  });

  it('adds typed doc blocks and finds them in the doc’s version history', async () => {
    await emulator.clock.advance('10m');
    await client.request(
      'mutation { create_doc_blocks(docId: 7602, blocksInput: [{ text_block: { delta_format: [{ insert: { text: "Milestones" } }] } }]) { id } }',
    );
    const history = await client.request<{ doc_version_history: { restoring_points: { user_ids: string[] }[] } }>(
      '{ doc_version_history(doc_id: 7652) { restoring_points { date user_ids } } }',
    );
    expect(history.data.doc_version_history.restoring_points).toEqual([
      { date: new Date(START + 10 * 60_000).toISOString(), user_ids: ['501'] },
      { date: '2024-09-02T09:00:00Z', user_ids: ['501'] },
    ]);
  });
});

describe('favorites through the SDK client', () => {
  it('adds a board to the caller’s favorites before the seeded ones and lists them', async () => {
    await client.request(
      'mutation { create_favorite(input: { object: { id: 3002, type: Board }, newPosition: { nextObject: { id: 3001, type: Board } } }) { favorite { id } } }',
    );
    const read = await client.request<{ favorites: { position: number; object: { id: string } }[] }>(
      '{ favorites { position object { id } } }',
    );
    expect(read.data.favorites).toEqual([
      { position: 1, object: { id: '3002' } },
      { position: 2, object: { id: '3001' } },
      { position: 3, object: { id: '7002' } },
    ]);
  });
});

describe('snapshot and restore', () => {
  function familiesState() {
    const { store } = emulator;
    return JSON.stringify({
      views: store.views.all(),
      favorites: store.favorites.all(),
      validations: store.validations.all(),
      users: store.users.all(),
      docs: store.docs.all(),
      blocks: store.docs.blocks.all(),
      history: store.docs.all().map((doc) => store.docs.changesOf(doc.id)),
      boards: store.boards.all().map((board) => [board.id, board.itemNickname, board.createdFromBoardId]),
    });
  }

  it('brings back the views, validations, users, docs and blocks made before the snapshot, exactly', async () => {
    await client.request('mutation { create_view_table(board_id: 3002, name: "Kept") { id } }');
    await client.request('mutation { add_required_column(id: 3002, column_id: "text") { required_column_ids } }');
    await client.request('mutation { invite_users(emails: ["kept@acme.example"]) { invited_users { id } } }');
    await client.request('mutation { create_doc_blocks(docId: 7601, blocksInput: [{ divider_block: {} }]) { id } }');
    await client.request('mutation { set_item_description_content(item_id: 4000002, markdown: "Kept") { success } }');
    await client.request(
      'mutation { create_board(board_name: "Kept", board_kind: public, item_nickname: { singular: "Ticket" }) { id } }',
    );
    await client.request(
      'mutation { create_favorite(input: { object: { id: 3002, type: Board } }) { favorite { id } } }',
    );
    const before = familiesState();
    const snapshot = emulator.snapshot();
    await emulator.clock.advance('1h');
    await client.request('mutation { delete_view(board_id: 3001, view_id: 7801) { id } }');
    await client.request('mutation { delete_validation_rule(id: 3001, rule_id: 7901) { id } }');
    await client.request('mutation { invite_users(emails: ["dropped@acme.example"]) { invited_users { id } } }');
    await client.request('mutation { delete_doc(docId: 7601) }');
    await client.request('mutation { delete_favorite(input: { object: { id: 3001, type: Board } }) { success } }');
    await client.request(
      'mutation { duplicate_board(board_id: 3001, duplicate_type: duplicate_board_with_structure) { board { id } } }',
    );
    expect(familiesState()).not.toBe(before);
    await emulator.restore(snapshot);
    expect(familiesState()).toBe(before);
  });
});
