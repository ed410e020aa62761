/**
 * The `parity` command over real sockets, with an emulator standing in for the platform: an app's query and mutation
 * on one board answer alike (exit 0); each kind of difference the report claims to find is found when the "platform"
 * is made to answer differently, with the operation named and exit 1: a status, another class of error, a field, a
 * list length, a value, a field the emulator does not model, warnings and a cost (a fault rule `respond` playing back
 * the platform's own answer with one thing changed), the answering version (a platform serving other versions) and
 * the rate-limit policies (a platform with other limits); operations both sides refuse are told apart from those
 * answered alike; mutations are skipped without --allow-mutations; usage mistakes exit 2 before anything is sent;
 * the token never reaches the report.
 * The comparison rules themselves are pinned below on answers built by hand.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_VERSION } from 'workspace-platform-sdk';
import { PARITY_SHOWN, PARITY_SHOWN_VERSION } from '../../scripts/coverage-parity.js';
import { TOKEN_ENV } from '../../src/commands/command-usage.js';
import { runParityCommand } from '../../src/commands/parity-command.js';
import {
  askingChargedComplexity,
  CHARGED_COMPLEXITY_ALIAS,
  compareAnswers,
} from '../../src/commands/parity-compare.js';
import type { FaultRule } from '../../src/index.js';
import { createTestEmulator, type TestEmulator, type TestEmulatorOptions } from '../../src/testing/index.js';
import { rootFieldsAnsweredAlike } from './parity-shown.js';

let platform: TestEmulator;
let folder: string;
let boardId: string;

const QUERY = (board: string) => `query LaunchItems { boards(ids: [${board}]) { id name
  items_page(limit: 50) { items { id name column_values { id text value } } } } }`;
/** A query of a field the emulator does not model (it answers NOT_MODELLED). */
const UNMODELLED = 'query Catalogue { audit_event_catalogue { name } }';
/** A query both sides refuse (its variable is never given). */
const BROKEN = 'query Broken($board: ID!) { boards(ids: [$board]) { id } }';
const MUTATION = `mutation AddTask($board: ID!) { create_item(board_id: $board, item_name: "From parity") { id name } }`;

async function parity(args: string[], token: string | null = platform.token) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runParityCommand(args, {
    env: token === null ? {} : { [TOKEN_ENV]: token },
    cwd: folder,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const ARGS = () => [
  '--against',
  platform.baseUrl,
  '--documents',
  'ops/*.graphql',
  '--variables',
  'variables.json', // relative, as a user types it: read from the command's working directory
  '--allow-mutations',
];

/** A board "Launch" with two items, made through the API of `target`; its id. */
async function boardMadeOn(target: TestEmulator): Promise<string> {
  const post = async (query: string) => {
    const response = await fetch(`${target.baseUrl}/v2`, {
      method: 'POST',
      headers: { authorization: target.token, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as { data: Record<string, { id: string }> };
  };
  const board = (await post('mutation { create_board(board_name: "Launch", board_kind: public) { id } }')).data
    .create_board?.id as string;
  await post(
    `mutation { create_item(board_id: ${board}, item_name: "Kick-off", column_values: "{\\"text\\":\\"hi\\"}") { id } }`,
  );
  await post(`mutation { create_item(board_id: ${board}, item_name: "Review") { id } }`);
  return board;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'emulator-parity-'));
  platform = await createTestEmulator({ startTime: Date.UTC(2026, 10, 20, 9) });
  boardId = await boardMadeOn(platform);
  await mkdir(join(folder, 'ops'));
  await writeFile(join(folder, 'ops', 'items.graphql'), QUERY(boardId));
  await writeFile(join(folder, 'ops', 'add.graphql'), MUTATION);
  await mkdir(join(folder, 'refused'));
  await writeFile(join(folder, 'refused', 'broken.graphql'), BROKEN);
  await mkdir(join(folder, 'unmodelled'));
  await writeFile(join(folder, 'unmodelled', 'catalogue.graphql'), UNMODELLED);
  await writeFile(join(folder, 'variables.json'), JSON.stringify({ AddTask: { board: boardId } }));
});

afterAll(async () => {
  await platform.close();
  await rm(folder, { recursive: true, force: true });
});

beforeEach(() => platform.setFaults([]));

describe('workspace-platform-emulator parity', () => {
  it('finds no difference when the target answers as the emulator does (a query and a mutation)', async () => {
    const report = join(folder, 'same.md');
    const run = await parity([...ARGS(), '--output', report]);
    expect(run.err).toBe('');
    expect(run.code, await readFile(report, 'utf8')).toBe(0);
    expect(run.out).toMatch(/2 operations, no difference/);
    const text = await readFile(report, 'utf8');
    expect(text).toMatch(/\| LaunchItems \| ops\/items\.graphql \| same \|/);
    expect(text).toMatch(/\| AddTask \| ops\/add\.graphql \| same \|/);
    expect(text).not.toContain(platform.token);
    // What this shows feeds the coverage table's "Parity shown" column, which lists exactly these.
    expect(API_VERSION).toBe(PARITY_SHOWN_VERSION);
    expect(rootFieldsAnsweredAlike(text, [QUERY(boardId), MUTATION])).toEqual(
      PARITY_SHOWN['test/commands/parity.test.ts'],
    );
  });

  it('skips mutations unless --allow-mutations', async () => {
    const run = await parity(ARGS().filter((arg) => arg !== '--allow-mutations'));
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/\| AddTask \| .* \| skipped: a mutation \(run with --allow-mutations\) \|/);
  });

  it('names the mutation when the target fails mutations', async () => {
    platform.setFaults([{ kind: 'http-error', status: 500, mutationsOnly: true }]);
    const run = await parity(ARGS());
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/1 of 2 operations answered differently/);
    expect(run.out).toMatch(/## status[\s\S]*\| AddTask \| \(answer\) \| 500 \| 200 \|/);
    expect(run.out).toMatch(/\| LaunchItems \| .* \| same \|/);
  });

  /** The platform answers the query (not the snapshot's reads, which come first) with `body`. */
  async function queryAnswered(
    body: unknown,
    status = 200,
    headers: Record<string, string> = { 'content-type': 'application/json' },
    args = ARGS().filter((arg) => arg !== '--allow-mutations'),
  ) {
    // The snapshot's reads come first (me, the board, its items and their facts, the users...); the query is next.
    const reads = await countSnapshotReads(args);
    const rule: FaultRule = { kind: 'respond', status, headers, body: JSON.stringify(body), nth: [reads + 1] };
    platform.setFaults([rule]);
    const run = await parity(args);
    platform.setFaults([]);
    return run;
  }

  const snapshotReads = new Map<string, number>();
  async function countSnapshotReads(args: string[]): Promise<number> {
    const known = snapshotReads.get(args.join(' '));
    if (known !== undefined) return known;
    // A run with one query sends the snapshot's reads, then the query.
    const before = platform.requests.length;
    await parity(args);
    const reads = platform.requests.length - before - 1;
    snapshotReads.set(args.join(' '), reads);
    return reads;
  }

  const items = (list: unknown[]) => ({
    data: { boards: [{ id: boardId, name: 'Launch', items_page: { items: list } }] },
  });

  it('finds each kind of difference it claims to find, grouped and explained', async () => {
    const cases: [string, unknown, number, RegExp][] = [
      [
        'error-code',
        { errors: [{ message: 'no', extensions: { code: 'ColumnValueException' } }] },
        200,
        /## error-code/,
      ],
      [
        'field',
        { data: { boards: [{ id: boardId, name: null, items_page: { items: [] } }] } },
        200,
        /## field[\s\S]*boards\.0\.name \| null \| present/,
      ],
      ['list-length', items([]), 200, /## list-length[\s\S]*boards\.0\.items_page\.items \| 0 \| [1-9]\d* \|/],
      ['status', { errors: [{ message: 'slow down' }] }, 429, /## status[\s\S]*\| 429 \| 200 \|/],
    ];
    for (const [kind, body, status, pattern] of cases) {
      const run = await queryAnswered(body, status);
      expect(run.code, kind).toBe(1);
      expect(run.out, kind).toMatch(pattern);
      expect(run.out, kind).toMatch(/LaunchItems/);
    }
  });

  /** The kinds of difference a report groups, in order. */
  const kindsIn = (report: string) => [...report.matchAll(/^## (.+)$/gm)].map((match) => match[1]);

  /**
   * The platform's own answer to the query as parity sends it (asking each side what it charged), with the headers
   * parity compares, for a fault rule to play back with one thing changed.
   */
  async function platformAnswer(query: string) {
    const response = await fetch(`${platform.baseUrl}/v2`, {
      method: 'POST',
      headers: { authorization: platform.token, 'content-type': 'application/json', 'api-version': API_VERSION },
      body: JSON.stringify({ query: askingChargedComplexity(query) }),
    });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const name of ['api-version', 'ratelimit-policy']) headers[name] = response.headers.get(name) ?? '';
    return { headers, body: (await response.json()) as { data: Record<string, unknown>; [key: string]: unknown } };
  }

  it('finds a value that differs, and nothing else, when the platform answers one item name differently', async () => {
    const { headers, body } = await platformAnswer(QUERY(boardId));
    const board = (body.data.boards as { items_page: { items: { name: string }[] } }[])[0];
    if (board?.items_page.items[0]) board.items_page.items[0].name = 'Renamed on the platform';
    const run = await queryAnswered(body, 200, headers);
    expect(run.code, run.out).toBe(1);
    expect(kindsIn(run.out)).toEqual(['value']);
    expect(run.out).toMatch(
      /\| LaunchItems \| boards\.0\.items_page\.items\.0\.name \| "Renamed on the platform" \| "Kick-off" \|/,
    );
  });

  it('compares the complexity each side charged in its own answer, differing by more than 10%', async () => {
    const { headers, body } = await platformAnswer(QUERY(boardId));
    const charged = body.data[CHARGED_COMPLEXITY_ALIAS] as { query: number };
    const own = charged.query;
    charged.query = Math.round(own * 1.5);
    const run = await queryAnswered(body, 200, headers);
    expect(run.code, run.out).toBe(1);
    expect(kindsIn(run.out)).toEqual(['cost']);
    expect(run.out).toContain(`| LaunchItems | (answer) | ${charged.query} | ${own} |`);
    // Within 10% is the same cost; the field parity asked for is not itself reported as a field of the answer.
    charged.query = Math.round(own * 1.05);
    const near = await queryAnswered(body, 200, headers);
    expect(near.code, near.out).toBe(0);
  });

  it('finds warnings that differ by their codes (extensions.code, the platform shape)', async () => {
    const { headers, body } = await platformAnswer(QUERY(boardId));
    const warning = { message: 'Board.owner is deprecated', extensions: { code: 'deprecatedField' } };
    const run = await queryAnswered({ ...body, extensions: { warnings: [warning] } }, 200, headers);
    expect(run.code, run.out).toBe(1);
    expect(kindsIn(run.out)).toEqual(['warnings']);
    expect(run.out).toMatch(/\| LaunchItems \| \(answer\) \| deprecatedField \| \(none\) \|/);
  });

  it('finds a field the emulator does not model when the platform answers it', async () => {
    const args = ['--against', platform.baseUrl, '--documents', 'unmodelled/*.graphql'];
    const { headers, body } = await platformAnswer(UNMODELLED);
    body.data.audit_event_catalogue = [{ name: 'board_created' }];
    delete body.errors;
    const run = await queryAnswered(body, 200, headers, args);
    expect(run.code, run.out).toBe(1);
    expect(kindsIn(run.out)).toContain('not-modelled');
    expect(run.out).toMatch(/## not-modelled[\s\S]*\| Catalogue \| \(answer\) \| \(none\) \| NOT_MODELLED \|/);
  });

  it('tells an operation both sides refuse alike from one answered alike with data', async () => {
    const run = await parity(['--against', platform.baseUrl, '--documents', 'refused/*.graphql']);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/\| Broken \| refused\/broken\.graphql \| same: both answered errors \([A-Za-z_]+\) \|/);
    expect(rootFieldsAnsweredAlike(run.out, [BROKEN])).toEqual([]);
  });

  it('finds another class of error when both sides refuse with different codes', async () => {
    const args = ['--against', platform.baseUrl, '--documents', 'refused/*.graphql'];
    const { headers } = await platformAnswer(QUERY(boardId));
    const refusal = { errors: [{ message: 'Board not found', extensions: { code: 'ResourceNotFoundException' } }] };
    const run = await queryAnswered(refusal, 200, headers, args);
    expect(run.code, run.out).toBe(1);
    expect(kindsIn(run.out)).toEqual(['error-code']);
    expect(run.out).toMatch(
      /\| Broken \| \(answer\) \| ResourceNotFoundException \| (?!ResourceNotFoundException)[A-Za-z_]+ \|/,
    );
  });

  it('runs a mutation naming an item of the snapshot, and skips one naming an item outside it', async () => {
    const item = platform.store.items.onBoard(boardId)[0]?.id as string;
    await mkdir(join(folder, 'by-item'), { recursive: true });
    await writeFile(
      join(folder, 'by-item', 'notes.graphql'),
      `mutation Note($item: ID!) { create_update(item_id: $item, body: "From parity") { id body } }
       mutation Elsewhere { create_update(item_id: 4000001, body: "Not on a snapshot board") { id } }`,
    );
    await writeFile(join(folder, 'by-item', 'variables.json'), JSON.stringify({ Note: { item } }));
    const args = ['--against', platform.baseUrl, '--documents', 'by-item/*.graphql', '--board', boardId];
    const run = await parity([...args, '--variables', 'by-item/variables.json', '--allow-mutations']);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/\| Note \| by-item\/notes\.graphql \| same \|/);
    expect(run.out).toMatch(/\| Elsewhere \| .* \| skipped: a mutation naming no board or item of the snapshot \|/);
  });

  describe('against a platform started differently', () => {
    /** A second "platform" with `options`, a board made through its API and the query on it. */
    async function otherPlatform(options: TestEmulatorOptions, name: string) {
      const other = await createTestEmulator({ startTime: Date.UTC(2026, 10, 20, 9), ...options });
      const board = await boardMadeOn(other);
      await mkdir(join(folder, name));
      await writeFile(join(folder, name, 'items.graphql'), QUERY(board));
      return other;
    }

    it('finds the answering version, and its warning, when the platform routes the version elsewhere', async () => {
      const other = await otherPlatform({ versions: ['2026-07'] }, 'routed');
      try {
        const run = await parity(['--against', other.baseUrl, '--documents', 'routed/*.graphql'], other.token);
        expect(run.code, run.out).toBe(1);
        expect(kindsIn(run.out)).toEqual(['version', 'warnings']);
        expect(run.out).toMatch(
          new RegExp(`## version[\\s\\S]*\\| LaunchItems \\| \\(answer\\) \\| 2026-07 \\| ${API_VERSION} \\|`),
        );
        expect(run.out).toMatch(/## warnings[\s\S]*\| LaunchItems \| \(answer\) \| unsupportedVersion \| \(none\) \|/);
      } finally {
        await other.close();
      }
    });

    it('finds rate-limit policies that differ in their quotas', async () => {
      const limits = { minuteRate: { quota: 600, windowSeconds: 60 } };
      const other = await otherPlatform({ limits }, 'limited');
      try {
        const run = await parity(['--against', other.baseUrl, '--documents', 'limited/*.graphql'], other.token);
        expect(run.code, run.out).toBe(1);
        expect(kindsIn(run.out)).toEqual(['rate-limit-policy']);
        expect(run.out).toMatch(/\| LaunchItems \| \(answer\) \| minuteRate q=600 w=60 \| minuteRate q=1000 w=60 \|/);
      } finally {
        await other.close();
      }
    });
  });

  it('refuses usage mistakes with exit 2 before anything is sent', async () => {
    const before = platform.requests.length;
    expect((await parity(ARGS(), null)).err).toMatch(new RegExp(`set ${TOKEN_ENV}`));
    expect((await parity(['--against', platform.baseUrl])).err).toMatch(/--documents/);
    expect((await parity(['--against', platform.baseUrl, '--documents', 'nothing/*.graphql'])).err).toMatch(
      /matches no file/,
    );
    const pasted = await parity([`--${platform.token}`]);
    expect(pasted.code).toBe(2);
    expect(pasted.err).not.toContain(platform.token);
    expect(platform.requests.length).toBe(before);
  });
});

describe('the comparison rules', () => {
  const answer = (body: unknown, headers: Record<string, string> = {}) => ({ status: 200, headers, body });
  it('compares values of queries only, times by presence, and JSON values without the bookkeeping keys', () => {
    const a = answer({
      data: { item: { name: 'A', updated_at: '2026-01-01', value: '{"text":"x","changed_at":"1"}' } },
    });
    const b = answer({
      data: { item: { name: 'B', updated_at: '2026-02-02', value: '{"text":"x","changed_at":"2"}' } },
    });
    expect(compareAnswers(a, b, { compareValues: true })).toEqual([
      { kind: 'value', path: 'item.name', platform: '"A"', emulator: '"B"' },
    ]);
    expect(compareAnswers(a, b, { compareValues: false })).toEqual([]);
  });
  it('tells a field the emulator does not model from another error, and compares versions, warnings, policies, cost', () => {
    const platform = answer(
      { data: { complexity: { query: 1000 } }, extensions: { warnings: [{ code: 'DEPRECATED_FIELD' }] } },
      { 'api-version': '2026-10', 'ratelimit-policy': '"minute";q=1000;w=60' },
    );
    const emulator = answer(
      { data: { complexity: { query: 1200 } }, errors: [{ message: 'x', extensions: { code: 'NOT_MODELLED' } }] },
      { 'api-version': '2026-07', 'ratelimit-policy': '"minute";q=1000;w=60, "daily";q=10' },
    );
    expect(compareAnswers(platform, emulator, { compareValues: false }).map((difference) => difference.kind)).toEqual([
      'not-modelled',
      'version',
      'warnings',
      'rate-limit-policy',
      'cost',
    ]);
  });
});
