/**
 * `workspace-platform import --board <id> [--group id] [--match column --on-match upsert|skip] [--mode ingest|backfill]
 * [--checkpoint file] <file.csv>`: the rows of a CSV file onto a board, with `importItems` (the platform's import
 * jobs). The file's first record names the columns: `name` (the item's name, required), then column ids; the columns
 * `item_id` and `group_id` that `export --format csv` writes are left out, so an export imports into another board.
 * Each cell goes as its text (an empty cell leaves the column empty), less the `'` that `export` puts before a cell
 * a spreadsheet would run as a formula (`'=`, `'+`, `'-`, `'@`, `'` before a tab or a carriage return: ./csv.ts).
 *
 * With `--checkpoint file`, an interrupted import (Ctrl+C, a crash) resumes with the same command: the file is read
 * again and the rows of the jobs that ended are skipped.
 */
import { createReadStream } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type ImportCheckpoint, type ImportReport, type ImportRow, importItems } from '../bulk/index.js';
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
}

/** Headers the export writes that are not columns of a board. */
const EXPORT_ONLY_COLUMNS = new Set(['item_id', 'group_id']);

/** The rows of a CSV file, read lazily (the file is read again, from its start, on every iteration). */
function rowsOf(path: string): AsyncIterable<ImportRow> {
  return {
    async *[Symbol.asyncIterator]() {
      const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 });
      let header: { name: number; columns: [number, string][] } | undefined;
      try {
        for await (const record of readCsv(stream)) {
          if (record.fields.length === 1 && record.fields[0] === '') continue; // a blank line
          if (!header) {
            const names = record.fields.map((field) => restoreFormulaCell(field).trim());
            const name = names.findIndex((field) => field.toLowerCase() === 'name');
            if (name === -1)
              throw new UsageError(`${path}: the first line must name the columns, one of them \`name\`.`);
            const columns = names
              .map((id, index): [number, string] => [index, id])
              .filter(([index, id]) => index !== name && id !== '' && !EXPORT_ONLY_COLUMNS.has(id));
            header = { name, columns };
            continue;
          }
          const fields = record.fields.map(restoreFormulaCell);
          const values: Record<string, string | undefined> = {};
          for (const [index, id] of header.columns) {
            const cell = fields[index];
            values[id] = cell === undefined || cell === '' ? undefined : cell;
          }
          yield { name: fields[header.name] ?? '', values };
        }
      } catch (error) {
        if (error instanceof CsvSyntaxError) throw new UsageError(`${path}: ${error.message}`);
        throw error;
      } finally {
        stream.destroy();
      }
      if (!header) throw new UsageError(`${path} is empty: its first line must name the columns.`);
    },
  };
}

/** Runs `import`; resolves with the platform's report (rejects when a job fails or the import is stopped). */
export async function runImport(
  client: PlatformClient,
  options: ImportCommandOptions,
  io: CommandIo,
): Promise<ImportReport> {
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
  const display = createProgressDisplay(io.stderr, 'import', 'rows');
  const common = {
    boardId: options.board,
    rows: rowsOf(path),
    signal: io.signal,
    onProgress: display.update,
    ...(options.group === undefined ? {} : { groupId: options.group }),
    ...(checkpoint === undefined ? {} : { checkpoint }),
    ...(checkpointPath === undefined
      ? {}
      : {
          onCheckpoint: async (next: ImportCheckpoint) => {
            const temporary = `${checkpointPath}.${process.pid}.tmp`;
            await writeFile(temporary, `${JSON.stringify(next)}\n`);
            await rename(temporary, checkpointPath);
          },
        }),
  };
  try {
    const report =
      options.mode === 'backfill'
        ? await importItems(client, { ...common, mode: 'backfill' })
        : await importItems(client, { ...common, mode: 'ingest', ...(options.match ? { match: options.match } : {}) });
    display.finish();
    if (checkpointPath) await rm(checkpointPath, { force: true });
    return report;
  } catch (error) {
    display.finish();
    throw error;
  }
}
