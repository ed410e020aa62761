/**
 * `importItems`: many rows onto a board through the platform's asynchronous import jobs (`ingest_items` or
 * `backfill_items`, API versions 2026-07 and later): each job gets a pre-signed `upload_url`, the rows go up as one
 * CSV file, and `fetch_job_status` is polled until the job ends
 * (https://developer.monday.com/api-reference/docs/importing-items-in-bulk).
 *
 * What it does with the platform's limits (the same page, and
 * https://developer.monday.com/api-reference/reference/ingest-items-api-reference):
 * - rows per job: at most 10,000 for `ingest`, 20,000 for `backfill`; files under 150 MB. The rows are split into
 *   jobs within both.
 * - the hourly budget of 19,000 items per account (`ingest` only): jobs are paced so none is refused for it; a job
 *   refused anyway (`ACCOUNT_CAPACITY_EXCEEDED`, another app of the account spent the budget) is sent again once the
 *   budget frees up.
 * - an upload URL lives 10 minutes: an upload refused as expired gets a new job for the same rows.
 * - poll interval: about every 10 seconds, as the docs ask (`pollIntervalMs`).
 *
 * A restart resumes from the {@link ImportCheckpoint} the caller kept (handed out through `onCheckpoint`): the rows
 * of jobs that finished are skipped, a job still running is polled again instead of being sent twice.
 */

import type { PlatformClient } from '../client/client.js';
import type { ThrottleStore } from '../client/throttle/throttle-store.js';
import { NetworkError, PlatformConfigError } from '../index.js';
import { BulkJobError } from './errors.js';
import { BUDGET_WINDOW_MS, HourlyItemBudget } from './hourly-budget.js';
import { type EncodedRow, encodeRow, JobFile } from './import-csv.js';
import {
  CHECKPOINT_FORMAT,
  type ImportCheckpoint,
  type ImportMatch,
  type ImportReport,
  type ImportRow,
} from './import-types.js';
import {
  boardFacts,
  type ImportJobStatus,
  importJobStatus,
  readReport,
  redactorOf,
  requireBulkVersion,
  startImportJob,
  uploadFile,
} from './job-calls.js';
import { type BulkProgress, ProgressMeter } from './progress.js';
import { sleep } from './sleep.js';

/** What `importItems` shares between its two modes. */
interface ImportItemsBase {
  /** The board to import into. */
  boardId: string | number;
  /** The group new items go to. Default: the board's top group. */
  groupId?: string;
  /**
   * The rows, in order: an array, or any iterable or async iterable (read once, lazily: a restart from a
   * checkpoint reads them again from the start and skips the rows already done, so give the same rows again).
   */
  rows: Iterable<ImportRow> | AsyncIterable<ImportRow>;
  /** Stops the import: polling, uploads and waits end promptly and the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called as the import moves on (rows done of the total, rate, time left). */
  onProgress?: (progress: BulkProgress) => void;
  /** Where to resume, as handed out by `onCheckpoint` before a restart. */
  checkpoint?: ImportCheckpoint;
  /**
   * Called with a new checkpoint each time one is worth keeping (a job started, uploaded, finished); awaited, so the
   * import goes on only once the caller has stored it.
   */
  onCheckpoint?: (checkpoint: ImportCheckpoint) => void | Promise<void>;
  /** Milliseconds between two `fetch_job_status` polls. Default 10,000, as the docs ask. */
  pollIntervalMs?: number;
  /** Most rows per job. Default (and upper bound): the mode's limit, 10,000 for `ingest`, 20,000 for `backfill`. */
  rowsPerJob?: number;
  /**
   * The account's hourly item budget `ingest` jobs are paced against, or `false` not to pace. Default 19,000.
   * `backfill` does not count against it.
   */
  hourlyItemBudget?: number | false;
  /**
   * A store shared by every process importing into the account (the one given to the client's `throttle.store`),
   * so their jobs are paced against one budget. A store without the optional `reserveUnits` capability paces this
   * process alone.
   */
  budgetStore?: ThrottleStore;
  /** The fetch the CSV is uploaded with (the upload URL needs no token). Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** The clock polls, pacing and rates are measured on, in milliseconds. Default: `Date.now`. */
  now?: () => number;
}

/**
 * Options of {@link importItems}. `mode: 'ingest'` (the default, any user with `boards:write`) creates or updates
 * items with the platform's usual side effects; `mode: 'backfill'` (account admins only) creates items without
 * automations or activity log entries, outside the hourly budget, and takes no `match`.
 */
export type ImportItemsOptions = ImportItemsBase &
  (
    | {
        /** `ingest_items`: the default. */
        mode?: 'ingest';
        /** Update or skip rows matching an existing item by a column's value. Default: every row creates an item. */
        match?: ImportMatch;
      }
    | {
        /** `backfill_items`: an admin's one-time initial load. */
        mode: 'backfill';
        /** Backfill always creates items. */
        match?: never;
      }
  );

/** Rows per job allowed by each mode (the importing-items-in-bulk page's limits table). */
export const IMPORT_ROW_LIMITS = {
  /** Rows per job of an `ingest` import. */
  ingest: 10_000,
  /** Rows per job of a `backfill` import. */
  backfill: 20_000,
} as const;

/** Largest file the platform takes, in bytes (150 MB, the same table). */
export const IMPORT_MAX_FILE_BYTES = 150 * 1000 * 1000;

/** Items an account may create or update through `ingest` per hour (the same page). */
export const IMPORT_HOURLY_ITEM_BUDGET = 19_000;

/** Default milliseconds between two polls of a job ("about every 10 seconds"). */
export const IMPORT_POLL_INTERVAL_MS = 10_000;

/**
 * Imports `rows` onto a board through the platform's import jobs, splitting them into jobs within the row and file
 * limits, pacing `ingest` jobs by the hourly item budget, uploading each job's CSV and polling it until it ends.
 * Resolves to what happened to every row: a partial failure (rows the platform refused, with their reasons) is in
 * the report, not an error.
 *
 * @example
 * ```ts
 * // fragment
 * const report = await importItems(client, {
 *   boardId: 3001,
 *   rows: [{ name: 'Launch', values: { status: column.status({ label: 'Done' }), date4: '2026-11-24' } }],
 *   match: { columnId: 'text', onMatch: 'upsert' },
 *   onCheckpoint: (checkpoint) => saveSomewhere(JSON.stringify(checkpoint)),
 * });
 * ```
 *
 * @throws {@link workspace-platform-sdk!PlatformConfigError | PlatformConfigError} before anything is sent, for bad
 *   options (a `rowsPerJob`
 *   above the mode's limit, a
 *   checkpoint of another board or mode, a client pinned below 2026-07), and before a job is started for a row whose
 *   builder was given input the platform refuses, or a row too large for one file.
 * @throws {@link BulkJobError} when a job fails or is rejected for a reason a new job cannot fix (`INVALID_UPLOAD`,
 *   `PERMISSION_DENIED`, a failure while processing): its `checkpoint` resumes at that job's rows.
 * @throws {@link workspace-platform-sdk!PlatformError | PlatformError} the client's own errors for a call that fails
 *   ({@link
 *   workspace-platform-sdk!AuthenticationError}, {@link workspace-platform-sdk!NotFoundError | NotFoundError} for
 *   an unknown board, `RateLimitError`, `NetworkError`, ...).
 * @throws `DOMException` `AbortError` (or the reason the caller gave `abort()`) when `signal` aborts.
 */
export async function importItems(client: PlatformClient, options: ImportItemsOptions): Promise<ImportReport> {
  return rethrowAbort(options.signal, () => runImport(client, options));
}

/**
 * Runs `work`; once `signal` has aborted, whatever it rejects with (a call the client stopped, a wait cut short)
 * becomes the signal's reason, as the bulk functions promise.
 */
export async function rethrowAbort<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
}

async function runImport(client: PlatformClient, options: ImportItemsOptions): Promise<ImportReport> {
  const plan = planImport(client, options);
  const { signal } = options;
  signal?.throwIfAborted();
  const facts = await boardFacts(client, plan.boardId, signal);
  const groupId = options.groupId ?? facts.topGroupId;
  if (groupId === undefined) throw new PlatformConfigError(`Board ${plan.boardId} has no group to import into.`);
  const run = new ImportRun(client, options, plan, groupId, facts.accountId);
  return run.go();
}

/** The options, checked, with their defaults. */
interface ImportPlan {
  boardId: string;
  mode: 'ingest' | 'backfill';
  match: ImportMatch | undefined;
  rowsPerJob: number;
  pollIntervalMs: number;
  hourlyItemBudget: number | false;
  fetch: typeof fetch;
  now: () => number;
}

function positiveNumber(value: unknown, name: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new PlatformConfigError(`importItems: ${name} must be a positive number; got ${String(value)}.`);
  }
}

/** Checks the options before anything is sent. @throws {@link workspace-platform-sdk!PlatformConfigError | PlatformConfigError} */
function planImport(client: PlatformClient, options: ImportItemsOptions): ImportPlan {
  requireBulkVersion(client);
  const mode = options.mode ?? 'ingest';
  if (mode !== 'ingest' && mode !== 'backfill') {
    throw new PlatformConfigError(`importItems: mode must be "ingest" or "backfill"; got ${String(mode)}.`);
  }
  const match = mode === 'ingest' ? options.match : undefined;
  if (options.mode === 'backfill' && (options as { match?: unknown }).match !== undefined) {
    throw new PlatformConfigError('importItems: backfill always creates items; it takes no match.');
  }
  if (match && (typeof match.columnId !== 'string' || !['upsert', 'skip'].includes(match.onMatch))) {
    throw new PlatformConfigError('importItems: match needs a columnId and onMatch "upsert" or "skip".');
  }
  const limit = IMPORT_ROW_LIMITS[mode];
  const rowsPerJob = options.rowsPerJob ?? limit;
  if (!Number.isInteger(rowsPerJob) || rowsPerJob < 1 || rowsPerJob > limit) {
    throw new PlatformConfigError(`importItems: rowsPerJob must be a whole number from 1 to ${limit} for ${mode}.`);
  }
  const pollIntervalMs = options.pollIntervalMs ?? IMPORT_POLL_INTERVAL_MS;
  positiveNumber(pollIntervalMs, 'pollIntervalMs');
  const hourlyItemBudget = options.hourlyItemBudget ?? IMPORT_HOURLY_ITEM_BUDGET;
  if (hourlyItemBudget !== false) positiveNumber(hourlyItemBudget, 'hourlyItemBudget');
  const rows = options.rows as unknown;
  if (typeof rows !== 'object' || rows === null || (!(Symbol.iterator in rows) && !(Symbol.asyncIterator in rows))) {
    throw new PlatformConfigError('importItems: rows must be an array, an iterable or an async iterable of rows.');
  }
  const boardId = String(options.boardId);
  const checkpoint = options.checkpoint;
  if (checkpoint !== undefined) {
    if (checkpoint?.format !== CHECKPOINT_FORMAT) {
      throw new PlatformConfigError('importItems: checkpoint is not a checkpoint handed out by onCheckpoint.');
    }
    if (checkpoint.boardId !== boardId || checkpoint.mode !== mode) {
      throw new PlatformConfigError(
        `importItems: the checkpoint is of a ${checkpoint.mode} into board ${checkpoint.boardId}, not of this one.`,
      );
    }
  }
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw new PlatformConfigError('importItems: no fetch to upload with.');
  return {
    boardId,
    mode,
    match,
    rowsPerJob,
    pollIntervalMs,
    hourlyItemBudget: mode === 'ingest' ? hourlyItemBudget : false,
    fetch: fetchImpl,
    now: options.now ?? Date.now,
  };
}

/** Attempts at one upload before giving up (a network error, a 5xx or a 429 each take one). */
const UPLOAD_ATTEMPTS = 4;

function emptyReport(): ImportReport {
  return { created: 0, updated: 0, skipped: 0, failed: 0, failures: [], jobIds: [] };
}

function copyReport(report: ImportReport): ImportReport {
  return { ...report, failures: report.failures.map((failure) => ({ ...failure })), jobIds: [...report.jobIds] };
}

/** Rows done of one job's counts: applied, skipped, refused or failed. */
function processed(counts: ImportJobStatus['counts']): number {
  return counts.created + counts.updated + counts.skipped + counts.invalid + counts.failed;
}

/** The rows, one at a time with their positions, from an array, an iterable or an async iterable. */
async function* numbered(rows: Iterable<ImportRow> | AsyncIterable<ImportRow>): AsyncGenerator<[number, ImportRow]> {
  let index = 0;
  for await (const row of rows) {
    yield [index, row];
    index += 1;
  }
}

/** One run of `importItems`: its state, and the steps that move it on. */
class ImportRun {
  readonly #client: PlatformClient;
  readonly #options: ImportItemsOptions;
  readonly #plan: ImportPlan;
  readonly #groupId: string;
  readonly #budget: HourlyItemBudget | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #meter: ProgressMeter;
  #report: ImportReport;
  #rowsDone: number;
  #total: number | undefined;

  constructor(
    client: PlatformClient,
    options: ImportItemsOptions,
    plan: ImportPlan,
    groupId: string,
    accountId: number | undefined,
  ) {
    this.#client = client;
    this.#options = options;
    this.#plan = plan;
    this.#groupId = groupId;
    this.#signal = options.signal;
    this.#report = options.checkpoint ? copyReport(options.checkpoint.report) : emptyReport();
    this.#rowsDone = options.checkpoint?.rowsDone ?? 0;
    this.#total = Array.isArray(options.rows) ? options.rows.length : undefined;
    this.#meter = new ProgressMeter(plan.now, options.onProgress, this.#rowsDone);
    this.#budget =
      plan.hourlyItemBudget === false
        ? undefined
        : new HourlyItemBudget(
            `bulk-import:${client.baseUrl}#${accountId ?? 'account'}`,
            plan.hourlyItemBudget,
            options.budgetStore,
            plan.now,
            plan.pollIntervalMs,
          );
  }

  async go(): Promise<ImportReport> {
    const resumed = this.#options.checkpoint?.job;
    // A job whose file the server holds is polled to its end, never sent again. A checkpoint saying "not uploaded"
    // may predate an upload that did arrive (the process stopped before it could record it): the job is asked first,
    // and only one still waiting for its file is left for a new job.
    if (resumed && (resumed.uploaded || (await this.#holdsFile(resumed.id)))) {
      if (!resumed.uploaded) await this.#save({ ...resumed, uploaded: true });
      const ended = await this.#pollToEnd(resumed.id, resumed.firstRow);
      // Rejected for the hourly budget (settle answers false): nothing was applied, and its rows go again below.
      await this.#settle(ended, resumed.id, resumed.firstRow, resumed.rowCount);
    }
    const rows = numbered(this.#options.rows)[Symbol.asyncIterator]();
    let carried: EncodedRow | undefined;
    for (;;) {
      const file = new JobFile();
      if (carried) file.add(carried);
      carried = undefined;
      let ended = false;
      while (file.rows.length < this.#plan.rowsPerJob) {
        this.#signal?.throwIfAborted();
        const next = await rows.next();
        if (next.done) {
          ended = true;
          break;
        }
        const [index, row] = next.value;
        if (index < this.#rowsDone) continue;
        const encoded = encodeRow(row, index);
        if (file.bytesWith(encoded) <= IMPORT_MAX_FILE_BYTES) {
          file.add(encoded);
          continue;
        }
        if (file.rows.length === 0) {
          throw new PlatformConfigError(`Row ${index} alone makes a file over ${IMPORT_MAX_FILE_BYTES} bytes.`);
        }
        carried = encoded;
        break;
      }
      if (ended) this.#total = Math.max(this.#rowsDone + file.rows.length, this.#total ?? 0);
      if (file.rows.length > 0) await this.#runJob(file);
      if (ended) break;
    }
    this.#meter.report(this.#rowsDone, this.#total ?? this.#rowsDone);
    return copyReport(this.#report);
  }

  /** Runs the job of one file to its end, starting it again when its URL expires or the budget was spent. */
  async #runJob(file: JobFile): Promise<void> {
    const firstRow = file.rows[0]?.index ?? this.#rowsDone;
    const rowCount = file.rows.length;
    const text = file.text();
    let capacityWaitMs = 6 * this.#plan.pollIntervalMs;
    // Only rows the platform takes spend the budget: a job started again for the same rows (its upload URL expired,
    // or it was refused for the account's capacity) uses the rows' reservation while it still counts, within the
    // budget's hour, instead of reserving them a second time.
    let reservedAt: number | undefined;
    for (;;) {
      if (this.#budget && (reservedAt === undefined || this.#plan.now() - reservedAt >= BUDGET_WINDOW_MS)) {
        await this.#budget.reserve(rowCount, this.#signal);
        reservedAt = this.#plan.now();
      }
      const job = await startImportJob(
        this.#client,
        {
          mode: this.#plan.mode,
          boardId: this.#plan.boardId,
          groupId: this.#groupId,
          ...(this.#plan.match ? { match: this.#plan.match } : {}),
        },
        this.#signal,
      );
      await this.#save({ id: job.jobId, firstRow, rowCount, uploaded: false });
      if ((await this.#upload(job.jobId, job.uploadUrl, text)) === 'expired') continue;
      await this.#save({ id: job.jobId, firstRow, rowCount, uploaded: true });
      const ended = await this.#pollToEnd(job.jobId, firstRow);
      if (await this.#settle(ended, job.jobId, firstRow, rowCount)) return;
      // Rejected for the account's hourly budget (another app spent it): nothing was applied; wait, then again.
      await sleep(capacityWaitMs, this.#signal);
      capacityWaitMs = Math.min(capacityWaitMs * 2, 90 * this.#plan.pollIntervalMs);
    }
  }

  /**
   * Uploads a job's file until the server holds it. An upload whose fate is unknown (no answer, a 5xx, a 409 after
   * an answer was lost) is settled by asking the job: a job no longer waiting for its file has it, and the file is
   * never sent again.
   */
  async #upload(jobId: string, url: string, text: string): Promise<'stored' | 'expired'> {
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await uploadFile(this.#plan.fetch, url, text, this.#signal, redactorOf(this.#client));
      if (outcome === 'stored' || outcome === 'expired') return outcome;
      if (await this.#holdsFile(jobId)) return 'stored';
      if (attempt >= UPLOAD_ATTEMPTS) {
        throw new NetworkError(`The upload of the import file failed ${UPLOAD_ATTEMPTS} times.`);
      }
      // Still waiting for its file: a 409 then means another upload is being received; either way, wait and retry.
      await sleep(Math.min(this.#plan.pollIntervalMs, 500 * 2 ** attempt), this.#signal);
    }
  }

  /** True when the job has its file: it is no longer waiting for an upload. */
  async #holdsFile(jobId: string): Promise<boolean> {
    return (await importJobStatus(this.#client, jobId, this.#signal)).status !== 'UPLOAD_PENDING';
  }

  /** Polls a job until it ends, reporting progress at each poll. */
  async #pollToEnd(jobId: string, firstRow: number): Promise<ImportJobStatus> {
    for (;;) {
      const status = await importJobStatus(this.#client, jobId, this.#signal);
      this.#meter.report(firstRow + processed(status.counts), this.#total);
      if (status.status === 'COMPLETED' || status.status === 'FAILED' || status.status === 'REJECTED') return status;
      await sleep(this.#plan.pollIntervalMs, this.#signal);
    }
  }

  /**
   * Takes an ended job into the report: true when its rows are done (completed), false when they must go again
   * (rejected for the hourly budget).
   * @throws {@link BulkJobError} for any other end.
   */
  async #settle(ended: ImportJobStatus, jobId: string, firstRow: number, rowCount: number): Promise<boolean> {
    if (ended.status === 'REJECTED' && ended.failureReason === 'ACCOUNT_CAPACITY_EXCEEDED') {
      await this.#save(undefined);
      return false;
    }
    if (ended.status !== 'COMPLETED') {
      await this.#save(undefined);
      throw new BulkJobError(
        `Import job ${jobId} ended ${ended.status}${ended.failureReason ? ` (${ended.failureReason})` : ''}: ${ended.failureMessage ?? 'no message'}`,
        {
          jobId,
          state: ended.status,
          ...(ended.failureReason ? { failureReason: ended.failureReason } : {}),
          checkpoint: this.#checkpoint(undefined),
        },
      );
    }
    const { counts } = ended;
    const report = this.#report;
    report.created += counts.created;
    report.updated += counts.updated;
    report.skipped += counts.skipped;
    report.failed += counts.invalid + counts.failed;
    report.jobIds.push(jobId);
    if (ended.reportUrl) {
      const failures = await readReport(this.#plan.fetch, ended.reportUrl, this.#signal, redactorOf(this.#client));
      for (const failure of failures) {
        report.failures.push({
          row: firstRow + failure.row - 1,
          ...(failure.columnId ? { columnId: failure.columnId } : {}),
          reason: failure.reason,
        });
      }
      report.failures.sort((a, b) => a.row - b.row);
    }
    this.#rowsDone = firstRow + rowCount;
    await this.#save(undefined);
    this.#meter.report(this.#rowsDone, this.#total);
    return true;
  }

  #checkpoint(job: ImportCheckpoint['job']): ImportCheckpoint {
    return {
      format: CHECKPOINT_FORMAT,
      boardId: this.#plan.boardId,
      mode: this.#plan.mode,
      rowsDone: this.#rowsDone,
      ...(job ? { job: { ...job } } : {}),
      report: copyReport(this.#report),
    };
  }

  async #save(job: ImportCheckpoint['job']): Promise<void> {
    await this.#options.onCheckpoint?.(this.#checkpoint(job));
  }
}
