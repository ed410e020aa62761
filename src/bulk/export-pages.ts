/**
 * The requests of `exportItems`: a page of items with their column values (the first through `boards { items_page }`,
 * the next through `next_items_page`), and a light page of ids alone, which re-walks a listing to find where an
 * export stood for a small part of a page's cost. Each asks for `complexity { query }`: the client's throttle learns
 * each document's exact cost from it, and the export sizes its pages by it.
 *
 * The page size is written into the document, not passed as a variable, so each size is its own document text and
 * the throttle never expects one size's cost from another's (its cost book is keyed by the text).
 */
import { NotFoundError, type PlatformClient } from '../index.js';

/** One column value of an exported item, as the API returns it (what `readColumnValue` reads). */
export interface ExportedColumnValue {
  /** The column's id. */
  id: string;
  /** The column's type, e.g. `status`, `date`, `numbers`. */
  type: string;
  /** The value as the board shows it; null when the column is empty. */
  text: string | null;
  /** The value as the platform's JSON text; null when the column is empty. */
  value: string | null;
}

/** One item of an export. */
export interface ExportedItem {
  /** The item's id. */
  id: string;
  /** The item's name. */
  name: string;
  /** The id of the item's group. */
  groupId: string | null;
  /** Its column values: every column, or those of `columns`, in the board's column order. */
  columnValues: ExportedColumnValue[];
}

/** A page as the export reads it. */
export interface ExportPage<TItem> {
  items: TItem[];
  /** The cursor of the next page; null on the last. */
  cursor: string | null;
  /** What the request cost of the complexity budget, when the answer said. */
  cost: number | undefined;
  /** The board's item count, when the page was a first page. */
  itemsCount: number | undefined;
}

/** What a page request needs. */
export interface PageRequest {
  boardId: string;
  /** The listing's cursor, or null for its first page. */
  cursor: string | null;
  limit: number;
  columns: readonly string[] | null;
  filter: object | null;
  signal: AbortSignal | undefined;
}

const ITEM_FIELDS = 'id name group { id } column_values(ids: $columns) { id type text value }';

/** A page of full items. */
export async function fetchItemsPage(client: PlatformClient, request: PageRequest): Promise<ExportPage<ExportedItem>> {
  const { limit, cursor } = request;
  const data =
    cursor === null
      ? await run(
          client,
          `query ExportItems($board: ID!, $columns: [String!], $query: ItemsQuery) { complexity { query } boards(ids: [$board]) { items_count items_page(limit: ${limit}, query_params: $query) { cursor items { ${ITEM_FIELDS} } } } }`,
          { board: request.boardId, columns: request.columns, query: request.filter },
          request,
        )
      : await run(
          client,
          `query ExportItemsNext($cursor: String!, $columns: [String!]) { complexity { query } next_items_page(limit: ${limit}, cursor: $cursor) { cursor items { ${ITEM_FIELDS} } } }`,
          { cursor, columns: request.columns },
          request,
        );
  const page = pageOf(data, request.boardId);
  return { ...page, items: page.items.map(itemOf) };
}

/** A page of ids alone: for finding where an export stood. */
export async function fetchIdsPage(client: PlatformClient, request: PageRequest): Promise<ExportPage<string>> {
  const { limit, cursor } = request;
  const data =
    cursor === null
      ? await run(
          client,
          `query ExportItemsSeek($board: ID!, $query: ItemsQuery) { complexity { query } boards(ids: [$board]) { items_count items_page(limit: ${limit}, query_params: $query) { cursor items { id } } } }`,
          { board: request.boardId, query: request.filter },
          request,
        )
      : await run(
          client,
          `query ExportItemsSeekNext($cursor: String!) { complexity { query } next_items_page(limit: ${limit}, cursor: $cursor) { cursor items { id } } }`,
          { cursor },
          request,
        );
  const page = pageOf(data, request.boardId);
  return { ...page, items: page.items.map((item) => String((item as { id: unknown }).id)) };
}

async function run(
  client: PlatformClient,
  document: string,
  variables: Record<string, unknown>,
  request: PageRequest,
): Promise<Record<string, unknown>> {
  const { data } = await client.request(document, variables, { signal: request.signal });
  return data;
}

interface RawConnection {
  cursor?: unknown;
  items?: unknown;
}

/** The connection, cost and count of a page's answer. */
function pageOf(data: Record<string, unknown>, boardId: string): ExportPage<unknown> {
  const cost = (data.complexity as { query?: unknown } | null | undefined)?.query;
  let connection: RawConnection | undefined;
  let itemsCount: unknown;
  if ('next_items_page' in data) connection = data.next_items_page as RawConnection;
  else {
    const board = (data.boards as { items_count?: unknown; items_page?: RawConnection }[] | null | undefined)?.[0];
    if (!board) {
      throw new NotFoundError(`Board ${boardId} does not exist or this token cannot see it`, { errors: [] });
    }
    connection = board.items_page;
    itemsCount = board.items_count;
  }
  return {
    items: Array.isArray(connection?.items) ? connection.items : [],
    cursor: typeof connection?.cursor === 'string' && connection.cursor !== '' ? connection.cursor : null,
    cost: typeof cost === 'number' ? cost : undefined,
    itemsCount: typeof itemsCount === 'number' ? itemsCount : undefined,
  };
}

/** An exported item from an item of the answer. */
function itemOf(raw: unknown): ExportedItem {
  const item = raw as { id: unknown; name: unknown; group?: { id?: unknown } | null; column_values?: unknown };
  return {
    id: String(item.id),
    name: typeof item.name === 'string' ? item.name : '',
    groupId: item.group?.id === undefined || item.group.id === null ? null : String(item.group.id),
    columnValues: Array.isArray(item.column_values) ? (item.column_values as ExportedColumnValue[]) : [],
  };
}
