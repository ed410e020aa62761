/**
 * `exportItems`: every item of a board (or of a filtered listing), as an async iterable that reads one page at a
 * time, so memory stays flat however large the board: one page of items and the ids of the last
 * {@link EXPORT_RECENT_IDS} items handed out, nothing more.
 *
 * Cursor expiry and restarts. A listing's cursor lives 60 minutes
 * (https://developer.monday.com/api-reference/docs/querying-board-items); a long wait for the budget, a slow consumer
 * or a restart of the process can outlive it. The API cannot resume a listing by item id (its `items_page` filters
 * compare column values; ordering by `__creation_log__` is by creation time, which is not unique,
 * https://developer.monday.com/api-reference/changelog/ability-to-sort-items_page-results-by-creation-or-last-updated-date),
 * so the export
 * remembers where it stands by the ids of the last items it handed out, and resumes like this:
 * 1. from the cursor of the page that held the last item handed out (a checkpoint's, or its own): that page is read
 *    again and every item up to one of the remembered ids is skipped;
 * 2. when that cursor has expired (or is no longer valid): the listing is walked again from its start, reading ids
 *    alone (a light page costs a small part of a full one), until a page holds one of the remembered ids; from that
 *    page on, full pages again, skipping up to the remembered ids as in 1.
 * Each item is handed out once, and none is missed, when items keep their place in the listing while the export
 * runs. The limits: an item created while the export runs may or may not be exported (before the position it is not,
 * after it, it is); an item moved (to another group, or by a change of the column a filter orders by) while the
 * export runs may be missed or exported twice, as with any cursor listing; and when all of the last
 * {@link EXPORT_RECENT_IDS} items handed out were deleted while a cursor expired, the position is lost: the export
 * fails with {@link ExportPositionLostError} rather than guess.
 *
 * Page size: `pageSize` when given; else the first page holds 100 items and asks what it cost, and the next pages are
 * as large as keeps one page's cost within a twentieth of the complexity budget per minute (the budget a window
 * leaves unused is at most one page's cost) and half the per-query limit of 5,000,000 points
 * (https://developer.monday.com/api-reference/docs/rate-limits), and at most 500, the API's largest page.
 */

import type { ItemsQueryInput } from '../columns/rules.js';
import { GraphQLResponseError, type PlatformClient, PlatformConfigError, PlatformError } from '../index.js';
import { checkFunction, checkId, checkKnown, checkSignal, checkWhole } from './bulk-options.js';
import { type ExportedItem, type ExportPage, fetchIdsPage, fetchItemsPage, type PageRequest } from './export-pages.js';
import { type BulkProgress, ProgressMeter } from './progress.js';

export type { ExportedColumnValue, ExportedItem } from './export-pages.js';

/** Where an export stands, to resume it after a restart: a plain object, store it as JSON. */
export interface ExportCheckpoint {
  /** The format of this object. */
  readonly format: 'workspace-platform-sdk/export-checkpoint@1';
  /** The board exported. */
  readonly boardId: string;
  /** The listing (its `columns` and `filter`), so the checkpoint only resumes the same listing. */
  readonly listing: string;
  /** Items handed out before this checkpoint. */
  readonly exported: number;
  /** The cursor of the page that held the last item handed out; null for the listing's first page. */
  readonly cursor: string | null;
  /** The ids of the last items handed out, oldest first (at most {@link EXPORT_RECENT_IDS}). */
  readonly recent: readonly string[];
}

/** Options of {@link exportItems}. */
export interface ExportItemsOptions {
  /** The board to export. */
  boardId: string | number;
  /** The column ids whose values to export. Default: every column. */
  columns?: readonly string[];
  /** Only the items this query keeps, in its order (`itemsQuery(...)` of the main entry). Default: every item. */
  filter?: ItemsQueryInput;
  /** Items per page, 1 to 500. Default: chosen from the complexity budget (see the module's notes). */
  pageSize?: number;
  /** Where to resume, from `checkpoint()` of an earlier export of the same board, columns and filter. */
  checkpoint?: ExportCheckpoint;
  /** Stops the export: the iteration rejects with the signal's reason; `checkpoint()` says where it stood. */
  signal?: AbortSignal;
  /** Called after each page with the items handed out, the board's count (without a filter), rate and time left. */
  onProgress?: (progress: BulkProgress) => void;
}

/**
 * An export: iterate it for the items. Iterating it again (after a `break`, an abort or an error) resumes where
 * the last iteration stopped; one iteration at a time.
 */
export interface ItemExport extends AsyncIterable<ExportedItem> {
  /** Where the export stands: after the last item handed out. Store it to resume after a restart. */
  checkpoint(): ExportCheckpoint;
}

/**
 * A resumed export could not find where it stood: every item among the last ones it had handed out is gone from the
 * listing (deleted while its cursor expired). Nothing was handed out twice; start a new export to read the rest.
 */
export class ExportPositionLostError extends PlatformError {
  override name = 'ExportPositionLostError' as const;
}

/** How many of the last ids handed out an export remembers, to find its place again. */
export const EXPORT_RECENT_IDS = 100;
/** The API's largest page. */
export const MAX_EXPORT_PAGE_SIZE = 500;
/** Items of the first page when the size is chosen from the budget. */
const FIRST_PAGE_SIZE = 100;
/** The most a query may cost on the platform. */
const PER_QUERY_LIMIT = 5_000_000;
/** The complexity budget per minute assumed until a response declares it (the platform's, for a personal token). */
const ASSUMED_BUDGET = 10_000_000;
/** Part of the budget one page may cost. */
const PAGE_BUDGET_SHARE = 1 / 20;

const FORMAT = 'workspace-platform-sdk/export-checkpoint@1';
const KNOWN_OPTIONS = ['boardId', 'columns', 'filter', 'pageSize', 'checkpoint', 'signal', 'onProgress'] as const;

/** The export's state between iterations: what a checkpoint holds. */
interface ExportState {
  exported: number;
  cursor: string | null;
  recent: string[];
}

/** Checks the options; the listing's key and the state to start from. */
function planExport(options: ExportItemsOptions) {
  if (typeof options !== 'object' || options === null) {
    throw new PlatformConfigError('exportItems takes an options object: exportItems(client, { boardId }).');
  }
  checkKnown(options, KNOWN_OPTIONS, 'exportItems');
  const boardId = checkId(options.boardId, 'boardId');
  const pageSize =
    options.pageSize === undefined
      ? undefined
      : checkWhole(options.pageSize, 'pageSize', 1, MAX_EXPORT_PAGE_SIZE, MAX_EXPORT_PAGE_SIZE);
  checkSignal(options.signal);
  checkFunction(options.onProgress, 'onProgress');
  const { columns, filter } = options;
  if (
    columns !== undefined &&
    (!Array.isArray(columns) || columns.some((id) => typeof id !== 'string' || id === '') || columns.length > 1000)
  ) {
    throw new PlatformConfigError('`columns` must be a list of column ids (non-empty strings), at most 1,000.');
  }
  if (filter !== undefined && (typeof filter !== 'object' || filter === null || Array.isArray(filter))) {
    throw new PlatformConfigError('`filter` must be an items query object, e.g. itemsQuery(columnRule.status(...)).');
  }
  const listing = JSON.stringify({ columns: columns ?? null, filter: filter ?? null });
  const state: ExportState = { exported: 0, cursor: null, recent: [] };
  const given = options.checkpoint;
  if (given !== undefined) {
    const valid =
      typeof given === 'object' &&
      given !== null &&
      given.format === FORMAT &&
      Number.isSafeInteger(given.exported) &&
      given.exported >= 0 &&
      (given.cursor === null || typeof given.cursor === 'string') &&
      Array.isArray(given.recent) &&
      given.recent.length <= EXPORT_RECENT_IDS &&
      given.recent.every((id) => typeof id === 'string');
    if (!valid) throw new PlatformConfigError('`checkpoint` is not a checkpoint of exportItems (from checkpoint()).');
    if (given.boardId !== boardId || given.listing !== listing) {
      throw new PlatformConfigError(
        '`checkpoint` belongs to another export: resume it with the same boardId, columns and filter.',
      );
    }
    Object.assign(state, { exported: given.exported, cursor: given.cursor, recent: [...given.recent] });
  }
  return { boardId, pageSize, listing, state, columns: columns ?? null, filter: filter ?? null };
}

/** True when `error` says the listing's cursor is no longer usable: expired, or not valid any more. */
function isCursorGone(error: unknown): boolean {
  return (
    error instanceof GraphQLResponseError &&
    error.errors.some((entry) => {
      const code = entry.extensions?.code;
      return (
        code === 'CURSOR_EXPIRED' ||
        code === 'INVALID_CURSOR' ||
        /cursor[^.]*(expired|invalid|not valid)/i.test(entry.message)
      );
    })
  );
}

/** The page size that keeps a page within its share of the budget, given what a page of `limit` items cost. */
function sizeFromCost(client: PlatformClient, limit: number, cost: number | undefined): number {
  if (cost === undefined || cost <= 0) return limit;
  const budget = client.rateLimit?.policies.complexityMinute?.quota ?? ASSUMED_BUDGET;
  const perItem = cost / limit; // an upper bound: the page's fixed cost is counted in every item
  const allowed = Math.min(budget * PAGE_BUDGET_SHARE, PER_QUERY_LIMIT / 2) / perItem;
  return Math.max(1, Math.min(MAX_EXPORT_PAGE_SIZE, Math.floor(allowed)));
}

/**
 * Exports every item of a board, one page at a time: iterate the result with `for await`. Nothing is sent until
 * the iteration starts. An expired cursor does not start the export over: it finds its place again (see the
 * module's notes for how, and its limits), and `checkpoint()` resumes it in another process.
 *
 * @example
 * ```ts
 * // fragment
 * const items = exportItems(client, { boardId: 3001, columns: ['status', 'date4'] });
 * for await (const item of items) {
 *   await save(item);
 *   if (Number(item.id) % 1000 === 0) await store(JSON.stringify(items.checkpoint()));
 * }
 * ```
 *
 * @throws {@link workspace-platform-sdk!PlatformConfigError | PlatformConfigError} at once, for options it cannot run
 *   with (an id that is not
 *   an id, a `pageSize` out
 *   of range, an unknown option, a checkpoint of another export).
 * While iterating, the iteration rejects with: the client's errors for a page that fails ({@link
 *   workspace-platform-sdk!NotFoundError} for a
 * board that does not exist, `RateLimitError`, `NetworkError`, ...); {@link ExportPositionLostError} when a resumed
 * export cannot find its place; the signal's reason when `signal` aborts.
 */
export function exportItems(client: PlatformClient, options: ExportItemsOptions): ItemExport {
  const plan = planExport(options);
  const { state } = plan;
  const { signal } = options;
  let running = false;

  async function* iterate(): AsyncGenerator<ExportedItem> {
    const meter = new ProgressMeter(Date.now, options.onProgress, state.exported);
    let total: number | undefined;
    const anchors = new Set(state.recent);
    let limit = plan.pageSize ?? FIRST_PAGE_SIZE;
    let cursor = state.cursor;
    // Resuming (a checkpoint, or an earlier iteration): skip up to one of the remembered ids.
    let seeking = state.recent.length > 0;
    let anchorSeen = false;
    let light = false;
    const request = (): PageRequest => ({
      boardId: plan.boardId,
      cursor,
      limit,
      columns: plan.columns,
      filter: cursor === null ? plan.filter : null,
      signal,
    });
    const countOf = (page: ExportPage<unknown>): void => {
      if (page.itemsCount !== undefined && plan.filter === null && total === undefined) {
        total = page.itemsCount;
      }
    };
    for (;;) {
      if (light) {
        let ids: ExportPage<string>;
        try {
          ids = await fetchIdsPage(client, { ...request(), limit: MAX_EXPORT_PAGE_SIZE });
        } catch (error) {
          // A cursor of this walk expiring means a walk longer than a cursor's life: start it again.
          if (!isCursorGone(error) || cursor === null) throw error;
          cursor = null;
          continue;
        }
        countOf(ids);
        if (ids.items.some((id) => anchors.has(id))) {
          light = false; // read this page again, in full, from the same cursor
          continue;
        }
        if (ids.cursor === null) throw positionLost(state);
        cursor = ids.cursor;
        continue;
      }
      let page: ExportPage<ExportedItem>;
      try {
        page = await fetchItemsPage(client, request());
      } catch (error) {
        if (!isCursorGone(error) || cursor === null) throw error;
        // The cursor is gone: walk the listing again, ids only, to find the place (from the start when nothing was
        // handed out yet).
        cursor = null;
        seeking = state.recent.length > 0;
        anchorSeen = false;
        light = seeking;
        continue;
      }
      countOf(page);
      if (plan.pageSize === undefined) limit = sizeFromCost(client, limit, page.cost);
      const pageCursor = cursor;
      const before = state.exported;
      for (const item of page.items) {
        if (anchors.has(item.id)) {
          anchorSeen = true; // handed out already: a remembered item, or one that moved back
          continue;
        }
        if (seeking) {
          if (!anchorSeen) continue; // before the place the export stood
          seeking = false;
        }
        if (signal?.aborted) throw signal.reason;
        state.cursor = pageCursor;
        state.exported += 1;
        state.recent.push(item.id);
        anchors.add(item.id);
        if (state.recent.length > EXPORT_RECENT_IDS) anchors.delete(state.recent.shift() as string);
        yield item;
      }
      if (state.exported > before || page.cursor === null) meter.report(state.exported, total);
      if (page.cursor === null) {
        if (seeking && !anchorSeen) throw positionLost(state);
        return;
      }
      cursor = page.cursor;
    }
  }

  return {
    checkpoint: () => ({
      format: FORMAT,
      boardId: plan.boardId,
      listing: plan.listing,
      exported: state.exported,
      cursor: state.cursor,
      recent: [...state.recent],
    }),
    [Symbol.asyncIterator]() {
      if (running) throw new PlatformConfigError('An export is iterated one iteration at a time.');
      running = true;
      const generator = iterate();
      const done = () => {
        running = false;
      };
      return {
        next: () => settleAfter(generator.next(), done),
        return: (value?: unknown) => settleAfter(generator.return(value as undefined), done),
        throw: (error?: unknown) => settleAfter(generator.throw(error), done),
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    },
  };
}

/** `step`, marking the iteration over once it is (done, or failed). */
async function settleAfter<T>(step: Promise<IteratorResult<T>>, done: () => void): Promise<IteratorResult<T>> {
  try {
    const result = await step;
    if (result.done) done();
    return result;
  } catch (error) {
    done();
    throw error;
  }
}

function positionLost(state: ExportState): ExportPositionLostError {
  return new ExportPositionLostError(
    `Could not find where the export stood: none of the last ${state.recent.length} items it handed out is in the listing any more (deleted while its cursor expired). ${state.exported} items were exported; start a new export for the rest.`,
  );
}
