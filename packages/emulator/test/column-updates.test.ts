/**
 * update_column and update_status_column (2025-10 on) over a real socket: a change against the column's revision,
 * status labels whose ids the items keep while their indexes (positions) move, labels in use that are retired rather
 * than removed, the caller's scopes and account, and the activity log. What a status label's `id` and `index` are:
 * https://developer.monday.com/api-reference/reference/status ("id vs index").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { versionsWith } from './published-versions.js';
import {
  askGraphQL,
  closeTestEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
  type GraphQLBody,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

type Body = GraphQLBody;

/** Every version with `update_column`. */
const WITH_UPDATE_COLUMN = versionsWith('Mutation.update_column');

async function serve() {
  const clock = { at: Date.parse('2026-11-25T12:00:00Z'), now: () => clock.at };
  const emulator = await startTestEmulator({ engine: createEngine({ clock }) });
  const post = async (
    version: string,
    query: string,
    variables: Record<string, unknown> = {},
    token = DEMO_TOKEN,
  ): Promise<Body> => {
    return askGraphQL(emulator, version, query, variables, token);
  };
  const column = async (version: string, boardId: string, columnId: string) => {
    const body = await post(
      version,
      `query ($b: [ID!], $c: [String]) { boards(ids: $b) { updated_at columns(ids: $c) { id title description width revision settings_str } } }`,
      { b: [boardId], c: [columnId] },
    );
    const [board] = field<{ updated_at: string; columns: Record<string, unknown>[] }[]>(body, 'boards');
    return { updatedAt: board?.updated_at, ...(board?.columns[0] as Record<string, unknown>) } as {
      updatedAt: string;
      title: string;
      description: string | null;
      width: number | null;
      revision: string;
      settings_str: string;
    };
  };
  /** `update_status_column` on a board's `status` column, at the column's current revision. */
  const updateStatus = async (version: string, boardId: string, labels: Record<string, unknown>[]) => {
    const { revision } = await column(version, boardId, 'status');
    return post(version, UPDATE_STATUS, { b: boardId, c: 'status', r: revision, labels });
  };
  return { emulator, clock, post, column, updateStatus };
}

/** `body.data[key]`, once the answer is known to hold no errors. */
function field<T>(body: Body, key: string): T {
  expect(body.errors).toBeUndefined();
  return body.data?.[key] as T;
}

const codes = (body: Body) => body.errors?.map((error) => error.extensions?.code);

const UPDATE_COLUMN = `mutation ($b: ID!, $c: String!, $t: ColumnType!, $r: String!, $title: String, $d: String, $s: JSON) {
  update_column(board_id: $b, id: $c, column_type: $t, revision: $r, title: $title, description: $d, settings: $s) {
    id title description revision
  }
}`;

const UPDATE_STATUS = `mutation ($b: ID!, $c: String!, $r: String!, $labels: [UpdateStatusLabelInput!]!) {
  update_status_column(board_id: $b, id: $c, revision: $r, settings: { labels: $labels }) { id revision settings_str }
}`;

const STATUS_VALUES = `query ($ids: [ID!]) { items(ids: $ids) { id column_values(ids: ["status"]) {
  ... on StatusValue { index label is_done }
} } }`;

describe('update_column', () => {
  it.each(WITH_UPDATE_COLUMN)('changes title, description and settings against the revision at %s', async (version) => {
    const { clock, post, column } = await serve();
    const before = await column(version, '3001', 'text');
    expect(before.revision).toMatch(/^[0-9a-f]{32}$/);
    clock.at += 60_000;
    const body = await post(version, UPDATE_COLUMN, {
      b: '3001',
      c: 'text',
      t: 'text',
      r: before.revision,
      title: 'Customer notes',
      d: 'What the customer said',
    });
    expect(body.errors).toBeUndefined();
    const updated = body.data?.update_column as { title: string; description: string; revision: string };
    expect(updated).toMatchObject({ title: 'Customer notes', description: 'What the customer said' });
    expect(updated.revision).not.toBe(before.revision);
    const after = await column(version, '3001', 'text');
    expect(after).toMatchObject({ title: 'Customer notes', description: 'What the customer said' });
    expect(after.revision).toBe(updated.revision);
    expect(after.updatedAt).toBe('2026-11-25T12:01:00.000Z');

    const log = await post(version, '{ boards(ids: [3001]) { activity_logs(limit: 2) { event data } } }');
    const entries = field<{ activity_logs: { event: string; data: string }[] }[]>(log, 'boards')[0]?.activity_logs;
    expect(entries?.map((entry) => entry.event).sort()).toEqual(['update_column_description', 'update_column_name']);
    expect(entries?.map((entry) => JSON.parse(entry.data))).toContainEqual(
      expect.objectContaining({ column_id: 'text', previous_value: 'Notes', value: 'Customer notes' }),
    );
  });

  it('is not in 2025-04, which does not publish it', async () => {
    const { post } = await serve();
    const body = await post('2025-04', UPDATE_COLUMN, { b: '3001', c: 'text', t: 'text', r: 'x' });
    expect(codes(body)).toContain('GRAPHQL_VALIDATION_FAILED');
  });

  it('refuses a stale revision and changes nothing', async () => {
    const { emulator, post, column } = await serve();
    const first = await column('2026-10', '3001', 'text');
    const renamed = await post('2026-10', UPDATE_COLUMN, {
      b: '3001',
      c: 'text',
      t: 'text',
      r: first.revision,
      title: 'A',
    });
    expect(renamed.errors).toBeUndefined();
    const stale = await post('2026-10', UPDATE_COLUMN, {
      b: '3001',
      c: 'text',
      t: 'text',
      r: first.revision,
      title: 'B',
    });
    expect(codes(stale)).toEqual(['INVALID_ARGUMENT']);
    expect(stale.errors?.[0]?.message).toMatch(/changed since revision/);
    expect(emulator.store.boards.find('3001')?.columns.find((c) => c.id === 'text')?.title).toBe('A');
  });

  it('merges settings over the kind and keeps the dropdown labels an item holds', async () => {
    const { post, column } = await serve();
    const created = await post(
      '2026-10',
      `mutation { create_column(board_id: 3001, id: "tags_dd", title: "Tags", column_type: dropdown,
        defaults: "{\\"labels\\": [{\\"id\\": 1, \\"name\\": \\"red\\"}, {\\"id\\": 2, \\"name\\": \\"blue\\"}]}") { id } }`,
    );
    expect(created.errors).toBeUndefined();
    const items = await post('2026-10', '{ boards(ids: [3001]) { items_page(limit: 1) { items { id } } } }');
    const itemId = field<{ items_page: { items: { id: string }[] } }[]>(items, 'boards')[0]?.items_page.items[0]?.id;
    const set = await post(
      '2026-10',
      `mutation ($i: ID!) { change_column_value(board_id: 3001, item_id: $i, column_id: "tags_dd", value: "{\\"ids\\": [2]}") { id } }`,
      { i: itemId },
    );
    expect(set.errors).toBeUndefined();
    const { revision } = await column('2026-10', '3001', 'tags_dd');
    const refused = await post('2026-10', UPDATE_COLUMN, {
      b: '3001',
      c: 'tags_dd',
      t: 'dropdown',
      r: revision,
      s: { labels: [{ id: 1, name: 'red' }] },
    });
    expect(codes(refused)).toEqual(['INVALID_ARGUMENT']);
    expect(refused.errors?.[0]?.message).toMatch(/label 2 is set on item/);
    const kept = await post('2026-10', UPDATE_COLUMN, {
      b: '3001',
      c: 'tags_dd',
      t: 'dropdown',
      r: revision,
      s: JSON.stringify({ labels: [{ id: 2, name: 'navy' }] }),
    });
    expect(kept.errors).toBeUndefined();
    expect(JSON.parse((await column('2026-10', '3001', 'tags_dd')).settings_str)).toEqual({
      labels: [{ id: 2, name: 'navy' }],
    });
  });

  it('takes a status column’s labels as settings, in either shape, keeping labels in use', async () => {
    const { post, column } = await serve();
    const update = async (settings: unknown) =>
      post('2026-10', UPDATE_COLUMN, {
        b: '3004',
        c: 'status',
        t: 'status',
        r: (await column('2026-10', '3004', 'status')).revision,
        s: settings,
      });
    const asObject = await update({ labels: { 0: 'Planned', 1: 'Live', 2: 'On hold', 5: 'Ended' } });
    expect(asObject.errors).toBeUndefined();
    const kept = JSON.parse((await column('2026-10', '3004', 'status')).settings_str);
    expect(kept).toMatchObject({ labels: { 2: 'On hold' }, done_colors: [5] });
    const asList = await update({
      labels: [
        { id: 0, index: 0, label: 'Planned' },
        { id: 1, index: 1, label: 'Live', color: 'done_green' },
        { id: 5, index: 2, label: 'Ended', is_done: true },
      ],
    });
    expect(asList.errors).toBeUndefined();
    const listed = JSON.parse((await column('2026-10', '3004', 'status')).settings_str);
    expect(listed.labels).toEqual({ 0: 'Planned', 1: 'Live', 5: 'Ended' });
    expect(listed.labels_colors[1]).toEqual({ var_name: 'done_green' });
    expect(listed.labels_positions_v2).toEqual({ 0: 0, 1: 1, 5: 2 });
    const dropLive = await update({ labels: { 0: 'Planned', 5: 'Ended' } });
    expect(codes(dropLive)).toEqual(['INVALID_ARGUMENT']);
    expect(codes(await update({ labels: 'Planned' }))).toEqual(['INVALID_ARGUMENT']);
    expect(codes(await update('{not json'))).toEqual(['INVALID_ARGUMENT']);
  });

  it('refuses a different column_type, and sets or drops a numbers column calculation', async () => {
    const { post, column } = await serve();
    const { revision } = await column('2026-10', '3001', 'numbers');
    const wrongType = await post('2026-10', UPDATE_COLUMN, { b: '3001', c: 'numbers', t: 'text', r: revision });
    expect(codes(wrongType)).toEqual(['INVALID_ARGUMENT']);
    const calc = `mutation ($r: String!, $f: CalculatedFunction!) { update_column(board_id: 3001, id: "numbers",
      column_type: numbers, revision: $r, capabilities: { calculated: { function: $f } }) { capabilities { calculated { function } } revision } }`;
    const sum = await post('2026-10', calc, { r: revision, f: 'SUM' });
    expect(sum.errors).toBeUndefined();
    const summed = sum.data?.update_column as { capabilities: unknown; revision: string };
    expect(summed.capabilities).toEqual({ calculated: { function: 'SUM' } });
    const none = await post('2026-10', calc, { r: summed.revision, f: 'NONE' });
    expect(none.data?.update_column).toMatchObject({ capabilities: { calculated: null } });
    const { revision: textRevision } = await column('2026-10', '3001', 'text');
    const notCalculable = await post(
      '2026-10',
      calc.replace('"numbers"', '"text"').replace('column_type: numbers', 'column_type: text'),
      { r: textRevision, f: 'SUM' },
    );
    expect(codes(notCalculable)).toEqual(['INVALID_ARGUMENT']);
  });

  it.each(versionsWith('Mutation.update_column(width:)'))('sets the width from %s', async (version) => {
    const { post, column } = await serve();
    const { revision } = await column(version, '3001', 'text');
    const body = await post(
      version,
      'mutation ($r: String!) { update_column(board_id: 3001, id: "text", column_type: text, revision: $r, width: 240) { width } }',
      { r: revision },
    );
    expect(body.data?.update_column).toEqual({ width: 240 });
    const zero = await post(
      version,
      'mutation ($r: String!) { update_column(board_id: 3001, id: "text", column_type: text, revision: $r, width: 0) { width } }',
      { r: (await column(version, '3001', 'text')).revision },
    );
    expect(codes(zero)).toEqual(['INVALID_ARGUMENT']);
  });

  it('needs boards:write and answers RESOURCE_NOT_FOUND for another account’s board', async () => {
    const { post, column } = await serve();
    const { revision } = await column('2026-10', '3001', 'text');
    const variables = { b: '3001', c: 'text', t: 'text', r: revision, title: 'X' };
    expect(codes(await post('2026-10', UPDATE_COLUMN, variables, DEMO_READ_ONLY_TOKEN))).toEqual(['USER_UNAUTHORIZED']);
    expect(codes(await post('2026-10', UPDATE_COLUMN, variables, DEMO_OTHER_ACCOUNT_TOKEN))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
    expect(codes(await post('2026-10', UPDATE_COLUMN, { ...variables, c: 'nope' }))).toEqual(['RESOURCE_NOT_FOUND']);
    expect((await column('2026-10', '3001', 'text')).title).toBe('Notes');
  });
});

describe('update_status_column', () => {
  it.each(WITH_UPDATE_COLUMN)('renames and adds labels at %s; items keep their label ids', async (version) => {
    const { post, updateStatus } = await serve();
    const body = await updateStatus(version, '3004', [
      { id: 0, index: 0, label: 'Planned', color: 'working_orange' },
      { id: 1, index: 1, label: 'Running', color: 'done_green', description: 'Live now' },
      { id: 2, index: 2, label: 'Paused', color: 'stuck_red' },
      { id: 5, index: 5, label: 'Ended', color: 'american_gray', is_done: true },
      { index: 7, label: 'Cancelled', color: 'blackish' },
    ]);
    const settings = JSON.parse(field<{ settings_str: string }>(body, 'update_status_column').settings_str);
    // The new label's id is its colour's number (blackish is 10); 7 is its position.
    expect(settings).toMatchObject({
      labels: { 0: 'Planned', 1: 'Running', 2: 'Paused', 5: 'Ended', 10: 'Cancelled' },
      labels_positions_v2: { 0: 0, 1: 1, 2: 2, 5: 5, 10: 7 },
      done_colors: [5],
      labels_colors: { 1: { var_name: 'done_green' } },
      labels_descriptions: { 1: 'Live now' },
      deactivated_labels: [],
    });
    const values = await post(version, STATUS_VALUES, { ids: ['4000101', '4000103'] });
    expect(values.data?.items).toEqual([
      { id: '4000101', column_values: [{ index: 1, label: 'Running', is_done: false }] },
      { id: '4000103', column_values: [{ index: 5, label: 'Ended', is_done: true }] },
    ]);
  });

  it.each(WITH_UPDATE_COLUMN)(
    'answers the labels as a list in settings at %s, and as the index → text object in settings_str',
    async (version) => {
      const { post, updateStatus } = await serve();
      const read = async () => {
        const body = await post(
          version,
          'query { boards(ids: [3001]) { columns(ids: ["status"]) { settings settings_str } } }',
        );
        const [board] = field<{ columns: { settings: string; settings_str: string }[] }[]>(body, 'boards');
        const answered = board?.columns[0];
        return {
          settings: JSON.parse(answered?.settings ?? 'null') as unknown,
          settings_str: answered?.settings_str ?? '',
        };
      };
      // As the platform's 2025-10 changelog shows `settings` (deprecating-settings_str-field-on-columns).
      const seeded = await read();
      expect(seeded.settings).toEqual({
        labels: [
          { id: 0, color: 0, label: 'Working on it', index: 0, is_done: false, is_deactivated: false },
          { id: 1, color: 1, label: 'Done', index: 1, is_done: true, is_deactivated: false },
          { id: 2, color: 2, label: 'Stuck', index: 2, is_done: false, is_deactivated: false },
        ],
      });
      expect(JSON.parse(seeded.settings_str)).toEqual({
        labels: { 0: 'Working on it', 1: 'Done', 2: 'Stuck' },
        done_colors: [1],
      });

      const changed = await updateStatus(version, '3001', [
        { id: 0, index: 0, label: 'Working on it', color: 'working_orange', is_deactivated: true },
        { id: 1, index: 1, label: 'Done', color: 'american_gray', is_done: true },
        { id: 2, index: 2, label: 'Stuck', color: 'stuck_red', description: 'Waiting on someone' },
        { index: 7, label: 'Later', color: 'blackish' },
      ]);
      expect(changed.errors).toBeUndefined();
      expect((await read()).settings).toEqual({
        labels: [
          { id: 0, color: 0, label: 'Working on it', index: 0, is_done: false, is_deactivated: true },
          { id: 1, color: 1, label: 'Done', index: 1, is_done: true, is_deactivated: false },
          {
            id: 2,
            color: 2,
            label: 'Stuck',
            index: 2,
            is_done: false,
            is_deactivated: false,
            description: 'Waiting on someone',
          },
          { id: 10, color: 10, label: 'Later', index: 7, is_done: false, is_deactivated: false },
        ],
      });
      expect(JSON.parse((await read()).settings_str)).toMatchObject({
        labels: { 0: 'Working on it', 1: 'Done', 2: 'Stuck', 10: 'Later' },
        labels_colors: { 1: { var_name: 'american_gray' } },
      });
    },
  );

  it('takes the settings it answers back through update_column unchanged', async () => {
    const { post, column } = await serve();
    const read = async () => {
      const body = await post('2026-10', 'query { boards(ids: [3004]) { columns(ids: ["status"]) { settings } } }');
      const [board] = field<{ columns: { settings: string }[] }[]>(body, 'boards');
      return JSON.parse(board?.columns[0]?.settings ?? 'null') as { labels: { label: string }[] };
    };
    const before = await read();
    expect(before.labels.length).toBeGreaterThan(1);
    const { revision } = await column('2026-10', '3004', 'status');
    const sent = await post('2026-10', UPDATE_COLUMN, { b: '3004', c: 'status', t: 'status', r: revision, s: before });
    expect(sent.errors).toBeUndefined();
    expect(await read()).toEqual(before);
  });

  it('removes an unused label, refuses to remove one in use, and retires it with is_deactivated', async () => {
    const { emulator, post, column } = await serve();
    const labels = (live: { is_deactivated?: boolean }) => [
      { id: 0, index: 0, label: 'Planned', color: 'working_orange' },
      { id: 1, index: 1, label: 'Live', color: 'done_green', ...live },
      { id: 5, index: 5, label: 'Ended', color: 'american_gray', is_done: true },
    ];
    const first = await column('2026-10', '3004', 'status');
    const dropPaused = await post('2026-10', UPDATE_STATUS, {
      b: '3004',
      c: 'status',
      r: first.revision,
      labels: labels({}),
    });
    expect(dropPaused.errors).toBeUndefined();

    const second = await column('2026-10', '3004', 'status');
    const dropLive = await post('2026-10', UPDATE_STATUS, {
      b: '3004',
      c: 'status',
      r: second.revision,
      labels: labels({}).filter((label) => label.index !== 1),
    });
    expect(codes(dropLive)).toEqual(['INVALID_ARGUMENT']);
    expect(dropLive.errors?.[0]?.message).toMatch(/"Live" \(id 1\) is set on 1 item\(s\).*is_deactivated/);
    expect((await column('2026-10', '3004', 'status')).revision).toBe(second.revision);

    const retire = await post('2026-10', UPDATE_STATUS, {
      b: '3004',
      c: 'status',
      r: second.revision,
      labels: labels({ is_deactivated: true }),
    });
    expect(retire.errors).toBeUndefined();
    const values = await post('2026-10', STATUS_VALUES, { ids: ['4000101'] });
    expect(values.data?.items).toEqual([
      { id: '4000101', column_values: [{ index: 1, label: 'Live', is_done: false }] },
    ]);
    const setAgain = await post(
      '2026-10',
      'mutation { change_simple_column_value(board_id: 3004, item_id: 4000102, column_id: "status", value: "Live") { id } }',
    );
    expect(setAgain.errors?.[0]?.message).toMatch(/deactivated/);
    expect(emulator.store.items.find('4000102')?.values.status).toEqual({ index: 0 });
  });

  it.each(WITH_UPDATE_COLUMN)(
    'moves labels to other positions at %s; items keep their labels and the list follows the new order',
    async (version) => {
      const { post, updateStatus } = await serve();
      const before = await post(version, STATUS_VALUES, { ids: ['4000101', '4000102', '4000103'] });
      expect(before.data?.items).toEqual([
        { id: '4000101', column_values: [{ index: 1, label: 'Live', is_done: false }] },
        { id: '4000102', column_values: [{ index: 0, label: 'Planned', is_done: false }] },
        { id: '4000103', column_values: [{ index: 5, label: 'Ended', is_done: true }] },
      ]);
      const moved = await updateStatus(version, '3004', [
        { id: 5, index: 0, label: 'Ended', color: 'american_gray', is_done: true },
        { id: 1, index: 1, label: 'Live', color: 'done_green' },
        { id: 0, index: 2, label: 'Planned', color: 'working_orange' },
        { id: 2, index: 3, label: 'Paused', color: 'stuck_red' },
      ]);
      const settings = JSON.parse(field<{ settings_str: string }>(moved, 'update_status_column').settings_str);
      expect(settings).toMatchObject({
        labels: { 0: 'Planned', 1: 'Live', 2: 'Paused', 5: 'Ended' },
        labels_positions_v2: { 5: 0, 1: 1, 0: 2, 2: 3 },
        done_colors: [5],
      });
      expect((await post(version, STATUS_VALUES, { ids: ['4000101', '4000102', '4000103'] })).data).toEqual(
        before.data,
      );
      const listed = await post(version, 'query { boards(ids: [3004]) { columns(ids: ["status"]) { settings } } }');
      const [board] = field<{ columns: { settings: string }[] }[]>(listed, 'boards');
      const labels = (JSON.parse(board?.columns[0]?.settings ?? 'null') as { labels: { id: number; index: number }[] })
        .labels;
      expect(labels.map(({ id, index }) => ({ id, index }))).toEqual([
        { id: 5, index: 0 },
        { id: 1, index: 1 },
        { id: 0, index: 2 },
        { id: 2, index: 3 },
      ]);
      // A value still names its label by id.
      const set = await post(
        version,
        'mutation { change_multiple_column_values(board_id: 3004, item_id: 4000102, column_values: "{\\"status\\": {\\"index\\": 2}}") { id } }',
      );
      expect(set.errors).toBeUndefined();
      expect((await post(version, STATUS_VALUES, { ids: ['4000102'] })).data?.items).toEqual([
        { id: '4000102', column_values: [{ index: 2, label: 'Paused', is_done: false }] },
      ]);
    },
  );

  it('sets the id and index pair of the status page example, where "Done" is id 1 at position 0', async () => {
    const { post, column } = await serve();
    const { revision } = await column('2026-10', '3001', 'status');
    const sent = await post('2026-10', UPDATE_STATUS, {
      b: '3001',
      c: 'status',
      r: revision,
      labels: [
        { id: 1, index: 0, label: 'Done', color: 'done_green', is_done: true },
        { id: 0, index: 1, label: 'Working on it', color: 'working_orange' },
        { id: 2, index: 2, label: 'Stuck', color: 'stuck_red' },
      ],
    });
    expect(sent.errors).toBeUndefined();
    const body = await post('2026-10', 'query { boards(ids: [3001]) { columns(ids: ["status"]) { settings } } }');
    const [board] = field<{ columns: { settings: string }[] }[]>(body, 'boards');
    expect(JSON.parse(board?.columns[0]?.settings ?? 'null')).toEqual({
      labels: [
        { id: 1, color: 1, label: 'Done', index: 0, is_done: true, is_deactivated: false },
        { id: 0, color: 0, label: 'Working on it', index: 1, is_done: false, is_deactivated: false },
        { id: 2, color: 2, label: 'Stuck', index: 2, is_done: false, is_deactivated: false },
      ],
    });
  });

  it('refuses an unknown id, a taken colour number, clashing positions, duplicates and a non-status column', async () => {
    const { post, column } = await serve();
    const { revision } = await column('2026-10', '3001', 'status');
    const base = { b: '3001', c: 'status', r: revision };
    const seeded = [
      { id: 0, index: 0, label: 'Working on it', color: 'working_orange' },
      { id: 1, index: 1, label: 'Done', color: 'done_green' },
      { id: 2, index: 2, label: 'Stuck', color: 'stuck_red' },
    ];
    const unknown = await post('2026-10', UPDATE_STATUS, {
      ...base,
      labels: [...seeded, { id: 9, index: 3, label: 'Nine', color: 'egg_yolk' }],
    });
    expect(unknown.errors?.[0]?.message).toMatch(/no status label with id 9/);
    const takenColour = await post('2026-10', UPDATE_STATUS, {
      ...base,
      labels: [...seeded, { index: 3, label: 'Also done', color: 'done_green' }],
    });
    expect(takenColour.errors?.[0]?.message).toMatch(/id 1 \(done_green\) is label "Done"'s/);
    const clash = await post('2026-10', UPDATE_STATUS, {
      ...base,
      labels: [...seeded.slice(0, 2), { id: 2, index: 1, label: 'Stuck', color: 'stuck_red' }],
    });
    expect(clash.errors?.[0]?.message).toMatch(/Two labels have index 1/);
    const tooFar = await post('2026-10', UPDATE_STATUS, {
      ...base,
      labels: [...seeded.slice(0, 2), { id: 2, index: 40, label: 'Stuck', color: 'stuck_red' }],
    });
    expect(tooFar.errors?.[0]?.message).toMatch(/from 0 to 39; got 40/);
    const twice = await post('2026-10', UPDATE_STATUS, {
      ...base,
      labels: [
        { index: 0, label: 'Same', color: 'sky' },
        { index: 1, label: 'Same', color: 'sky' },
        { index: 2, label: 'Stuck', color: 'stuck_red' },
      ],
    });
    expect(twice.errors?.[0]?.message).toMatch(/Two labels read "Same"/);
    const text = await column('2026-10', '3001', 'text');
    const notStatus = await post('2026-10', UPDATE_STATUS, { b: '3001', c: 'text', r: text.revision, labels: [] });
    expect(codes(notStatus)).toEqual(['INVALID_ARGUMENT']);
    expect((await column('2026-10', '3001', 'status')).revision).toBe(revision);
  });
});

describe('create_status_column and create_dropdown_column', () => {
  const CREATE_STATUS = `mutation ($labels: [CreateStatusLabelInput!]!) {
    create_status_column(board_id: 3001, id: "phase", title: "Phase", defaults: { labels: $labels }) { id type settings_str }
  }`;
  const CREATE_DROPDOWN = `mutation ($labels: [CreateDropdownLabelInput!]!) {
    create_dropdown_column(board_id: 3001, id: "topics_dd", title: "Topics", defaults: { labels: $labels }) { id type settings_str }
  }`;

  it.each(WITH_UPDATE_COLUMN)('makes a status column with its labels at %s', async (version) => {
    const { post } = await serve();
    const created = field<{ type: string; settings_str: string }>(
      await post(version, CREATE_STATUS, {
        labels: [
          { index: 0, label: 'Plan', color: 'sky' },
          { index: 1, label: 'Build', color: 'working_orange' },
          { index: 2, label: 'Ship', color: 'done_green', is_done: true },
        ],
      }),
      'create_status_column',
    );
    expect(created.type).toBe('status');
    // Each label's id is its colour's number (sky 158, working_orange 0, done_green 1); `index` is its position.
    expect(JSON.parse(created.settings_str)).toMatchObject({
      labels: { 158: 'Plan', 0: 'Build', 1: 'Ship' },
      labels_positions_v2: { 158: 0, 0: 1, 1: 2 },
      done_colors: [1],
      labels_colors: { 1: { var_name: 'done_green' } },
    });
    const set = await post(
      version,
      'mutation { change_simple_column_value(board_id: 3001, item_id: 4000001, column_id: "phase", value: "Ship") { column_values(ids: ["phase"]) { ... on StatusValue { index is_done } } } }',
    );
    expect(field(set, 'change_simple_column_value')).toEqual({ column_values: [{ index: 1, is_done: true }] });
  });

  it('is not in 2025-04, and refuses duplicate labels', async () => {
    const { post } = await serve();
    expect(codes(await post('2025-04', CREATE_STATUS, { labels: [] }))).toContain('GRAPHQL_VALIDATION_FAILED');
    const twice = await post('2026-10', CREATE_STATUS, {
      labels: [
        { index: 0, label: 'A', color: 'sky' },
        { index: 0, label: 'B', color: 'sky' },
      ],
    });
    expect(codes(twice)).toEqual(['INVALID_ARGUMENT']);
  });

  it('makes a dropdown with ids 1, 2, ... and updates it, keeping labels in use', async () => {
    const { post, column } = await serve();
    const created = field<{ settings_str: string }>(
      await post('2026-10', CREATE_DROPDOWN, { labels: [{ label: 'API' }, { label: 'UI' }, { label: 'Docs' }] }),
      'create_dropdown_column',
    );
    expect(JSON.parse(created.settings_str).labels).toEqual([
      { id: 1, name: 'API' },
      { id: 2, name: 'UI' },
      { id: 3, name: 'Docs' },
    ]);
    const set = await post(
      '2026-10',
      'mutation { change_column_value(board_id: 3001, item_id: 4000001, column_id: "topics_dd", value: "{\\"ids\\": [1]}") { id } }',
    );
    expect(set.errors).toBeUndefined();
    const UPDATE = `mutation ($r: String!, $labels: [UpdateDropdownLabelInput!]!) {
      update_dropdown_column(board_id: 3001, id: "topics_dd", revision: $r, settings: { labels: $labels }) { settings_str }
    }`;
    const dropApi = await post('2026-10', UPDATE, {
      r: (await column('2026-10', '3001', 'topics_dd')).revision,
      labels: [{ id: 2, label: 'UI' }],
    });
    expect(codes(dropApi)).toEqual(['INVALID_ARGUMENT']);
    expect(dropApi.errors?.[0]?.message).toMatch(/"API" \(id 1\) is set on 1 item\(s\)/);
    const updated = field<{ settings_str: string }>(
      await post('2026-10', UPDATE, {
        r: (await column('2026-10', '3001', 'topics_dd')).revision,
        labels: [{ id: 1, label: 'API', is_deactivated: true }, { id: 2, label: 'Interface' }, { label: 'Tests' }],
      }),
      'update_dropdown_column',
    );
    expect(JSON.parse(updated.settings_str)).toMatchObject({
      labels: [
        { id: 1, name: 'API' },
        { id: 2, name: 'Interface' },
        { id: 4, name: 'Tests' },
      ],
      deactivated_labels: [1],
    });
    const again = await post(
      '2026-10',
      'mutation { change_column_value(board_id: 3001, item_id: 4000002, column_id: "topics_dd", value: "{\\"labels\\": [\\"API\\"]}") { id } }',
    );
    expect(again.errors?.[0]?.message).toMatch(/deactivated/);
    const shown = await post('2026-10', '{ items(ids: [4000001]) { column_values(ids: ["topics_dd"]) { text } } }');
    expect(field(shown, 'items')).toEqual([{ column_values: [{ text: 'API' }] }]);
  });
});
