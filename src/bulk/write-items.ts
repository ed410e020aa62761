/**
 * `writeItems`: many item creations and column changes on one board, packed as aliased mutations, a batch per
 * request, and sent one request after another through the client (its throttle paces them by the complexity budget
 * and the request quotas; its retries resend a request with the same Idempotency-Key).
 *
 * What the platform's limits do to a job (https://developer.monday.com/api-reference/docs/rate-limits):
 * - each `create_item` (and each column change) costs about 10,000 complexity points, whatever the batch
 *   (https://developer.monday.com/api-reference/docs/development-best-practices): the budget per minute, not the
 *   number of requests, sets how many items a minute can be written. A batch costs its writes' sum, and the throttle
 *   holds the next batch until the budget left covers it, so no request is refused for the budget. The budget a
 *   window leaves unused is at most one batch's cost: with the default 25 writes a batch (about 250,000 points) that
 *   is 2.5% of a 10M budget.
 * - one query may cost at most 5,000,000 points: a batch stays far below it (`batchSize` at most 100, 1M points).
 * - requests go one at a time: the platform asks apps not to run mutations on one board at once (the same
 *   best-practices page), and one request at a time already spends the budget as fast as it refills.
 *
 * Safe to retry: every request carries an Idempotency-Key made of the job's key and the batch's number, the same on
 * every retry of the client, so a request the server ran is answered again from its cache, never run twice. Running
 * the same job again (same lists, same `batchSize`, same `idempotencyKey`) sends the same batches with the same keys:
 * the batches the server already ran are answered from its cache (for as long as it keeps them), the others run.
 */

import type { ColumnValueBuilder } from '../columns/builder.js';
import {
  columnValues,
  DailyLimitError,
  GraphQLResponseError,
  type PlatformClient,
  PlatformConfigError,
  type PlatformError,
  RateLimitError,
} from '../index.js';
import { checkFunction, checkId, checkKnown, checkSignal, checkWhole, randomJobId } from './bulk-options.js';
import { type BulkProgress, ProgressMeter } from './progress.js';
import { sleep } from './sleep.js';
import {
  answeredResults,
  type BatchEntry,
  batchDocument,
  batchVariables,
  type EntryResult,
  mayHaveApplied,
} from './write-batch.js';

/** A new item. */
export interface ItemCreate {
  /** The item's name. */
  name: string;
  /** The group it goes to. Default: the board's top group. */
  groupId?: string;
  /** Its column values, by column id, made with the column builders (`column.status({ label: 'Done' })`). */
  values?: Readonly<Record<string, ColumnValueBuilder>>;
}

/** New values for columns of an existing item. */
export interface ItemUpdate {
  /** The item. */
  itemId: string | number;
  /** The values, by column id, made with the column builders; at least one. `column.clear()` empties a column. */
  values: Readonly<Record<string, ColumnValueBuilder>>;
}

/** Options of {@link writeItems}. */
export interface WriteItemsOptions {
  /** The board written to. */
  boardId: string | number;
  /** Items to create, in order. */
  creates?: readonly ItemCreate[];
  /** Column changes of existing items, in order; sent after the creates. */
  updates?: readonly ItemUpdate[];
  /** Adds status and dropdown labels the board does not have yet, instead of refusing the value. Default false. */
  createLabelsIfMissing?: boolean;
  /** Writes per request, 1 to 100. Default 25 (see the module's notes on the budget). */
  batchSize?: number;
  /**
   * The job's key (1-200 visible ASCII characters): each request's Idempotency-Key is this key and the batch's
   * number. Give the same key to run the same job again after a crash or an `unknown` outcome: what the server
   * already ran is not run again. Default: a new random key (this call's own retries are still safe).
   */
  idempotencyKey?: string;
  /** Stops the job: no further request is sent, and the call resolves with what was done (`stoppedBy`). */
  signal?: AbortSignal;
  /** Called after each request with the writes done of the total, the rate and the time left. */
  onProgress?: (progress: BulkProgress) => void;
}

/** A write the job did not complete. */
export type WriteNotDone =
  /** The platform refused it (nothing was applied): `error` says why, e.g. a `ColumnValueException` code. */
  | {
      /** Refused. */
      status: 'failed';
      /** Why. */
      error: PlatformError;
    }
  /**
   * Its request got no answer (a network failure, a timeout, a server error, an abort while it was out): it may have
   * been applied. Run the job again with the same `idempotencyKey` to settle it without writing twice.
   */
  | {
      /** Maybe applied. */
      status: 'unknown';
      /** What the request met. */
      error: PlatformError;
    }
  /** Never sent: the job stopped before it (`stoppedBy` says why). */
  | {
      /** Never sent. */
      status: 'not-sent';
    };

/** What became of one create: the new item's id, or why not. */
export type CreateOutcome =
  | {
      /** Created. */
      status: 'created';
      /** The new item's id. */
      itemId: string;
    }
  | WriteNotDone;

/** What became of one column change. */
export type UpdateOutcome =
  | {
      /** Changed. */
      status: 'updated';
      /** The item changed. */
      itemId: string;
    }
  | WriteNotDone;

/** What {@link writeItems} did, item by item. */
export interface WriteItemsReport {
  /** One outcome per create, in the order of `creates`. */
  creates: CreateOutcome[];
  /** One outcome per column change, in the order of `updates`. */
  updates: UpdateOutcome[];
  /** Items created. */
  created: number;
  /** Items whose columns changed. */
  updated: number;
  /** Writes the platform refused. */
  failed: number;
  /** Writes sent without an answer: they may have been applied. */
  unknown: number;
  /** Writes never sent. */
  notSent: number;
  /** The job's key: pass it as `idempotencyKey` to run the same job again safely. */
  idempotencyKey: string;
  /**
   * Why the job stopped before sending every write: the signal's reason, or the error of a request no later request
   * would avoid (the token refused, the daily limit, the server unreachable after the client's retries). Undefined
   * when every write was sent.
   */
  stoppedBy?: unknown;
}

/** Most writes per request. */
export const MAX_WRITE_BATCH = 100;
/** Writes per request unless `batchSize` says otherwise. */
export const DEFAULT_WRITE_BATCH = 25;
/** How many times a request the platform refused for a rate limit is sent again before the job stops. */
const RATE_LIMIT_RESENDS = 5;
/** The longest wait for a rate limit the job sits out itself, in seconds; a longer one stops it. */
const MAX_RATE_LIMIT_WAIT_SECONDS = 60;

const KNOWN_OPTIONS = [
  'boardId',
  'creates',
  'updates',
  'createLabelsIfMissing',
  'batchSize',
  'idempotencyKey',
  'signal',
  'onProgress',
] as const;

/** Checks the options and turns the two lists into one list of writes, creates first. */
function planWrites(options: WriteItemsOptions): {
  boardId: string;
  entries: BatchEntry[];
  batchSize: number;
  jobKey: string;
} {
  if (typeof options !== 'object' || options === null) {
    throw new PlatformConfigError('writeItems takes an options object: writeItems(client, { boardId, creates }).');
  }
  checkKnown(options, KNOWN_OPTIONS, 'writeItems');
  const boardId = checkId(options.boardId, 'boardId');
  const batchSize = checkWhole(options.batchSize, 'batchSize', 1, MAX_WRITE_BATCH, DEFAULT_WRITE_BATCH);
  checkSignal(options.signal);
  checkFunction(options.onProgress, 'onProgress');
  const key = options.idempotencyKey;
  if (key !== undefined && (typeof key !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(key))) {
    throw new PlatformConfigError('`idempotencyKey` must be 1-200 visible ASCII characters, e.g. a UUID.');
  }
  const entries: BatchEntry[] = [];
  list(options.creates, 'creates').forEach((create: ItemCreate, index) => {
    const where = `creates[${index}]`;
    if (typeof create !== 'object' || create === null) throw new PlatformConfigError(`${where} must be an object.`);
    if (typeof create.name !== 'string' || create.name.trim() === '') {
      throw new PlatformConfigError(`${where}.name must be a non-empty string.`);
    }
    if (create.groupId !== undefined && (typeof create.groupId !== 'string' || create.groupId === '')) {
      throw new PlatformConfigError(`${where}.groupId must be a group id (a non-empty string).`);
    }
    const values = create.values === undefined ? null : valuesText(create.values, `${where}.values`, false);
    entries.push({ kind: 'create', index, name: create.name, groupId: create.groupId ?? null, values });
  });
  list(options.updates, 'updates').forEach((update: ItemUpdate, index) => {
    const where = `updates[${index}]`;
    if (typeof update !== 'object' || update === null) throw new PlatformConfigError(`${where} must be an object.`);
    const itemId = checkId(update.itemId, `${where}.itemId`);
    entries.push({ kind: 'update', index, itemId, values: valuesText(update.values, `${where}.values`, true) });
  });
  return { boardId, entries, batchSize, jobKey: key ?? randomJobId() };
}

/** The list given for `name`, or an empty one. */
function list<T>(value: readonly T[] | undefined, name: string): readonly T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new PlatformConfigError(`\`${name}\` must be an array.`);
  return value;
}

/** The `column_values` text of `values`, naming `where` in a refusal. */
function valuesText(values: unknown, where: string, required: boolean): string {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    throw new PlatformConfigError(`${where} must be an object of column values by column id.`);
  }
  if (required && Object.keys(values).length === 0) {
    throw new PlatformConfigError(`${where} must hold at least one column value.`);
  }
  try {
    return columnValues(values as Record<string, ColumnValueBuilder>);
  } catch (error) {
    throw new PlatformConfigError(`${where}: ${(error as Error).message}`);
  }
}

/** The outcome of one batch: a result per write, and the error that stops the job, when one does. */
interface BatchOutcome {
  results: EntryResult[];
  stop?: unknown;
}

/**
 * Sends one batch, sitting out rate limits the client handed back (another app of the account spending the budget),
 * and says what became of each write.
 */
async function sendBatch(
  client: PlatformClient,
  boardId: string,
  entries: readonly BatchEntry[],
  key: string,
  createLabelsIfMissing: boolean,
  signal: AbortSignal | undefined,
): Promise<BatchOutcome> {
  const document = batchDocument(entries, createLabelsIfMissing);
  const variables = batchVariables(boardId, entries);
  for (let resend = 0; ; resend += 1) {
    try {
      const { data } = await client.request(document, variables, { idempotencyKey: key, signal });
      return { results: answeredResults(entries.length, data) };
    } catch (error) {
      if (error instanceof GraphQLResponseError && error.data !== undefined && error.data !== null) {
        return { results: answeredResults(entries.length, error.data, error) };
      }
      const wait = error instanceof RateLimitError && !(error instanceof DailyLimitError) && error.retryAfterSeconds;
      if (wait !== false && resend < RATE_LIMIT_RESENDS && (wait ?? 1) <= MAX_RATE_LIMIT_WAIT_SECONDS) {
        try {
          await sleep(Math.max(1, wait ?? 1) * 1000, signal);
          continue;
        } catch {
          return failedBatch(entries.length, error as PlatformError, 'failed', signal?.reason);
        }
      }
      const status = mayHaveApplied(error) ? 'unknown' : 'failed';
      return failedBatch(entries.length, error as PlatformError, status, signal?.aborted ? signal.reason : error);
    }
  }
}

/** Every write of a batch ended as `status` with `error`; the job stops with `stop`. */
function failedBatch(count: number, error: PlatformError, status: 'failed' | 'unknown', stop: unknown): BatchOutcome {
  return { results: Array.from({ length: count }, () => ({ status, error })), stop };
}

/**
 * Creates items and changes column values on one board, many per request, each request paced by the client's
 * throttle within the complexity budget. Resolves with what became of every write, in the order given: a refused
 * write (a value the column does not take, an item that does not exist) fails alone and the others go on; a failure
 * no later request would avoid, or an abort, stops the job and the rest is reported `not-sent`. Nothing is lost: the
 * report holds every created item's id.
 *
 * @example
 * ```ts
 * // fragment
 * const report = await writeItems(client, {
 *   boardId: 3001,
 *   creates: rows.map((row) => ({ name: row.title, values: { status: column.status({ label: row.state }) } })),
 *   updates: [{ itemId: 5001, values: { numbers: column.numbers(8) } }],
 *   onProgress: ({ done, total }) => console.log(`${done}/${total}`),
 * });
 * ```
 *
 * @throws {@link workspace-platform-sdk!PlatformConfigError | PlatformConfigError} before anything is sent, for options
 *   it cannot run with: a
 *   board or item id that is
 *   not an id, an empty name, an unknown option, a `batchSize` out of range, or a column value its builder refused
 *   (the message names the write, e.g. `creates[12].values`).
 */
export async function writeItems(client: PlatformClient, options: WriteItemsOptions): Promise<WriteItemsReport> {
  const { boardId, entries, batchSize, jobKey } = planWrites(options);
  const createCount = options.creates?.length ?? 0;
  const report: WriteItemsReport = {
    creates: Array.from({ length: createCount }, () => ({ status: 'not-sent' }) as const),
    updates: Array.from({ length: options.updates?.length ?? 0 }, () => ({ status: 'not-sent' }) as const),
    created: 0,
    updated: 0,
    failed: 0,
    unknown: 0,
    notSent: entries.length,
    idempotencyKey: jobKey,
  };
  const meter = new ProgressMeter(Date.now, options.onProgress);
  let done = 0;
  const { signal } = options;
  for (let start = 0, batch = 0; start < entries.length; start += batchSize, batch += 1) {
    if (signal?.aborted) {
      report.stoppedBy = signal.reason;
      break;
    }
    const slice = entries.slice(start, start + batchSize);
    const outcome = await sendBatch(
      client,
      boardId,
      slice,
      `${jobKey}.${batch}`,
      options.createLabelsIfMissing === true,
      signal,
    );
    for (const [slot, entry] of slice.entries()) record(report, entry, outcome.results[slot] as EntryResult);
    done += slice.length;
    meter.report(done, entries.length);
    if (outcome.stop !== undefined) {
      report.stoppedBy = outcome.stop;
      break;
    }
  }
  return report;
}

/** Files the result of one write in the report. */
function record(report: WriteItemsReport, entry: BatchEntry, result: EntryResult): void {
  report.notSent -= 1;
  if (result.status === 'written') {
    if (entry.kind === 'create') {
      report.creates[entry.index] = { status: 'created', itemId: result.itemId };
      report.created += 1;
    } else {
      report.updates[entry.index] = { status: 'updated', itemId: result.itemId };
      report.updated += 1;
    }
    return;
  }
  if (result.status === 'failed') report.failed += 1;
  else report.unknown += 1;
  if (entry.kind === 'create') report.creates[entry.index] = result;
  else report.updates[entry.index] = result;
}
