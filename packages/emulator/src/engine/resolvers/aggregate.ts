/**
 * `Query.aggregate` (2026-01 on; https://developer.monday.com/api-reference/reference/aggregate): summary values
 * over a board's items, computed by the emulator instead of the caller. boards:read; the board is the caller's.
 *
 * Rule map:
 * - The items are the board's active items that `query` keeps (the same `ItemsQuery` as `items_page`, so
 *   ../items-query.ts applies it); without `query`, all of them.
 * - Each `select` element is one entry of the one result set, under its `as` alias: `COUNT_ITEMS` counts the items;
 *   `SUM`, `AVERAGE`, `MEDIAN`, `MIN` and `MAX` take one `COLUMN` parameter, a numbers column, and skip empty cells
 *   (a `SUM` of none is 0, the others null) - {@link computeFunction}, over ../number-summaries.ts.
 * - `COUNT` and `COUNT_DISTINCT` take one `COLUMN` parameter, of any kind: the number of items with a value in it,
 *   and the number of distinct values among them (values compared as the column kind compares cells);
 *   `COUNT_SUBITEMS` counts the items' active subitems (no parameter, or the board's subitems column). These follow
 *   the published schema's own descriptions of the functions ("Count the number of values", "... of distinct
 *   values of the items", "... of subitems"); the reference page gives no more.
 * - A `COLUMN` select element without `group_by` is one entry of the one result set too: the guide says an
 *   aggregation without grouping always answers a single result set, and that a selected column's value is read
 *   through `AggregateGroupByResult` (https://developer.monday.com/api-reference/docs/aggregation-api-guide, "The
 *   limit parameter" and "Basic group by"). What that value holds when nothing is grouped the docs leave unsaid:
 *   there is no group to take it from, so it is null (`value`, or each typed `value_*` field before 2026-04). The column must exist on the board (RESOURCE_NOT_FOUND
 *   otherwise) - {@link columnEntry}.
 * - The entries of a result set come in alphabetical order of their aliases, not in the order of `select` (the
 *   same guide, "Result ordering").
 * - `group_by` and the other functions answer NOT_MODELLED naming what was asked
 *   (packages/emulator/test/aggregate.test.ts).
 */
import { compareCell } from '../column-kinds/index.js';
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { queryItems } from '../items-query.js';
import { isNumberSummary, summariseNumbers } from '../number-summaries.js';
import { findColumn } from '../store/columns.js';
import type { BoardRecord, ItemRecord } from '../store/records.js';
import type { AggregateQueryInput, AggregateSelectElementInput } from './arguments.generated.js';
import { accountBoard, notModelledArgument } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The numbers a numbers column holds on `items`, empty cells skipped. */
function numbers(context: EngineContext, board: BoardRecord, items: ItemRecord[], columnId: string): number[] {
  const column = findColumn(board, columnId);
  if (column.type !== 'numbers') {
    notModelledArgument('aggregate(select:)', `numeric functions over a ${column.type} column`);
  }
  return items
    .map((item) => compareCell(column, item, context.store))
    .map((cell) => (cell === null ? Number.NaN : Number(cell)))
    .filter((value) => Number.isFinite(value));
}

/** The column of a function's one `COLUMN` parameter (`name` for the error). */
function columnParam(board: BoardRecord, element: AggregateSelectElementInput, name: string) {
  const params = element.function?.params ?? [];
  const columnId = params.length === 1 && params[0]?.type === 'COLUMN' ? params[0].column?.column_id : undefined;
  if (!columnId) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `${name} takes one COLUMN parameter.`, { alias: element.as });
  }
  return findColumn(board, columnId);
}

/** The counting functions of rule 3, or undefined for another function. */
function computeCount(
  context: EngineContext,
  board: BoardRecord,
  items: ItemRecord[],
  element: AggregateSelectElementInput,
): number | undefined {
  const name = element.function?.function;
  if (name === 'COUNT' || name === 'COUNT_DISTINCT') {
    const column = columnParam(board, element, name);
    const cells = items.map((item) => compareCell(column, item, context.store)).filter((cell) => cell !== null);
    return name === 'COUNT' ? cells.length : new Set(cells.map((cell) => JSON.stringify(cell))).size;
  }
  if (name === 'COUNT_SUBITEMS') {
    if ((element.function?.params ?? []).length > 0 && columnParam(board, element, name).type !== 'subtasks') {
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        'COUNT_SUBITEMS takes no parameter or the subitems column.',
        {
          alias: element.as,
        },
      );
    }
    return items.reduce((count, item) => count + context.store.items.subitemsOf(item).length, 0);
  }
  return undefined;
}

/** The result of one FUNCTION select element over `items` (rule 2). */
function computeFunction(
  context: EngineContext,
  board: BoardRecord,
  items: ItemRecord[],
  element: AggregateSelectElementInput,
): number | null {
  const name = element.function?.function;
  if (name === 'COUNT_ITEMS') return items.length;
  const count = computeCount(context, board, items, element);
  if (count !== undefined) return count;
  if (!name || !isNumberSummary(name)) notModelledArgument('aggregate(select:)', `the ${name ?? 'unnamed'} function`);
  const params = element.function?.params ?? [];
  const columnId = params.length === 1 && params[0]?.type === 'COLUMN' ? params[0].column?.column_id : undefined;
  if (!columnId) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `${name} takes one COLUMN parameter.`, { alias: element.as });
  }
  return summariseNumbers(name, numbers(context, board, items, columnId));
}

/** The entry of a COLUMN select element without grouping (rule 4): the column's group value, null ungrouped. */
function columnEntry(board: BoardRecord, element: AggregateSelectElementInput) {
  const columnId = element.column?.column_id;
  if (!columnId) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A COLUMN select element takes column.column_id.', {
      alias: element.as,
    });
  }
  findColumn(board, columnId);
  // `value` (2026-04 on) and the typed `value_*` fields of the versions before it: none holds anything ungrouped.
  const ungrouped = { value: null, value_boolean: null, value_float: null, value_int: null, value_string: null };
  return { alias: element.as, value: { __typename: 'AggregateGroupByResult', ...ungrouped } };
}

function aggregate(context: EngineContext, query: AggregateQueryInput) {
  requireScope(context, 'boards:read');
  const board = accountBoard(context, query.from.id);
  if (query.group_by?.length) notModelledArgument('aggregate(group_by:)', 'grouped results are not modelled');
  const all = context.store.items.active(board.id);
  const items = query.query
    ? queryItems(board, all, query.query, {
        store: context.store,
        callerId: String(context.grant.userId),
        now: new Date(context.store.now()),
      })
    : all;
  const entries = query.select.map((element) => {
    if (element.type === 'COLUMN') return columnEntry(board, element);
    return {
      alias: element.as,
      value: { __typename: 'AggregateBasicAggregationResult', result: computeFunction(context, board, items, element) },
    };
  });
  // Rule 5: by alias, compared as plain strings (the guide says alphabetical and names no collation).
  entries.sort((a, b) => (a.alias < b.alias ? -1 : a.alias > b.alias ? 1 : 0));
  return { results: [{ entries }] };
}

/** Resolvers of the aggregate query. */
export const aggregateResolvers: FamilyResolvers = {
  Query: {
    aggregate: (_source, args, context) => aggregate(context, args.query),
  },
};
