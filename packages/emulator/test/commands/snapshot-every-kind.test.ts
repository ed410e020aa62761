/**
 * Snapshot and serve for every column kind the emulator models, over real sockets: a board with one column of each
 * kind `create_column` makes, plus the sample roadmap board, seeded here with a column of each kind no API call
 * creates (`name`, `subtasks`, `person`, `unsupported`), read with the `snapshot` command and served by a
 * second emulator; every item's `text` and `value` of every kind, and its own `updated_at`, is compared on both
 * sides. A files column's entries (an upload, a link, a doc) read alike, with the upload's record; what
 * docs/real-boards.md says a snapshot leaves out (a doc's content, the item a relation to a board not read links) is
 * what is asserted for it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { column, columnValues, PlatformClient } from 'workspace-platform-sdk';
import { TOKEN_ENV } from '../../src/commands/command-usage.js';
import { runSnapshotCommand } from '../../src/commands/snapshot-command.js';
import { COLUMN_KINDS } from '../../src/engine/column-kinds/kinds.js';
import { defaultSeed } from '../../src/engine/index.js';
import { startEmulator } from '../../src/index.js';
import { createTestEmulator, type TestEmulator } from '../../src/testing/index.js';

const ADA = 501;
const ENGINEERING_TEAM = 7201;
const URGENT_TAG = 7301;
/** The sample roadmap board: its files column holds `launch-plan.pdf` (asset 7401) on item 4000005. */
const ROADMAP = '3001';
const LAUNCH_PLAN_ASSET = '7401';
/** The sample bug tracker and its item "Login fails on Safari" (status "Working on it"): not in the snapshot. */
const OUTSIDE_BOARD = '3002';
const OUTSIDE_ITEM = '4000006';
/** The sample doc "Team handbook" (object 7651), in the account's main workspace: not on any board read. */
const HANDBOOK_DOC = '7651';

/** The kinds `create_column` does not make: the test's sample data holds a column of each on the roadmap board. */
const NOT_CREATED = new Set(['name', 'subtasks', 'person', 'unsupported']);

const VALUES_QUERY = `query ($ids: [ID!]) { boards(ids: $ids) {
  id columns { id type }
  items_page(limit: 20) { items { id name updated_at subitems { id } column_values {
    id type text value
    ... on FileValue { files {
      __typename
      ... on FileAssetValue { asset_id name is_image creator_id created_at
        asset { id name file_size file_extension url public_url created_at uploaded_by { id name } } }
      ... on FileLinkValue { file_id kind name url creator_id created_at }
      ... on FileDocValue { file_id object_id creator_id created_at doc { id name blocks { id } } }
    } }
  } } }
} }`;

interface Answer {
  boards: {
    id: string;
    columns: { id: string; type: string }[];
    items_page: {
      items: {
        id: string;
        name: string;
        updated_at: string | null;
        column_values: {
          id: string;
          type: string;
          text: string | null;
          value: string | null;
          files?: ({ __typename: string; doc?: unknown } & Record<string, unknown>)[];
        }[];
      }[];
    };
  }[];
}

let platform: TestEmulator;
let client: PlatformClient;
let boardId: string;
let folder: string;
const idOf = (kind: string) => `k_${kind}`.slice(0, 20);

async function request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return (await client.request<T>(query, variables)).data;
}

/**
 * Each item's cells, by board, item and column: `{ type, text, value }` with the change times of a value's JSON left
 * out, and the item's own `updated_at`.
 */
function cells(answer: Answer): Map<string, { type: string; text: string | null; value: unknown }> {
  const out = new Map<string, { type: string; text: string | null; value: unknown }>();
  for (const board of answer.boards)
    for (const item of board.items_page.items) {
      // The item's last change, which its last updated column reads.
      out.set(`${board.id}/${item.id}/updated_at`, { type: 'item', text: item.updated_at, value: null });
      for (const cell of item.column_values) {
        let value: unknown = cell.value;
        if (typeof cell.value === 'string' && cell.value.startsWith('{')) {
          const parsed = JSON.parse(cell.value) as Record<string, unknown>;
          delete parsed.changed_at;
          delete parsed.updated_at;
          value = parsed;
        }
        out.set(`${board.id}/${item.id}/${cell.id}`, { type: cell.type, text: cell.text, value });
      }
    }
  return out;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'emulator-snapshot-kinds-'));
  const seed = defaultSeed();
  const roadmap = seed.boards.find((board) => board.id === ROADMAP);
  if (!roadmap) throw new Error('the sample data has no roadmap board');
  roadmap.columns.push(
    { id: 'name', title: 'Name', type: 'name', description: null, width: null, settings: {} },
    { id: 'k_subtasks', title: 'Subitems', type: 'subtasks', description: null, width: null, settings: {} },
    { id: 'k_person', title: 'Owner (legacy)', type: 'person', description: null, width: null, settings: {} },
    { id: 'k_unsupported', title: 'Widget', type: 'unsupported', description: null, width: null, settings: {} },
  );
  platform = await createTestEmulator({ seed, startTime: Date.UTC(2026, 10, 20, 9) });
  client = new PlatformClient({ token: platform.token, baseUrl: platform.baseUrl });

  boardId = (
    await request<{ create_board: { id: string } }>(
      'mutation { create_board(board_name: "Every kind", board_kind: public) { id } }',
    )
  ).create_board.id;
  const defaults: Record<string, Record<string, unknown>> = {
    dropdown: {
      labels: [
        { id: 1, name: 'Cookie' },
        { id: 2, name: 'Cupcake' },
      ],
    },
    formula: { formula: '{k_numbers} * 2' },
    mirror: { relation_column_id: 'k_board_relation', mirrored_column_id: 'k_text' },
    progress: { related_columns: ['k_status'] },
    board_relation: { boardIds: [] },
  };
  for (const kind of COLUMN_KINDS) {
    if (NOT_CREATED.has(kind)) continue;
    await request(
      'mutation ($b: ID!, $id: String, $t: String!, $k: ColumnType!, $d: JSON) { create_column(board_id: $b, id: $id, title: $t, column_type: $k, defaults: $d) { id } }',
      {
        b: boardId,
        id: idOf(kind),
        t: `The ${kind}`,
        k: kind,
        d: defaults[kind] ? JSON.stringify(defaults[kind]) : null,
      },
    );
  }
  // A relation to an item of a board the snapshot does not read, and a mirror through it.
  await request(
    'mutation ($b: ID!, $d: JSON) { create_column(board_id: $b, id: "k_relation_out", title: "Bug", column_type: board_relation, defaults: $d) { id } }',
    { b: boardId, d: JSON.stringify({ boardIds: [Number(OUTSIDE_BOARD)] }) },
  );
  await request(
    'mutation ($b: ID!, $d: JSON) { create_column(board_id: $b, id: "k_mirror_out", title: "Bug status", column_type: mirror, defaults: $d) { id } }',
    { b: boardId, d: JSON.stringify({ relation_column_id: 'k_relation_out', mirrored_column_id: 'status' }) },
  );
  const create =
    'mutation ($b: ID!, $n: String!, $v: JSON) { create_item(board_id: $b, item_name: $n, column_values: $v) { id } }';
  const target = await request<{ create_item: { id: string } }>(create, {
    b: boardId,
    n: 'Target',
    v: JSON.stringify({
      k_text: 'mirrored text',
      k_numbers: '3',
      k_relation_out: { item_ids: [Number(OUTSIDE_ITEM)] },
    }),
  });
  const everything = await request<{ create_item: { id: string } }>(create, {
    b: boardId,
    n: 'Everything',
    v: columnValues({
      k_text: column.text('hello'),
      k_long_text: column.longText('first line\nsecond'),
      k_numbers: column.numbers(42.5),
      k_status: column.status({ label: 'Done' }),
      k_date: column.date('2026-11-24', '14:30'),
      k_people: column.people([
        { id: ADA, kind: 'person' },
        { id: ENGINEERING_TEAM, kind: 'team' },
      ]),
      k_dropdown: column.dropdown({ labels: ['Cupcake'] }),
      k_timeline: column.timeline({ from: '2026-11-01', to: '2026-11-30' }),
      k_email: column.email('ada@example.com', 'Ada'),
      k_phone: column.phone('+1 202 555 0123', 'US'),
      k_link: column.link('https://example.com', 'Example'),
      k_checkbox: column.checkbox(true),
      k_rating: column.rating(4),
      k_tags: column.tags([URGENT_TAG]),
      k_hour: column.hour(9, 5),
      k_week: column.week('2026-11-23', '2026-11-29'),
      k_country: column.country('FR', 'France'),
      k_location: column.location({ lat: 48.85, lng: 2.35, address: 'Paris' }),
      k_world_clock: column.worldClock('Europe/London'),
      k_team: column.team(ENGINEERING_TEAM),
    }),
  });
  const item = everything.create_item.id;
  // A minute later, so a value changed after the item was made dates its item's last change apart from its creation.
  await platform.clock.advance(60_000);
  await request(
    'mutation ($b: ID!, $i: ID!, $v: JSON!) { change_multiple_column_values(board_id: $b, item_id: $i, column_values: $v) { id } }',
    {
      b: boardId,
      i: item,
      v: JSON.stringify({
        k_board_relation: { item_ids: [Number(target.create_item.id)] },
        k_dependency: { item_ids: [Number(target.create_item.id)] },
      }),
    },
  );
  // An uploaded file (the sample's asset) in the files column, and the same beside a link on the target.
  await request(
    'mutation ($b: ID!, $i: ID!, $f: [FileInput!]!) { update_assets_on_item(board_id: $b, item_id: $i, column_id: "k_file", files: $f) { id } }',
    { b: boardId, i: item, f: [{ fileType: 'asset', assetId: LAUNCH_PLAN_ASSET, name: 'launch-plan.pdf' }] },
  );
  await request(
    'mutation ($b: ID!, $i: ID!, $f: [FileInput!]!) { update_assets_on_item(board_id: $b, item_id: $i, column_id: "k_file", files: $f) { id } }',
    {
      b: boardId,
      i: target.create_item.id,
      f: [
        { fileType: 'asset', assetId: LAUNCH_PLAN_ASSET, name: 'launch-plan.pdf' },
        { fileType: 'google_drive', linkToFile: 'https://drive.example/d/1', name: 'Budget' },
        { fileType: 'doc', objectId: HANDBOOK_DOC, name: 'Team handbook' },
      ],
    },
  );
  await request('mutation ($p: ID!) { create_subitem(parent_item_id: $p, item_name: "A task") { id } }', { p: item });
});

afterAll(async () => {
  await platform?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('a snapshot of every column kind', () => {
  it('serves each item value of every kind as the platform answered it', async () => {
    const file = join(folder, 'kinds.json');
    const out: string[] = [];
    const err: string[] = [];
    const code = await runSnapshotCommand(
      ['--from', platform.baseUrl, '--board', boardId, '--board', ROADMAP, '--output', file, '--keep-personal-data'],
      { env: { [TOKEN_ENV]: platform.token }, out: (line) => out.push(line), err: (line) => err.push(line) },
    );
    expect(err.join('\n')).toBe('');
    expect(code).toBe(0);

    const served = await startEmulator({ snapshot: file });
    try {
      const copy = new PlatformClient({ token: platform.token, baseUrl: served.baseUrl });
      const original = (await client.request<Answer>(VALUES_QUERY, { ids: [boardId, ROADMAP] })).data;
      const answered = (await copy.request<Answer>(VALUES_QUERY, { ids: [boardId, ROADMAP] })).data;

      // Every kind has a column on the boards read.
      const kinds = new Set(original.boards.flatMap((board) => board.columns.map((col) => col.type)));
      expect([...COLUMN_KINDS].filter((kind) => !kinds.has(kind))).toEqual([]);

      const before = cells(original);
      const after = cells(answered);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      // A files column's entries as the platform answers them, with the uploads' records and the docs named; a
      // doc's content is not in the snapshot (docs/real-boards.md), so its blocks read empty.
      const entries = (answer: Answer) =>
        answer.boards.flatMap((board) =>
          board.items_page.items.flatMap((item) =>
            item.column_values.flatMap((cell) =>
              cell.files ? [{ item: item.id, column: cell.id, files: cell.files }] : [],
            ),
          ),
        );
      const byCell = (a: { item: string; column: string }, b: { item: string; column: string }) =>
        `${a.item}/${a.column}`.localeCompare(`${b.item}/${b.column}`);
      const platformFiles = entries(original).sort(byCell);
      const servedFiles = entries(answered).sort(byCell);
      expect(platformFiles.flatMap((cell) => cell.files.map((file) => file.__typename)).sort()).toEqual([
        'FileAssetValue',
        'FileAssetValue',
        'FileAssetValue',
        'FileDocValue',
        'FileLinkValue',
      ]);
      type Doc = { blocks: unknown[] } & Record<string, unknown>;
      const docs = platformFiles.flatMap((cell) => cell.files.filter((file) => file.__typename === 'FileDocValue'));
      expect(docs.every((file) => (file.doc as Doc).blocks.length > 0)).toBe(true);
      expect(servedFiles).toEqual(
        platformFiles.map((cell) => ({
          ...cell,
          files: cell.files.map((file) =>
            file.__typename === 'FileDocValue' ? { ...file, doc: { ...(file.doc as Doc), blocks: [] } } : file,
          ),
        })),
      );
      // A relation to an item of a board not in the snapshot keeps its value (the linked id), but the item is not
      // there to name (the relation reads its id), and a mirror through it reads empty (docs/real-boards.md).
      const outside = [...before.entries()].filter(
        ([key, cell]) => /\/k_(relation|mirror)_out$/.test(key) && cell.text !== '',
      );
      expect(outside.map(([, cell]) => cell.text).sort()).toEqual(['Login fails on Safari', 'Working on it']);
      for (const [key, cell] of outside) {
        expect(after.get(key)).toEqual(
          cell.type === 'board_relation' ? { ...cell, text: OUTSIDE_ITEM } : { ...cell, text: '', value: null },
        );
        before.delete(key);
      }
      const differing = [...before.entries()]
        .filter(([key, cell]) => JSON.stringify(after.get(key)) !== JSON.stringify(cell))
        .map(([key, cell]) => ({ key, kind: cell.type, platform: cell, served: after.get(key) }));
      expect(differing).toEqual([]);
      // The reported case: the sample's uploaded file reads the same on both sides.
      expect(after.get(`${ROADMAP}/4000005/files`)?.text).toBe('launch-plan.pdf');
    } finally {
      await served.close();
    }
  });
});
