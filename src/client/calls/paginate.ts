/**
 * `paginate(client, ...)`: walks a cursor-paginated connection (`{ cursor, items }`, e.g. `items_page` in
 * `boards` or `groups`) by running the same operation again with the next cursor until it is null.
 * Lazy: a page is requested only when the consumer asks past the previous one, so `break` sends nothing
 * more. Every page is an ordinary call, through the throttle and retries. An expired cursor becomes a
 * {@link CursorExpiredError}.
 */

import type { PlatformClient } from '../client.js';
import { contextOf } from '../client-context.js';
import { prepareOperation } from '../documents/document.js';
import { pagingMeta } from '../documents/document-meta.js';
import { pagingArguments } from '../documents/paging-scan.js';
import { print } from '../documents/print-document.js';
import { GraphQLResponseError, PlatformConfigError, PlatformError } from '../errors/errors.js';
import { isObject } from '../object-reads.js';
import { executeOperation } from '../request/pipeline.js';
import type { ApiResult, CallOptions, DocumentInput } from '../types.js';

/** A `{ cursor, items }` connection as the API returns it. */
export interface Connection<TItem = unknown> {
  /** The cursor of the next page; null on the last. */
  cursor: string | null;
  /** The items of this page. */
  items: readonly TItem[];
}

/**
 * The item type of the connection inside a result type: for `BoardItemsQuery`, the type of
 * `boards[number].items_page.items[number]`.
 */
export type PageItem<T> =
  T extends Connection<infer TItem>
    ? TItem
    : T extends readonly (infer TElement)[]
      ? PageItem<NonNullable<TElement>>
      : T extends object
        ? { [K in keyof T]-?: PageItem<NonNullable<T[K]>> }[keyof T]
        : never;

/** One page: the call's {@link ApiResult} (data, rate-limit state, ...) with the connection's items and cursor. */
export interface Page<TResult, TItem> extends ApiResult<TResult> {
  /** The items of this page (cut short on the last page `max` allows). */
  items: TItem[];
  /** The cursor of the next page; null on the last. */
  cursor: string | null;
}

/** Options of {@link paginate}: those of every call, plus a cap. */
export interface PaginateOptions extends Omit<CallOptions, 'idempotencyKey'> {
  /** The most items to return in all; no page is requested once reached. Default: no cap. */
  max?: number;
}

/** An async iterator over a connection's items; `pages()` iterates the pages instead. */
export interface Paginator<TResult, TItem> extends AsyncIterable<TItem> {
  /** The pages, each an {@link ApiResult} with its `items` and `cursor`. */
  pages(): AsyncIterableIterator<Page<TResult, TItem>>;
}

/**
 * The API no longer knows a cursor: cursors live 60 minutes on the platform. Start the listing again
 * from the first page.
 */
export class CursorExpiredError extends PlatformError {
  /** The class name, `'CursorExpiredError'`: a string, so it survives minification. */
  override name = 'CursorExpiredError' as const;
  /** The GraphQL errors the API answered with. */
  readonly errors: GraphQLResponseError['errors'];

  constructor(error: GraphQLResponseError) {
    super(
      `The pagination cursor has expired (cursors live 60 minutes); start the listing again from the first page. The API said: ${error.errors[0]?.message}`,
      { ...error, cause: error },
    );
    this.errors = error.errors;
  }
}

/**
 * The arguments of {@link paginate} after the document: variables are required when the operation has required
 * variables, optional otherwise; then {@link PaginateOptions}.
 */
export type PaginateArgs<TVariables> =
  Record<string, never> extends TVariables
    ? [variables?: TVariables, options?: PaginateOptions]
    : [variables: TVariables, options?: PaginateOptions];

/**
 * Pages through the cursor-paginated connection (`{ cursor, items }`, such as `items_page`) in the result of a
 * query run by `client`: iterate it for the items, or `.pages()` for each page's {@link ApiResult}. It runs the
 * query again with the next cursor in the variable the document passes to the connection's `cursor` (setting the
 * variable it passes as `query_params` to null: the cursor remembers the filter) until the cursor is null or `max`
 * items were returned. Nothing is sent until you iterate, and `break` sends
 * nothing more; each page goes through the client's throttle and retries and honours `signal`.
 *
 * @example
 * ```ts
 * for await (const item of paginate(client, BoardItemsDocument, { ids: ['3001'], limit: 500 })) {
 *   console.log(item.id, item.name);
 * }
 * ```
 * @throws {@link PlatformConfigError} at once when the document is not a query that passes a variable to a `cursor`,
 * writes `query_params` inline beside it (no later page could clear it), or `max` is not a positive integer; while iterating, what each call throws, and {@link CursorExpiredError} for an expired cursor.
 */
export function paginate<TResult = Record<string, unknown>, TVariables = Record<string, unknown>>(
  client: PlatformClient,
  document: DocumentInput<TResult, TVariables>,
  ...args: PaginateArgs<TVariables>
): Paginator<TResult, PageItem<TResult>> {
  const context = contextOf(client);
  const [variables, options] = args;
  return createPaginator<TResult, PageItem<TResult>>(
    (vars, callOptions) => executeOperation<TResult>(context, document, vars, callOptions),
    document,
    variables as Record<string, unknown> | undefined,
    options,
  );
}

/** Runs one page's call. */
export type PageRunner<TResult> = (
  variables: Record<string, unknown>,
  options: CallOptions,
) => Promise<ApiResult<TResult>>;

/** Every `{ cursor, items }` object inside `data`. */
export function findConnections(data: unknown, found: Connection[] = []): Connection[] {
  if (Array.isArray(data)) for (const element of data) findConnections(element, found);
  else if (isObject(data)) {
    if ('cursor' in data && Array.isArray(data.items) && (typeof data.cursor === 'string' || data.cursor === null)) {
      found.push(data as unknown as Connection);
    } else for (const value of Object.values(data)) findConnections(value, found);
  }
  return found;
}

function isCursorExpired(error: unknown): error is GraphQLResponseError {
  return (
    error instanceof GraphQLResponseError &&
    error.errors.some(
      (entry) => entry.extensions?.code === 'CURSOR_EXPIRED' || /cursor[^.]*expired/i.test(entry.message),
    )
  );
}

function refuse(message: string): never {
  throw new PlatformConfigError(message);
}

function checkMax(max: unknown): number {
  if (max === undefined) return Number.POSITIVE_INFINITY;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) {
    throw new PlatformConfigError(`\`max\` must be a positive integer; got ${String(max)}.`);
  }
  return max;
}

/** The paginator of `document`; nothing is sent until it is iterated. Throws PlatformConfigError on misuse. */
export function createPaginator<TResult, TItem>(
  run: PageRunner<TResult>,
  document: unknown,
  variables: Record<string, unknown> | undefined,
  options: PaginateOptions | undefined,
): Paginator<TResult, TItem> {
  const { max: rawMax, ...callOptions } = options ?? {};
  const max = checkMax(rawMax);
  // paginate carries the AST printer itself: it checks the document before any call loads it.
  const operation = prepareOperation(document, callOptions.operationName, print);
  if (operation.kind !== 'query')
    throw new PlatformConfigError(`paginate runs queries; the document's operation is a ${operation.kind}.`);
  // A generated document says what pages it (`__meta__`); any document's own text says it too, under whatever
  // names it chose (`$filter`, `$query`, `$after`): page 2 sent the cursor beside the filter when only
  // `$query_params` was cleared, and the API refused it (test/e2e/paginate.test.ts).
  const meta = pagingMeta(document);
  const scanned = pagingArguments(operation.text);
  const cursorVariable: string =
    meta.cursorVariable ??
    scanned.cursorVariable ??
    (operation.text.includes('$cursor')
      ? 'cursor'
      : refuse(
          "paginate needs a query that passes a `$cursor` variable (under any name) to the connection's `cursor` argument, e.g. `items_page(limit: $limit, cursor: $cursor)`.",
        ));
  if (scanned.inlineArgument) {
    throw new PlatformConfigError(
      `paginate sends the cursor alone on the pages after the first (the API refuses \`${scanned.inlineArgument}\` beside a cursor, which carries it), so pass \`${scanned.inlineArgument}\` as a variable, e.g. \`items_page(limit: $limit, cursor: $cursor, ${scanned.inlineArgument}: $filter)\`; this document writes it inline.`,
    );
  }
  const resetVariables = [...new Set([...(meta.resetVariables ?? ['query_params']), ...scanned.clearedVariables])];

  async function* pages(): AsyncGenerator<Page<TResult, TItem>> {
    let vars: Record<string, unknown> = { ...variables };
    let left = max;
    let previous: string | undefined;
    while (left > 0) {
      let result: ApiResult<TResult>;
      try {
        result = await run(vars, callOptions);
      } catch (error) {
        throw isCursorExpired(error) ? new CursorExpiredError(error) : error;
      }
      const connections = findConnections(result.data);
      if (connections.length > 1) {
        throw new PlatformConfigError(
          `paginate follows one connection, and this result holds ${connections.length} (e.g. several boards): ask for one.`,
        );
      }
      const connection = connections[0] ?? { cursor: null, items: [] };
      const items = connection.items.slice(0, left) as TItem[];
      left -= items.length;
      yield { ...result, items, cursor: connection.cursor };
      if (connection.cursor === null || connection.cursor === previous) return;
      previous = connection.cursor;
      vars = { ...vars, [cursorVariable]: connection.cursor };
      for (const name of resetVariables) if (name in vars) vars[name] = null;
    }
  }

  return {
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const page of pages()) yield* page.items;
    },
  };
}
