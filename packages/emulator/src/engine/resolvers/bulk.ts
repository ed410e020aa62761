/**
 * Bulk jobs (API versions 2026-07 and later): the import mutations `ingest_items` and `backfill_items` with
 * `Query.fetch_job_status` (https://developer.monday.com/api-reference/docs/importing-items-in-bulk), and the
 * asynchronous `bulk_delete_items` and `bulk_archive_items` with `Query.job_status` and `undo_action`. The jobs
 * themselves live in ../store/bulk-jobs.ts; their addresses in ../bulk/signed-urls.ts.
 *
 * Who may: every mutation needs boards:write, the status queries boards:read; `backfill_items` is for account
 * admins ("Account admin and boards:write", the same page). A job of another account is not found.
 * What is left out (NOT_MODELLED): `AsyncJobResult.details` (the docs available here do not give its shape), and
 * `undo_action` of an import job (whether the platform undoes imports is not documented here); `job_status` of an
 * import job and `fetch_job_status` of a delete or archive job are NOT_MODELLED too.
 */
import { signedUrl } from '../bulk/signed-urls.js';
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError, invalidArgument } from '../errors.js';
import { notModelledError } from '../schema/modelled.js';
import type { AsyncJobRecord, ImportJobRecord } from '../store/bulk-jobs.js';
import { liveGroups } from '../store/groups.js';
import type { OnMatchInput } from './arguments.generated.js';
import { accountBoard, callerId, URL_HOST } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** Where the addresses point when the engine runs without a server (no origin): nowhere reachable. */
const NO_ORIGIN = `https://files.${URL_HOST}`;

function originOf(context: EngineContext): string {
  return context.origin ?? NO_ORIGIN;
}

function jobNotFound(id: string) {
  return engineError(ENGINE_ERROR_CODES.notFound, `Job ${id} was not found.`, { job_id: id });
}

/** The caller's import job, or RESOURCE_NOT_FOUND (NOT_MODELLED when the id is one of the other jobs). */
function accountImportJob(context: EngineContext, id: string): ImportJobRecord {
  const job = context.store.bulkJobs.importJob(id);
  if (job && job.accountId === context.accountId) return job;
  const other = context.store.bulkJobs.asyncJob(id);
  if (other && other.accountId === context.accountId)
    throw notModelledError('Query', 'fetch_job_status of a bulk delete or archive job');
  throw jobNotFound(id);
}

/** The caller's delete or archive job, or RESOURCE_NOT_FOUND (NOT_MODELLED for an import job). */
function accountAsyncJob(context: EngineContext, id: string, type: string, field: string): AsyncJobRecord {
  const job = context.store.bulkJobs.asyncJob(id);
  if (job && job.accountId === context.accountId) return job;
  const other = context.store.bulkJobs.importJob(id);
  if (other && other.accountId === context.accountId) throw notModelledError(type, `${field} of an import job`);
  throw jobNotFound(id);
}

/** Starts an import job after checking the board, the group and the match column. */
function startImport(
  context: EngineContext,
  kind: 'ingest' | 'backfill',
  args: { board_id: string; group_id: string; on_match?: OnMatchInput | null },
) {
  requireScope(context, 'boards:write');
  if (kind === 'backfill') {
    const user = context.store.users.find(context.grant.userId);
    if (!user?.isAdmin) {
      throw engineError(ENGINE_ERROR_CODES.unauthorized, 'backfill_items is for account admins; use ingest_items.', {
        required_role: 'admin',
      });
    }
  }
  const board = accountBoard(context, args.board_id);
  if (!liveGroups(board).some((group) => group.id === args.group_id)) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Group "${args.group_id}" was not found on board ${board.id}.`, {
      group_id: args.group_id,
    });
  }
  const match = args.on_match ?? undefined;
  if (
    match &&
    match.match_column_id !== 'name' &&
    !board.columns.some((column) => column.id === match.match_column_id)
  ) {
    throw invalidArgument(`on_match names column "${match.match_column_id}", which is not on board ${board.id}.`, {
      column_id: match.match_column_id,
    });
  }
  const job = context.store.bulkJobs.createImportJob({
    kind,
    accountId: context.accountId,
    userId: callerId(context),
    boardId: board.id,
    groupId: args.group_id,
    ...(match ? { match: { columnId: match.match_column_id, behaviour: match.behaviour } } : {}),
  });
  const key = context.store.bulkJobs.signingKey;
  return { job_id: job.id, upload_url: signedUrl(originOf(context), key, 'uploads', job.id, job.uploadExpiresAt) };
}

/** Starts a delete or archive job after checking the board. */
function startAsync(
  context: EngineContext,
  kind: 'delete' | 'archive',
  args: { board_id: string; item_ids: string[] },
) {
  requireScope(context, 'boards:write');
  const board = accountBoard(context, args.board_id);
  const job = context.store.bulkJobs.createAsyncJob({
    kind,
    accountId: context.accountId,
    userId: callerId(context),
    boardId: board.id,
    itemIds: [...new Set(args.item_ids.map(String))],
  });
  return { job_id: job.id };
}

/** `ItemsJobStatus` of an import job, as it stands. */
function importStatusView(context: EngineContext, job: ImportJobRecord) {
  const { counts } = job;
  const ended = job.state === 'COMPLETED' || job.state === 'FAILED' || job.state === 'REJECTED';
  const done = counts.invalid + job.applied;
  const share = counts.submitted === 0 ? 0 : Math.floor((100 * done) / counts.submitted);
  const reportCreated = ended && job.failures.length > 0;
  const now = context.store.clock.now();
  return {
    __typename: 'ItemsJobStatus',
    status: job.state,
    counts: { ...counts },
    // 100 once completed; while processing, what is done, short of 100 until the job ends.
    progress_percentage: job.state === 'COMPLETED' ? 100 : job.state === 'PROCESSING' ? Math.min(99, share) : share,
    failure_reason: job.failure?.reason ?? null,
    failure_message: job.failure?.message ?? null,
    fully_imported: job.state === 'COMPLETED' && counts.invalid === 0 && counts.failed === 0,
    report_created: reportCreated,
    report_url: reportCreated
      ? signedUrl(originOf(context), context.store.bulkJobs.signingKey, 'reports', job.id, now + 10 * 60_000)
      : null,
  };
}

/** `AsyncJobStatus` of a delete or archive job, as it stands. */
function asyncStatusView(job: AsyncJobRecord) {
  return {
    id: job.id,
    status: job.state,
    created_at: new Date(job.createdAt).toISOString(),
    updated_at: new Date(job.updatedAt).toISOString(),
    // The emulator's delete and archive jobs never fail as a whole (an item that cannot be handled counts as failed).
    error: null,
    result: { total: job.itemIds.length, succeeded: job.succeeded, failed: job.failed },
  };
}

/** Resolvers of the bulk jobs. */
export const bulkResolvers: FamilyResolvers = {
  Mutation: {
    ingest_items: (_source, args, context) => startImport(context, 'ingest', args),
    backfill_items: (_source, args, context) => startImport(context, 'backfill', args),
    bulk_delete_items: (_source, args, context) => startAsync(context, 'delete', args),
    bulk_archive_items: (_source, args, context) => startAsync(context, 'archive', args),
    undo_action: (_source, args, context) => {
      requireScope(context, 'boards:write');
      return context.store.bulkJobs.undo(accountAsyncJob(context, args.job_id, 'Mutation', 'undo_action'));
    },
  },
  Query: {
    fetch_job_status: (_source, args, context) => {
      requireScope(context, 'boards:read');
      return importStatusView(context, accountImportJob(context, args.job_id));
    },
    job_status: (_source, args, context) => {
      requireScope(context, 'boards:read');
      return asyncStatusView(accountAsyncJob(context, args.job_id, 'Query', 'job_status'));
    },
  },
};
