/**
 * `workspace-platform-emulator snapshot`: reads real boards into a state file that `--snapshot` serves. Rule map:
 * - the token comes from {@link TOKEN_ENV} only, never a flag (a flag shows in the process list); no message, file
 *   or progress line holds it (the SDK's errors are redacted);
 * - a usage mistake exits 2 before anything is sent; a failure after that exits 1 and leaves the progress file, so
 *   the same command goes on from where it stopped; success exits 0, writes the output whole (never half a file) and
 *   removes the progress file;
 * - the progress file (`<output>.progress`) holds one JSON line naming the run's arguments, then one line per page
 *   read; a progress file of other arguments is refused, never mixed in.
 * Pinned by packages/emulator/test/commands/snapshot-command.test.ts.
 */
import { appendFile, readFile, rm } from 'node:fs/promises';
import { PlatformClient, PlatformError } from 'workspace-platform-sdk';
import { writeFileAtomically } from '../state/save.js';
import { formatStateFile } from '../state/state-file.js';
import { parsedOrExit, parseFlags, TOKEN_ENV, UsageError } from './command-usage.js';
import { progressKey, readSnapshot, SnapshotBoardMissingError, type SnapshotProgress } from './snapshot-read.js';

/** The subcommand's help text. */
export const SNAPSHOT_USAGE = `Usage: workspace-platform-emulator snapshot --from <base-url> --board <id> [--board <id>...] --output <file>

Reads boards of a real account (or another emulator) into a state file, which
"workspace-platform-emulator --snapshot <file>" serves with the same ids. The token is read from ${TOKEN_ENV}.
  --from <base-url>          The API's base URL (requests go to <base-url>/v2).
  --board <id>               A board to read, with its subitems board; repeat for more.
  --output <file>            The state file to write.
  --structure-only           Columns, groups and settings only: no items.
  --keep-personal-data       Keep people's names and emails (default: stable placeholders).
  --api-version <YYYY-MM>    The API version to read at. Default: the SDK's.
  -h, --help                 Print this text.
An interrupted run leaves <file>.progress; the same command goes on from it.
Exit codes: 0 written; 1 failed after reading began (run it again to go on); 2 a usage mistake, nothing sent.`;

/** Where the command writes (the process's streams, or a test's). */
export interface SnapshotCommandIo {
  env: Readonly<Record<string, string | undefined>>;
  out: (line: string) => void;
  err: (line: string) => void;
}

const FLAGS = {
  from: { type: 'string' },
  board: { type: 'string', multiple: true },
  output: { type: 'string' },
  'structure-only': { type: 'boolean', default: false },
  'keep-personal-data': { type: 'boolean', default: false },
  'api-version': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** Runs the subcommand; resolves to its exit code. */
export async function runSnapshotCommand(argv: string[], io: SnapshotCommandIo): Promise<number> {
  const parsed = await parsedOrExit('snapshot', () => parseUsage(argv, io.env), io.err);
  if (typeof parsed === 'object' && 'exit' in parsed) return parsed.exit;
  if (parsed === 'help') {
    io.out(SNAPSHOT_USAGE);
    return 0;
  }
  const { client, boards, output, structureOnly, keepPersonalData, from } = parsed;
  const progressFile = `${output}.progress`;
  const key = progressKey(client.baseUrl, { boards, structureOnly });
  let progress: SnapshotProgress | undefined;
  try {
    progress = await readProgress(progressFile, key);
  } catch (error) {
    io.err(`workspace-platform-emulator snapshot: ${(error as Error).message}`);
    return 2;
  }
  const written = new Map<string, number>();
  if (progress) {
    for (const [board, read] of Object.entries(progress.boards)) written.set(board, read.items.length);
    const items = Object.values(progress.boards).reduce((sum, read) => sum + read.items.length, 0);
    io.out(`going on from ${progressFile} (${items} items read before)`);
  } else {
    await rm(progressFile, { force: true });
    await appendFile(progressFile, `${JSON.stringify({ key })}\n`, { mode: 0o600 });
  }
  try {
    const snapshot = await readSnapshot(client, {
      boards,
      structureOnly,
      keepPersonalData,
      ...(progress ? { progress } : {}),
      onProgress: async (now) => {
        let lines = '';
        for (const [board, read] of Object.entries(now.boards)) {
          const before = written.get(board) ?? 0;
          if (read.items.length > before || read.done)
            lines += `${JSON.stringify({ board, ...read, items: read.items.slice(before) })}\n`;
          written.set(board, read.items.length);
        }
        if (lines) await appendFile(progressFile, lines);
      },
    });
    await writeFileAtomically(output, formatStateFile(snapshot));
    await rm(progressFile, { force: true });
    const { seed } = snapshot;
    io.out(
      `wrote ${output}: ${seed.boards.length} boards, ${seed.items.length} items, ${seed.users.length} users from ${from}${
        keepPersonalData ? '' : ' (names and emails replaced by placeholders)'
      }`,
    );
    return 0;
  } catch (error) {
    const reason =
      error instanceof SnapshotBoardMissingError || error instanceof PlatformError
        ? error.message
        : `unexpected failure: ${(error as Error).message}`;
    io.err(`workspace-platform-emulator snapshot: ${reason}`);
    io.err(`What was read is kept in ${progressFile}; run the same command again to go on.`);
    return 1;
  }
}

function parseUsage(argv: string[], env: SnapshotCommandIo['env']) {
  const values = parseFlags(argv, FLAGS);
  if (values.help) return 'help' as const;
  const from = values.from;
  if (typeof from !== 'string' || from.trim() === '') throw new UsageError('--from <base-url> is required.');
  const boards = (values.board as string[] | undefined) ?? [];
  if (boards.length === 0) throw new UsageError('give at least one --board <id>.');
  const bad = boards.find((board) => !/^\d+$/.test(board));
  if (bad !== undefined) throw new UsageError(`--board takes a board id (digits); got '${bad.slice(0, 40)}'.`);
  const output = values.output;
  if (typeof output !== 'string' || output.trim() === '') throw new UsageError('--output <file> is required.');
  const token = env[TOKEN_ENV];
  if (token === undefined || token.trim() === '')
    throw new UsageError(`set ${TOKEN_ENV} to the token to read the boards with.`);
  let client: PlatformClient;
  try {
    client = new PlatformClient({
      token,
      baseUrl: from,
      ...(typeof values['api-version'] === 'string' ? { apiVersion: values['api-version'] as '2026-10' } : {}),
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return {
    client,
    from,
    boards,
    output,
    structureOnly: values['structure-only'] === true,
    keepPersonalData: values['keep-personal-data'] === true,
  };
}

/** What an earlier run with the same arguments read, from its progress file; undefined when there is none. */
async function readProgress(file: string, key: string): Promise<SnapshotProgress | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const head = lines.length > 0 ? (JSON.parse(lines[0] as string) as { key?: string }) : {};
  if (head.key !== key)
    throw new Error(
      `${file} belongs to a snapshot with other arguments; remove it to start again, or run that snapshot's command.`,
    );
  const progress: SnapshotProgress = { key, boards: {} };
  for (const line of lines.slice(1)) {
    let entry: { board: string } & SnapshotProgress['boards'][string];
    try {
      entry = JSON.parse(line);
    } catch {
      break; // a line cut short by a crash: what came before it stands
    }
    const read = progress.boards[entry.board] ?? { items: [], checkpoint: null, done: false, subitemsBoardId: null };
    read.items.push(...entry.items);
    read.checkpoint = entry.checkpoint;
    read.done = entry.done;
    read.subitemsBoardId = entry.subitemsBoardId ?? read.subitemsBoardId;
    progress.boards[entry.board] = read;
  }
  return progress;
}
