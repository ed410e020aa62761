/**
 * The `parity` command over real sockets, with an emulator standing in for the platform: an app's query and mutation
 * on one board answer alike (exit 0); each kind of difference the report claims to find is found when the "platform"
 * is made to answer differently (a fault rule per kind), with the operation named and exit 1; mutations are skipped
 * without --allow-mutations; usage mistakes exit 2 before anything is sent; the token never reaches the report.
 * The comparison rules themselves are pinned below on answers built by hand.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_ENV } from '../../src/commands/command-usage.js';
import { runParityCommand } from '../../src/commands/parity-command.js';
import { compareAnswers } from '../../src/commands/parity-compare.js';
import type { FaultRule } from '../../src/index.js';
import { createTestEmulator, type TestEmulator } from '../../src/testing/index.js';

let platform: TestEmulator;
let folder: string;
let boardId: string;

const QUERY = (board: string) => `query LaunchItems { boards(ids: [${board}]) { id name
  items_page(limit: 50) { items { id name column_values { id text value } } } } }`;
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
  join(folder, 'variables.json'),
  '--allow-mutations',
];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'emulator-parity-'));
  platform = await createTestEmulator({ startTime: Date.UTC(2026, 10, 20, 9) });
  const post = async (query: string) => {
    const response = await fetch(`${platform.baseUrl}/v2`, {
      method: 'POST',
      headers: { authorization: platform.token, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as { data: Record<string, { id: string }> };
  };
  boardId = (await post('mutation { create_board(board_name: "Launch", board_kind: public) { id } }')).data.create_board
    ?.id as string;
  await post(
    `mutation { create_item(board_id: ${boardId}, item_name: "Kick-off", column_values: "{\\"text\\":\\"hi\\"}") { id } }`,
  );
  await post(`mutation { create_item(board_id: ${boardId}, item_name: "Review") { id } }`);
  await import('node:fs/promises').then(({ mkdir }) => mkdir(join(folder, 'ops')));
  await writeFile(join(folder, 'ops', 'items.graphql'), QUERY(boardId));
  await writeFile(join(folder, 'ops', 'add.graphql'), MUTATION);
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
  async function queryAnswered(body: unknown, status = 200) {
    // The snapshot's reads come first (me, the board, its items and their facts, the users...); the query is next.
    const reads = await countSnapshotReads();
    const rule: FaultRule = {
      kind: 'respond',
      status,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      nth: [reads + 1],
    };
    platform.setFaults([rule]);
    const run = await parity(ARGS().filter((arg) => arg !== '--allow-mutations'));
    platform.setFaults([]);
    return run;
  }

  let snapshotReads: number | undefined;
  async function countSnapshotReads(): Promise<number> {
    if (snapshotReads !== undefined) return snapshotReads;
    // A run with the query alone sends the snapshot's reads, then the query.
    const before = platform.requests.length;
    await parity(ARGS().filter((arg) => arg !== '--allow-mutations'));
    snapshotReads = platform.requests.length - before - 1;
    return snapshotReads;
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
