/** Resolvers of Item and of the ColumnValue implementations. */

import { readColumn } from '../column-kinds/index.js';
import type { EngineContext } from '../context.js';
import type { ColumnKind, ColumnRecord, ItemRecord } from '../store/records.js';
import type { EmulatorStore } from '../store/store.js';
import { boardUrl, type ResolverMap } from './types.js';

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

/** The view of `column` on `item`: its kind's type, text, value and typed fields (../column-kinds/index.ts). */
export function columnValueView(item: ItemRecord, column: ColumnRecord, store?: EmulatorStore): ColumnValueView {
  const readout = readColumn(column, item, store);
  return {
    __typename: readout.typeName,
    id: column.id,
    column,
    type: column.type,
    text: readout.text,
    value: readout.value,
    updated_at: readout.value === null ? null : item.updatedAt,
    is_leaf: true,
    ...readout.fields,
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
        .map((column) => columnValueView(item, column, context.store)),
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
