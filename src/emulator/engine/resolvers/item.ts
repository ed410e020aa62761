/** Resolvers of Item and of the ColumnValue implementations. */
import type { EngineContext } from '../context.js';
import { columnText, statusLabels } from '../store/column-values.js';
import type { ColumnKind, ColumnRecord, ItemRecord } from '../store/records.js';
import { boardUrl, type ResolverMap } from './types.js';

/** The GraphQL type implementing ColumnValue for each modeled column kind. */
const VALUE_TYPES: Readonly<Record<ColumnKind, string>> = {
  text: 'TextValue',
  long_text: 'LongTextValue',
  status: 'StatusValue',
  date: 'DateValue',
  numbers: 'NumbersValue',
  checkbox: 'CheckboxValue',
  file: 'FileValue',
};

/** One column of one item, as the ColumnValue resolvers see it. */
export interface ColumnValueView {
  __typename: string;
  id: string;
  column: ColumnRecord;
  type: ColumnKind;
  text: string;
  /** Stored value; the JSON scalar sends it JSON-encoded. */
  value: unknown;
  updated_at: string | null;
  [extra: string]: unknown;
}

function kindFields(column: ColumnRecord, stored: unknown): Record<string, unknown> {
  const value = (stored ?? {}) as Record<string, unknown>;
  switch (column.type) {
    case 'status': {
      const index = typeof value.index === 'number' ? value.index : null;
      const done = (column.settings.done_colors as number[] | undefined) ?? [];
      const label = index === null ? null : (statusLabels(column)[String(index)] ?? null);
      return { index, label, is_done: index !== null && done.includes(index) };
    }
    case 'date':
      return { date: value.date ?? null, time: value.time ?? null };
    case 'numbers':
      return { number: stored == null ? null : Number(stored), symbol: null };
    case 'checkbox':
      return { checked: value.checked === 'true' };
    default:
      return {};
  }
}

/** The view of `column` on `item`. */
export function columnValueView(item: ItemRecord, column: ColumnRecord): ColumnValueView {
  const stored = item.values[column.id] ?? null;
  return {
    __typename: VALUE_TYPES[column.type],
    id: column.id,
    column,
    type: column.type,
    text: columnText(column, stored),
    value: stored,
    updated_at: stored === null ? null : item.updatedAt,
    ...kindFields(column, stored),
  };
}

function boardOf(context: EngineContext, item: ItemRecord) {
  const board = context.store.findBoard(item.boardId);
  if (!board) throw new Error(`Board ${item.boardId} is missing from the store`);
  return board;
}

type ColumnFilter = { ids?: string[] | null; types?: string[] | null };
type AssetFilter = { assets_source?: string | null; column_ids?: (string | null)[] | null };

/** Resolvers of Item. */
export const itemResolvers: ResolverMap = {
  Item: {
    board: (item: ItemRecord, _args, context) => boardOf(context, item),
    group: (item: ItemRecord, _args, context) => {
      const board = boardOf(context, item);
      const group = board.groups.find((candidate) => candidate.id === item.groupId);
      return group ? { board, group } : null;
    },
    column_values: (item: ItemRecord, args: ColumnFilter, context) =>
      boardOf(context, item)
        .columns.filter(
          (column) => (!args.ids || args.ids.includes(column.id)) && (!args.types || args.types.includes(column.type)),
        )
        .map((column) => columnValueView(item, column)),
    assets: (item: ItemRecord, args: AssetFilter, context) =>
      args.assets_source === 'gallery'
        ? []
        : context.store
            .assets()
            .filter(
              (asset) => asset.itemId === item.id && (!args.column_ids || args.column_ids.includes(asset.columnId)),
            ),
    creator: (item: ItemRecord, _args, context) => context.store.findUser(item.creatorId) ?? null,
    creator_id: (item: ItemRecord) => item.creatorId,
    created_at: (item: ItemRecord) => item.createdAt,
    updated_at: (item: ItemRecord) => item.updatedAt,
    url: (item: ItemRecord, _args, context) => boardUrl(context, boardOf(context, item), item.id),
  },
};
