/**
 * `workspace-platform-codegen --board <id>[:<Name>] --output <file>`: reads each board's structure through the API
 * (WORKSPACE_PLATFORM_BASE_URL and WORKSPACE_PLATFORM_TOKEN), writes the generated file
 * (./source.ts) and saves the structure beside it (./saved.ts). `--check` compares the saved structure with each
 * board now and prints one line per change (./drift.ts); `--offline` regenerates from the saved structure alone.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { PlatformClient, PlatformError } from 'workspace-platform-sdk';
import { readBoardStructure } from 'workspace-platform-sdk/boards';
import { readFlags, writeCreatingFolder } from '../command-io.js';
import { boardChanges } from './drift.js';
import { typeName, typeNameProblem } from './keys.js';
import { readSaved, type SavedBoard, savedPath, savedText } from './saved.js';
import { boardsSource } from './source.js';

const NAME = 'workspace-platform-codegen';

/** Where the command runs and prints (the codegen command's context). */
export interface BoardCommandContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The usage line of the board command. */
export const BOARD_USAGE_LINE = `       ${NAME} --board <id>[:<Name>] [--board ...] --output <file.ts> [--check | --offline]`;

/** What the board command does, for the usage text. */
export const BOARD_HELP = `Generates types from your boards: <Name>Board (a constant: columns by key, kinds, labels, groups), <Name>Item,
<Name>Values and <Name>Filter, for workspace-platform-sdk/boards. Reads each board through the API with
$WORKSPACE_PLATFORM_BASE_URL (the API host or the emulator's address) and $WORKSPACE_PLATFORM_TOKEN,
and saves its structure beside the output (<file>.boards.json).
  --board        a board id, and the name of its types (default: the board's name in PascalCase); repeatable
  --check        compare each board now with its saved structure; exit 1 with one line per change
  --offline      regenerate the output from the saved structure, without the API`;

/** True when the arguments ask for the board command. */
export function wantsBoards(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === '--board' || arg.startsWith('--board=') || arg === '--offline');
}

interface BoardRequest {
  id: string;
  name?: string;
}

interface BoardArguments {
  boards: BoardRequest[];
  output: string;
  check: boolean;
  offline: boolean;
}

function parseBoardArguments(argv: string[]): BoardArguments | string {
  const values = readFlags(argv, {
    board: { type: 'string', multiple: true },
    output: { type: 'string' },
    check: { type: 'boolean' },
    offline: { type: 'boolean' },
  });
  if (typeof values === 'string') return values;
  if (!values.output) return 'Missing --output.';
  if (values.check && values.offline) return '--check reads the boards now; it cannot run --offline.';
  const boards: BoardRequest[] = [];
  for (const given of values.board ?? []) {
    const match = /^(\d+)(?::(.*))?$/.exec(given);
    if (!match) return `--board takes a board id and an optional name, e.g. 1234567890:Launch; got "${given}".`;
    const name = match[2];
    if (name !== undefined) {
      const problem = typeNameProblem(name);
      if (problem) return problem;
    }
    boards.push(name === undefined ? { id: match[1] as string } : { id: match[1] as string, name });
  }
  return { boards, output: values.output, check: values.check ?? false, offline: values.offline ?? false };
}

function clientFrom(env: NodeJS.ProcessEnv): PlatformClient | string {
  const token = env.WORKSPACE_PLATFORM_TOKEN;
  const baseUrl = env.WORKSPACE_PLATFORM_BASE_URL;
  if (!token || !baseUrl) {
    return "Set WORKSPACE_PLATFORM_BASE_URL (the API host, or the emulator's address) and WORKSPACE_PLATFORM_TOKEN to read the boards, or regenerate from the saved structure with --offline.";
  }
  return new PlatformClient({ token, baseUrl });
}

async function readBoards(client: PlatformClient, boards: readonly BoardRequest[]): Promise<SavedBoard[]> {
  const read: SavedBoard[] = [];
  for (const board of boards) {
    const structure = await readBoardStructure(client, board.id);
    read.push({ typeName: board.name ?? typeName(structure.name, structure.id), structure });
  }
  const names = read.map((board) => board.typeName);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice)
    throw new PlatformError(`Two boards would both be named ${twice}: give each its own with --board <id>:<Name>.`);
  return read;
}

/** Runs the board command. Resolves to the exit code: 0 done or unchanged, 1 changed or failed, 2 a usage error. */
export async function runBoards(argv: string[], context: BoardCommandContext): Promise<number> {
  const args = parseBoardArguments(argv);
  if (typeof args === 'string') {
    context.err(`${NAME}: ${args}`);
    context.err(`${BOARD_USAGE_LINE.trim()}\n\n${BOARD_HELP}`);
    return 2;
  }
  const target = resolve(context.cwd, args.output);
  const saved = savedPath(target);
  const savedName = basename(saved);
  try {
    if (args.offline) {
      const boards = await readSaved(saved);
      if (typeof boards === 'string') return failed(context, boards);
      await writeCreatingFolder(target, boardsSource(boards, savedName));
      context.out(`${NAME}: wrote ${args.output} from ${savedName} (${boards.length} boards, offline)`);
      return 0;
    }
    if (args.boards.length === 0) return failed(context, 'Missing --board.');
    const client = clientFrom(context.env);
    if (typeof client === 'string') return failed(context, client);
    if (args.check) return await check(client, args, target, saved, context);
    const boards = await readBoards(client, args.boards);
    await writeCreatingFolder(target, boardsSource(boards, savedName));
    await writeFile(saved, savedText(boards));
    context.out(`${NAME}: wrote ${args.output} and ${savedName} (${boards.map((b) => b.typeName).join(', ')})`);
    return 0;
  } catch (error) {
    if (error instanceof PlatformError) return failed(context, error.message);
    throw error;
  }
}

function failed(context: BoardCommandContext, message: string): number {
  context.err(`${NAME}: ${message}`);
  return 1;
}

async function check(
  client: PlatformClient,
  args: BoardArguments,
  target: string,
  saved: string,
  context: BoardCommandContext,
): Promise<number> {
  const boards = await readSaved(saved);
  if (typeof boards === 'string') return failed(context, boards);
  const lines: string[] = [];
  for (const request of args.boards) {
    const before = boards.find((board) => board.structure.id === request.id);
    if (!before) {
      lines.push(`Board ${request.id}: not generated yet (not in ${basename(saved)})`);
      continue;
    }
    lines.push(...boardChanges(before.structure, await readBoardStructure(client, request.id)));
  }
  const current = await readFile(target, 'utf8').catch(() => undefined);
  if (current !== boardsSource(boards, basename(saved))) {
    lines.push(`${args.output} is not what ${basename(saved)} generates: regenerate it (--offline).`);
  }
  for (const line of lines) context.err(line);
  if (lines.length > 0) {
    context.err(`${NAME}: ${lines.length} change(s); run ${NAME} without --check and commit the result.`);
    return 1;
  }
  context.out(`${NAME}: ${args.boards.length} board(s) unchanged since ${args.output} was generated`);
  return 0;
}
