/**
 * Every column kind of API version 2026-10's `ColumnType` enum, end to end over a real socket: create a column of
 * the kind, write a value with its `column` builder, read it back with readColumnValue, and compare. Read-only kinds
 * are created and their computed value read back. Sent as API-Version 2025-04, whose enum holds the same kinds, and
 * again as 2026-10 (the package's default version), so the kinds hold at both ends of the served range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from 'workspace-platform-emulator';
import { PUBLISHED_VERSIONS } from 'workspace-platform-emulator/schemas';
import {
  COLUMN_KINDS,
  type ColumnKind,
  type ColumnValueBuilder,
  column,
  columnRule,
  columnValue,
  columnValues,
  GraphQLResponseError,
  itemsQuery,
  NotFoundError,
  type PlatformClient,
  readColumnValue,
} from '../../src/index.js';
import { clientFor, closeEmulators, ROADMAP_BOARD_ID, startTestEmulator } from './harness.js';

/** The oldest and the newest published version (the oldest's enum holds every kind, as the newest's does). */
const VERSIONS = [PUBLISHED_VERSIONS[0], PUBLISHED_VERSIONS[PUBLISHED_VERSIONS.length - 1]] as const;
const ADA = 501;
const ENGINEERING_TEAM = 7201;
const URGENT_TAG = 7301;

/** Writable kinds: the column settings, the value written, the reading expected back. */
const WRITES: [ColumnKind, Record<string, unknown> | null, ColumnValueBuilder, Record<string, unknown>][] = [
  ['text', null, column.text('hello'), { value: 'hello', text: 'hello' }],
  ['long_text', null, column.longText('first line\nsecond'), { value: 'first line\nsecond' }],
  ['numbers', null, column.numbers(42.5), { number: 42.5, text: '42.5' }],
  ['status', null, column.status({ label: 'Done' }), { label: 'Done', index: 1, text: 'Done' }],
  ['date', null, column.date('2026-11-24', '14:30'), { date: '2026-11-24', time: '14:30:00' }],
  ['people', null, column.people([{ id: ADA, kind: 'person' }]), { personsAndTeams: [{ id: ADA, kind: 'person' }] }],
  [
    'dropdown',
    {
      labels: [
        { id: 1, name: 'Cookie' },
        { id: 2, name: 'Cupcake' },
      ],
    },
    column.dropdown({ labels: ['Cupcake'] }),
    { ids: [2], labels: ['Cupcake'], text: 'Cupcake' },
  ],
  [
    'timeline',
    null,
    column.timeline({ from: '2026-11-01', to: '2026-11-30' }),
    { from: '2026-11-01', to: '2026-11-30' },
  ],
  ['email', null, column.email('ada@example.com', 'Ada'), { email: 'ada@example.com', label: 'Ada' }],
  ['phone', null, column.phone('+1 202 555 0123', 'US'), { phone: '+12025550123', countryCode: 'US' }],
  ['link', null, column.link('https://example.com', 'Example'), { url: 'https://example.com', label: 'Example' }],
  ['checkbox', null, column.checkbox(true), { checked: true }],
  ['rating', null, column.rating(4), { rating: 4, text: '4' }],
  ['tags', null, column.tags([URGENT_TAG]), { tagIds: [URGENT_TAG], text: 'urgent' }],
  ['hour', null, column.hour(9, 5), { hour: 9, minute: 5, text: '09:05' }],
  ['week', null, column.week('2026-11-23', '2026-11-29'), { startDate: '2026-11-23', endDate: '2026-11-29' }],
  ['country', null, column.country('FR', 'France'), { code: 'FR', name: 'France' }],
  [
    'location',
    null,
    column.location({ lat: 48.85, lng: 2.35, address: 'Paris' }),
    { lat: 48.85, lng: 2.35, address: 'Paris' },
  ],
  ['world_clock', null, column.worldClock('Europe/London'), { timezone: 'Europe/London' }],
  ['team', null, column.team(ENGINEERING_TEAM), { teamId: ENGINEERING_TEAM, text: 'Engineering' }],
];

/** Kinds the platform makes itself, so create_column refuses them; each is covered another way or not at all. */
const NOT_CREATABLE: Record<string, string> = {
  name: 'every board has it: written with column.name() as the item name, read as the item name (below)',
  subtasks: 'made by create_subitem on the parent board',
  person: 'the legacy single-person column, replaced by people',
  unsupported: "the platform's placeholder for a column the API cannot show",
};

const READ_VALUE = `query ($item: [ID!]) {
  items(ids: $item) {
    id name group { id }
    column_values {
      id type text value
      ... on StatusValue { label index }
      ... on DropdownValue { values { id label } }
      ... on BoardRelationValue { linked_item_ids display_value }
      ... on DependencyValue { linked_item_ids display_value }
      ... on MirrorValue { display_value }
      ... on FormulaValue { display_value }
      ... on CreationLogValue { created_at creator_id }
      ... on ItemIdValue { item_id }
      ... on VoteValue { vote_count voter_ids }
      ... on ButtonValue { label }
      ... on GroupValue { group_id }
    }
  }
}`;

type ColumnValueRow = { id: string; type: string; text: string | null; value: string | null; [field: string]: unknown };
type ReadResult = { items: { id: string; name: string; column_values: ColumnValueRow[] }[] };

let emulator: Emulator;
let client: PlatformClient;

async function createColumn(kind: string, id: string, defaults: Record<string, unknown> | null = null) {
  await client.request(
    'mutation ($board: ID!, $id: String, $title: String!, $type: ColumnType!, $defaults: JSON) { create_column(board_id: $board, id: $id, title: $title, column_type: $type, defaults: $defaults) { id } }',
    { board: ROADMAP_BOARD_ID, id, title: kind, type: kind, defaults: defaults && JSON.stringify(defaults) },
  );
}

async function createItem(name: string, values: string): Promise<string> {
  const made = await client.request<{ create_item: { id: string } }>(
    'mutation ($board: ID!, $name: String!, $values: JSON) { create_item(board_id: $board, item_name: $name, column_values: $values) { id } }',
    { board: ROADMAP_BOARD_ID, name, values },
  );
  return made.data.create_item.id;
}

async function readItem(itemId: string) {
  const read = await client.request<ReadResult>(READ_VALUE, { item: [itemId] });
  const item = read.data.items[0];
  if (!item) throw new Error(`item ${itemId} not found`);
  return item;
}

async function reading(itemId: string, columnId: string) {
  const cv = (await readItem(itemId)).column_values.find((candidate) => candidate.id === columnId);
  if (!cv) throw new Error(`column ${columnId} not read`);
  return readColumnValue(cv);
}

const idOf = (kind: string) => `k_${kind}`.slice(0, 20);

describe.each(VERSIONS)('every column kind, through the emulator, at API version %s', (version) => {
  let linked: string;
  let written: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    client = clientFor(emulator, { apiVersion: version });
    for (const [kind, settings] of WRITES) await createColumn(kind, idOf(kind), settings);
    await createColumn('board_relation', idOf('board_relation'));
    await createColumn('dependency', idOf('dependency'));
    linked = await createItem('Linked', columnValues({ [idOf('text')]: column.text('from the linked item') }));
    const values: Record<string, ColumnValueBuilder> = Object.fromEntries(
      WRITES.map(([kind, , builder]) => [idOf(kind), builder]),
    );
    values[idOf('board_relation')] = column.boardRelation([linked]);
    values[idOf('dependency')] = column.dependency([linked]);
    written = await createItem('Written', columnValues(values));
  });

  afterAll(closeEmulators);

  it('covers every kind of the 2026-10 enum: written, computed, or named with a reason', () => {
    const computed = [
      'formula',
      'mirror',
      'auto_number',
      'creation_log',
      'last_updated',
      'item_id',
      'progress',
      'vote',
    ];
    const other = ['button', 'time_tracking', 'group', 'item_assignees', 'doc', 'direct_doc', 'integration', 'file'];
    const readOnly = ['color_picker'];
    const covered = new Set([
      ...WRITES.map(([kind]) => kind),
      'board_relation',
      'dependency',
      ...computed,
      ...other,
      ...readOnly,
      ...Object.keys(NOT_CREATABLE),
    ]);
    expect([...COLUMN_KINDS].filter((kind) => !covered.has(kind))).toEqual([]);
  });

  it.each(WRITES)("%s: the builder's value reads back equal", async (kind, _settings, _builder, expected) => {
    const read = await reading(written, idOf(kind));
    expect(read.type).toBe(kind);
    expect(read).toMatchObject(expected);
  });

  it('board_relation and dependency read back the linked item, from value and from the typed fields', async () => {
    for (const kind of ['board_relation', 'dependency'] as const) {
      const read = await reading(written, idOf(kind));
      expect(read).toMatchObject({ type: kind, linkedItemIds: [linked], text: 'Linked' });
      const cv = (await readItem(written)).column_values.find((candidate) => candidate.id === idOf(kind));
      expect(readColumnValue({ ...cv!, value: null })).toMatchObject({ linkedItemIds: [linked] });
    }
  });

  it('name: column.name() renames the item', async () => {
    await client.request(
      'mutation ($board: ID!, $item: ID!, $values: JSON!) { change_multiple_column_values(board_id: $board, item_id: $item, column_values: $values) { id } }',
      { board: ROADMAP_BOARD_ID, item: linked, values: columnValues({ name: column.name('Linked, renamed') }) },
    );
    const item = await readItem(linked);
    expect(readColumnValue({ id: 'name', type: 'name', text: item.name })).toMatchObject({ value: 'Linked, renamed' });
  });

  it('read-only kinds are computed from the store and read back', async () => {
    await createColumn('formula', 'k_formula', { formula: `{${idOf('numbers')}}*2` });
    await createColumn('mirror', 'k_mirror', {
      relation_column_id: idOf('board_relation'),
      mirrored_column_id: idOf('text'),
    });
    await createColumn('progress', 'k_progress', { related_columns: [idOf('status')] });
    await createColumn('button', 'k_button', { label: 'Approve' });
    for (const kind of ['auto_number', 'creation_log', 'last_updated', 'item_id', 'vote', 'time_tracking', 'group']) {
      await createColumn(kind, idOf(kind));
    }
    for (const kind of ['item_assignees', 'doc', 'direct_doc', 'integration', 'file'])
      await createColumn(kind, idOf(kind));
    const item = await readItem(written);
    const read = (id: string) => readColumnValue(item.column_values.find((cv) => cv.id === id)!);
    expect(read('k_formula')).toMatchObject({ type: 'formula', displayValue: '85' });
    expect(read('k_mirror')).toMatchObject({ type: 'mirror', displayValue: 'from the linked item' });
    expect(read('k_progress')).toMatchObject({ type: 'progress', percent: 100 });
    expect(read('k_button')).toMatchObject({ type: 'button', label: 'Approve' });
    const position =
      emulator.store.items.active(ROADMAP_BOARD_ID).findIndex((candidate) => candidate.id === written) + 1;
    expect(read(idOf('auto_number'))).toMatchObject({ type: 'auto_number', number: position });
    const record = emulator.store.items.find(written)!;
    expect(read(idOf('creation_log'))).toMatchObject({ createdAt: record.createdAt, creatorId: String(ADA) });
    expect(read(idOf('last_updated'))).toMatchObject({ type: 'last_updated', updatedAt: record.updatedAt });
    expect(read(idOf('item_id'))).toMatchObject({ type: 'item_id', itemId: written, text: written });
    expect(read(idOf('vote'))).toMatchObject({ type: 'vote', voteCount: 0, voterIds: [] });
    expect(read(idOf('time_tracking'))).toMatchObject({ running: false, durationSeconds: null });
    expect(read(idOf('group'))).toMatchObject({ type: 'group', groupId: record.groupId });
    expect(read(idOf('item_assignees'))).toMatchObject({ personsAndTeams: [{ id: ADA, kind: 'person' }] });
    expect(read(idOf('doc'))).toMatchObject({ type: 'doc', docId: null });
    expect(read(idOf('direct_doc'))).toMatchObject({ type: 'direct_doc', docId: null });
    expect(read(idOf('integration'))).toMatchObject({ type: 'integration', entityId: null });
    expect(read(idOf('file'))).toMatchObject({ type: 'file', files: [] });
    const refused = await client
      .request(
        'mutation ($b: ID!, $i: ID!, $v: JSON!) { change_column_value(board_id: $b, item_id: $i, column_id: "k_formula", value: $v) { id } }',
        {
          b: ROADMAP_BOARD_ID,
          i: written,
          v: '"3"',
        },
      )
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GraphQLResponseError);
    expect((refused as GraphQLResponseError).errors[0]?.extensions?.code).toBe('ColumnValueException');
  });

  it.each(Object.entries(NOT_CREATABLE).filter(([kind]) => kind !== 'name'))(
    'create_column refuses %s (%s)',
    async (kind) => {
      await expect(createColumn(kind, idOf(kind))).rejects.toThrow(/cannot be created/);
    },
  );

  it("change_simple_column_value takes each kind's plain string; a JSON-only kind refuses one", async () => {
    const simple = async (columnId: string, value: string) =>
      client.request(
        'mutation ($b: ID!, $i: ID!, $c: String!, $v: String) { change_simple_column_value(board_id: $b, item_id: $i, column_id: $c, value: $v) { id } }',
        { b: ROADMAP_BOARD_ID, i: linked, c: columnId, v: value },
      );
    await simple(idOf('status'), 'Stuck');
    await simple(idOf('date'), '2026-12-01');
    await simple(idOf('people'), String(ADA));
    await simple(idOf('email'), 'bo@example.com Bo');
    await simple(idOf('numbers'), '7');
    expect(await reading(linked, idOf('status'))).toMatchObject({ label: 'Stuck' });
    expect(await reading(linked, idOf('date'))).toMatchObject({ date: '2026-12-01', time: null });
    expect(await reading(linked, idOf('people'))).toMatchObject({ personsAndTeams: [{ id: ADA, kind: 'person' }] });
    expect(await reading(linked, idOf('email'))).toMatchObject({ email: 'bo@example.com', label: 'Bo' });
    expect(await reading(linked, idOf('numbers'))).toMatchObject({ number: 7 });
    // JSON-only kinds (the week and rating pages of the column type reference) refuse a plain string with the
    // platform's CorrectedValueException (https://developer.monday.com/api-reference/docs/error-handling).
    for (const kind of ['week', 'rating']) {
      const refused = await simple(idOf(kind), kind === 'week' ? '2026-11-23' : '4').catch((caught: unknown) => caught);
      expect(refused).toBeInstanceOf(GraphQLResponseError);
      expect((refused as GraphQLResponseError).errors[0]?.extensions).toMatchObject({
        code: 'CorrectedValueException',
        error_data: { column_id: idOf(kind), column_type: kind },
      });
    }
  });

  it('a colour picker is read-only through the API: a written value is a ColumnValueException', async () => {
    // https://developer.monday.com/api-reference/reference/color-picker lists Update: No.
    await createColumn('color_picker', idOf('color_picker'));
    const refused = await client
      .request(
        'mutation ($b: ID!, $i: ID!, $v: JSON!) { change_multiple_column_values(board_id: $b, item_id: $i, column_values: $v) { id } }',
        {
          b: ROADMAP_BOARD_ID,
          i: linked,
          v: JSON.stringify({ [idOf('color_picker')]: { color: { hex: '#00C875' } } }),
        },
      )
      .catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(GraphQLResponseError);
    expect((refused as GraphQLResponseError).errors[0]?.extensions).toMatchObject({
      code: 'ColumnValueException',
      error_data: { column_id: idOf('color_picker'), column_type: 'color_picker' },
    });
  });

  it('a wrong value is a ColumnValueException naming the column, and changes nothing', async () => {
    const before = structuredClone(emulator.store.items.find(linked)?.values);
    const error = await client
      .request(
        'mutation ($b: ID!, $i: ID!, $v: JSON!) { change_multiple_column_values(board_id: $b, item_id: $i, column_values: $v) { id } }',
        {
          b: ROADMAP_BOARD_ID,
          i: linked,
          v: JSON.stringify({ [idOf('text')]: 'ok', [idOf('rating')]: { rating: 9 } }),
        },
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphQLResponseError);
    const [first] = (error as GraphQLResponseError).errors;
    expect(first?.extensions).toMatchObject({
      code: 'ColumnValueException',
      error_data: { column_id: idOf('rating'), column_type: 'rating' },
    });
    expect(first?.message).toContain(idOf('rating'));
    expect(emulator.store.items.find(linked)?.values).toEqual(before);
  });

  it("an unknown column id is the platform's InvalidColumnIdException, raised as NotFoundError", async () => {
    // The error handling page: InvalidColumnIdException (HTTP 200), "the column ID being passed in the query is not
    // a valid column ID" (https://developer.monday.com/api-reference/docs/error-handling).
    const before = structuredClone(emulator.store.items.find(linked)?.values);
    const error = await client
      .request(
        'mutation ($b: ID!, $i: ID!, $v: JSON!) { change_multiple_column_values(board_id: $b, item_id: $i, column_values: $v) { id } }',
        { b: ROADMAP_BOARD_ID, i: linked, v: JSON.stringify({ [idOf('text')]: 'ok', no_such_column: 'x' }) },
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as GraphQLResponseError).errors[0]?.extensions).toMatchObject({
      code: 'InvalidColumnIdException',
      status_code: 200,
      error_data: { column_id: 'no_such_column' },
    });
    expect(emulator.store.items.find(linked)?.values).toEqual(before);
  });

  it('a JSON argument that is not a string is refused', async () => {
    const error = await client
      .request(
        'mutation ($b: ID!, $i: ID!, $v: JSON!) { change_multiple_column_values(board_id: $b, item_id: $i, column_values: $v) { id } }',
        { b: ROADMAP_BOARD_ID, i: linked, v: { [idOf('text')]: 'an object, not its JSON text' } },
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect((error as GraphQLResponseError).message).toMatch(/must be a JSON string/);
  });

  it('create_labels_if_missing adds a status or dropdown label; without it the label is refused', async () => {
    const change = (values: string, create: boolean) =>
      client.request(
        'mutation ($b: ID!, $i: ID!, $v: JSON!, $c: Boolean) { change_multiple_column_values(board_id: $b, item_id: $i, column_values: $v, create_labels_if_missing: $c) { id } }',
        { b: ROADMAP_BOARD_ID, i: linked, v: values, c: create },
      );
    const values = columnValues({
      [idOf('status')]: column.status({ label: 'Blocked' }),
      [idOf('dropdown')]: column.dropdown({ labels: ['Brownie'] }),
    });
    await expect(change(values, false)).rejects.toThrow(/does not exist in column/);
    await change(values, true);
    expect(await reading(linked, idOf('status'))).toMatchObject({ label: 'Blocked', index: 3 });
    expect(await reading(linked, idOf('dropdown'))).toMatchObject({ labels: ['Brownie'], ids: [3] });
  });

  it('columnRule filters items_page by kind', async () => {
    const names = async (rules: Parameters<typeof itemsQuery>[0]) => {
      const page = await client.request<{ boards: { items_page: { items: { name: string }[] } }[] }>(
        'query ($b: ID!, $q: ItemsQuery) { boards(ids: [$b]) { items_page(limit: 100, query_params: $q) { items { name } } } }',
        { b: ROADMAP_BOARD_ID, q: itemsQuery(rules) },
      );
      return page.data.boards[0]?.items_page.items.map((item) => item.name);
    };
    expect(await names([columnRule.status(idOf('status'), { label: 'Done' })])).toEqual(['Written']);
    expect(await names([columnRule.status(idOf('status'), { indexes: [1] })])).toEqual(['Written']);
    expect(await names([columnRule.people(idOf('people'), 'assigned_to_me')])).toEqual(
      expect.arrayContaining(['Written']),
    );
    expect(await names([columnRule.date(idOf('date'), { exact: '2026-11-24' })])).toEqual(['Written']);
    expect(await names([columnRule.date(idOf('date'), { exact: '2026-11-24' }, 'greater_than')])).toEqual([
      'Linked, renamed',
    ]);
    expect(await names([columnRule.isNotEmpty(idOf('week'))])).toEqual(['Written']);
    expect(await names([columnRule.numbers(idOf('numbers'), 'greater_than', 10)])).toEqual(['Written']);
  });

  it('columnValue gives change_column_value its value', async () => {
    await client.request(
      'mutation ($b: ID!, $i: ID!, $v: JSON!) { change_column_value(board_id: $b, item_id: $i, column_id: "k_hour", value: $v) { id } }',
      { b: ROADMAP_BOARD_ID, i: linked, v: columnValue(idOf('hour'), column.hour(23, 59)) },
    );
    expect(await reading(linked, idOf('hour'))).toMatchObject({ hour: 23, minute: 59 });
  });
});
