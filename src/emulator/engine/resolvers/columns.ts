/**
 * Columns: the Column fields, each item's view of a column (the ColumnValue implementations, by column kind), and
 * the column mutations (create, delete, change title or metadata). Changes need boards:write and act on the
 * caller's own boards only. Setting an item's values is an item change: see items.ts.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { columnText, statusLabels } from '../store/column-values.js';
import { findColumn } from '../store/columns.js';
import type { BoardRecord, ColumnKind, ColumnRecord, ItemRecord } from '../store/records.js';
import { accountBoard, callerId } from './lookup.js';
import type { FamilyResolvers } from './types.js';

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

function writable(context: EngineContext, boardId: string): { board: BoardRecord; userId: string } {
  requireScope(context, 'boards:write');
  return { board: accountBoard(context, boardId), userId: callerId(context) };
}

/** Resolvers of columns. */
export const columnResolvers: FamilyResolvers = {
  Column: {
    archived: () => false,
    settings_str: (column: ColumnRecord) => JSON.stringify(column.settings),
    // 2025-10: the settings as JSON, as `settings_str` has them (test/emulator/engine-newer-versions.test.ts).
    settings: (column: ColumnRecord) => column.settings,
  },
  Mutation: {
    create_column: (_source, args, context) => {
      const { board, userId } = writable(context, args.board_id);
      return context.store.columns.create(board, {
        title: args.title,
        type: args.column_type,
        id: args.id ?? null,
        description: args.description ?? null,
        defaults: args.defaults,
        afterColumnId: args.after_column_id ?? null,
        userId,
      });
    },
    delete_column: (_source, args, context) => {
      const { board, userId } = writable(context, args.board_id);
      return context.store.columns.delete(board, findColumn(board, args.column_id), userId);
    },
    change_column_title: (_source, args, context) => {
      const { board, userId } = writable(context, args.board_id);
      return context.store.columns.changeMetadata(
        board,
        findColumn(board, args.column_id),
        'title',
        args.title,
        userId,
      );
    },
    change_column_metadata: (_source, args, context) => {
      const { board, userId } = writable(context, args.board_id);
      const column = findColumn(board, args.column_id);
      if (!args.column_property)
        throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'column_property is required: title or description.');
      return context.store.columns.changeMetadata(board, column, args.column_property, args.value ?? '', userId);
    },
  },
};
