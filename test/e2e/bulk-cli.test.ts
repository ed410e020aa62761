/**
 * The `workspace-platform` command against the emulator over a real socket, run in process with its streams handed
 * in: export as JSON lines and as CSV, to standard output and to a file; an interrupted export resumed from its
 * checkpoint file with no line twice; import of a CSV file with a refused row (exit 3), and an interrupted import
 * resumed without a row sent twice; a progress bar on a terminal and plain lines otherwise; the exit codes of
 * `--help`; the token never printed, whatever fails. And the bin itself, in a process of its own: its exit code, and
 * Ctrl+C (SIGINT) ending it promptly with what was done kept.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSeed, type SeedData } from 'workspace-platform-emulator';
import { runCli } from '../../src/cli/cli.js';
import { BASE_URL_ENV, EXIT, TOKEN_ENV } from '../../src/cli/command-io.js';
import { readCsv } from '../../src/cli/csv.js';
import { PlatformClient, SCOPES } from '../../src/index.js';
import {
  closeEmulators,
  DEMO_TOKEN,
  graphqlRequests,
  ROADMAP_BOARD_ID,
  startTestEmulator,
  waitFor,
} from './harness.js';

const directories: string[] = [];
afterEach(async () => {
  await closeEmulators();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function workDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'workspace-platform-cli-'));
  directories.push(directory);
  return directory;
}

function seedWithItems(count: number): SeedData {
  const seed = defaultSeed();
  for (let n = 0; n < count; n += 1) {
    seed.items.push({
      id: String(7_000_000 + n),
      boardId: ROADMAP_BOARD_ID,
      groupId: 'topics',
      name: n === 1 ? 'Comma, "quoted" name' : `Row ${n}`,
      creatorId: '1',
      createdAt: '2026-01-01T00:00:00Z',
      columnValues: { numbers: n, text: `note ${n}` },
    });
  }
  return seed;
}

/** Runs the command in process; resolves with its exit code and everything it printed. */
async function run(
  args: string[],
  env: Record<string, string | undefined>,
  options: { cwd?: string; isTTY?: boolean; signal?: AbortSignal } = {},
) {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  let err = '';
  const code = await runCli(args, {
    env,
    stdout,
    stderr: {
      write: (text) => {
        err += text;
      },
      isTTY: options.isTTY ?? false,
      columns: 100,
    },
    signal: options.signal ?? new AbortController().signal,
    cwd: options.cwd ?? process.cwd(),
  });
  return { code, out, err };
}

const envFor = (emulator: { baseUrl: string }, token = DEMO_TOKEN) => ({
  [TOKEN_ENV]: token,
  [BASE_URL_ENV]: emulator.baseUrl,
});

const clientOf = (emulator: { baseUrl: string }) =>
  new PlatformClient({ token: DEMO_TOKEN, baseUrl: emulator.baseUrl });

const boardOrder = (emulator: Awaited<ReturnType<typeof startTestEmulator>>) =>
  emulator.store.items.active(ROADMAP_BOARD_ID).map((item) => item.id);

describe('workspace-platform export', () => {
  it('writes every item as a JSON line to standard output, with plain progress lines on a pipe', async () => {
    const emulator = await startTestEmulator({ seed: seedWithItems(1_200) });
    const { code, out, err } = await run(['export', '--board', ROADMAP_BOARD_ID], envFor(emulator));
    expect(code).toBe(EXIT.ok);
    const items = out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; name: string; columnValues: unknown[] });
    expect(items.map((item) => item.id)).toEqual(boardOrder(emulator));
    expect(items[0]?.columnValues.length).toBeGreaterThan(0);
    expect(err).toMatch(/^export: 1,205 of 1,205 items/m);
    expect(err).toContain('export: 1,205 items written.');
    expect(err).not.toContain('\r');
  });

  it('writes CSV to a file: a header, the text of the chosen columns, quoted where needed; a bar on a terminal', async () => {
    const emulator = await startTestEmulator({ seed: seedWithItems(50) });
    const cwd = workDirectory();
    const { code, err } = await run(
      ['export', '--board', ROADMAP_BOARD_ID, '--output', 'items.csv', '--columns', 'numbers,text'],
      envFor(emulator),
      { cwd, isTTY: true },
    );
    expect(code).toBe(EXIT.ok);
    const records: string[][] = [];
    for await (const record of readCsv([readFileSync(join(cwd, 'items.csv'), 'utf8')])) records.push(record.fields);
    expect(records[0]).toEqual(['item_id', 'name', 'group_id', 'numbers', 'text']);
    expect(records).toHaveLength(56);
    expect(records.find((record) => record[0] === '7000001')).toEqual([
      '7000001',
      'Comma, "quoted" name',
      'topics',
      '1',
      'note 1',
    ]);
    expect(err).toMatch(/\rexport \[#+\] 100% {2}55 of 55 items/);
    expect(err).toContain('export: 55 items written to items.csv.');
  });

  it('an interrupted export resumes from its checkpoint file: no line twice, none missed', async () => {
    const emulator = await startTestEmulator({
      seed: seedWithItems(2_000),
      faults: [{ kind: 'latency', ms: 400, nth: [3] }],
    });
    const cwd = workDirectory();
    const args = ['export', '--board', ROADMAP_BOARD_ID, '--output', 'items.jsonl', '--checkpoint', 'export.state'];
    const controller = new AbortController();
    const first = run(args, envFor(emulator), { cwd, signal: controller.signal });
    await waitFor(() => graphqlRequests(emulator).length >= 2 && emulator.requests.length >= 3);
    controller.abort(new Error('Ctrl+C'));
    const stopped = await first;
    expect(stopped.code).toBe(EXIT.interrupted);
    expect(stopped.err).toContain('export: interrupted. Run the same command again to resume.');
    const state = JSON.parse(readFileSync(join(cwd, 'export.state'), 'utf8')) as { outputBytes: number };
    expect(state.outputBytes).toBeGreaterThan(0);
    // A crash after more lines reached the file than the checkpoint says: the resumed run cuts them off.
    writeFileSync(join(cwd, 'items.jsonl'), '{"id":"a line written after the checkpoint"}\n', { flag: 'a' });

    const resumed = await run(args, envFor(emulator), { cwd });
    expect(resumed.code).toBe(EXIT.ok);
    // The resumed run still shows the board's total (the platform gives it only with the first page).
    expect(resumed.err).toMatch(/^export: 2,005 of 2,005 items/m);
    const ids = readFileSync(join(cwd, 'items.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toEqual(boardOrder(emulator));
    expect(() => readFileSync(join(cwd, 'export.state'))).toThrow(/ENOENT/);
  });

  it('refuses a checkpoint file of another board before touching the output or sending anything', async () => {
    const emulator = await startTestEmulator();
    const cwd = workDirectory();
    const kept = '{"id":"1"}\n{"id":"2"}\n';
    writeFileSync(join(cwd, 'items.jsonl'), kept);
    const checkpoint = {
      format: 'workspace-platform-sdk/export-checkpoint@1',
      boardId: '424242',
      listing: JSON.stringify({ columns: null, filter: null }),
      exported: 1,
      cursor: null,
      recent: ['1'],
    };
    const state = { format: 'workspace-platform/export-state@1', output: { format: 'jsonl', columns: null } };
    writeFileSync(join(cwd, 'export.state'), JSON.stringify({ ...state, outputBytes: 11, checkpoint }));
    const args = ['export', '--board', ROADMAP_BOARD_ID, '--output', 'items.jsonl', '--checkpoint', 'export.state'];
    const refused = await run(args, envFor(emulator), { cwd });
    expect(refused.code).toBe(EXIT.usage);
    expect(refused.err).toMatch(/board 424242/);
    expect(readFileSync(join(cwd, 'items.jsonl'), 'utf8')).toBe(kept);
    expect(graphqlRequests(emulator)).toHaveLength(0);
  });

  it('--help lists the commands, the environment and the exit codes', async () => {
    const { code, out } = await run(['--help'], {});
    expect(code).toBe(EXIT.ok);
    for (const text of ['export --board <id>', 'import --board <id>', TOKEN_ENV, BASE_URL_ENV, '130']) {
      expect(out).toContain(text);
    }
  });

  it('a wrong command line or environment exits 2 and sends nothing', async () => {
    const emulator = await startTestEmulator();
    const env = envFor(emulator);
    const cases: [string[], Record<string, string | undefined>, RegExp][] = [
      [['export'], env, /--board <id> is required/],
      [['export', '--board', 'abc'], env, /--board must be a board id \(digits\); got a value that is not/],
      [['export', '--board', ROADMAP_BOARD_ID, '--format', 'xml'], env, /--format must be jsonl or csv/],
      [['export', '--board', ROADMAP_BOARD_ID, '--group', 'topics'], env, /export takes no --group/],
      [['export', '--board', ROADMAP_BOARD_ID, '--checkpoint', 'x.state'], env, /--checkpoint needs --output/],
      [['import', '--board', ROADMAP_BOARD_ID], env, /import takes one CSV file/],
      [['import', '--board', ROADMAP_BOARD_ID, '--match', 'text', 'rows.csv'], env, /go together/],
      [['frobnicate'], env, /Unknown command/],
      [['export', '--board', ROADMAP_BOARD_ID], { [BASE_URL_ENV]: emulator.baseUrl }, /Set WORKSPACE_PLATFORM_TOKEN/],
      [['export', '--board', ROADMAP_BOARD_ID], { [TOKEN_ENV]: DEMO_TOKEN }, /Set WORKSPACE_PLATFORM_BASE_URL/],
    ];
    for (const [args, environment, message] of cases) {
      const { code, err } = await run(args, environment);
      expect(code, args.join(' ')).toBe(EXIT.usage);
      expect(err).toMatch(message);
    }
    expect(graphqlRequests(emulator)).toHaveLength(0);
  });

  it('a mistyped flag gets one line naming it, with the option meant; an argument that is not flag-like is not echoed', async () => {
    const emulator = await startTestEmulator();
    const env = envFor(emulator);
    const cases: [string[], RegExp][] = [
      [
        ['export', '--bord', ROADMAP_BOARD_ID],
        /^workspace-platform: unknown option --bord; did you mean --board\? \(see --help\)\n$/,
      ],
      [
        ['import', '--board', ROADMAP_BOARD_ID, '--on-mach', 'skip', 'x.csv'],
        /unknown option --on-mach; did you mean --on-match\?/,
      ],
      [['export', '--board', ROADMAP_BOARD_ID, '-x'], /^workspace-platform: unknown option -x \(see --help\)\n$/],
      [['export', '--board'], /^workspace-platform: --board needs a value \(see --help\)\.\n$/],
      [['export', '--board', '-5'], /^workspace-platform: --board needs a value \(see --help\)\.\n$/],
      [['export', '--help=yes'], /^workspace-platform: --help takes no value \(see --help\)\.\n$/],
    ];
    for (const [args, message] of cases) {
      const { code, err } = await run(args, env);
      expect(code, args.join(' ')).toBe(EXIT.usage);
      expect(err, args.join(' ')).toMatch(message);
    }
    // A token pasted as a flag is not flag-like: it is not echoed, whole or in part.
    const pasted = await run(['export', '--board', ROADMAP_BOARD_ID, '--tok/Very+Secret=9f3a'], env);
    expect(pasted.code).toBe(EXIT.usage);
    expect(pasted.err).toBe('workspace-platform: unknown option (see --help).\n');
    expect(graphqlRequests(emulator)).toHaveLength(0);
  });

  it('never prints the token: not for a refused token, an unknown board, an unreachable host or a bad host', async () => {
    const emulator = await startTestEmulator();
    const secret = 'tok-Very-Secret-4d1f9c2e';
    emulator.registerToken(secret, { kind: 'personal', accountId: 1001, userId: 1, scopes: SCOPES });
    const closed = await startTestEmulator();
    const unreachable = closed.baseUrl;
    await closed.close();
    const outputs: string[] = [];
    const expectCode = async (args: string[], env: Record<string, string>, code: number) => {
      const result = await run(args, env);
      expect(result.code, `${args.join(' ')} ${JSON.stringify(result.err.slice(0, 200))}`).toBe(code);
      outputs.push(result.out, result.err);
      return result;
    };
    const board = ['export', '--board', ROADMAP_BOARD_ID];
    await expectCode(board, envFor(emulator, secret), EXIT.ok);
    const unknown = await expectCode(['export', '--board', '987654321'], envFor(emulator, secret), EXIT.failed);
    expect(unknown.err).toContain('NotFoundError');
    // A request was sent to learn the board is unknown: exit 1 (the API refused), never 2 ("nothing was sent").
    const unknownCsv = await expectCode(
      ['export', '--board', '987654321', '--format', 'csv'],
      envFor(emulator, secret),
      EXIT.failed,
    );
    expect(unknownCsv.err).toMatch(/^export: failed\. NotFoundError: Board 987654321 does not exist/m);
    await expectCode(board, { [TOKEN_ENV]: secret, [BASE_URL_ENV]: unreachable }, EXIT.failed);
    const credentials = `http://user:${secret}@127.0.0.1:1`;
    await expectCode(board, { [TOKEN_ENV]: secret, [BASE_URL_ENV]: credentials }, EXIT.usage);
    await expectCode(board, { [TOKEN_ENV]: secret, [BASE_URL_ENV]: `${secret}://nowhere` }, EXIT.usage);
    emulator.revokeToken(secret);
    const refused = await expectCode(board, envFor(emulator, secret), EXIT.failed);
    expect(refused.err).toContain('AuthenticationError');
    await expectCode(['import', '--board', ROADMAP_BOARD_ID, 'missing.csv'], envFor(emulator, secret), EXIT.failed);
    for (const output of outputs) expect(output).not.toContain(secret);
  });
});

describe('workspace-platform: secrets', () => {
  it('never prints the token in any spelling a server echoes it in, nor a mistyped argument in "Unknown command"', async () => {
    const emulator = await startTestEmulator({ now: fastClock(100) });
    const secret = 'tok/Very+Secret=9f3a';
    emulator.registerToken(secret, { kind: 'personal', accountId: 1001, userId: 501, scopes: SCOPES });
    const encoded = encodeURIComponent(secret);
    emulator.setFaults([{ kind: 'job-fails', nth: [1], reason: 'INTERNAL_ERROR', message: `Echoed: ${encoded}` }]);
    const cwd = workDirectory();
    const failed = await run(['import', '--board', ROADMAP_BOARD_ID, rowsFile(cwd, 3)], envFor(emulator, secret), {
      cwd,
    });
    expect(failed.code).toBe(EXIT.failed);
    expect(failed.err).toContain('Echoed: ');
    expect(failed.err).not.toContain(encoded);
    // A token passed as the command by mistake is not echoed back, whole or in part.
    const mistaken = await run([secret, '--board', ROADMAP_BOARD_ID], envFor(emulator, secret));
    expect(mistaken.code).toBe(EXIT.usage);
    expect(mistaken.err).toMatch(/Unknown command/);
    expect(mistaken.err).not.toContain('tok/Very');
    const typo = await run(['exprot', '--board', ROADMAP_BOARD_ID], envFor(emulator, secret));
    expect(typo.err).toMatch(/Unknown command; did you mean "export"\?/);
    expect(typo.err).not.toContain('exprot');
  });
});

/** A clock running `factor` times faster than the wall clock: import jobs end in a moment. */
function fastClock(factor: number): () => number {
  const start = Date.now();
  return () => start + (Date.now() - start) * factor;
}

/** A CSV file of `count` rows as `export --format csv` writes them, plus a status column. */
function rowsFile(directory: string, count: number, refused?: number): string {
  const lines = ['item_id,name,group_id,text,numbers,status'];
  for (let n = 0; n < count; n += 1) {
    const status = n === refused ? 'No such label' : 'Done';
    lines.push(`${9_000_000 + n},"Imported ${n}, from CSV",topics,key-${n},${n},${status}`);
  }
  writeFileSync(join(directory, 'rows.csv'), `${lines.join('\r\n')}\r\n`);
  return 'rows.csv';
}

const importedNames = (emulator: Awaited<ReturnType<typeof startTestEmulator>>) =>
  emulator.store.items
    .active(ROADMAP_BOARD_ID)
    .filter((item) => item.name.startsWith('Imported '))
    .map((item) => item.name);

describe('workspace-platform import', () => {
  it('imports the rows of a CSV file; a refused row is listed and exits 3', async () => {
    const emulator = await startTestEmulator({ now: fastClock(100) });
    const cwd = workDirectory();
    const file = rowsFile(cwd, 40, 7);
    const { code, err } = await run(['import', '--board', ROADMAP_BOARD_ID, file], envFor(emulator), { cwd });
    expect(code).toBe(EXIT.rowsFailed);
    expect(err).toContain('import: 39 created, 0 updated, 0 skipped, 1 failed (1 job).');
    // Named by its line in the file, from 1 (the header is line 1), as the file checks name lines; the report's
    // `row` is the row's position in `rows`, from 0 (7 here).
    expect(err).toMatch(/^ {2}line 9, column status: .*No such label/m);
    const names = importedNames(emulator);
    expect(names).toHaveLength(39);
    expect(names).toContain('Imported 0, from CSV');
    const { data } = await clientOf(emulator).request<{ items: { column_values: { id: string; text: string }[] }[] }>(
      'query ($ids: [ID!]) { items(ids: $ids) { column_values(ids: ["text", "numbers"]) { id text } } }',
      { ids: [emulator.store.items.active(ROADMAP_BOARD_ID).find((item) => item.name === 'Imported 3, from CSV')?.id] },
    );
    expect(data.items[0]?.column_values).toEqual([
      { id: 'text', text: 'key-3' },
      { id: 'numbers', text: '3' },
    ]);
  });

  it('--poll-interval sets how often the job is checked; progress says the interval and how to change it', async () => {
    const emulator = await startTestEmulator({ now: fastClock(100) });
    const cwd = workDirectory();
    const file = rowsFile(cwd, 5);
    const { code, err } = await run(
      ['import', '--board', ROADMAP_BOARD_ID, '--poll-interval', '0.2', file],
      envFor(emulator),
      { cwd },
    );
    expect(code).toBe(EXIT.ok);
    expect(err).toMatch(/^import: checking each job every 0\.2 s \(--poll-interval <seconds> changes it\)/m);
    const refused = await run(['import', '--board', ROADMAP_BOARD_ID, '--poll-interval', '0', file], envFor(emulator), {
      cwd,
    });
    expect(refused.code).toBe(EXIT.usage);
    expect(refused.err).toMatch(/--poll-interval must be a number of seconds above 0/);
    const help = await run(['--help'], {});
    expect(help.out).toContain('--poll-interval <seconds>');
  });

  it('names a refused row by its line in the file, past a quoted line break and a blank line', async () => {
    const emulator = await startTestEmulator({ now: fastClock(100) });
    const cwd = workDirectory();
    writeFileSync(
      join(cwd, 'rows.csv'),
      'name,status\n"Imported on\ntwo lines",Done\n\nImported third,No such label\n',
    );
    const { code, err } = await run(['import', '--board', ROADMAP_BOARD_ID, 'rows.csv'], envFor(emulator), { cwd });
    expect(code).toBe(EXIT.rowsFailed);
    expect(err).toMatch(/^ {2}line 5, column status: .*No such label/m);
  });

  it('refuses a header naming a column twice, a row with more fields than the header, before anything is sent', async () => {
    const emulator = await startTestEmulator({ now: fastClock(100) });
    const cwd = workDirectory();
    const cases: [string, RegExp][] = [
      ['name,text,numbers,text\r\nA,key-a,1,\r\n', /line 1: the header names column "text" twice/],
      ['name,text\r\nA,key-a\r\nB,key-b,extra\r\nC,key-c\r\n', /line 3: 3 fields, but the header names 2 columns/],
    ];
    for (const [text, message] of cases) {
      writeFileSync(join(cwd, 'bad.csv'), text);
      const { code, err } = await run(['import', '--board', ROADMAP_BOARD_ID, 'bad.csv'], envFor(emulator), { cwd });
      expect(code, text).toBe(EXIT.usage);
      expect(err).toMatch(message);
    }
    expect(importedNames(emulator)).toHaveLength(0);
    expect(graphqlRequests(emulator)).toHaveLength(0);
  });

  it('checks the whole file before the first job: an error past row 10,000 sends nothing, and exit 2 says so truly', async () => {
    const emulator = await startTestEmulator({ now: fastClock(100) });
    const cwd = workDirectory();
    const file = rowsFile(cwd, 10_005);
    writeFileSync(join(cwd, file), 'Last one,"unclosed\r\n', { flag: 'a' });
    const { code, err } = await run(['import', '--board', ROADMAP_BOARD_ID, file], envFor(emulator), { cwd });
    expect(code).toBe(EXIT.usage);
    expect(err).toMatch(/rows\.csv: line 10007: a quoted field is never closed/);
    expect(importedNames(emulator)).toHaveLength(0);
    expect(graphqlRequests(emulator).filter((record) => record.operationName === 'BulkImportStart')).toHaveLength(0);
  });

  it('a job failing after others ran: exit 1, saying what was imported before it stopped', async () => {
    const emulator = await startTestEmulator({ now: fastClock(100) });
    emulator.setFaults([{ kind: 'job-fails', nth: [2], reason: 'INTERNAL_ERROR', message: 'Disk on fire.' }]);
    const cwd = workDirectory();
    const { code, err } = await run(['import', '--board', ROADMAP_BOARD_ID, rowsFile(cwd, 10_005)], envFor(emulator), {
      cwd,
    });
    expect(code).toBe(EXIT.failed);
    expect(err).toMatch(/Disk on fire\./);
    expect(err).toMatch(/before it stopped: 10,000 created, 0 updated, 0 skipped, 0 failed \(1 job\)/);
    expect(importedNames(emulator).length).toBeGreaterThanOrEqual(10_000);
  });

  it('an interrupted import resumes from its checkpoint file: the job is polled again, no row sent twice', async () => {
    // The job applies a row every 5 s of the emulator's clock, 20 a second of the wall clock.
    const emulator = await startTestEmulator({
      now: fastClock(100),
      faults: [{ kind: 'job-slow', rowsPerSecond: 0.2, first: 1 }],
    });
    const cwd = workDirectory();
    const file = rowsFile(cwd, 60);
    const args = ['import', '--board', ROADMAP_BOARD_ID, '--checkpoint', 'import.state', file];
    const controller = new AbortController();
    const first = run(args, envFor(emulator), { cwd, signal: controller.signal });
    await waitFor(() => {
      if (!existsSync(join(cwd, 'import.state'))) return false;
      const saved = JSON.parse(readFileSync(join(cwd, 'import.state'), 'utf8')) as { job?: { uploaded: boolean } };
      return saved.job?.uploaded === true;
    }, 10_000);
    controller.abort(new Error('Ctrl+C'));
    const stopped = await first;
    expect(stopped.code).toBe(EXIT.interrupted);
    expect(importedNames(emulator).length).toBeLessThan(60);

    const resumed = await run(args, envFor(emulator), { cwd });
    expect(resumed.code).toBe(EXIT.ok);
    expect(resumed.err).toContain('import: 60 created');
    // The resumed run polls the job before it reads the file's rows again; it still shows the total from its first
    // progress line, as a fresh run does.
    const progressLines = resumed.err.split('\n').filter((line) => /^import: [\d,]+ (of [\d,]+ )?rows/.test(line));
    expect(progressLines.length).toBeGreaterThan(0);
    for (const line of progressLines) expect(line).toMatch(/^import: [\d,]+ of 60 rows/);
    expect(importedNames(emulator)).toHaveLength(60);
    const starts = graphqlRequests(emulator).filter((record) => record.operationName === 'BulkImportStart');
    expect(starts).toHaveLength(1);
    expect(existsSync(join(cwd, 'import.state'))).toBe(false);
  });
});

const bin = fileURLToPath(new URL('../../src/cli/workspace-platform.ts', import.meta.url));

/** Runs the bin in a process of its own; `onStarted` may signal it. */
function spawnBin(args: string[], env: Record<string, string>, onStarted?: (child: ReturnType<typeof spawn>) => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', bin, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  onStarted?.(child);
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, out, err })),
  );
}

describe('the workspace-platform bin', () => {
  it('exports in a process of its own and exits 0; Ctrl+C ends it promptly with 130, keeping what was done', async () => {
    const emulator = await startTestEmulator({
      seed: seedWithItems(1_000),
      faults: [{ kind: 'latency', ms: 20_000, nth: [3] }],
    });
    const done = await spawnBin(['export', '--board', ROADMAP_BOARD_ID, '--columns', 'numbers'], envFor(emulator));
    expect(done.code).toBe(EXIT.ok);
    expect(done.out.trimEnd().split('\n')).toHaveLength(1_005);

    emulator.setFaults([{ kind: 'latency', ms: 20_000, nth: [2] }]);
    const before = graphqlRequests(emulator).length;
    const cwd = workDirectory();
    const started = Date.now();
    const interrupted = await spawnBin(
      ['export', '--board', ROADMAP_BOARD_ID, '--output', join(cwd, 'items.jsonl'), '--checkpoint', join(cwd, 'state')],
      envFor(emulator),
      (child) => {
        // Once the first page is in and the second is held by the server: Ctrl+C.
        void waitFor(() => emulator.stats.inFlight > 0 && graphqlRequests(emulator).length > before, 20_000).then(() =>
          child.kill('SIGINT'),
        );
      },
    );
    expect(interrupted.code).toBe(EXIT.interrupted);
    expect(interrupted.err).toContain('export: interrupted. Run the same command again to resume.');
    expect(Date.now() - started).toBeLessThan(15_000); // not the 20 s the held request would take
    expect(existsSync(join(cwd, 'state'))).toBe(true);
  });
});
