/**
 * The bulk jobs of every account: import jobs (`ingest_items`, `backfill_items`), bulk delete and archive jobs
 * (`bulk_delete_items`, `bulk_archive_items`), the hourly item budget of `ingest_items`, and `undo_action`.
 *
 * Rule map:
 * - An import job's life (https://developer.monday.com/api-reference/reference/bulk-import-other-types):
 *   `UPLOAD_PENDING` until its file arrives at its upload URL ({@link BulkJobStore.receiveUpload}); `REJECTED` when
 *   the file is refused whole (./../bulk/import-file.ts), the hourly budget cannot take its rows
 *   (`ACCOUNT_CAPACITY_EXCEEDED`), or no file came before the URL expired (`INVALID_UPLOAD`; the docs do not say
 *   what becomes of such a job, and a rejection is what a job that never started is); then `PROCESSING`, its rows
 *   applied at `importRowsPerSecond` on the emulator's clock; `COMPLETED` (counts say what failed) or `FAILED`
 *   halfway when a fault says so.
 * - The hourly budget: an ingest job's acceptable rows are counted against the account's budget when its file is
 *   accepted; counts older than an hour no longer count ({@link BUDGET_WINDOW_MS}). Backfill jobs are not counted.
 * - Delete and archive jobs: `PENDING` until their first item is handled, `RUNNING`, `COMPLETED`; items handled at
 *   `itemsPerSecond`. An item not on the board (or deleted) counts as failed. `undo_action` puts back what the job
 *   did, the subitems that went with each item included, each as it was (a job still running stops: `CANCELLED`).
 * - Time: work falls due on the emulator's clock and is done when the engine next runs an operation
 *   ({@link BulkJobStore.catchUp}), a bounded number of rows per turn of the event loop, so however far a test moves
 *   the clock no request holds the loop long.
 * - Every change a job makes outside a GraphQL mutation (an upload, rows applied, an expiry) is one
 *   {@link BulkEvent}, applied by one function and reported through `onEvent`, so the testing kit can journal it
 *   and rebuild the same state later ({@link BulkJobStore.replay}).
 * Pinned by test/bulk-jobs.test.ts.
 */
import type { TransferAnswer, TransferRequest, UploadFaults } from '../../contract.js';
import { cellInput } from '../bulk/csv-cells.js';
import {
  type FileOutcome,
  ImportFileReader,
  type RowFailure,
  rowCells,
  type UploadedRow,
} from '../bulk/import-file.js';
import { BUDGET_WINDOW_MS, type BulkSettings } from '../bulk/settings.js';
import { checkSignedTarget, SIGNED_URL_TTL_MS } from '../bulk/signed-urls.js';
import { readColumn } from '../column-kinds/index.js';
import type { RecordReader } from '../column-kinds/types.js';
import type { BoardStore } from './boards.js';
import type { EngineClock, Stamper } from './clock.js';
import type { ItemStore } from './items.js';
import type { BoardRecord, ItemRecord, RecordState, UserRecord } from './records.js';
import type { UserStore } from './users.js';

/** `BulkImportState`. */
export type ImportJobState = 'UPLOAD_PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'REJECTED';

/** `JobState` of the async jobs. */
export type AsyncJobState = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

/** `ItemsJobItemCounts`. */
export interface ImportCounts {
  submitted: number;
  created: number;
  updated: number;
  skipped: number;
  invalid: number;
  failed: number;
}

/** One import job. */
export interface ImportJobRecord {
  id: string;
  kind: 'ingest' | 'backfill';
  accountId: string;
  userId: string;
  boardId: string;
  groupId: string;
  match?: { columnId: string; behaviour: 'UPSERT' | 'SKIP' };
  /** Milliseconds on the emulator's clock. */
  createdAt: number;
  updatedAt: number;
  uploadExpiresAt: number;
  state: ImportJobState;
  counts: ImportCounts;
  /** Column ids of the file, in its order (once uploaded). */
  header: string[];
  /** Rows still to apply; applied rows are let go. */
  pending: UploadedRow[];
  /** Rows refused or failed, in order (the report). */
  failures: RowFailure[];
  /** When processing began. */
  startedAt?: number;
  /** Rows applied per second. */
  rowsPerSecond: number;
  /** Rows applied so far. */
  applied: number;
  /** A fault: the job fails once this many rows are applied. */
  failAfterRows?: number;
  /** The reason and message the fault fails it with. */
  injected?: { reason: string; message: string };
  /** Why it failed or was rejected. */
  failure?: { reason: string; message: string };
}

/** One bulk delete or archive job. */
export interface AsyncJobRecord {
  id: string;
  kind: 'delete' | 'archive';
  accountId: string;
  userId: string;
  boardId: string;
  itemIds: string[];
  createdAt: number;
  updatedAt: number;
  state: AsyncJobState;
  /** Items handled so far (an index into `itemIds`). */
  handled: number;
  succeeded: number;
  failed: number;
  /**
   * What each item it changed was before, for undo, with the subitems that went with it (an item deleted or archived
   * takes its subitems along: {@link ItemStore.setState}) and what each of them was before.
   */
  changed: { itemId: string; previous: RecordState; subitems?: { itemId: string; previous: RecordState }[] }[];
  undone: boolean;
}

/** A change a job makes outside a mutation; see the rule map. */
export type BulkEvent =
  | { type: 'upload'; jobId: string; outcome: FileOutcome; faults: UploadFaults }
  | { type: 'rows'; jobId: string; upTo: number }
  | { type: 'expire'; jobId: string }
  | { type: 'items'; jobId: string; upTo: number };

/** What the rows of one turn share; see `#turn`. */
interface RowTurn {
  board: BoardRecord | undefined;
  users: UserRecord[];
  /** Active items by their value in the match column (first in board order), items made in the turn included. */
  matches: Map<string, ItemRecord>;
  /** The board's last position so far. */
  last: number;
}

/** Most rows (or items) applied in one turn of the event loop. */
export const ROWS_PER_TURN = 250;

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function emptyCounts(): ImportCounts {
  return { submitted: 0, created: 0, updated: 0, skipped: 0, invalid: 0, failed: 0 };
}

function answer(status: number, code: string, message: string): TransferAnswer {
  return {
    status,
    contentType: 'application/json; charset=utf-8',
    code,
    body: JSON.stringify({ errors: [{ message, extensions: { code } }] }),
  };
}

/** What {@link BulkJobStore.createImportJob} needs. */
export interface NewImportJob {
  kind: 'ingest' | 'backfill';
  accountId: string;
  userId: string;
  boardId: string;
  groupId: string;
  match?: { columnId: string; behaviour: 'UPSERT' | 'SKIP' };
}

/** What {@link BulkJobStore.createAsyncJob} needs. */
export interface NewAsyncJob {
  kind: 'delete' | 'archive';
  accountId: string;
  userId: string;
  boardId: string;
  itemIds: string[];
}

/**
 * What the bulk job family uses of the rest of the store (the store hands itself in): ids and the clock, the boards
 * and users a job reads, the items it creates, changes, archives or deletes, and the records a cell's text names.
 */
export interface BulkJobCollaborators extends Stamper, RecordReader {
  readonly clock: EngineClock;
  readonly boards: BoardStore;
  readonly users: UserStore;
  readonly items: ItemStore;
}

/** The bulk jobs and the hourly budget; see the rule map. */
export class BulkJobStore {
  readonly #store: BulkJobCollaborators;
  readonly settings: BulkSettings;
  /** The key the pre-signed addresses are signed with. */
  readonly signingKey: Uint8Array;
  readonly #imports = new Map<string, ImportJobRecord>();
  readonly #asyncJobs = new Map<string, AsyncJobRecord>();
  /** Per account: when ingest rows were accepted, and how many. */
  readonly #budget = new Map<string, { at: number; count: number }[]>();
  readonly #uploading = new Set<string>();
  /** Import jobs loaded from a state file: their upload URLs were signed by the emulator that saved it. */
  readonly #signedElsewhere = new Set<string>();
  #onEvent: ((event: BulkEvent) => void) | undefined;
  #chain: Promise<void> = Promise.resolve();
  /** While true (a snapshot being rebuilt), nothing falls due: only replayed events change the jobs. */
  replaying = false;

  constructor(store: BulkJobCollaborators, settings: BulkSettings, signingKey: Uint8Array) {
    this.#store = store;
    this.settings = settings;
    this.signingKey = signingKey;
  }

  /** Reports every {@link BulkEvent} after it is applied (the testing kit journals them). */
  onEvent(listener: ((event: BulkEvent) => void) | undefined): void {
    this.#onEvent = listener;
  }

  #now(): number {
    return this.#store.clock.now();
  }

  /** The import job `id`, if any (any account). */
  importJob(id: string): ImportJobRecord | undefined {
    return this.#imports.get(id);
  }

  /** The delete or archive job `id`, if any (any account). */
  asyncJob(id: string): AsyncJobRecord | undefined {
    return this.#asyncJobs.get(id);
  }

  /** Items the account's ingest jobs may still take in the hour before `now`. */
  budgetLeft(accountId: string, now = this.#now()): number {
    const spent = (this.#budget.get(accountId) ?? [])
      .filter((entry) => entry.at > now - BUDGET_WINDOW_MS)
      .reduce((sum, entry) => sum + entry.count, 0);
    return Math.max(0, this.settings.hourlyItemBudget - spent);
  }

  /** Milliseconds from `now` until the account's budget has room for `count` more items (0: it has now). */
  budgetFreesInMs(accountId: string, count: number, now = this.#now()): number {
    const live = (this.#budget.get(accountId) ?? []).filter((entry) => entry.at > now - BUDGET_WINDOW_MS);
    let left = this.budgetLeft(accountId, now);
    for (const entry of live) {
      if (left >= count) break;
      left += entry.count;
      if (left >= count) return entry.at + BUDGET_WINDOW_MS - now;
    }
    return left >= count ? 0 : Number.POSITIVE_INFINITY;
  }

  /**
   * Marks every import job held now as loaded from a state file: the file keeps no signing key (a secret), so the
   * upload URLs handed out before the save are refused here with a message saying so, not as made up.
   */
  markLoadedFromState(): void {
    for (const id of this.#imports.keys()) this.#signedElsewhere.add(id);
  }

  /** Starts an import job waiting for its file. */
  createImportJob(input: NewImportJob): ImportJobRecord {
    const now = this.#now();
    const job: ImportJobRecord = {
      id: this.#store.newId(),
      ...input,
      createdAt: now,
      updatedAt: now,
      uploadExpiresAt: now + SIGNED_URL_TTL_MS,
      state: 'UPLOAD_PENDING',
      counts: emptyCounts(),
      header: [],
      pending: [],
      failures: [],
      rowsPerSecond: this.settings.importRowsPerSecond,
      applied: 0,
    };
    this.#imports.set(job.id, job);
    return job;
  }

  /** Starts a delete or archive job. */
  createAsyncJob(input: NewAsyncJob): AsyncJobRecord {
    const now = this.#now();
    const job: AsyncJobRecord = {
      id: this.#store.newId(),
      ...input,
      createdAt: now,
      updatedAt: now,
      state: 'PENDING',
      handled: 0,
      succeeded: 0,
      failed: 0,
      changed: [],
      undone: false,
    };
    this.#asyncJobs.set(job.id, job);
    return job;
  }

  /**
   * Puts back what a delete or archive job did: every item it deleted or archived goes back to the state it had
   * (unless changed since). A job still running stops first. Undoing twice does nothing the second time.
   */
  undo(job: AsyncJobRecord): { success: boolean; message: string } {
    if (job.undone) return { success: false, message: `Job ${job.id} was already undone.` };
    job.undone = true;
    if (job.state === 'PENDING' || job.state === 'RUNNING') job.state = 'CANCELLED';
    let restored = 0;
    const now = job.kind === 'delete' ? 'deleted' : 'archived';
    for (const { itemId, previous, subitems } of job.changed) {
      const item = this.#store.items.find(itemId);
      if (!item || item.state !== now) continue;
      this.#restore(item, previous, now);
      for (const subitem of subitems ?? []) {
        const target = this.#store.items.find(subitem.itemId);
        if (target) this.#restore(target, subitem.previous, now);
      }
      restored += 1;
    }
    job.updatedAt = this.#now();
    return { success: true, message: `Restored ${restored} of the ${job.changed.length} items the job changed.` };
  }

  /**
   * Puts an item the job changed back to `previous`, unless it was changed since (it is no longer `now`). No activity
   * log entry: the docs name no event for a restored item, and the emulator invents none.
   */
  #restore(item: ItemRecord, previous: RecordState, now: RecordState): void {
    if (item.state !== now) return;
    item.state = previous;
    item.updatedAt = this.#store.now();
    this.#store.items.reordered(item.boardId);
  }

  /**
   * Receives a job's file at its upload URL, read piece by piece as it arrives; answers as a storage service would
   * (200 with no body once stored). Refusals, in order: an address not made by the emulator (403; for a job loaded
   * from a state file, saying its URL was signed by the emulator that saved it), an unknown job
   * (404), an expired address (403; the docs' 10 minutes), a job no longer waiting for its file or already
   * receiving one (409), a file over the size limit (413, and the job is rejected `FILE_TOO_LARGE`).
   */
  async receiveUpload(request: TransferRequest): Promise<TransferAnswer> {
    const { jobId } = request;
    const now = this.#now();
    const check = checkSignedTarget(this.signingKey, 'uploads', request, now);
    if (check === 'forged' && this.#signedElsewhere.has(jobId) && this.#imports.has(jobId)) {
      const message = `Job ${jobId} was started before this emulator's state was saved, and its upload URL was signed by the emulator that saved it; a state file keeps no signing key, so that URL is not valid here. Start a new import job for the file.`;
      return answer(403, 'UPLOAD_URL_INVALID', message);
    }
    if (check === 'forged') return answer(403, 'UPLOAD_URL_INVALID', 'This upload URL is not valid.');
    const job = this.#imports.get(jobId);
    if (!job) return answer(404, 'NOT_FOUND', `No import job ${jobId}.`);
    if (check === 'expired' || request.faults?.expireUpload === true) {
      return answer(403, 'UPLOAD_URL_EXPIRED', 'This upload URL has expired (upload URLs live 10 minutes).');
    }
    if (job.state !== 'UPLOAD_PENDING' || this.#uploading.has(jobId)) {
      return answer(409, 'UPLOAD_CONFLICT', `Job ${jobId} is not waiting for a file (it is ${job.state}).`);
    }
    this.#uploading.add(jobId);
    try {
      const board = this.#store.boards.find(job.boardId);
      if (!board) return answer(404, 'NOT_FOUND', `The board of job ${jobId} is gone.`);
      const reader = new ImportFileReader({
        board,
        users: this.#store.users.where((user) => user.accountId === job.accountId),
        maxRows: this.settings.rowLimits[job.kind],
        maxBytes: this.settings.maxFileBytes,
        ...(job.match ? { matchColumnId: job.match.columnId } : {}),
      });
      for await (const piece of request.body ?? []) {
        reader.push(piece);
        // Past the size limit nothing more is worth reading: answer now and let the connection go.
        if (reader.refusal === 'FILE_TOO_LARGE') break;
      }
      const outcome = reader.end();
      if (job.state !== 'UPLOAD_PENDING') {
        return answer(409, 'UPLOAD_CONFLICT', `Job ${jobId} stopped waiting for its file while it was uploaded.`);
      }
      this.#emit({ type: 'upload', jobId, outcome, faults: request.faults ?? {} });
      if (!outcome.ok && outcome.reason === 'FILE_TOO_LARGE') {
        return answer(413, 'PAYLOAD_TOO_LARGE', outcome.message);
      }
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: '' };
    } finally {
      this.#uploading.delete(jobId);
    }
  }

  /**
   * The report of a job's refused and failed rows, as CSV: `row,column_id,error` (row numbers count the file's data
   * rows from 1). The docs say a report exists (`report_created`, `report_url`) but not its columns; these are the
   * emulator's.
   */
  report(request: TransferRequest): TransferAnswer {
    const check = checkSignedTarget(this.signingKey, 'reports', request, this.#now());
    if (check === 'forged') return answer(403, 'REPORT_URL_INVALID', 'This report URL is not valid.');
    if (check === 'expired') return answer(403, 'REPORT_URL_EXPIRED', 'This report URL has expired.');
    const job = this.#imports.get(request.jobId);
    if (!job) return answer(404, 'NOT_FOUND', `No import job ${request.jobId}.`);
    const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
    const lines = job.failures.map((failure) =>
      [String(failure.row), quote(failure.columnId ?? ''), quote(failure.message)].join(','),
    );
    return {
      status: 200,
      contentType: 'text/csv; charset=utf-8',
      body: ['row,column_id,error', ...lines, ''].join('\r\n'),
    };
  }

  /**
   * Does the work that has fallen due on the emulator's clock: rows of processing jobs, items of delete and archive
   * jobs, expiries. Calls run one after another; each applies at most {@link ROWS_PER_TURN} rows before giving the
   * event loop a turn.
   */
  catchUp(): Promise<void> {
    const next = this.#chain.then(() => this.#catchUpNow());
    this.#chain = next.catch(() => undefined);
    return next;
  }

  async #catchUpNow(): Promise<void> {
    for (;;) {
      if (this.replaying) return;
      const step = this.#nextDueStep(this.#now());
      if (!step) return;
      this.#emit(step);
      await yieldTurn();
    }
  }

  /** The next event due at `now`, at most one turn's worth of rows, or undefined when nothing is due. */
  #nextDueStep(now: number): BulkEvent | undefined {
    for (const job of this.#imports.values()) {
      if (job.state === 'UPLOAD_PENDING' && now >= job.uploadExpiresAt && !this.#uploading.has(job.id)) {
        return { type: 'expire', jobId: job.id };
      }
      if (job.state !== 'PROCESSING' || job.startedAt === undefined) continue;
      const total = job.applied + job.pending.length;
      const due = Math.min(total, Math.floor(((now - job.startedAt) * job.rowsPerSecond) / 1000));
      const target = job.failAfterRows === undefined ? due : Math.min(due, job.failAfterRows);
      // Rows due; or nothing to apply at all (a file of refused rows ends at once); or a fault failing before any row.
      if (target > job.applied || total === 0 || job.failAfterRows === 0) {
        return { type: 'rows', jobId: job.id, upTo: Math.min(target, job.applied + ROWS_PER_TURN) };
      }
    }
    for (const job of this.#asyncJobs.values()) {
      if (job.state !== 'PENDING' && job.state !== 'RUNNING') continue;
      const due = Math.min(
        job.itemIds.length,
        Math.floor(((now - job.createdAt) * this.settings.itemsPerSecond) / 1000),
      );
      if (due > job.handled || job.itemIds.length === 0) {
        return { type: 'items', jobId: job.id, upTo: Math.min(due, job.handled + ROWS_PER_TURN) };
      }
    }
    return undefined;
  }

  /** Applies a journaled event again (the testing kit's restore), at the clock reading it first ran at. */
  replay(event: BulkEvent): void {
    this.#apply(event);
  }

  #emit(event: BulkEvent): void {
    this.#apply(event);
    this.#onEvent?.(event);
  }

  #apply(event: BulkEvent): void {
    if (event.type === 'items') {
      const job = this.#asyncJobs.get(event.jobId);
      if (job) this.#handleItems(job, event.upTo);
      return;
    }
    const job = this.#imports.get(event.jobId);
    if (!job) return;
    const now = this.#now();
    job.updatedAt = now;
    if (event.type === 'expire') {
      this.#end(job, 'REJECTED', {
        reason: 'INVALID_UPLOAD',
        message: 'No file was uploaded before the upload URL expired.',
      });
    } else if (event.type === 'upload') {
      this.#accept(job, event.outcome, event.faults, now);
    } else {
      this.#applyRows(job, event.upTo);
    }
  }

  #end(job: ImportJobRecord, state: ImportJobState, failure?: { reason: string; message: string }): void {
    job.state = state;
    job.pending = [];
    if (failure) job.failure = failure;
  }

  #accept(job: ImportJobRecord, outcome: FileOutcome, faults: UploadFaults, now: number): void {
    if (job.state !== 'UPLOAD_PENDING') return;
    if (!outcome.ok) {
      this.#end(job, 'REJECTED', { reason: outcome.reason, message: outcome.message });
      return;
    }
    job.header = outcome.header;
    job.counts.submitted = outcome.submitted;
    job.counts.invalid = outcome.invalid.length;
    job.failures = [...outcome.invalid];
    if (job.kind === 'ingest') {
      const left = this.budgetLeft(job.accountId, now);
      if (outcome.rows.length > left) {
        const wait = Math.ceil(this.budgetFreesInMs(job.accountId, outcome.rows.length, now) / 1000);
        this.#end(job, 'REJECTED', {
          reason: 'ACCOUNT_CAPACITY_EXCEEDED',
          message: `The file has ${outcome.rows.length} rows to apply; the account's hourly item budget has ${left} left${Number.isFinite(wait) ? ` (room for them in ${wait} s)` : ''}.`,
        });
        return;
      }
      const entries = this.#budget.get(job.accountId) ?? [];
      entries.push({ at: now, count: outcome.rows.length });
      this.#budget.set(
        job.accountId,
        entries.filter((entry) => entry.at > now - BUDGET_WINDOW_MS),
      );
    }
    // A copy: the rows are let go as they are applied, and the event keeps them whole for a replay.
    job.pending = [...outcome.rows];
    job.state = 'PROCESSING';
    job.startedAt = now;
    if (faults.rowsPerSecond !== undefined) job.rowsPerSecond = faults.rowsPerSecond;
    if (faults.fail) {
      const { afterRows = Math.floor(outcome.rows.length / 2), reason, message } = faults.fail;
      job.failAfterRows = Math.min(afterRows, outcome.rows.length);
      job.injected = {
        reason: reason ?? 'INTERNAL_ERROR',
        message: message ?? 'The job failed while processing its rows.',
      };
    }
  }

  #applyRows(job: ImportJobRecord, upTo: number): void {
    if (job.state !== 'PROCESSING') return;
    const count = Math.max(0, upTo - job.applied);
    const rows = job.pending.splice(0, count);
    if (rows.length > 0) {
      const turn = this.#turn(job);
      for (const row of rows) this.#applyRow(job, turn, row);
    }
    job.applied += rows.length;
    if (job.failAfterRows !== undefined && job.applied >= job.failAfterRows && job.injected) {
      this.#end(job, 'FAILED', job.injected);
      return;
    }
    if (job.pending.length === 0) this.#end(job, 'COMPLETED');
  }

  /**
   * What the rows of one turn share, looked up once: the account's users, the board's last position, and (with
   * on_match) its active items by their value in the match column; a row per item per lookup would make a job of
   * n rows cost n times the board.
   */
  #turn(job: ImportJobRecord): RowTurn {
    const board = this.#store.boards.find(job.boardId);
    const users = this.#store.users.where((user) => user.accountId === job.accountId);
    if (!board || board.state === 'deleted') return { board: undefined, users, matches: new Map(), last: 0 };
    const matches = new Map<string, ItemRecord>();
    const match = job.match;
    const column = match && board.columns.find((candidate) => candidate.id === match.columnId);
    if (match && (match.columnId === 'name' || column)) {
      for (const item of this.#store.items.ordered(board.id)) {
        const key = match.columnId === 'name' || !column ? item.name : readColumn(column, item, this.#store).text;
        if (!matches.has(key)) matches.set(key, item);
      }
    }
    return { board, users, matches, last: this.#store.items.lastPosition(board.id) };
  }

  #applyRow(job: ImportJobRecord, turn: RowTurn, row: UploadedRow): void {
    const fail = (message: string, columnId?: string) => {
      job.counts.failed += 1;
      job.failures.push({ row: row.row, ...(columnId ? { columnId } : {}), message });
    };
    const { board } = turn;
    if (!board) {
      fail(`Board ${job.boardId} is gone.`);
      return;
    }
    const cells = rowCells(row);
    let name = '';
    const values: Record<string, unknown> = {};
    for (let index = 0; index < job.header.length; index += 1) {
      const columnId = job.header[index] as string;
      const cell = cells[index] ?? '';
      if (columnId === 'name') {
        name = cell.trim();
        continue;
      }
      if (cell === '') continue;
      const column = board.columns.find((candidate) => candidate.id === columnId);
      if (!column) {
        fail(`Column "${columnId}" is no longer on the board.`, columnId);
        return;
      }
      try {
        values[columnId] = cellInput(column, cell, turn.users);
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error), columnId);
        return;
      }
    }
    const key = job.match ? (cells[job.header.indexOf(job.match.columnId)] ?? '').trim() : '';
    const match = key === '' ? undefined : turn.matches.get(key);
    try {
      if (match && match.state === 'active') {
        if (job.match?.behaviour === 'SKIP') {
          job.counts.skipped += 1;
          return;
        }
        if (match.name !== name) {
          match.name = name;
          match.updatedAt = this.#store.now();
        }
        this.#store.items.changeValues(board, match, values, false, job.userId);
        job.counts.updated += 1;
        return;
      }
      const group = board.groups.find((candidate) => candidate.id === job.groupId && !candidate.deleted);
      if (!group) {
        fail(`Group "${job.groupId}" is no longer on the board.`);
        return;
      }
      turn.last += 1;
      const item = this.#store.items.create({
        board,
        groupId: group.id,
        name,
        creatorId: job.userId,
        columnValues: values,
        createLabelsIfMissing: false,
        position: turn.last,
        // Backfill: "Item creation is not logged in the Activity Log" (the importing-items-in-bulk page).
        ...(job.kind === 'backfill' ? { unlogged: true } : {}),
      });
      if (key !== '') turn.matches.set(key, item);
      job.counts.created += 1;
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  }

  #handleItems(job: AsyncJobRecord, upTo: number): void {
    if (job.state !== 'PENDING' && job.state !== 'RUNNING') return;
    const stop = Math.min(upTo, job.itemIds.length);
    for (; job.handled < stop; job.handled += 1) {
      const itemId = job.itemIds[job.handled] as string;
      const item = this.#store.items.find(itemId);
      if (!item || item.boardId !== job.boardId || item.state === 'deleted') {
        job.failed += 1;
        continue;
      }
      if (job.kind === 'archive' && item.state === 'archived') {
        job.succeeded += 1;
        continue;
      }
      const subitems = this.#store.items
        .childrenOf(item.id)
        .filter((candidate) => candidate.state !== 'deleted')
        .map((subitem) => ({ itemId: subitem.id, previous: subitem.state }));
      job.changed.push({ itemId, previous: item.state, subitems });
      this.#store.items.setState(item, job.kind === 'delete' ? 'deleted' : 'archived', job.userId);
      job.succeeded += 1;
    }
    job.updatedAt = this.#now();
    job.state = job.handled >= job.itemIds.length ? 'COMPLETED' : 'RUNNING';
  }
}
