/**
 * `workspace-platform-emulator parity`: runs an app's own operations against the platform (or any target) and against
 * an emulator serving a snapshot of the boards they touch, taken first, and reports where the answers differ. Rule
 * map:
 * - the operations: every operation of every file the `--documents` glob matches, with the variables of `--variables`
 *   (a JSON object by operation name); the queries run first, in file and document order, then the mutations, so
 *   every query compares values on the same snapshot (a mutation makes new ids on each side);
 * - the boards they touch: `--board` ids, and the ids their arguments name (`board_id`, `board_ids`, `boardId`, and
 *   `ids` of `boards`), literal or from the variables; read by the `snapshot` command's reader before any operation
 *   runs, personal data kept in memory only (never written) so names compare equal;
 * - mutations run only with `--allow-mutations`, and only when they name a board or an item (`item_id`, `item_ids`,
 *   `parent_item_id`, `itemId`) and every board and item they name is in the snapshot; otherwise they are listed as
 *   skipped;
 * - each operation is sent once to each side as a raw request (no retry), so the statuses, errors and headers
 *   compared are the ones answered, with `complexity { query }` added so each side reports what it charged
 *   (./parity-compare.ts says what is compared);
 * - exit 0: no difference; 1: differences (or a failure of the target); 2: a usage mistake, nothing sent;
 * - the token comes from {@link TOKEN_ENV} only and never enters the report, the temporary snapshot (deleted at the
 *   end) or a message.
 * Pinned by packages/emulator/test/commands/parity.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { type DocumentNode, Kind, type OperationDefinitionNode, parse, print, type ValueNode, visit } from 'graphql';
import { glob } from 'tinyglobby';
import { API_VERSION, PlatformClient, PlatformError } from 'workspace-platform-sdk';
import { DEMO_TOKEN } from '../server/demo-tokens.js';
import { startEmulatorWith } from '../start.js';
import { writeFileAtomically } from '../state/save.js';
import { formatStateFile } from '../state/state-file.js';
import { parsedOrExit, parseFlags, TOKEN_ENV, UsageError } from './command-usage.js';
import {
  askingChargedComplexity,
  compareAnswers,
  DIFFERENCE_EXPLANATIONS,
  errorCodes,
  type ParityAnswer,
  type ParityDifference,
  type ParityDifferenceKind,
} from './parity-compare.js';
import { readSnapshot } from './snapshot-read.js';

/** The subcommand's help text. */
export const PARITY_USAGE = `Usage: workspace-platform-emulator parity --against <base-url> --documents "<glob>" [options]

Runs your operations against <base-url> (the real API, with the token in ${TOKEN_ENV}) and against an emulator
serving a snapshot of the boards they touch, taken first, and reports where the answers differ.
  --against <base-url>       The API to compare with (requests go to <base-url>/v2).
  --documents "<glob>"       Your operations (.graphql files); quote the glob.
  --variables <file.json>    Variables by operation name: { "MyQuery": { "id": "123" } }.
  --board <id>               A board to snapshot beside those the operations name; repeat for more.
  --allow-mutations          Also run mutations (only on boards and items of the snapshot). Default: skipped.
  --output <report.md>       Write the report there (default: print it).
  --api-version <YYYY-MM>    The API version to send. Default: the SDK's.
  -h, --help                 Print this text.
Exit codes: 0 no difference; 1 differences, or the target failed; 2 a usage mistake, nothing sent.`;

/** Where the command writes. */
export interface ParityCommandIo {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** One operation of the app's documents. */
interface AppOperation {
  name: string;
  file: string;
  kind: 'query' | 'mutation' | 'subscription';
  query: string;
  variables: Record<string, unknown>;
  boards: string[];
  /** The item ids its arguments name. */
  items: string[];
}

/** What one operation came to. */
interface OperationOutcome {
  operation: AppOperation;
  skipped?: string;
  differences: ParityDifference[];
  /** The error codes both sides answered alike, when they answered errors: the same, but no data shown alike. */
  sameErrors?: string[];
}

const FLAGS = {
  against: { type: 'string' },
  documents: { type: 'string' },
  variables: { type: 'string' },
  board: { type: 'string', multiple: true },
  'allow-mutations': { type: 'boolean', default: false },
  output: { type: 'string' },
  'api-version': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** Runs the subcommand; resolves to its exit code. */
export async function runParityCommand(argv: string[], io: ParityCommandIo): Promise<number> {
  const usage = await parsedOrExit('parity', () => parseUsage(argv, io), io.err);
  if (typeof usage === 'object' && 'exit' in usage) return usage.exit;
  if (usage === 'help') {
    io.out(PARITY_USAGE);
    return 0;
  }
  const { client, token, operations, allowMutations, output, apiVersion } = usage;
  const boards = [...new Set([...usage.boards, ...operations.flatMap((operation) => operation.boards)])];
  const folder = await mkdtemp(join(tmpdir(), 'workspace-platform-parity-'));
  try {
    const snapshotFile = join(folder, 'snapshot.json');
    const snapshotItems = new Set<string>();
    try {
      const snapshot = await readSnapshot(client, { boards, structureOnly: false, keepPersonalData: true });
      for (const item of snapshot.seed.items) snapshotItems.add(item.id);
      await writeFileAtomically(snapshotFile, formatStateFile(snapshot));
    } catch (error) {
      io.err(
        `workspace-platform-emulator parity: the snapshot of boards ${boards.join(', ')} failed: ${message(error, token)}`,
      );
      return 1;
    }
    const emulator = await startEmulatorWith({ snapshot: snapshotFile, port: 0 });
    const outcomes: OperationOutcome[] = [];
    try {
      const ordered = [
        ...operations.filter((operation) => operation.kind !== 'mutation'),
        ...operations.filter((operation) => operation.kind === 'mutation'),
      ];
      for (const operation of ordered) {
        if (operation.kind === 'subscription') {
          outcomes.push({ operation, skipped: 'a subscription', differences: [] });
          continue;
        }
        if (operation.kind === 'mutation') {
          if (!allowMutations) {
            outcomes.push({ operation, skipped: 'a mutation (run with --allow-mutations)', differences: [] });
            continue;
          }
          const outside =
            operation.boards.some((board) => !boards.includes(board)) ||
            operation.items.some((item) => !snapshotItems.has(item));
          if (operation.boards.length + operation.items.length === 0 || outside) {
            const skipped = 'a mutation naming no board or item of the snapshot';
            outcomes.push({ operation, skipped, differences: [] });
            continue;
          }
        }
        const platform = await send(client.baseUrl, token, operation, apiVersion);
        const copy = await send(emulator.baseUrl, DEMO_TOKEN, operation, apiVersion);
        const differences = compareAnswers(platform, copy, { compareValues: operation.kind === 'query' });
        const codes = errorCodes(platform.body);
        const sameErrors = differences.length === 0 && codes.length > 0 ? { sameErrors: codes } : {};
        outcomes.push({ operation, differences, ...sameErrors });
      }
    } catch (error) {
      io.err(`workspace-platform-emulator parity: ${message(error, token)}`);
      return 1;
    } finally {
      await emulator.close();
    }
    const report = redact(formatReport(outcomes, client.baseUrl, boards), token);
    if (output) {
      await writeFileAtomically(output, report);
      io.out(`wrote ${output}`);
    } else io.out(report);
    const differing = outcomes.filter((outcome) => outcome.differences.length > 0).length;
    io.out(
      differing === 0
        ? `parity: ${outcomes.length} operations, no difference`
        : `parity: ${differing} of ${outcomes.length} operations answered differently`,
    );
    return differing === 0 ? 0 : 1;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function parseUsage(argv: string[], io: ParityCommandIo) {
  const values = parseFlags(argv, FLAGS);
  if (values.help) return 'help' as const;
  const against = values.against;
  if (typeof against !== 'string' || against.trim() === '') throw new UsageError('--against <base-url> is required.');
  const pattern = values.documents;
  if (typeof pattern !== 'string' || pattern.trim() === '') throw new UsageError('--documents "<glob>" is required.');
  const token = io.env[TOKEN_ENV];
  if (token === undefined || token.trim() === '') throw new UsageError(`set ${TOKEN_ENV} to the token for ${against}.`);
  const apiVersion = typeof values['api-version'] === 'string' ? values['api-version'] : API_VERSION;
  let client: PlatformClient;
  try {
    client = new PlatformClient({ token, baseUrl: against, apiVersion: apiVersion as typeof API_VERSION });
  } catch (error) {
    throw new UsageError(message(error, token));
  }
  // Paths are read from the command's working directory, as the documents' glob is.
  const variables = typeof values.variables === 'string' ? await readVariables(resolve(io.cwd, values.variables)) : {};
  const files = (await glob(pattern, { cwd: io.cwd, absolute: true })).sort();
  if (files.length === 0) throw new UsageError(`--documents "${pattern}" matches no file.`);
  const operations: AppOperation[] = [];
  for (const file of files) operations.push(...(await operationsOf(file, variables, io.cwd)));
  if (operations.length === 0) throw new UsageError(`the documents of "${pattern}" hold no operation.`);
  const boards = (values.board as string[] | undefined) ?? [];
  const bad = boards.find((board) => !/^\d+$/.test(board));
  if (bad !== undefined) throw new UsageError(`--board takes a board id (digits); got '${bad.slice(0, 40)}'.`);
  return {
    client,
    token,
    operations,
    boards,
    apiVersion,
    allowMutations: values['allow-mutations'] === true,
    output: typeof values.output === 'string' ? resolve(io.cwd, values.output) : undefined,
  };
}

async function readVariables(file: string): Promise<Record<string, Record<string, unknown>>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--variables: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`--variables: ${file} is not JSON.`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new UsageError(`--variables: ${file} must hold an object of variables by operation name.`);
  return value as Record<string, Record<string, unknown>>;
}

/** The operations of one file, each with the fragments of the file it needs. */
async function operationsOf(
  file: string,
  variables: Record<string, Record<string, unknown>>,
  cwd: string,
): Promise<AppOperation[]> {
  let document: DocumentNode;
  try {
    document = parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${relative(cwd, file)} is not a GraphQL document: ${(error as Error).message}`);
  }
  const fragments = document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION);
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  return operations.map((definition, index) => {
    const name = definition.name?.value ?? `${relative(cwd, file)}#${index + 1}`;
    const values = variables[name] ?? {};
    return {
      name,
      file: relative(cwd, file),
      kind: definition.operation as AppOperation['kind'],
      query: [definition, ...fragments].map((node) => print(node)).join('\n\n'),
      variables: values,
      boards: idsNamed(definition, values, isBoardArgument),
      items: idsNamed(definition, values, isItemArgument),
    };
  });
}

/** Whether argument `name` of field `field` names boards. */
function isBoardArgument(field: string, name: string): boolean {
  return name === 'board_id' || name === 'board_ids' || name === 'boardId' || (field === 'boards' && name === 'ids');
}

/** Whether argument `name` of field `field` names items. */
function isItemArgument(field: string, name: string): boolean {
  return (
    name === 'item_id' ||
    name === 'item_ids' ||
    name === 'parent_item_id' ||
    name === 'itemId' ||
    (field === 'items' && name === 'ids')
  );
}

/** The ids the arguments `names` picks name in an operation, literal or from its variables. */
function idsNamed(
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  names: (field: string, argument: string) => boolean,
): string[] {
  const found = new Set<string>();
  const add = (value: unknown) => {
    if (Array.isArray(value)) for (const entry of value) add(entry);
    else if (
      (typeof value === 'string' && /^\d+$/.test(value)) ||
      (typeof value === 'number' && Number.isInteger(value))
    )
      found.add(String(value));
  };
  const literal = (node: ValueNode): unknown => {
    switch (node.kind) {
      case Kind.VARIABLE:
        return variables[node.name.value];
      case Kind.INT:
      case Kind.STRING:
        return node.value;
      case Kind.LIST:
        return node.values.map(literal);
      default:
        return undefined;
    }
  };
  visit(operation, {
    Field(field) {
      for (const argument of field.arguments ?? [])
        if (names(field.name.value, argument.name.value)) add(literal(argument.value));
    },
  });
  return [...found];
}

async function send(
  baseUrl: string,
  token: string,
  operation: AppOperation,
  apiVersion: string,
): Promise<ParityAnswer> {
  const headers: Record<string, string> = {
    authorization: token,
    'content-type': 'application/json',
    'api-version': apiVersion,
  };
  if (operation.kind === 'mutation') headers['idempotency-key'] = randomUUID();
  const response = await fetch(`${baseUrl}/v2`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      query: askingChargedComplexity(operation.query),
      variables: operation.variables,
      operationName: operation.name,
    }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // kept as text: a difference in status or errors shows it
  }
  return { status: response.status, headers: Object.fromEntries(response.headers), body };
}

function message(error: unknown, token: string): string {
  const text = error instanceof PlatformError || error instanceof Error ? error.message : String(error);
  return redact(text, token);
}

function redact(text: string, token: string): string {
  return token.length > 0 ? text.split(token).join('[redacted]') : text;
}

function formatReport(outcomes: OperationOutcome[], against: string, boards: string[]): string {
  const lines = [
    '# Parity report',
    '',
    `Target: ${new URL(against).origin}. Boards in the snapshot: ${boards.length === 0 ? 'none' : boards.join(', ')}.`,
    '',
    '| Operation | File | Result |',
    '|---|---|---|',
  ];
  for (const outcome of outcomes) {
    const result = outcome.skipped
      ? `skipped: ${outcome.skipped}`
      : outcome.differences.length === 0
        ? outcome.sameErrors
          ? `same: both answered errors (${outcome.sameErrors.join(', ')})`
          : 'same'
        : `${outcome.differences.length} difference${outcome.differences.length === 1 ? '' : 's'}`;
    lines.push(`| ${outcome.operation.name} | ${outcome.operation.file} | ${result} |`);
  }
  const byKind = new Map<ParityDifferenceKind, { operation: string; difference: ParityDifference }[]>();
  for (const outcome of outcomes)
    for (const difference of outcome.differences) {
      const list = byKind.get(difference.kind) ?? [];
      list.push({ operation: outcome.operation.name, difference });
      byKind.set(difference.kind, list);
    }
  for (const [kind, list] of byKind) {
    lines.push(
      '',
      `## ${kind}`,
      '',
      DIFFERENCE_EXPLANATIONS[kind],
      '',
      '| Operation | Path | Target | Emulator |',
      '|---|---|---|---|',
    );
    for (const { operation, difference } of list)
      lines.push(
        `| ${operation} | ${difference.path || '(answer)'} | ${cell(difference.platform)} | ${cell(difference.emulator)} |`,
      );
  }
  return `${lines.join('\n')}\n`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
