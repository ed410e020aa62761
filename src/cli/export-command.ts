/**
 * `workspace-platform export --board <id> [--format jsonl|csv] [--output file] [--columns a,b] [--checkpoint file]`:
 * every item of a board, one JSON object a line (`jsonl`) or a CSV file (`csv`: `item_id`,
 * `name`, `group_id`, then a cell per column id in the form the import reads, ./export-cells.ts), to a file or to
 * standard output, with `exportItems`.
 *
 * With `--checkpoint file` (and `--output`), the export can be stopped (Ctrl+C, a crash) and run again with the same
 * command: the checkpoint file holds the export's checkpoint and how many bytes of the output went with it, written
 * (to a temporary file, then renamed over it) each time a buffer of lines reaches the output file. A new run cuts the
 * output back to those bytes and goes on from the checkpoint, so no line is written twice and none is missed. Once
 * the export is done the checkpoint file is removed.
 */
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type ExportCheckpoint, type ExportedItem, exportItems } from '../bulk/index.js';
import { NotFoundError, type PlatformClient, PlatformConfigError } from '../index.js';
import { type CommandIo, UsageError, writeTo } from './command-io.js';
import { csvRecord } from './csv.js';
import { exportCell } from './export-cells.js';
import { createProgressDisplay } from './progress-display.js';

/** The options of `export`, from the command line. */
export interface ExportCommandOptions {
  board: string;
  format: 'jsonl' | 'csv';
  output?: string;
  columns?: string[];
  checkpoint?: string;
}

/** What the checkpoint file holds. */
interface SavedExport {
  format: 'workspace-platform/export-state@1';
  /** The output's format and columns when the export started: a resumed run keeps them. */
  output: { format: 'jsonl' | 'csv'; columns: string[] | null };
  /** Bytes of the output file that go with `checkpoint`. */
  outputBytes: number;
  checkpoint: ExportCheckpoint;
  /** The board's item count, once known: the platform gives it with the first page only, so a resumed run shows it. */
  total?: number;
}

/** Lines are handed to the output file in buffers of about this many characters. */
const BUFFER_CHARS = 256 * 1024;
/** And at least this often, so a slow export keeps its checkpoint fresh. */
const FLUSH_INTERVAL_MS = 2_000;

/** One output line of an item. */
function lineOf(item: ExportedItem, format: 'jsonl' | 'csv', columns: readonly string[] | null): string {
  if (format === 'jsonl') return `${JSON.stringify(item)}\n`;
  const texts = new Map(item.columnValues.map((value) => [value.id, exportCell(value)]));
  return csvRecord([item.id, item.name, item.groupId ?? '', ...(columns ?? []).map((id) => texts.get(id) ?? '')]);
}

/** The board's column ids, for a CSV header when `--columns` does not name them. */
async function boardColumns(client: PlatformClient, board: string, signal: AbortSignal): Promise<string[]> {
  const { data } = await client.request<{ boards: { columns: { id: string }[] | null }[] }>(
    'query ExportColumns($board: [ID!]) { boards(ids: $board) { columns { id } } }',
    { board: [board] },
    { signal },
  );
  const columns = data.boards[0]?.columns;
  // A request was sent: an API refusal (exit 1), as the JSON-lines export says it, never a usage error's "nothing
  // was sent" (exit 2).
  if (!columns) throw new NotFoundError(`Board ${board} does not exist or this token cannot see it`, { errors: [] });
  return columns.map((column) => column.id);
}

async function readSaved(path: string): Promise<SavedExport | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const saved = JSON.parse(text) as SavedExport;
  if (saved?.format !== 'workspace-platform/export-state@1' || !Number.isSafeInteger(saved.outputBytes)) {
    throw new UsageError(`${path} is not a checkpoint file of \`workspace-platform export\`.`);
  }
  return saved;
}

async function save(path: string, saved: SavedExport): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(saved)}\n`);
  await rename(temporary, path);
}

/**
 * Runs `export`. Resolves with what it wrote, in items; rejects with the export's error (what was written stays
 * written, and with `--checkpoint` the same command resumes it).
 */
export async function runExport(client: PlatformClient, options: ExportCommandOptions, io: CommandIo): Promise<number> {
  if (options.checkpoint !== undefined && options.output === undefined) {
    throw new UsageError('--checkpoint needs --output: an export to standard output cannot be resumed.');
  }
  const checkpointPath = options.checkpoint === undefined ? undefined : resolve(io.cwd, options.checkpoint);
  const saved = checkpointPath === undefined ? undefined : await readSaved(checkpointPath);
  // A checkpoint of another board is refused before anything is sent or any file is touched.
  if (saved && saved.checkpoint?.boardId !== options.board) {
    throw new UsageError(
      `${options.checkpoint} is the checkpoint of an export of board ${String(saved.checkpoint?.boardId)}, not of board ${options.board}: give that board, or another --checkpoint file.`,
    );
  }
  const format = saved?.output.format ?? options.format;
  let columns = saved?.output.columns ?? options.columns ?? null;
  if (format === 'csv' && columns === null) columns = await boardColumns(client, options.board, io.signal);

  const display = createProgressDisplay(io.stderr, 'export', 'items');
  let total = saved?.total;
  let exporter: ReturnType<typeof exportItems>;
  try {
    // Checks the options and the checkpoint (of the same listing) before the output file is opened.
    exporter = exportItems(client, {
      boardId: options.board,
      ...(options.columns || format === 'csv' ? { columns: columns ?? [] } : {}),
      ...(saved ? { checkpoint: saved.checkpoint } : {}),
      signal: io.signal,
      onProgress: (progress) => {
        total = progress.total ?? total;
        display.update({ ...progress, total });
      },
    });
  } catch (error) {
    if (error instanceof PlatformConfigError)
      throw new UsageError(`${options.checkpoint ?? 'export'}: ${error.message}`);
    throw error;
  }
  const file =
    options.output === undefined ? undefined : await open(resolve(io.cwd, options.output), saved ? 'r+' : 'w');
  let outputBytes = saved?.outputBytes ?? 0;
  if (file && saved) await file.truncate(saved.outputBytes);
  let buffer = '';
  let flushedAt = Date.now();
  const flush = async (): Promise<void> => {
    if (buffer !== '') {
      const bytes = Buffer.from(buffer);
      buffer = '';
      if (file) {
        await file.write(bytes, 0, bytes.length, outputBytes);
        outputBytes += bytes.length;
      } else {
        // On a terminal, a data line never starts after the bar on the same line.
        display.clear();
        await writeTo(io.stdout, bytes.toString());
      }
    }
    flushedAt = Date.now();
    if (checkpointPath) {
      await save(checkpointPath, {
        format: 'workspace-platform/export-state@1',
        output: { format, columns },
        outputBytes,
        checkpoint: exporter.checkpoint(),
        ...(total === undefined ? {} : { total }),
      });
    }
  };
  let written = 0;
  try {
    if (!saved && format === 'csv') buffer += csvRecord(['item_id', 'name', 'group_id', ...(columns ?? [])]);
    for await (const item of exporter) {
      buffer += lineOf(item, format, columns);
      written += 1;
      if (buffer.length >= BUFFER_CHARS || Date.now() - flushedAt >= FLUSH_INTERVAL_MS) await flush();
    }
    await flush();
    display.finish();
    if (checkpointPath) await rm(checkpointPath, { force: true });
    return written;
  } catch (error) {
    display.finish();
    await flush().catch(() => undefined);
    throw error;
  } finally {
    await file?.close();
  }
}
