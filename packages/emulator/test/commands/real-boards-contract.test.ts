/**
 * The whole path of "testing against your real boards", end to end over real sockets, as a user runs it: an emulator
 * stands in for the platform, with a board made through its API; the `snapshot` command reads the board into a file;
 * the `workspace-platform-emulator` command (a real process) serves the file with `--snapshot` and answers the board
 * alike (ids, names, column values); `parity` with a query and a mutation on that board finds no difference, and
 * names the mutation when the platform is made to fail mutations (a fault rule); the served emulator's state, written
 * on exit by `--export-on-exit`, loads in another emulator that answers as it did.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_VERSION, column, columnValues, PlatformClient } from 'workspace-platform-sdk';
import { PARITY_SHOWN, PARITY_SHOWN_VERSION } from '../../scripts/coverage-parity.js';
import { TOKEN_ENV } from '../../src/commands/command-usage.js';
import { runParityCommand } from '../../src/commands/parity-command.js';
import { runSnapshotCommand } from '../../src/commands/snapshot-command.js';
import { DEMO_TOKEN, startEmulator } from '../../src/index.js';
import { createTestEmulator, type TestEmulator } from '../../src/testing/index.js';
import { rootFieldsAnsweredAlike } from './parity-shown.js';

const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

const BOARD_QUERY = `query Board($ids: [ID!]) { boards(ids: $ids) { id name
  columns { id title type }
  items_page(limit: 100) { items { id name group { id } column_values { id type text value } } } } }`;
const ADD_ITEM = 'mutation AddItem($board: ID!) { create_item(board_id: $board, item_name: "Added by parity") { id } }';

/** More of what an app does with its board, each shown to answer alike. */
const MORE_OPERATIONS = `
query Items($ids: [ID!]) { items(ids: $ids) { id name board { id name } group { id title } column_values { id text } } }
query Me { me { id name email } }
query Groups($board: ID!) { boards(ids: [$board]) { groups { id title position } } }
query ByEffort($board: ID!) {
  items_page_by_column_values(board_id: $board, columns: [{ column_id: "effort", column_values: ["3"] }]) {
    items { id name }
  }
}
mutation SetNotes($board: ID!, $item: ID!) {
  change_simple_column_value(board_id: $board, item_id: $item, column_id: "notes", value: "edited") { id name }
}
mutation AddGroup($board: ID!) { create_group(board_id: $board, group_name: "Next") { id title } }
mutation AddColumn($board: ID!) { create_column(board_id: $board, title: "Owner notes", column_type: text) { id title } }
mutation Describe($board: ID!) { update_board(board_id: $board, board_attribute: description, new_value: "Shipping") }
`;

let platform: TestEmulator;
let folder: string;
let boardId: string;
const children: ChildProcess[] = [];

/** The command run as the CLI runs it, in-process, with the token in its environment; exit code and output. */
async function command(run: typeof runSnapshotCommand | typeof runParityCommand, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(args, {
    env: { [TOKEN_ENV]: platform.token },
    cwd: folder,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** `workspace-platform-emulator <args>` as a real process; its baseUrl once it listens. */
async function served(args: string[]): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const banner = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/Press Ctrl\+C/.test(output)) resolve(output);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { child, baseUrl: /baseUrl\s+(http:\/\/\S+)/.exec(banner)?.[1] as string };
}

/** The board as `target` answers it. */
async function board(target: { baseUrl: string }) {
  const client = new PlatformClient({ token: DEMO_TOKEN, baseUrl: target.baseUrl, retry: { maxAttempts: 1 } });
  return (await client.request(BOARD_QUERY, { ids: [boardId] })).data;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'emulator-real-boards-'));
  platform = await createTestEmulator({ startTime: Date.UTC(2026, 10, 20, 9) });
  const client = new PlatformClient({ token: platform.token, baseUrl: platform.baseUrl });
  const made = await client.request<{ create_board: { id: string } }>(
    'mutation { create_board(board_name: "Releases", board_kind: public) { id } }',
  );
  boardId = made.data.create_board.id;
  for (const [id, type] of [
    ['state', 'status'],
    ['notes', 'text'],
    ['effort', 'numbers'],
  ])
    await client.request(
      'mutation ($b: ID!, $id: String, $t: String!, $k: ColumnType!) { create_column(board_id: $b, id: $id, title: $t, column_type: $k) { id } }',
      { b: boardId, id, t: id, k: type },
    );
  const create =
    'mutation ($b: ID!, $n: String!, $v: JSON) { create_item(board_id: $b, item_name: $n, column_values: $v) { id } }';
  await client.request(create, {
    b: boardId,
    n: 'Ship 1.0',
    v: columnValues({
      state: column.status({ label: 'Done' }),
      notes: column.text('shipped'),
      effort: column.numbers(8),
    }),
  });
  const plan = await client.request<{ create_item: { id: string } }>(create, {
    b: boardId,
    n: 'Plan 2.0',
    v: columnValues({ effort: column.numbers(3) }),
  });
  await mkdir(join(folder, 'operations'));
  await writeFile(join(folder, 'operations', 'board.graphql'), BOARD_QUERY);
  await writeFile(join(folder, 'operations', 'add.graphql'), ADD_ITEM);
  await writeFile(join(folder, 'operations', 'more.graphql'), MORE_OPERATIONS);
  const item = plan.data.create_item.id;
  await writeFile(
    join(folder, 'variables.json'),
    JSON.stringify({
      Board: { ids: [boardId] },
      AddItem: { board: boardId },
      Items: { ids: [item] },
      SetNotes: { board: boardId, item },
      Groups: { board: boardId },
      ByEffort: { board: boardId },
      AddColumn: { board: boardId },
      Describe: { board: boardId },
      AddGroup: { board: boardId },
    }),
  );
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await platform.close();
  await rm(folder, { recursive: true, force: true });
});

it('snapshots a board, serves it with --snapshot, shows parity, and saves and loads the state', async () => {
  const file = join(folder, 'releases.json');
  const taken = await command(runSnapshotCommand, ['--from', platform.baseUrl, '--board', boardId, '--output', file]);
  expect(taken.err).toBe('');
  expect(taken.code).toBe(0);

  // A second emulator, the command serving the file, answers the board's ids, names and column values alike.
  const state = join(folder, 'state.json');
  const copy = await served(['--snapshot', file, '--export-on-exit', state]);
  const original = await board(platform);
  expect(await board(copy)).toEqual(original);
  expect(JSON.stringify(original)).toContain('Ship 1.0');
  expect(JSON.stringify(original)).toContain('"text":"shipped"');

  // Parity against the platform with a query and a mutation on the board: no difference.
  const parityArgs = [
    '--against',
    platform.baseUrl,
    '--documents',
    'operations/*.graphql',
    '--variables',
    join(folder, 'variables.json'),
    '--allow-mutations',
  ];
  const same = await command(runParityCommand, parityArgs);
  expect(same.err).toBe('');
  expect(same.code, same.out).toBe(0);
  expect(same.out).toMatch(/\| Board \| .* \| same \|[\s\S]*\| AddItem \| .* \| same \|/);
  // What this shows feeds the coverage table's "Parity shown" column, which lists exactly these.
  expect(API_VERSION).toBe(PARITY_SHOWN_VERSION);
  expect(rootFieldsAnsweredAlike(same.out, [BOARD_QUERY, ADD_ITEM, MORE_OPERATIONS]), same.out).toEqual(
    PARITY_SHOWN['test/commands/real-boards-contract.test.ts'],
  );

  // The platform made to fail mutations: exit 1, the mutation named.
  platform.setFaults([{ kind: 'http-error', status: 500, mutationsOnly: true }]);
  const failing = await command(runParityCommand, parityArgs);
  platform.setFaults([]);
  expect(failing.code).toBe(1);
  expect(failing.out).toMatch(/\| AddItem \| .* \| 1 difference \|/);
  expect(failing.out).toMatch(/## status[\s\S]*\| AddItem \| \(answer\) \| 500 \| 200 \|/);

  // The served emulator's state, changed and written on exit, loads in another that answers as it did.
  const client = new PlatformClient({ token: DEMO_TOKEN, baseUrl: copy.baseUrl });
  await client.request(ADD_ITEM, { board: boardId });
  const before = await board(copy);
  const exited = new Promise<number | null>((resolve) => copy.child.once('exit', resolve));
  copy.child.kill('SIGTERM');
  expect(await exited).toBe(0);
  const loaded = await startEmulator({ snapshot: state });
  try {
    expect(await board(loaded)).toEqual(before);
    expect(JSON.stringify(before)).toContain('Added by parity');
  } finally {
    await loaded.close();
  }
});
