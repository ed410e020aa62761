/**
 * `items_page_by_column_values`: a board's items whose columns hold given values, a page at a time
 * (https://developer.monday.com/api-reference/reference/items-page-by-column-values).
 *
 * Rule map:
 * - Within one column, any of its `column_values` matches; across columns, every column must match.
 * - Values are compared as the column shows them: a status by its label, a checkbox as `true`, others as text;
 *   `name` is the item's name. Translated to the `items_page` query engine (../items-query.ts) as `any_of` rules.
 * - `cursor` continues a listing (it carries the query); `columns` with a cursor is refused, as for `items_page`.
 * Pinned by test/emulator/engine-items-by-column-values.test.ts.
 */
import { requireScope } from '../context.js';
import { pageItems } from '../cursor.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { ItemsQuery } from '../items-query.js';
import { statusLabels } from '../store/column-values.js';
import type { BoardRecord } from '../store/records.js';
import { accountBoard } from './lookup.js';
import type { ResolverMap } from './types.js';

interface ByColumnValuesArgs {
  board_id: string;
  columns?: { column_id: string; column_values: (string | null)[] }[] | null;
  cursor?: string | null;
  limit: number;
}

/** One `any_of` rule per column; a status label becomes its index, as the query engine compares statuses. */
function asItemsQuery(board: BoardRecord, columns: NonNullable<ByColumnValuesArgs['columns']>): ItemsQuery {
  return {
    operator: 'and',
    rules: columns.map(({ column_id, column_values }) => {
      const values = column_values.filter((value): value is string => value !== null);
      const column = board.columns.find((candidate) => candidate.id === column_id);
      if (column?.type !== 'status') return { column_id, compare_value: values, operator: 'any_of' };
      const indexByLabel = new Map(Object.entries(statusLabels(column)).map(([index, label]) => [label, index]));
      // A label the column does not have matches nothing (-1 is no index).
      return { column_id, compare_value: values.map((label) => indexByLabel.get(label) ?? '-1'), operator: 'any_of' };
    }),
  };
}

/** Resolvers of `items_page_by_column_values`. */
export const itemsByColumnValuesResolvers: ResolverMap = {
  Query: {
    items_page_by_column_values: (_source: unknown, args: ByColumnValuesArgs, context) => {
      requireScope(context, 'boards:read');
      const board = accountBoard(context, String(args.board_id));
      if (args.cursor && args.columns?.length) {
        throw engineError(
          ENGINE_ERROR_CODES.invalidArgument,
          'items_page_by_column_values takes cursor or columns, not both: the cursor already carries the columns.',
        );
      }
      const query = args.columns?.length ? asItemsQuery(board, args.columns) : undefined;
      return pageItems(context, { board: board.id }, args.limit, args.cursor, query);
    },
  },
};
