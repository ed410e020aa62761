/**
 * An exported CSV imports back: `workspace-platform export --format csv` of a board with a column of every kind the
 * import takes (IMPORTABLE_COLUMN_KINDS), then `workspace-platform import` of that file into another board with the
 * same columns, against the emulator over a real socket; every value of every item reads back equal. The values are
 * chosen to be awkward for a CSV: labels beside addresses, several people and labels, commas, quotes, line breaks,
 * cells a spreadsheet would take for a formula, and empty cells.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from 'workspace-platform-emulator';
import { IMPORTABLE_COLUMN_KINDS } from '../../src/bulk/index.js';
import { runCli } from '../../src/cli/cli.js';
import { BASE_URL_ENV, EXIT, TOKEN_ENV } from '../../src/cli/command-io.js';
import { readCsv } from '../../src/cli/csv.js';
import {
  type ColumnValueBuilder,
  column,
  columnValues,
  type PlatformClient,
  readColumnValue,
} from '../../src/index.js';
import { clientFor, closeEmulators, DEMO_TOKEN, ROADMAP_BOARD_ID, startTestEmulator } from './harness.js';

const ADA = 501;
const GRACE = 502;

type Kind = (typeof IMPORTABLE_COLUMN_KINDS)[number];

/** Each importable kind: its column settings, and the values of the items (undefined: the cell is left empty). */
const KINDS: Record<Kind, { settings?: Record<string, unknown>; values: (ColumnValueBuilder | undefined)[] }> = {
  text: {
    values: [
      column.text('plain'),
      column.text('=SUM(A1:A3)'),
      column.text('comma, "quotes"'),
      column.text('\ttab first'),
    ],
  },
  long_text: {
    values: [
      column.longText('first line\nsecond, with a comma'),
      column.longText('+1 more'),
      column.longText('\rcarriage return first'),
      column.longText("'=already quoted"),
    ],
  },
  numbers: { values: [column.numbers(42.5), column.numbers(-7), column.numbers(0), undefined] },
  status: {
    values: [column.status({ label: 'Done' }), column.status({ label: 'Working on it' }), undefined, undefined],
  },
  dropdown: {
    settings: {
      labels: [
        { id: 1, name: 'Cookie' },
        { id: 2, name: 'Cupcake' },
        { id: 3, name: '@home' },
      ],
    },
    values: [
      column.dropdown({ labels: ['Cookie', 'Cupcake'] }),
      column.dropdown({ labels: ['@home'] }),
      undefined,
      undefined,
    ],
  },
  date: { values: [column.date('2026-11-24'), column.date('2026-11-24', '14:30'), undefined, undefined] },
  timeline: { values: [column.timeline({ from: '2026-11-01', to: '2026-11-30' }), undefined, undefined, undefined] },
  email: {
    values: [
      column.email('ada@example.com', 'Ada'),
      column.email('grace@example.com'),
      column.email('team@example.com', 'The whole team'),
      undefined,
    ],
  },
  link: {
    values: [
      column.link('https://example.com', 'Example'),
      column.link('https://example.com/a?b=c'),
      column.link('https://example.org', 'Two words'),
      undefined,
    ],
  },
  phone: {
    values: [column.phone('+1 202 555 0123', 'US'), column.phone('+33 1 23 45 67 89', 'FR'), undefined, undefined],
  },
  people: {
    values: [
      column.people([{ id: ADA, kind: 'person' }]),
      column.people([
        { id: ADA, kind: 'person' },
        { id: GRACE, kind: 'person' },
      ]),
      undefined,
      undefined,
    ],
  },
  // Filled in beforeAll, once the linked items exist.
  board_relation: { values: [] },
};

const NAMES = ['First item', '=HYPERLINK("http://example.com")', 'Comma, "quoted" name', '-minus'];

const idOf = (kind: string) => `k_${kind}`.slice(0, 20);

let emulator: Emulator;
let client: PlatformClient;
let source: string;
let target: string;
let directory: string;

async function createBoard(name: string): Promise<string> {
  const made = await client.request<{ create_board: { id: string } }>(
    'mutation ($name: String!) { create_board(board_name: $name, board_kind: public, empty: true) { id } }',
    { name },
  );
  return made.data.create_board.id;
}

async function createColumn(board: string, kind: string, settings: Record<string, unknown> | undefined) {
  await client.request(
    'mutation ($board: ID!, $id: String, $title: String!, $type: ColumnType!, $defaults: JSON) { create_column(board_id: $board, id: $id, title: $title, column_type: $type, defaults: $defaults) { id } }',
    { board, id: idOf(kind), title: kind, type: kind, defaults: settings ? JSON.stringify(settings) : null },
  );
}

async function createItem(board: string, name: string, values: Record<string, ColumnValueBuilder>): Promise<string> {
  const made = await client.request<{ create_item: { id: string } }>(
    'mutation ($board: ID!, $name: String!, $values: JSON) { create_item(board_id: $board, item_name: $name, column_values: $values) { id } }',
    { board, name, values: columnValues(values) },
  );
  return made.data.create_item.id;
}

type Read = { name: string; column_values: { id: string; type: string; text: string | null; value: string | null }[] };

/** Every item of a board by name, with the readings of its importable columns. */
async function readings(board: string): Promise<Map<string, Record<string, unknown>>> {
  const { data } = await client.request<{ boards: { items_page: { items: Read[] } }[] }>(
    `query ($board: [ID!], $columns: [String!]) { boards(ids: $board) { items_page(limit: 100) { items {
      name column_values(ids: $columns) { id type text value ... on BoardRelationValue { linked_item_ids } } } } } }`,
    { board: [board], columns: IMPORTABLE_COLUMN_KINDS.map(idOf) },
  );
  const items = data.boards[0]?.items_page.items ?? [];
  return new Map(
    items.map((item) => [
      item.name,
      Object.fromEntries(item.column_values.map((cv) => [cv.id, { ...readColumnValue(cv), text: cv.text ?? '' }])),
    ]),
  );
}

async function run(args: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await runCli(args, {
    env: { [TOKEN_ENV]: DEMO_TOKEN, [BASE_URL_ENV]: emulator.baseUrl },
    stdout: new PassThrough(),
    stderr: {
      write: (text) => {
        err += text;
      },
      isTTY: false,
    },
    signal: new AbortController().signal,
    cwd: directory,
  });
  return { code, err };
}

beforeAll(async () => {
  const start = Date.now();
  emulator = await startTestEmulator({ now: () => start + (Date.now() - start) * 100 });
  client = clientFor(emulator);
  directory = mkdtempSync(join(tmpdir(), 'workspace-platform-round-trip-'));
  const linkedA = await createItem(ROADMAP_BOARD_ID, 'Linked A', {});
  const linkedB = await createItem(ROADMAP_BOARD_ID, 'Linked B', {});
  KINDS.board_relation.values = [
    column.boardRelation([linkedA]),
    column.boardRelation([linkedA, linkedB]),
    undefined,
    undefined,
  ];
  source = await createBoard('Exported');
  target = await createBoard('Imported');
  for (const board of [source, target]) {
    for (const kind of IMPORTABLE_COLUMN_KINDS) await createColumn(board, kind, KINDS[kind].settings);
  }
  for (const [index, name] of NAMES.entries()) {
    const values: Record<string, ColumnValueBuilder> = {};
    for (const kind of IMPORTABLE_COLUMN_KINDS) {
      const value = KINDS[kind].values[index];
      if (value) values[idOf(kind)] = value;
    }
    await createItem(source, name, values);
  }
});

afterAll(async () => {
  await closeEmulators();
  rmSync(directory, { recursive: true, force: true });
});

describe('an exported CSV imports back', () => {
  it('covers every kind the import takes', () => {
    expect(Object.keys(KINDS).sort()).toEqual([...IMPORTABLE_COLUMN_KINDS].sort());
  });

  it('export --format csv, then import into a board with the same columns: every value of every item equal', async () => {
    const exported = await run(['export', '--board', source, '--format', 'csv', '--output', 'board.csv']);
    expect(exported.code, exported.err).toBe(EXIT.ok);
    // No cell a spreadsheet would run as a formula (OWASP's CSV injection guidance): each such cell starts with '.
    const cells: string[] = [];
    for await (const record of readCsv([readFileSync(join(directory, 'board.csv'), 'utf8')]))
      cells.push(...record.fields);
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(cells).toEqual(
      expect.arrayContaining(["'=SUM(A1:A3)", "'-7", "'@home", "'\ttab first", "''=already quoted"]),
    );
    const imported = await run(['import', '--board', target, 'board.csv']);
    expect(imported.code, imported.err).toBe(EXIT.ok);
    expect(imported.err).toContain(`import: ${NAMES.length} created, 0 updated, 0 skipped, 0 failed`);

    const before = await readings(source);
    const after = await readings(target);
    // The source holds what was written (so equal readings are not two empty boards).
    expect(before.get('First item')).toMatchObject({
      [idOf('email')]: { email: 'ada@example.com', label: 'Ada' },
      [idOf('people')]: { personsAndTeams: [{ id: ADA, kind: 'person' }] },
      [idOf('date')]: { date: '2026-11-24' },
      [idOf('long_text')]: { value: 'first line\nsecond, with a comma' },
    });
    expect(before.get(NAMES[1] as string)).toMatchObject({
      [idOf('text')]: { value: '=SUM(A1:A3)' },
      [idOf('board_relation')]: { linkedItemIds: [expect.any(String), expect.any(String)] },
    });
    expect([...after.keys()].sort()).toEqual([...NAMES].sort());
    for (const name of NAMES) {
      for (const kind of IMPORTABLE_COLUMN_KINDS) {
        expect(after.get(name)?.[idOf(kind)], `${name}: ${kind}`).toEqual(before.get(name)?.[idOf(kind)]);
      }
    }
  });
});
