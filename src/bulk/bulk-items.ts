/**
 * `deleteItems` and `archiveItems`: the platform's asynchronous `bulk_delete_items` and `bulk_archive_items`
 * (API versions 2026-07 and later), polled with `job_status` until they end, and undone with `undo_action`.
 *
 * The docs available to this SDK give neither a limit on the ids of one job nor a poll interval for `job_status`:
 * the ids go in jobs of at most {@link BULK_ITEMS_PER_JOB} (one request stays well under a server's body limit),
 * one job after another, and jobs are polled every 10 seconds by default, as the import jobs' docs ask of
 * `fetch_job_status`.
 */
import type { PlatformClient } from '../client/client.js';
import { PlatformConfigError } from '../index.js';
import { BulkJobError } from './errors.js';
import { rethrowAbort } from './import-items.js';
import { type AsyncJobStatus, asyncJobStatus, requireBulkVersion, startAsyncJob, undoJob } from './job-calls.js';
import { type BulkProgress, ProgressMeter } from './progress.js';
import { sleep } from './sleep.js';

/** Most item ids sent in one job. */
export const BULK_ITEMS_PER_JOB = 10_000;

/** Options of {@link deleteItems} and {@link archiveItems}. */
export interface BulkItemsOptions {
  /** The board the items are on. */
  boardId: string | number;
  /** The items (repeats are sent once). */
  itemIds: readonly (string | number)[];
  /** Stops polling promptly; the call rejects with the signal's reason (jobs already started go on on the platform). */
  signal?: AbortSignal;
  /** Called at each poll: items handled of the total, rate, time left. */
  onProgress?: (progress: BulkProgress) => void;
  /** Milliseconds between two polls of `job_status`. Default 10,000. */
  pollIntervalMs?: number;
  /** The clock rates are measured on. Default: `Date.now`. */
  now?: () => number;
}

/** What `undo_action` answered. */
export interface UndoResult {
  /** True when the platform undid the job. */
  success: boolean;
  /** What it said. */
  message: string | null;
}

/** What a bulk delete or archive did. */
export interface BulkItemsResult {
  /** The platform's ids of the jobs that ran, in order. */
  jobIds: string[];
  /** Items asked for. */
  total: number;
  /** Items deleted (or archived). */
  succeeded: number;
  /** Items the platform could not handle (not on the board, already deleted, ...). */
  failed: number;
  /** True when every job ran to its end (`COMPLETED`); false when one was cancelled or expired on the platform. */
  completed: boolean;
  /**
   * Puts back what the jobs did (`undo_action` of each). Resolves to each job's answer.
   * @throws {@link workspace-platform-sdk!PlatformError | PlatformError} the client's errors for a call that fails.
   */
  undo(options?: { signal?: AbortSignal }): Promise<UndoResult[]>;
}

/**
 * Deletes items in bulk: starts `bulk_delete_items` jobs and polls each until it ends.
 *
 * @example
 * ```ts
 * // fragment
 * const deleted = await deleteItems(client, { boardId: 3001, itemIds: ['101', '102'] });
 * if (deleted.failed > 0) console.log(`${deleted.failed} could not be deleted`);
 * await deleted.undo(); // changed our mind
 * ```
 *
 * @throws {@link workspace-platform-sdk!PlatformConfigError | PlatformConfigError} for bad options or a client pinned
 *   below 2026-07, before
 *   anything is sent.
 * @throws {@link BulkJobError} when a job ends `FAILED`.
 * @throws {@link workspace-platform-sdk!PlatformError | PlatformError} the client's errors for a call that fails; the
 *   signal's reason
 *   when `signal` aborts.
 */
export function deleteItems(client: PlatformClient, options: BulkItemsOptions): Promise<BulkItemsResult> {
  return rethrowAbort(options?.signal, () => runBulkItems(client, 'delete', options));
}

/**
 * Archives items in bulk: starts `bulk_archive_items` jobs and polls each until it ends. Same behaviour as
 * {@link deleteItems}.
 *
 * @throws {@link workspace-platform-sdk!PlatformConfigError | PlatformConfigError} for bad options or a client pinned
 *   below 2026-07, before
 *   anything is sent.
 * @throws {@link BulkJobError} when a job ends `FAILED`.
 * @throws {@link workspace-platform-sdk!PlatformError | PlatformError} the client's errors for a call that fails; the
 *   signal's reason
 *   when `signal` aborts.
 */
export function archiveItems(client: PlatformClient, options: BulkItemsOptions): Promise<BulkItemsResult> {
  return rethrowAbort(options?.signal, () => runBulkItems(client, 'archive', options));
}

/**
 * @deprecated Use {@link deleteItems}. The same function under its old name, kept through 0.x.
 * @throws {@link workspace-platform-sdk!PlatformConfigError | PlatformConfigError}, {@link BulkJobError} or {@link
 *   workspace-platform-sdk!PlatformError}, as {@link deleteItems}.
 */
export const bulkDeleteItems = deleteItems;

/**
 * @deprecated Use {@link archiveItems}. The same function under its old name, kept through 0.x.
 * @throws {@link workspace-platform-sdk!PlatformConfigError | PlatformConfigError}, {@link BulkJobError} or {@link
 *   workspace-platform-sdk!PlatformError}, as {@link archiveItems}.
 */
export const bulkArchiveItems = archiveItems;

/**
 * Undoes one bulk job by its id (`undo_action`), e.g. one kept from an earlier run.
 * @throws {@link workspace-platform-sdk!PlatformError | PlatformError} the client's errors for a call that fails.
 */
export function undoBulkAction(
  client: PlatformClient,
  jobId: string,
  options: { signal?: AbortSignal } = {},
): Promise<UndoResult> {
  requireBulkVersion(client);
  return undoJob(client, jobId, options.signal);
}

const ENDED: ReadonlySet<AsyncJobStatus['status']> = new Set(['COMPLETED', 'FAILED', 'CANCELLED', 'EXPIRED']);

async function runBulkItems(
  client: PlatformClient,
  kind: 'delete' | 'archive',
  options: BulkItemsOptions,
): Promise<BulkItemsResult> {
  requireBulkVersion(client);
  const { signal } = options;
  if (!Array.isArray(options.itemIds)) throw new PlatformConfigError('itemIds must be a list of item ids.');
  const pollIntervalMs = options.pollIntervalMs ?? 10_000;
  if (!(typeof pollIntervalMs === 'number' && Number.isFinite(pollIntervalMs) && pollIntervalMs > 0)) {
    throw new PlatformConfigError(`pollIntervalMs must be a positive number; got ${String(pollIntervalMs)}.`);
  }
  const itemIds = [...new Set(options.itemIds.map(String))];
  const boardId = String(options.boardId);
  const meter = new ProgressMeter(options.now ?? Date.now, options.onProgress);
  const result = { jobIds: [] as string[], total: itemIds.length, succeeded: 0, failed: 0, completed: true };
  signal?.throwIfAborted();
  for (let start = 0; start < itemIds.length; start += BULK_ITEMS_PER_JOB) {
    const batch = itemIds.slice(start, start + BULK_ITEMS_PER_JOB);
    const jobId = await startAsyncJob(client, kind, boardId, batch, signal);
    result.jobIds.push(jobId);
    for (;;) {
      const status = await asyncJobStatus(client, jobId, signal);
      meter.report(result.succeeded + result.failed + status.succeeded + status.failed, itemIds.length);
      if (ENDED.has(status.status)) {
        if (status.status === 'FAILED') {
          throw new BulkJobError(`Bulk ${kind} job ${jobId} failed: ${status.error ?? 'no message'}`, {
            jobId,
            state: status.status,
          });
        }
        result.succeeded += status.succeeded;
        result.failed += status.failed;
        if (status.status !== 'COMPLETED') result.completed = false;
        break;
      }
      await sleep(pollIntervalMs, signal);
    }
  }
  const jobIds = [...result.jobIds];
  return {
    ...result,
    undo: async (undoOptions = {}) => {
      const answers: UndoResult[] = [];
      for (const jobId of jobIds) answers.push(await undoJob(client, jobId, undoOptions.signal));
      return answers;
    },
  };
}
