/**
 * Columns: the Column fields, each item's view of a column (the ColumnValue implementations, by column kind), and
 * the column mutations (create, with create_status_column and create_dropdown_column their labels; delete; change
 * title or metadata; update_column, update_status_column and update_dropdown_column against the column's
 * `revision`). Changes need boards:write and act on the
 * caller's own boards only. Setting an item's values is an item change: see items.ts. `Column.capabilities`
 * (2025-10) comes from the column kinds table (../column-kinds/index.ts).
 */

import { applyDropdownLabels } from '../column-kinds/dropdown-labels.js';
import { columnCapabilities, readColumn } from '../column-kinds/index.js';
import { applyStatusLabels, statusSettingsList } from '../column-kinds/status-labels.js';
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { columnRevision, newColumn } from '../store/column-record.js';
import { findColumn } from '../store/columns.js';
import type { BoardRecord, ColumnKind, ColumnRecord, ItemRecord } from '../store/records.js';
import type { EmulatorStore } from '../store/store.js';
import { accountBoard, callerId } from './lookup.js';
import type { FamilyResolvers } from './types.js';

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

/**
 * The view of `column` on `item`: its kind's type, text, value and typed fields (../column-kinds/index.ts); with
 * `calculate`, the value calculated from the item's subitems where the column has a calculation.
 */
export function columnValueView(
  item: ItemRecord,
  column: ColumnRecord,
  store?: EmulatorStore,
  calculate = false,
): ColumnValueView {
  const readout = readColumn(column, item, store, calculate);
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

function statusCalculationNotModelled(): Error {
  return engineError(
    ENGINE_ERROR_CODES.notModelled,
    'A status column calculated from subitems (COUNT_KEYS) is not modelled by the emulator.',
  );
}

function writable(context: EngineContext, boardId: string): { board: BoardRecord; userId: string } {
  requireScope(context, 'boards:write');
  return { board: accountBoard(context, boardId), userId: callerId(context) };
}

/** The board's column `columnId`, refused unless it is of `kind` (the kind-specific update mutations). */
function columnOfKind(board: BoardRecord, columnId: string, kind: 'status' | 'dropdown'): ColumnRecord {
  const column = findColumn(board, columnId);
  if (column.type !== kind) {
    throw engineError(
      ENGINE_ERROR_CODES.invalidArgument,
      `Column "${column.id}" is a ${column.type} column, not a ${kind} column; use update_column.`,
      { column_id: column.id },
    );
  }
  return column;
}

/** Resolvers of columns. */
export const columnResolvers: FamilyResolvers = {
  Column: {
    archived: () => false,
    settings_str: (column: ColumnRecord) => JSON.stringify(column.settings),
    // 2025-10: the settings as JSON; a status column's labels as a list (../column-kinds/status-labels.ts).
    settings: (column: ColumnRecord) => (column.type === 'status' ? statusSettingsList(column) : column.settings),
    // 2025-10: what the column kinds table knows of the kind (packages/emulator/test/newer-surfaces.test.ts).
    capabilities: (column: ColumnRecord) => columnCapabilities(column),
    // 2025-10: what update_column checks (packages/emulator/test/column-updates.test.ts).
    revision: (column: ColumnRecord) => columnRevision(column),
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
        calculatedFunction: args.capabilities?.calculated?.function ?? null,
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
    // 2025-10 (width from 2026-04): packages/emulator/test/column-updates.test.ts.
    update_column: (_source, args, context) => {
      const { board, userId } = writable(context, args.board_id);
      const column = findColumn(board, args.id);
      if (args.column_type !== column.type) {
        throw engineError(
          ENGINE_ERROR_CODES.invalidArgument,
          `Column "${column.id}" is a ${column.type} column; update_column does not change a column's type.`,
          { column_id: column.id, column_type: args.column_type },
        );
      }
      return context.store.columns.update(board, column, {
        revision: args.revision,
        title: args.title,
        description: args.description,
        width: args.width,
        settings: args.settings,
        calculatedFunction: args.capabilities?.calculated?.function ?? null,
        userId,
      });
    },
    // 2025-10: a status column with its whole label list (packages/emulator/test/column-updates.test.ts).
    create_status_column: (_source, args, context) => {
      const { board, userId } = writable(context, args.board_id);
      if (args.capabilities?.calculated) throw statusCalculationNotModelled();
      // No labels before the list: each takes its colour's number as its id (../column-kinds/status-labels.ts).
      const blank = newColumn('status', args.title, 'status', {});
      return context.store.columns.create(board, {
        title: args.title,
        type: 'status',
        id: args.id ?? null,
        description: args.description ?? null,
        defaults: args.defaults ? applyStatusLabels(blank, args.defaults.labels, new Map()) : null,
        afterColumnId: args.after_column_id ?? null,
        userId,
      });
    },
    // 2025-10: a dropdown column with its labels, ids 1, 2, ... (packages/emulator/test/column-updates.test.ts).
    create_dropdown_column: (_source, args, context) => {
      const { board, userId } = writable(context, args.board_id);
      return context.store.columns.create(board, {
        title: args.title,
        type: 'dropdown',
        id: args.id ?? null,
        description: args.description ?? null,
        defaults: args.defaults ? applyDropdownLabels(null, args.defaults, new Map()) : null,
        afterColumnId: args.after_column_id ?? null,
        userId,
      });
    },
    update_dropdown_column: (_source, args, context) => {
      const { board, userId } = writable(context, args.board_id);
      const column = columnOfKind(board, args.id, 'dropdown');
      return context.store.columns.update(board, column, {
        revision: args.revision,
        title: args.title,
        description: args.description,
        width: args.width,
        dropdownSettings: args.settings ?? null,
        userId,
      });
    },
    update_status_column: (_source, args, context) => {
      const { board, userId } = writable(context, args.board_id);
      const column = columnOfKind(board, args.id, 'status');
      if (args.capabilities?.calculated) throw statusCalculationNotModelled();
      return context.store.columns.update(board, column, {
        revision: args.revision,
        title: args.title,
        description: args.description,
        width: args.width,
        statusLabels: args.settings?.labels ?? null,
        userId,
      });
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
