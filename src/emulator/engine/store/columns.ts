/**
 * Columns of a board: create (of a modelled kind, with its settings), delete (dropping the column's values from
 * every item), and change title or description. Columns live inside their board's record; every change is a
 * board change ({@link BoardStore.recordBoardChange}).
 */

import { calculableKinds, creatableKinds, isCalculableKind, isCreatableKind } from '../column-kinds/index.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { BoardStore } from './boards.js';
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

/** What {@link ColumnStore.create} needs. */
export interface NewColumn {
  title: string;
  type: string;
  id?: string | null;
  description?: string | null;
  /** Settings as JSON text or an object (status: `{"labels": {"0": "..."}}`). */
  defaults?: unknown;
  afterColumnId?: string | null;
  /** create_column's `capabilities.calculated.function`: calculate the parent's value from its subitems'. */
  calculatedFunction?: string | null;
  userId: string;
}

/** The columns of every board. */
export class ColumnStore {
  readonly #store: EmulatorStore;

  /** Columns are seeded inside their boards; ids, time and the other families come from `store`. */
  constructor(store: EmulatorStore) {
    this.#store = store;
  }

  /** Creates a column of a kind create_column can make; any other kind is refused with INVALID_ARGUMENT naming those. */
  create(board: BoardRecord, input: NewColumn): ColumnRecord {
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
    if (input.calculatedFunction && !isCalculableKind(input.type)) {
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        `A ${input.type} column cannot be calculated from subitems; only ${calculableKinds().join(', ')} can.`,
        { column_type: input.type },
      );
    }
    const column: ColumnRecord = {
      id: input.id ?? this.#freshId(board, input.type),
      title: input.title,
      type: input.type,
      description: input.description ?? null,
      width: null,
      settings: settingsFor(input.type, defaults),
      ...(input.calculatedFunction ? { calculated: input.calculatedFunction } : {}),
    };
    const after = input.afterColumnId
      ? board.columns.indexOf(findColumn(board, input.afterColumnId)) + 1
      : board.columns.length;
    board.columns.splice(after, 0, column);
    this.#boards.recordBoardChange(board, input.userId, 'create_column', {
      column_id: column.id,
      column_title: column.title,
      column_type: column.type,
    });
    return column;
  }

  /** Deletes a column and its value on every item of the board. */
  delete(board: BoardRecord, column: ColumnRecord, userId: string): ColumnRecord {
    board.columns = board.columns.filter((candidate) => candidate !== column);
    this.#store.items.dropValues(board.id, column.id);
    this.#boards.recordBoardChange(board, userId, 'delete_column', {
      column_id: column.id,
      column_title: column.title,
    });
    return column;
  }

  /** Changes the title or description of a column. */
  changeMetadata(
    board: BoardRecord,
    column: ColumnRecord,
    property: 'title' | 'description',
    value: string,
    userId: string,
  ): ColumnRecord {
    if (property === 'title') {
      if (value.trim() === '') throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A column title cannot be empty.');
      this.#boards.recordBoardChange(board, userId, 'update_column_name', {
        column_id: column.id,
        previous_value: column.title,
        value,
      });
      column.title = value;
    } else {
      this.#boards.recordBoardChange(board, userId, 'update_column_description', {
        column_id: column.id,
        previous_value: column.description,
        value,
      });
      column.description = value;
    }
    return column;
  }

  #freshId(board: BoardRecord, type: ColumnKind): string {
    let id = `${type}_${this.#store.newId().slice(-6)}`;
    while (board.columns.some((column) => column.id === id)) id = `${type}_${this.#store.newId().slice(-6)}`;
    return id;
  }

  get #boards(): BoardStore {
    return this.#store.boards;
  }
}

export { COLUMN_DEFAULTS } from './column-record.js';
