/**
 * The `snapshot` command against an emulator standing in for the platform, over real sockets: a board of every
 * writable column kind (with a relation, a formula, subitems, people, a team and a tag) read into a file, served by a
 * second emulator with `snapshot`, and the same board query answered alike on both; placeholders for personal data;
 * `--structure-only`; a run stopped by a failure goes on from its progress file without reading an item twice;
 * usage mistakes exit 2 before anything is sent; the token never reaches the file, the progress file or the output.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ColumnKind, type ColumnValueBuilder, column, columnValues, PlatformClient } from 'workspace-platform-sdk';
import { TOKEN_ENV } from '../../src/commands/command-usage.js';
import { runSnapshotCommand } from '../../src/commands/snapshot-command.js';
import { startEmulator } from '../../src/index.js';
import { createTestEmulator, type TestEmulator } from '../../src/testing/index.js';

const ADA = 501;
const ENGINEERING_TEAM = 7201;
const URGENT_TAG = 7301;

/** Every kind `create_column` makes and `create_item` writes, with the value written. */
const WRITES: [ColumnKind, Record<string, unknown> | null, ColumnValueBuilder][] = [
  ['text', null, column.text('hello')],
  ['long_text', null, column.longText('first line\nsecond')],
  ['numbers', null, column.numbers(42.5)],
  ['status', null, column.status({ label: 'Done' })],
  ['date', null, column.date('2026-11-24', '14:30')],
  [
    'people',
    null,
    column.people([
      { id: ADA, kind: 'person' },
      { id: ENGINEERING_TEAM, kind: 'team' },
    ]),
  ],
  [
    'dropdown',
    {
      labels: [
        { id: 1, name: 'Cookie' },
        { id: 2, name: 'Cupcake' },
      ],
    },
    column.dropdown({ labels: ['Cupcake'] }),
  ],
  ['timeline', null, column.timeline({ from: '2026-11-01', to: '2026-11-30' })],
  ['email', null, column.email('ada@example.com', 'Ada')],
  ['phone', null, column.phone('+1 202 555 0123', 'US')],
  ['link', null, column.link('https://example.com', 'Example')],
  ['checkbox', null, column.checkbox(true)],
  ['rating', null, column.rating(4)],
  ['tags', null, column.tags([URGENT_TAG])],
  ['hour', null, column.hour(9, 5)],
  ['week', null, column.week('2026-11-23', '2026-11-29')],
  ['country', null, column.country('FR', 'France')],
  ['location', null, column.location({ lat: 48.85, lng: 2.35, address: 'Paris' })],
  ['world_clock', null, column.worldClock('Europe/London')],
  ['team', null, column.team(ENGINEERING_TEAM)],
];

const BOARD_QUERY = `query ($ids: [ID!]) { boards(ids: $ids) {
  id name board_kind
  columns { id title type settings_str }
  groups { id title }
  items_page(limit: 500) { items {
    id name group { id } creator_id
    column_values { id type text value ... on BoardRelationValue { linked_item_ids } ... on FormulaValue { display_value } }
    subitems { id name column_values { id text } }
  } }
} }`;

let platform: TestEmulator;
let client: PlatformClient;
let boardId: string;
let folder: string;
const idOf = (kind: string) => `k_${kind}`.slice(0, 20);

async function request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return (await client.request<T>(query, variables)).data;
}

/** The command run in-process, its output captured. */
async function snapshot(args: string[], token: string | null = platform.token) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSnapshotCommand(args, {
    env: token === null ? {} : { [TOKEN_ENV]: token },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A board answer with what differs between any two servers taken out (times of changes). */
function comparable(answer: unknown): unknown {
  return JSON.parse(
    JSON.stringify(answer, (key, value) => (key === 'changed_at' || key === 'updated_at' ? undefined : value)),
    (_key, value) => {
      if (typeof value !== 'string' || !value.startsWith('{')) return value;
      try {
        const parsed = JSON.parse(value) as Record<string, unknown>;
        delete parsed.changed_at;
        delete parsed.updated_at;
        return parsed;
      } catch {
        return value;
      }
    },
  );
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'emulator-snapshot-'));
  platform = await createTestEmulator({ startTime: Date.UTC(2026, 10, 20, 9) });
  client = new PlatformClient({ token: platform.token, baseUrl: platform.baseUrl });
  const made = await request<{ create_board: { id: string } }>(
    'mutation { create_board(board_name: "Launch", board_kind: public) { id } }',
  );
  boardId = made.create_board.id;
  for (const [kind, defaults] of WRITES) {
    await request(
      'mutation ($b: ID!, $id: String, $t: String!, $k: ColumnType!, $d: JSON) { create_column(board_id: $b, id: $id, title: $t, column_type: $k, defaults: $d) { id } }',
      { b: boardId, id: idOf(kind), t: `The ${kind}`, k: kind, d: defaults && JSON.stringify(defaults) },
    );
  }
  await request(
    'mutation ($b: ID!) { create_column(board_id: $b, id: "k_relation", title: "Related", column_type: board_relation) { id } }',
    { b: boardId },
  );
  await request(
    'mutation ($b: ID!, $d: JSON) { create_column(board_id: $b, id: "k_formula", title: "Double", column_type: formula, defaults: $d) { id } }',
    { b: boardId, d: JSON.stringify({ formula: '{k_numbers} * 2' }) },
  );
  const create =
    'mutation ($b: ID!, $n: String!, $v: JSON) { create_item(board_id: $b, item_name: $n, column_values: $v) { id } }';
  const first = await request<{ create_item: { id: string } }>(create, {
    b: boardId,
    n: 'Everything',
    v: columnValues(Object.fromEntries(WRITES.map(([kind, , value]) => [idOf(kind), value]))),
  });
  const second = await request<{ create_item: { id: string } }>(create, {
    b: boardId,
    n: 'Linked',
    v: JSON.stringify({ k_relation: { item_ids: [Number(first.create_item.id)] }, k_numbers: '3' }),
  });
  await request('mutation ($p: ID!) { create_subitem(parent_item_id: $p, item_name: "A task") { id } }', {
    p: second.create_item.id,
  });
  for (let index = 0; index < 230; index += 1)
    await request(create, { b: boardId, n: `Row ${index}`, v: JSON.stringify({ k_text: `row ${index}` }) });
});

afterAll(async () => {
  await platform.close();
  await rm(folder, { recursive: true, force: true });
});

describe('workspace-platform-emulator snapshot', () => {
  it('reads a board of every writable kind, and a second emulator serving the file answers the board alike', async () => {
    const file = join(folder, 'launch.json');
    const run = await snapshot([
      '--from',
      platform.baseUrl,
      '--board',
      boardId,
      '--output',
      file,
      '--keep-personal-data',
    ]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/wrote .*launch\.json: 2 boards, 233 items/);
    expect(run.out).not.toMatch(/placeholders/);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(platform.token);
    expect((await stat(`${file}.progress`).catch(() => null)) === null).toBe(true);

    const served = await startEmulator({ snapshot: file });
    try {
      const copy = new PlatformClient({ token: platform.token, baseUrl: served.baseUrl });
      const original = await client.request(BOARD_QUERY, { ids: [boardId] });
      const answered = await copy.request(BOARD_QUERY, { ids: [boardId] });
      expect(comparable(answered.data)).toEqual(comparable(original.data));
      // The relation and the formula read as they do on the platform, not as empty text.
      const linked = (
        answered.data as {
          boards: {
            items_page: {
              items: {
                name: string;
                column_values: { id: string; linked_item_ids?: string[]; display_value?: string }[];
              }[];
            };
          }[];
        }
      ).boards[0]?.items_page.items.find((item) => item.name === 'Linked');
      expect(linked?.column_values.find((value) => value.id === 'k_relation')?.linked_item_ids).toHaveLength(1);
      expect(linked?.column_values.find((value) => value.id === 'k_formula')?.display_value).toBe('6');
    } finally {
      await served.close();
    }
  });

  it('replaces names and emails by stable placeholders unless asked to keep them', async () => {
    const hidden = join(folder, 'hidden.json');
    const kept = join(folder, 'kept.json');
    expect(
      (await snapshot(['--from', platform.baseUrl, '--board', boardId, '--output', hidden, '--structure-only'])).code,
    ).toBe(0);
    expect(
      (
        await snapshot([
          '--from',
          platform.baseUrl,
          '--board',
          boardId,
          '--output',
          kept,
          '--structure-only',
          '--keep-personal-data',
        ])
      ).code,
    ).toBe(0);
    const hiddenText = await readFile(hidden, 'utf8');
    expect(hiddenText).not.toContain('Ada Lovelace');
    expect(hiddenText).not.toContain('ada@acme.example');
    expect(hiddenText).toContain(`"name":"User ${ADA}"`);
    expect(hiddenText).toContain(`user-${ADA}@example.invalid`);
    expect(await readFile(kept, 'utf8')).toContain('Ada Lovelace');
    // Structure only: columns and groups, no items.
    expect(
      (JSON.parse(hiddenText) as { seed: { items: unknown[]; boards: { columns: unknown[] }[] } }).seed.items,
    ).toEqual([]);
    expect(
      (JSON.parse(hiddenText) as { seed: { boards: { columns: unknown[] }[] } }).seed.boards[0]?.columns.length,
    ).toBeGreaterThan(WRITES.length);
  });

  it('goes on from its progress file after a failure, reading no item twice', async () => {
    const file = join(folder, 'resumed.json');
    // The platform refuses one request once a page of items has been read.
    platform.setFaults([
      {
        kind: 'respond',
        status: 400,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          errors: [{ message: 'refused for the test', extensions: { code: 'INVALID_ARGUMENT' } }],
        }),
        nth: [7],
      },
    ]);
    const failed = await snapshot(['--from', platform.baseUrl, '--board', boardId, '--output', file]);
    platform.setFaults([]);
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(/run the same command again to go on/);
    expect(failed.err).not.toContain(platform.token);
    const progress = await readFile(`${file}.progress`, 'utf8');
    expect(progress).not.toContain(platform.token);
    expect(progress.split('\n').filter(Boolean).length).toBeGreaterThan(1);

    const resumed = await snapshot(['--from', platform.baseUrl, '--board', boardId, '--output', file]);
    expect(resumed.code).toBe(0);
    expect(resumed.out).toMatch(/going on from .*\(\d+ items read before\)/);
    expect(Number(/\((\d+) items read before\)/.exec(resumed.out)?.[1])).toBeGreaterThan(0);
    const items = (JSON.parse(await readFile(file, 'utf8')) as { seed: { items: { id: string }[] } }).seed.items;
    expect(items).toHaveLength(233);
    expect(new Set(items.map((item) => item.id)).size).toBe(233);
  });

  it('refuses usage mistakes with exit 2 before anything is sent, never echoing the token', async () => {
    const before = platform.requests.length;
    const noToken = await snapshot(
      ['--from', platform.baseUrl, '--board', boardId, '--output', join(folder, 'x.json')],
      null,
    );
    expect(noToken).toMatchObject({ code: 2 });
    expect(noToken.err).toMatch(new RegExp(`set ${TOKEN_ENV}`));
    expect((await snapshot(['--from', platform.baseUrl, '--output', join(folder, 'x.json')])).err).toMatch(
      /at least one --board/,
    );
    expect(
      (await snapshot(['--from', platform.baseUrl, '--board', 'abc', '--output', join(folder, 'x.json')])).err,
    ).toMatch(/--board takes a board id/);
    const secretAsFlag = await snapshot([`--${platform.token}`]);
    expect(secretAsFlag.code).toBe(2);
    expect(secretAsFlag.err).not.toContain(platform.token);
    expect(platform.requests.length).toBe(before);
    const missing = await snapshot([
      '--from',
      platform.baseUrl,
      '--board',
      '999999',
      '--output',
      join(folder, 'none.json'),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/board 999999 was not found/);
  });
});
