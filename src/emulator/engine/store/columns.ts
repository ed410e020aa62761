/**
 * Column operations of the store: create (of a modelled kind, with its settings), delete (dropping the
 * column's values from every item), and change title or description.
 */

import { creatableKinds, isCreatableKind } from '../column-kinds/index.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { logBoard, touchBoard } from './boards.js';
import { COLUMN_DEFAULTS } from './column-record.js';
import type { BoardRecord, ColumnKind, ColumnRecord } from './records.js';
import type { EmulatorStore } from './store.js';

const COLUMN_ID = /^[a-z][a-z0-9_]{0,19}$/;

/** True when `type` is a column kind create_column can make. */
export function isColumnKind(type: string): type is ColumnKind {
  return isCreatableKind(type);
}

/** The caller's column `columnId` on `board`, or RESOURCE_NOT_FOUND. */
export function findColumn(board: BoardRecord, columnId: string): ColumnRecord {
  const column = board.columns.find((candidate) => candidate.id === columnId);
  if (!column)
    throw engineError(ENGINE_ERROR_CODES.notFound, `Column "${columnId}" was not found on board ${board.id}.`, {
      column_id: columnId,
    });
  return column;
}

function settingsFor(type: ColumnKind, defaults: unknown): Record<string, unknown> {
  const base = COLUMN_DEFAULTS[type]();
  if (defaults === null || defaults === undefined) return base;
  if (typeof defaults !== 'object' || Array.isArray(defaults)) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'defaults must be a JSON object of column settings.');
  }
  const settings = { ...base, ...(defaults as Record<string, unknown>) };
  if (type === 'status') {
    const labels = settings.labels;
    const valid =
      typeof labels === 'object' &&
      labels !== null &&
      !Array.isArray(labels) &&
      Object.entries(labels).every(([key, text]) => /^\d+$/.test(key) && typeof text === 'string');
    if (!valid)
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        'Status defaults need "labels": an object of index → label text.',
      );
  }
  return settings;
}

/** What {@link createColumn} needs. */
export interface NewColumn {
  title: string;
  type: string;
  id?: string | null;
  description?: string | null;
  /** Settings as JSON text or an object (status: `{"labels": {"0": "..."}}`). */
  defaults?: unknown;
  afterColumnId?: string | null;
  userId: string;
}

function freshColumnId(store: EmulatorStore, board: BoardRecord, type: ColumnKind): string {
  let id = `${type}_${store.newId().slice(-6)}`;
  while (board.columns.some((column) => column.id === id)) id = `${type}_${store.newId().slice(-6)}`;
  return id;
}

/** Creates a column of a modelled kind; any other kind is refused with INVALID_ARGUMENT naming the kinds modelled. */
export function createColumn(store: EmulatorStore, board: BoardRecord, input: NewColumn): ColumnRecord {
  if (!isColumnKind(input.type)) {
    throw engineError(
      ENGINE_ERROR_CODES.invalidArgument,
      `Column type "${input.type}" cannot be created; use one of ${creatableKinds().join(', ')}.`,
      {
        column_type: input.type,
      },
    );
  }
  if (input.title.trim() === '')
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A column title cannot be empty.');
  if (input.id !== null && input.id !== undefined) {
    if (!COLUMN_ID.test(input.id)) {
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        'A column id is 1–20 lowercase letters, digits or underscores, starting with a letter.',
        { column_id: input.id },
      );
    }
    if (board.columns.some((column) => column.id === input.id)) {
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        `Column "${input.id}" already exists on board ${board.id}.`,
        { column_id: input.id },
      );
    }
  }
  let defaults = input.defaults;
  if (typeof defaults === 'string') {
    try {
      defaults = JSON.parse(defaults);
    } catch {
      throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'defaults is not valid JSON.');
    }
  }
  const column: ColumnRecord = {
    id: input.id ?? freshColumnId(store, board, input.type),
    title: input.title,
    type: input.type,
    description: input.description ?? null,
    width: null,
    settings: settingsFor(input.type, defaults),
  };
  const after = input.afterColumnId
    ? board.columns.indexOf(findColumn(board, input.afterColumnId)) + 1
    : board.columns.length;
  board.columns.splice(after, 0, column);
  touchBoard(store, board);
  logBoard(store, board, input.userId, 'create_column', {
    column_id: column.id,
    column_title: column.title,
    column_type: column.type,
  });
  return column;
}

/** Deletes a column and its value on every item of the board. */
export function deleteColumn(
  store: EmulatorStore,
  board: BoardRecord,
  column: ColumnRecord,
  userId: string,
): ColumnRecord {
  board.columns = board.columns.filter((candidate) => candidate !== column);
  for (const item of store.items(board.id)) {
    if (column.id in item.values) {
      const { [column.id]: _dropped, ...rest } = item.values;
      item.values = rest;
    }
  }
  touchBoard(store, board);
  logBoard(store, board, userId, 'delete_column', { column_id: column.id, column_title: column.title });
  return column;
}

/** Changes the title or description of a column. */
export function changeColumnMetadata(
  store: EmulatorStore,
  board: BoardRecord,
  column: ColumnRecord,
  property: 'title' | 'description',
  value: string,
  userId: string,
): ColumnRecord {
  if (property === 'title') {
    if (value.trim() === '') throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A column title cannot be empty.');
    logBoard(store, board, userId, 'update_column_name', { column_id: column.id, previous_value: column.title, value });
    column.title = value;
  } else {
    logBoard(store, board, userId, 'update_column_description', {
      column_id: column.id,
      previous_value: column.description,
      value,
    });
    column.description = value;
  }
  touchBoard(store, board);
  return column;
}

export { COLUMN_DEFAULTS } from './column-record.js';
