/**
 * The calls the bulk operations make, each one GraphQL operation through the client (so the client's retries,
 * throttle and typed errors apply), plus the two requests to the pre-signed addresses that take no token: the
 * upload of a job's file and the read of its report. The fields are those of the published 2026-07 schema.
 */
import type { PlatformClient } from '../client/client.js';
import type { Redactor } from '../client/errors/redact.js';
import { HttpError, PlatformConfigError, redactClientSecrets } from '../index.js';

/**
 * The client's redactor: every piece of server text a bulk call keeps (a job's failure message and reason, a report's
 * reasons, an upload's refusal) goes through it, so a server echoing the token, in any spelling, never puts it in
 * an error, its JSON or a report.
 */
export function redactorOf(client: PlatformClient): Redactor {
  // Through the main entry: the built bulk entry has its own copy of internal modules, so the client's context is
  // reached by the main entry's function, never by importing its module here.
  return (text) => redactClientSecrets(client, text);
}

const redactNullable = (redact: Redactor, text: string | null): string | null => (text === null ? null : redact(text));

/** The oldest API version with the bulk jobs. */
export const BULK_MIN_VERSION = '2026-07';

/** Refuses a client pinned below 2026-07, before anything is sent. @throws `PlatformConfigError` */
export function requireBulkVersion(client: PlatformClient): void {
  if (client.apiVersion < BULK_MIN_VERSION) {
    throw new PlatformConfigError(
      `The bulk jobs exist from API version ${BULK_MIN_VERSION}; this client sends ${client.apiVersion}.`,
    );
  }
}

/** The board's id and top group, and the account it belongs to. */
export async function boardFacts(
  client: PlatformClient,
  boardId: string,
  signal: AbortSignal | undefined,
): Promise<{ topGroupId: string | undefined; accountId: number | undefined }> {
  const result = await client.request<{ boards: { id: string; top_group: { id: string } | null }[] | null }>(
    'query BulkBoard($ids: [ID!]) { boards(ids: $ids) { id top_group { id } } }',
    { ids: [boardId] },
    { signal },
  );
  const board = result.data.boards?.[0];
  if (!board) throw new PlatformConfigError(`Board ${boardId} was not found (or the token cannot see it).`);
  return { topGroupId: board.top_group?.id, accountId: result.accountId };
}

/** A started import job. */
export interface StartedImport {
  jobId: string;
  uploadUrl: string;
}

/** Starts an `ingest_items` or `backfill_items` job. */
export async function startImportJob(
  client: PlatformClient,
  args: {
    mode: 'ingest' | 'backfill';
    boardId: string;
    groupId: string;
    match?: { columnId: string; onMatch: 'upsert' | 'skip' };
  },
  signal: AbortSignal | undefined,
): Promise<StartedImport> {
  const field = args.mode === 'ingest' ? 'ingest_items' : 'backfill_items';
  const onMatch = args.mode === 'ingest' && args.match ? ', on_match: $onMatch' : '';
  const declared = onMatch ? ', $onMatch: OnMatchInput' : '';
  const result = await client.request<Record<string, { job_id: string | null; upload_url: string | null } | null>>(
    `mutation BulkImportStart($board: ID!, $group: ID!${declared}) { job: ${field}(board_id: $board, group_id: $group${onMatch}) { job_id upload_url } }`,
    {
      board: args.boardId,
      group: args.groupId,
      ...(onMatch && args.match
        ? {
            onMatch: {
              match_column_id: args.match.columnId,
              behaviour: args.match.onMatch === 'upsert' ? 'UPSERT' : 'SKIP',
            },
          }
        : {}),
    },
    { signal },
  );
  const job = result.data.job;
  if (!job?.job_id || !job.upload_url) {
    throw new PlatformConfigError(`${field} answered no job id or upload URL for board ${args.boardId}.`);
  }
  return { jobId: job.job_id, uploadUrl: job.upload_url };
}

/** `ItemsJobStatus`, as polled. */
export interface ImportJobStatus {
  status: 'UPLOAD_PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'REJECTED';
  counts: { submitted: number; created: number; updated: number; skipped: number; invalid: number; failed: number };
  failureReason: string | null;
  failureMessage: string | null;
  reportUrl: string | null;
}

/** Reads an import job's status (`fetch_job_status`). */
export async function importJobStatus(
  client: PlatformClient,
  jobId: string,
  signal: AbortSignal | undefined,
): Promise<ImportJobStatus> {
  const result = await client.request<{
    status: {
      status: ImportJobStatus['status'];
      counts: Partial<Record<keyof ImportJobStatus['counts'], number | null>> | null;
      failure_reason: string | null;
      failure_message: string | null;
      report_created: boolean | null;
      report_url: string | null;
    };
  }>(
    `query BulkImportStatus($job: ID!) { status: fetch_job_status(job_id: $job) { ... on ItemsJobStatus {
      status failure_reason failure_message report_created report_url
      counts { submitted created updated skipped invalid failed } } } }`,
    { job: jobId },
    { signal },
  );
  const status = result.data.status;
  const count = (name: keyof ImportJobStatus['counts']) => status.counts?.[name] ?? 0;
  return {
    status: status.status,
    counts: {
      submitted: count('submitted'),
      created: count('created'),
      updated: count('updated'),
      skipped: count('skipped'),
      invalid: count('invalid'),
      failed: count('failed'),
    },
    failureReason: redactNullable(redactorOf(client), status.failure_reason),
    failureMessage: redactNullable(redactorOf(client), status.failure_message),
    reportUrl: status.report_created ? status.report_url : null,
  };
}

/**
 * What an upload to a job's URL came to. `unknown`: no answer came (a network error, 5xx, 429), so the file may or
 * may not be stored; `conflict`: the storage says the job is not waiting for a file (409), which an earlier
 * upload whose answer was lost also causes. Either is settled by asking the job's status, never by sending again
 * blindly.
 */
export type UploadOutcome = 'stored' | 'expired' | 'unknown' | 'conflict';

/**
 * Uploads a job's CSV to its pre-signed URL (no token: the URL is the credential). `expired` when the storage
 * refuses it as expired (403: upload URLs live 10 minutes), `unknown` when no answer says what became of it (a network
 * error, 5xx, 429), `conflict` for a 409.
 * @throws {@link HttpError} for another refusal; the signal's reason when aborted.
 */
export async function uploadFile(
  fetchImpl: typeof fetch,
  url: string,
  body: string,
  signal: AbortSignal | undefined,
  redact: Redactor,
): Promise<UploadOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      ...(signal ? { signal } : {}),
    });
  } catch {
    signal?.throwIfAborted();
    return 'unknown';
  }
  const text = await response.text().catch(() => '');
  if (response.ok) return 'stored';
  if (response.status === 403 && /expir/i.test(text)) return 'expired';
  if (response.status === 409) return 'conflict';
  if (response.status >= 500 || response.status === 429) return 'unknown';
  throw new HttpError(`The upload of the import file was refused with HTTP ${response.status}.`, {
    status: response.status,
    bodyExcerpt: redact(text.slice(0, 200)),
  });
}

/**
 * Reads a job's report of refused and failed rows (`report_url`): the rows' numbers in the file (from 1), columns and
 * reasons. The docs do not give the report's columns; a header naming a row, a column and an error (or message,
 * reason) is read, in any order, and a report this cannot read gives nothing rather than guesses.
 */
export async function readReport(
  fetchImpl: typeof fetch,
  url: string,
  signal: AbortSignal | undefined,
  redact: Redactor,
): Promise<{ row: number; columnId?: string; reason: string }[]> {
  let text: string;
  try {
    const response = await fetchImpl(url, signal ? { signal } : {});
    if (!response.ok) return [];
    text = await response.text();
  } catch {
    // Unreadable now (the network, an expired URL): the counts still say how many rows failed.
    signal?.throwIfAborted();
    return [];
  }
  const records = parseCsv(text);
  const header = (records.shift() ?? []).map((field) => field.trim().toLowerCase());
  const rowAt = header.findIndex((field) => field === 'row' || field === 'row_number' || field === 'line');
  const columnAt = header.findIndex((field) => field === 'column_id' || field === 'column');
  const reasonAt = header.findIndex((field) => field === 'error' || field === 'message' || field === 'reason');
  if (rowAt < 0 || reasonAt < 0) return [];
  return records.flatMap((record) => {
    const row = Number(record[rowAt]);
    if (!Number.isInteger(row) || row < 1) return [];
    const columnId = columnAt >= 0 ? record[columnAt] : undefined;
    return [{ row, ...(columnId ? { columnId: redact(columnId) } : {}), reason: redact(record[reasonAt] ?? '') }];
  });
}

/** The records of a small CSV text (a report): quoted fields, doubled quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at += 1;
      fields.push(field);
      if (fields.length > 1 || fields[0] !== '') records.push(fields);
      fields = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || fields.length > 0) records.push([...fields, field]);
  return records;
}

/** `AsyncJobStatus`, as polled. */
export interface AsyncJobStatus {
  status: 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'EXPIRED';
  error: string | null;
  total: number;
  succeeded: number;
  failed: number;
}

/** Starts `bulk_delete_items` or `bulk_archive_items`. */
export async function startAsyncJob(
  client: PlatformClient,
  kind: 'delete' | 'archive',
  boardId: string,
  itemIds: readonly string[],
  signal: AbortSignal | undefined,
): Promise<string> {
  const field = kind === 'delete' ? 'bulk_delete_items' : 'bulk_archive_items';
  const result = await client.request<{ job: { job_id: string | null } | null }>(
    `mutation BulkItems($board: ID!, $items: [ID!]!) { job: ${field}(board_id: $board, item_ids: $items) { job_id } }`,
    { board: boardId, items: [...itemIds] },
    { signal },
  );
  const jobId = result.data.job?.job_id;
  if (!jobId) throw new PlatformConfigError(`${field} answered no job id for board ${boardId}.`);
  return jobId;
}

/** Reads a delete or archive job's status (`job_status`). */
export async function asyncJobStatus(
  client: PlatformClient,
  jobId: string,
  signal: AbortSignal | undefined,
): Promise<AsyncJobStatus> {
  const result = await client.request<{
    status: {
      status: AsyncJobStatus['status'] | null;
      error: string | null;
      result: { total: number | null; succeeded: number | null; failed: number | null } | null;
    };
  }>(
    'query BulkJobStatus($job: ID!) { status: job_status(job_id: $job) { status error result { total succeeded failed } } }',
    { job: jobId },
    { signal },
  );
  const { status } = result.data;
  return {
    status: status.status ?? 'PENDING',
    error: redactNullable(redactorOf(client), status.error),
    total: status.result?.total ?? 0,
    succeeded: status.result?.succeeded ?? 0,
    failed: status.result?.failed ?? 0,
  };
}

/** Undoes a bulk job (`undo_action`). */
export async function undoJob(
  client: PlatformClient,
  jobId: string,
  signal: AbortSignal | undefined,
): Promise<{ success: boolean; message: string | null }> {
  const result = await client.request<{ undo: { success: boolean | null; message: string | null } | null }>(
    'mutation BulkUndo($job: ID!) { undo: undo_action(job_id: $job) { success message } }',
    { job: jobId },
    { signal },
  );
  return { success: result.data.undo?.success === true, message: result.data.undo?.message ?? null };
}
