/**
 * `workspace-platform import --board <id> [--group id] [--match column --on-match upsert|skip] [--mode ingest|backfill]
 * [--checkpoint file] <file.csv>`: the rows of a CSV file onto a board, with `importItems` (the platform's import
 * jobs). The file's first record names the columns: `name` (the item's name, required), then column ids; the columns
 * `item_id` and `group_id` that `export --format csv` writes are left out, so an export imports into another board.
 * Each cell goes as its text (an empty cell leaves the column empty), less the `'` that `export` puts before a cell
 * a spreadsheet would run as a formula (`'=`, `'+`, `'-`, `'@`, `'` before a tab or a carriage return: ./csv.ts).
 *
 * The whole file is read and checked once before the first job (checkFile), so a file the import would stop in the
 * middle of is refused while nothing was sent; an import that stops once a job was sent says what was imported
 * (ImportStoppedError).
 *
 * With `--checkpoint file`, an interrupted import (Ctrl+C, a crash) resumes with the same command: the file is read
 * again and the rows of the jobs that ended are skipped.
 */
import { createReadStream } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  type BulkProgress,
  IMPORT_POLL_INTERVAL_MS,
  type ImportCheckpoint,
  type ImportReport,
  type ImportRow,
  importItems,
} from '../bulk/index.js';
import type { PlatformClient } from '../index.js';
import { type CommandIo, UsageError } from './command-io.js';
import { CsvSyntaxError, readCsv, restoreFormulaCell } from './csv.js';
import { createProgressDisplay } from './progress-display.js';

/** The options of `import`, from the command line. */
export interface ImportCommandOptions {
  board: string;
  file: string;
  group?: string;
  match?: { columnId: string; onMatch: 'upsert' | 'skip' };
  mode: 'ingest' | 'backfill';
  checkpoint?: string;
  /** How often each job is checked (`--poll-interval`, in seconds on the command line). */
  pollIntervalMs?: number;
}

/** Headers the export writes that are not columns of a board. */
const EXPORT_ONLY_COLUMNS = new Set(['item_id', 'group_id']);

/** The file's header: where the name is, the columns read (position and id), and how many fields it names. */
interface Header {
  name: number;
  columns: [number, string][];
  fields: number;
}

/** Reads the header record. @throws {@link UsageError} without a `name` column, or naming a column twice. */
function headerOf(path: string, fields: readonly string[], line: number): Header {
  const names = fields.map((field) => restoreFormulaCell(field).trim());
  const name = names.findIndex((field) => field.toLowerCase() === 'name');
  if (name === -1) throw new UsageError(`${path}: the first line must name the columns, one of them \`name\`.`);
  const seen = new Set<string>();
  for (const id of names) {
    const key = id.toLowerCase() === 'name' ? 'name' : id;
    if (id === '') continue;
    if (seen.has(key)) {
      throw new UsageError(`${path}: line ${line}: the header names column "${id}" twice (each column once).`);
    }
    seen.add(key);
  }
  const columns = names
    .map((id, index): [number, string] => [index, id])
    .filter(([index, id]) => index !== name && id !== '' && !EXPORT_ONLY_COLUMNS.has(id));
  return { name, columns, fields: names.length };
}

/**
 * The rows of a CSV file with their lines, read lazily, each checked: the header (a `name` column, no column twice),
 * no row with more fields than the header names, a name in every row.
 * @throws {@link UsageError} for the first record that fails a check or cannot be read as CSV, naming its line.
 */
async function* checkedRows(path: string): AsyncGenerator<{ row: ImportRow; line: number }> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  let header: Header | undefined;
  try {
    for await (const record of readCsv(stream)) {
      if (record.fields.length === 1 && record.fields[0] === '') continue; // a blank line
      if (!header) {
        header = headerOf(path, record.fields, record.line);
        continue;
      }
      const fields = record.fields.map(restoreFormulaCell);
      if (fields.length > header.fields) {
        throw new UsageError(
          `${path}: line ${record.line}: ${fields.length} fields, but the header names ${header.fields} columns.`,
        );
      }
      const name = fields[header.name] ?? '';
      if (name.trim() === '') throw new UsageError(`${path}: line ${record.line}: the row has no name.`);
      const values: Record<string, string | undefined> = {};
      for (const [index, id] of header.columns) {
        const cell = fields[index];
        values[id] = cell === undefined || cell === '' ? undefined : cell;
      }
      yield { row: { name, values }, line: record.line };
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new UsageError(`${path}: ${error.message}`);
    throw error;
  } finally {
    stream.destroy();
  }
  if (!header) throw new UsageError(`${path} is empty: its first line must name the columns.`);
}

/**
 * The file line of a row, from its position in `rows` (from 0, as `importItems` reports it): a row's line is its
 * position plus 2 (the header is line 1) plus how many lines blank lines and quoted line breaks before it took.
 */
export type LineOfRow = (row: number) => number;

/**
 * Reads the whole file once and checks every record before the first job: a file the import would stop in the
 * middle of is refused while nothing was sent. One record is held at a time, so a file of any size is checked; only
 * the rows where the lines gained on the positions are kept, to name a failed row by its line.
 * Resolves with the line of each row and the number of rows.
 * @throws {@link UsageError} for the first record that fails.
 */
async function checkFile(path: string, signal: AbortSignal): Promise<{ lineOfRow: LineOfRow; rowCount: number }> {
  // [first row, lines gained from it on]: one entry each time blank lines or a quoted line break shift the lines.
  const shifts: [number, number][] = [[0, 0]];
  let index = 0;
  for await (const { line } of checkedRows(path)) {
    signal.throwIfAborted();
    const gained = line - (index + 2);
    if (gained !== (shifts.at(-1) as [number, number])[1]) shifts.push([index, gained]);
    index += 1;
  }
  const lineOfRow: LineOfRow = (row) => {
    let gained = 0;
    for (const [first, lines] of shifts) {
      if (first > row) break;
      gained = lines;
    }
    return row + 2 + gained;
  };
  return { lineOfRow, rowCount: index };
}

/**
 * `progress` with the file's row count as its total when the import does not know it yet: it reads the rows lazily,
 * so it knows the total only once it has read them to their end, which a resumed run (polling its job first) or a run
 * of several jobs has not done at its first progress lines. Time left follows from the same rate.
 */
function withRowCount(progress: BulkProgress, rowCount: number): BulkProgress {
  if (progress.total !== undefined) return progress;
  const remainingMs =
    progress.rate > 0 ? Math.max(0, Math.round(((rowCount - progress.done) / progress.rate) * 1000)) : undefined;
  return { ...progress, total: rowCount, remainingMs };
}

/** The rows of a CSV file, read lazily (the file is read again, from its start, on every iteration). */
function rowsOf(path: string): AsyncIterable<ImportRow> {
  return {
    async *[Symbol.asyncIterator]() {
      for await (const { row } of checkedRows(path)) yield row;
    },
  };
}

/** What a report counts, in words: `3 created, 0 updated, 0 skipped, 1 failed (1 job)`. */
export function reportCounts(report: ImportReport): string {
  const jobs = report.jobIds.length;
  return `${report.created.toLocaleString('en-US')} created, ${report.updated.toLocaleString('en-US')} updated, ${report.skipped.toLocaleString('en-US')} skipped, ${report.failed.toLocaleString('en-US')} failed (${jobs} job${jobs === 1 ? '' : 's'})`;
}

/**
 * An import that stopped after jobs were sent: its cause, and what the jobs that ended had done, so the command
 * never reports less than what happened (a usage error's "nothing was sent" would be false).
 */
export class ImportStoppedError extends Error {
  override name = 'ImportStoppedError';
  /** What the jobs that ended had done. */
  readonly report: ImportReport;

  constructor(cause: unknown, report: ImportReport) {
    const why = cause instanceof Error ? `${cause.name}: ${cause.message}` : 'the import stopped.';
    super(`${why} Imported before it stopped: ${reportCounts(report)}.`, { cause });
    this.report = report;
  }
}

/**
 * Runs `import`; resolves with the platform's report and the file line of each row (rejects when a job fails or the
 * import is stopped).
 */
export async function runImport(
  client: PlatformClient,
  options: ImportCommandOptions,
  io: CommandIo,
): Promise<{ report: ImportReport; lineOfRow: LineOfRow }> {
  const path = resolve(io.cwd, options.file);
  const checkpointPath = options.checkpoint === undefined ? undefined : resolve(io.cwd, options.checkpoint);
  let checkpoint: ImportCheckpoint | undefined;
  if (checkpointPath) {
    try {
      checkpoint = JSON.parse(await readFile(checkpointPath, 'utf8')) as ImportCheckpoint;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new UsageError(`${options.checkpoint} is not a checkpoint file of \`workspace-platform import\`.`);
      }
    }
  }
  const { lineOfRow, rowCount } = await checkFile(path, io.signal);
  const pollIntervalMs = options.pollIntervalMs ?? IMPORT_POLL_INTERVAL_MS;
  // Why a small import takes seconds: each job is seen done up to one poll interval late.
  io.stderr.write(
    `import: checking each job every ${pollIntervalMs / 1000} s (--poll-interval <seconds> changes it).\n`,
  );
  const display = createProgressDisplay(io.stderr, 'import', 'rows');
  // What the jobs that ended have done, once a job was started: said if the import stops.
  let soFar: ImportReport | undefined;
  const common = {
    boardId: options.board,
    rows: rowsOf(path),
    signal: io.signal,
    pollIntervalMs,
    onProgress: (progress: BulkProgress) => display.update(withRowCount(progress, rowCount)),
    ...(options.group === undefined ? {} : { groupId: options.group }),
    ...(checkpoint === undefined ? {} : { checkpoint }),
    onCheckpoint: async (next: ImportCheckpoint) => {
      soFar = next.report;
      if (checkpointPath === undefined) return;
      const temporary = `${checkpointPath}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(next)}\n`);
      await rename(temporary, checkpointPath);
    },
  };
  try {
    const report =
      options.mode === 'backfill'
        ? await importItems(client, { ...common, mode: 'backfill' })
        : await importItems(client, { ...common, mode: 'ingest', ...(options.match ? { match: options.match } : {}) });
    display.finish();
    if (checkpointPath) await rm(checkpointPath, { force: true });
    return { report, lineOfRow };
  } catch (error) {
    display.finish();
    if (soFar && !io.signal.aborted) throw new ImportStoppedError(error, soFar);
    throw error;
  }
}
