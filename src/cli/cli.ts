/**
 * `workspace-platform`: the everyday bulk jobs from a shell. Reads the command line, takes the token and the API
 * host from the environment, runs `export` or `import`, and says how it went in one exit code (`EXIT`). Every
 * message goes through the client's redactor with the token before it is printed (the token in any spelling a
 * server may echo it in), no message is built from the token or the environment's values, and an unknown command
 * is never echoed (test/e2e/bulk-cli.test.ts: "never prints the token").
 */
import { parseArgs } from 'node:util';
import { createRedactor } from '../client/errors/redact.js';
import { PlatformClient, PlatformConfigError, PlatformError } from '../index.js';
import { BASE_URL_ENV, type CommandIo, EXIT, TOKEN_ENV, UsageError } from './command-io.js';
import { type ExportCommandOptions, runExport } from './export-command.js';
import { type ImportCommandOptions, reportCounts, runImport } from './import-command.js';

/** What `--help` prints. */
export const HELP = `Usage: workspace-platform <command> [options]

Commands:
  export --board <id> [--format jsonl|csv] [--output file] [--columns id,id] [--checkpoint file]
      Writes every item of a board: one JSON object a line (jsonl, the default; csv when --output ends in .csv),
      or CSV with item_id, name, group_id and each column in the form import reads. To standard output unless
      --output.
      --checkpoint file (with --output): run the same command again to resume an interrupted export.
  import --board <id> [--group id] [--match column --on-match upsert|skip] [--mode ingest|backfill]
         [--checkpoint file] [--poll-interval <seconds>] <file.csv>
      Imports the rows of a CSV file through the platform's import jobs. The first line names the columns:
      name, then column ids (item_id and group_id, as export writes them, are left out). --match updates
      (upsert) or skips rows whose value in that column matches an item. --mode backfill: account admins only.
      The whole file is checked before the first job: a bad line (not CSV, a column named twice, more fields
      than the header) exits 2 with nothing sent.
      --checkpoint file: run the same command again to resume an interrupted import.
      --poll-interval <seconds>: how often each job is checked (default 10, as the platform asks; a job is seen
      done up to one interval late). Against the emulator, 0.2 makes a small import quick.

Environment:
  ${TOKEN_ENV}     the API token (never printed)
  ${BASE_URL_ENV}  the API host, e.g. https://api.example.com

Progress goes to standard error, on lines of its own: a bar on a terminal, a line every few seconds otherwise; the
last line gives the overall rate.

Exit codes:
  ${EXIT.ok}    done
  ${EXIT.failed}    failed: the API refused the job (an unknown board too) or could not be reached, or a file
       could not be read or written
  ${EXIT.usage}    wrong command line or environment: nothing was sent (whatever needs the API to tell is exit 1)
  ${EXIT.rowsFailed}    import: done, but the platform refused some rows (listed on standard error by line in
       the file, from 1: the header is line 1)
  ${EXIT.interrupted}  interrupted (Ctrl+C): with --checkpoint, the same command resumes the job
`;

const OPTIONS = {
  board: { type: 'string' },
  format: { type: 'string' },
  output: { type: 'string' },
  columns: { type: 'string' },
  checkpoint: { type: 'string' },
  group: { type: 'string' },
  match: { type: 'string' },
  'on-match': { type: 'string' },
  mode: { type: 'string' },
  'poll-interval': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Options each command takes (the others are refused, naming the command). */
const COMMAND_OPTIONS: Record<'export' | 'import', readonly string[]> = {
  export: ['board', 'format', 'output', 'columns', 'checkpoint'],
  import: ['board', 'group', 'match', 'on-match', 'mode', 'checkpoint', 'poll-interval'],
};

type Parsed = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;

/** A word that reads as a flag (`--bord`, `-x`): only such a word is echoed, never one that could be a token. */
const FLAG_LIKE = /^--?[a-z][a-z0-9-]{0,23}$/i;

/**
 * Why `args` of `command` do not parse, in one line: an unknown flag is named only when flag-like, with the option
 * of `command` meant when it is a near miss; a flag missing its value or given one it does not take is named (it is
 * one of ours). Never the parser's text, which echoes any argument.
 */
function parseFailure(command: 'export' | 'import', args: readonly string[], error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const known = Object.keys(OPTIONS).find((name) => (error as Error).message.includes(`--${name}`));
    if (known === undefined) return 'an option is missing its value (see --help).';
    return OPTIONS[known as keyof typeof OPTIONS].type === 'boolean'
      ? `--${known} takes no value (see --help).`
      : `--${known} needs a value (see --help).`;
  }
  const { tokens } = parseArgs({
    args: [...args],
    options: OPTIONS,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const unknown = tokens.find(
    (token) => token.kind === 'option' && !Object.hasOwn(OPTIONS, token.name) && token.name !== 'h',
  );
  if (unknown?.kind !== 'option' || !FLAG_LIKE.test(unknown.rawName)) return 'unknown option (see --help).';
  const typed = unknown.rawName.replace(/^-+/, '').toLowerCase();
  const meant = COMMAND_OPTIONS[command].find((name) => editDistance(typed, name) <= 2);
  return meant
    ? `unknown option ${unknown.rawName}; did you mean --${meant}? (see --help)`
    : `unknown option ${unknown.rawName} (see --help)`;
}

function parse(command: 'export' | 'import', args: readonly string[]): Parsed {
  try {
    return parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(parseFailure(command, args, error));
  }
}

function boardOf(values: Parsed['values']): string {
  const board = values.board;
  if (board === undefined) throw new UsageError('--board <id> is required: a board id.');
  // The value is not echoed: a mistyped command line may hold a secret.
  if (!/^[1-9]\d{0,19}$/.test(board)) {
    throw new UsageError('--board must be a board id (digits); got a value that is not one.');
  }
  return board;
}

function exportOptions(values: Parsed['values'], positionals: string[]): ExportCommandOptions {
  if (positionals.length > 0)
    throw new UsageError(`export takes no file name (${positionals.length} given); use --output.`);
  const format = values.format ?? (values.output?.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl');
  if (format !== 'jsonl' && format !== 'csv') throw new UsageError('--format must be jsonl or csv.');
  const columns = values.columns
    ?.split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return {
    board: boardOf(values),
    format,
    ...(values.output === undefined ? {} : { output: values.output }),
    ...(columns === undefined ? {} : { columns }),
    ...(values.checkpoint === undefined ? {} : { checkpoint: values.checkpoint }),
  };
}

function importOptions(values: Parsed['values'], positionals: string[]): ImportCommandOptions {
  if (positionals.length !== 1)
    throw new UsageError('import takes one CSV file: workspace-platform import --board <id> <file.csv>.');
  const mode = values.mode ?? 'ingest';
  if (mode !== 'ingest' && mode !== 'backfill') throw new UsageError('--mode must be ingest or backfill.');
  const onMatch = values['on-match'];
  if ((values.match === undefined) !== (onMatch === undefined)) {
    throw new UsageError('--match <column> and --on-match upsert|skip go together.');
  }
  if (onMatch !== undefined && onMatch !== 'upsert' && onMatch !== 'skip') {
    throw new UsageError('--on-match must be upsert or skip.');
  }
  if (mode === 'backfill' && values.match !== undefined) throw new UsageError('--mode backfill takes no --match.');
  const pollSeconds = values['poll-interval'] === undefined ? undefined : Number(values['poll-interval']);
  if (pollSeconds !== undefined && !(Number.isFinite(pollSeconds) && pollSeconds > 0)) {
    throw new UsageError('--poll-interval must be a number of seconds above 0 (default 10).');
  }
  return {
    board: boardOf(values),
    file: positionals[0] as string,
    mode,
    ...(values.group === undefined ? {} : { group: values.group }),
    ...(values.match === undefined ? {} : { match: { columnId: values.match, onMatch: onMatch as 'upsert' | 'skip' } }),
    ...(values.checkpoint === undefined ? {} : { checkpoint: values.checkpoint }),
    ...(pollSeconds === undefined ? {} : { pollIntervalMs: pollSeconds * 1000 }),
  };
}

/** The client, from the environment. */
function clientFrom(env: CommandIo['env']): PlatformClient {
  const token = env[TOKEN_ENV];
  const baseUrl = env[BASE_URL_ENV];
  if (!token) throw new UsageError(`Set ${TOKEN_ENV} to the API token.`);
  if (!baseUrl) throw new UsageError(`Set ${BASE_URL_ENV} to the API host, e.g. https://api.example.com.`);
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    // said below, without the value
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new UsageError(`${BASE_URL_ENV} must be an http(s) URL, e.g. https://api.example.com.`);
  }
  if (url.username || url.password)
    throw new UsageError(`${BASE_URL_ENV} must not carry credentials: use ${TOKEN_ENV}.`);
  try {
    return new PlatformClient({ token, baseUrl });
  } catch (error) {
    if (error instanceof PlatformConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/** Letters to change, add or remove to turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * Why `command` is refused, without echoing it: a first argument may be a token pasted in the wrong place. A near
 * miss of a command names the command meant.
 */
function unknownCommand(command: string): string {
  const meant = (['export', 'import'] as const).find(
    (name) => command.length <= 12 && editDistance(command.toLowerCase(), name) <= 2,
  );
  return meant
    ? `Unknown command; did you mean "${meant}"? (see --help)`
    : 'Unknown command: the first argument must be export or import (see --help).';
}

/** One line saying why the job failed. */
function failureText(error: unknown): string {
  if (error instanceof PlatformError) return `${error.name}: ${error.message}`;
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${error.message} (${code})` : error.message;
  }
  return 'the job stopped';
}

/**
 * Runs the command line `args` (without `node` and the script) and resolves with the exit code. Never rejects: every
 * failure is a message on standard error and a code.
 */
export async function runCli(args: readonly string[], io: CommandIo): Promise<number> {
  const token = io.env[TOKEN_ENV];
  const redact = createRedactor(token ?? '');
  const say = (text: string) => io.stderr.write(`${redact(text)}\n`);
  const [command, ...rest] = args;
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      await new Promise<void>((resolve) => io.stdout.write(HELP, () => resolve()));
      return command === undefined ? EXIT.usage : EXIT.ok;
    }
    if (command !== 'export' && command !== 'import') throw new UsageError(unknownCommand(command));
    const { values, positionals } = parse(command, rest);
    if (values.help) {
      await new Promise<void>((resolve) => io.stdout.write(HELP, () => resolve()));
      return EXIT.ok;
    }
    const unknown = Object.keys(values).filter((name) => !COMMAND_OPTIONS[command].includes(name));
    if (unknown.length > 0) throw new UsageError(`${command} takes no --${unknown[0]} (see --help).`);
    if (command === 'export') {
      const options = exportOptions(values, positionals);
      const written = await runExport(clientFrom(io.env), options, io);
      say(`export: ${written.toLocaleString('en-US')} items written${options.output ? ` to ${options.output}` : ''}.`);
      return EXIT.ok;
    }
    const options = importOptions(values, positionals);
    const { report, lineOfRow } = await runImport(clientFrom(io.env), options, io);
    say(`import: ${reportCounts(report)}.`);
    // A failed row by its line in the file, from 1, as the file's checks name lines (the report's `row` is its
    // position in the rows, from 0).
    for (const failure of report.failures) {
      say(
        `  line ${lineOfRow(failure.row)}${failure.columnId ? `, column ${failure.columnId}` : ''}: ${failure.reason}`,
      );
    }
    return report.failed > 0 ? EXIT.rowsFailed : EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) {
      say(`workspace-platform: ${error.message}`);
      return EXIT.usage;
    }
    if (io.signal.aborted) {
      const resumable = args.some((arg) => arg === '--checkpoint' || arg.startsWith('--checkpoint='));
      say(`${command}: interrupted.${resumable ? ' Run the same command again to resume.' : ''}`);
      return EXIT.interrupted;
    }
    say(`${command}: failed. ${failureText(error)}`);
    return EXIT.failed;
  }
}
