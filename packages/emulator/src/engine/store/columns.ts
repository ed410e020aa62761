/**
 * Columns of a board: create (of a modelled kind, with its settings), delete (dropping the column's values from
 * every item), change title or description, and update (update_column, update_status_column, update_dropdown_column;
 * 2025-10: title, description, width, settings and calculation at once, against the column's revision). Columns live
 * inside their board's record; every change is a board change ({@link BoardStore.recordBoardChange}).
 *
 * Rule map of {@link ColumnStore.update}:
 * - a stale `revision` is refused before anything changes ({@link columnRevision}): packages/emulator/test/column-updates.test.ts
 * - the settings an update leaves: ./column-settings.ts (status labels keep their indexes, dropdown labels their
 *   ids, labels in use are not removed)
 * - a calculated column has a twin of the same id on the board's subitems board, which its values are calculated
 *   from ({@link ColumnStore.create}, {@link ColumnStore.update}; a subitems board made later copies them:
 *   boards.ts); MIN_MAX is not modelled
 * - each changed part is logged as the platform names it: `update_column_name`, `update_column_description`,
 *   `update_column_settings`
 */

import { isCalculated, isUnmodelledCalculation } from '../column-kinds/calculated.js';
import { calculableKinds, creatableKinds, isCalculableKind, isCreatableKind } from '../column-kinds/index.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { BoardStore } from './boards.js';
import type { Stamper } from './clock.js';
import { columnRevision } from './column-record.js';
import { type SettingsUpdate, settingsFor, updatedSettings } from './column-settings.js';
import type { ItemStore } from './items.js';
import type { BoardRecord, ColumnKind, ColumnRecord } from './records.js';

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

/**
 * What {@link ColumnStore.update} changes; an absent field is left as it is. The settings parts (update_column's
 * `settings`, update_status_column's and update_dropdown_column's label lists): ./column-settings.ts.
 */
export interface ColumnUpdate extends SettingsUpdate {
  /** The revision the caller read; a column changed since is not updated. */
  revision: string;
  title?: string | null;
  description?: string | null;
  width?: number | null;
  /** A calculation function (`SUM`, ...), or `NONE` to stop calculating; absent: unchanged. */
  calculatedFunction?: string | null;
  userId: string;
}

/**
 * What the column family uses of the rest of the store (the store hands itself in): ids, the boards the columns live
 * in, the items whose values a column change reads or drops, and the forms asking about a deleted column (described
 * here: the form family makes columns).
 */
export interface ColumnCollaborators extends Stamper {
  readonly boards: BoardStore;
  readonly items: Pick<ItemStore, 'dropValues' | 'onBoard'>;
  readonly forms: { dropColumn(boardId: string, columnId: string): void };
}

/** The columns of every board. */
export class ColumnStore {
  readonly #store: ColumnCollaborators;

  /** Columns are seeded inside their boards; ids, time and the other families come from `store`. */
  constructor(store: ColumnCollaborators) {
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
    if (input.calculatedFunction && isUnmodelledCalculation(input.calculatedFunction))
      throw unmodelled(input.calculatedFunction);
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
    this.#subitemsTwin(board, column, input.userId);
    return column;
  }

  /** Deletes a column, its value on every item of the board, and the form questions and tags made from it. */
  delete(board: BoardRecord, column: ColumnRecord, userId: string): ColumnRecord {
    board.columns = board.columns.filter((candidate) => candidate !== column);
    this.#store.items.dropValues(board.id, column.id);
    this.#store.forms.dropColumn(board.id, column.id);
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

  /**
   * Updates a column against the revision its caller read: every part is checked before any is applied, and each
   * changed part is logged. Throws INVALID_ARGUMENT naming what cannot be done.
   */
  update(board: BoardRecord, column: ColumnRecord, input: ColumnUpdate): ColumnRecord {
    const current = columnRevision(column);
    if (input.revision !== current) {
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        `Column "${column.id}" changed since revision ${input.revision}; read the column again and retry.`,
        { column_id: column.id, revision: current },
      );
    }
    if (input.title !== null && input.title !== undefined && input.title.trim() === '')
      throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A column title cannot be empty.');
    if (input.width !== null && input.width !== undefined && (!Number.isInteger(input.width) || input.width < 1))
      throw engineError(ENGINE_ERROR_CODES.invalidArgument, `A column width is a positive whole number of pixels.`);
    const calculated = this.#calculation(column, input.calculatedFunction);
    const settings = updatedSettings(column, input, this.#store.items.onBoard(board.id));
    if (input.title !== null && input.title !== undefined && input.title !== column.title)
      this.changeMetadata(board, column, 'title', input.title, input.userId);
    if (input.description !== null && input.description !== undefined && input.description !== column.description)
      this.changeMetadata(board, column, 'description', input.description, input.userId);
    const before = { settings: column.settings, width: column.width, calculated: column.calculated ?? null };
    if (settings) column.settings = settings;
    if (input.width !== null && input.width !== undefined) column.width = input.width;
    if (calculated === null) delete column.calculated;
    else if (calculated !== undefined) column.calculated = calculated;
    this.#subitemsTwin(board, column, input.userId);
    const after = { settings: column.settings, width: column.width, calculated: column.calculated ?? null };
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      this.#boards.recordBoardChange(board, input.userId, 'update_column_settings', {
        column_id: column.id,
        previous_value: before,
        value: after,
      });
    }
    return column;
  }

  /** The calculation after an update: a function, null to drop it, undefined for no change. */
  #calculation(column: ColumnRecord, fn: string | null | undefined): string | null | undefined {
    if (fn === null || fn === undefined) return undefined;
    if (fn === 'NONE') return null;
    if (isUnmodelledCalculation(fn)) throw unmodelled(fn);
    if (!isCalculableKind(column.type)) {
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        `A ${column.type} column cannot be calculated from subitems; only ${calculableKinds().join(', ')} can.`,
        { column_type: column.type },
      );
    }
    return fn;
  }

  /**
   * Gives the subitems board of `board` the column a calculated `column` reads its subitems' values from (same id,
   * title and kind), when there is a subitems board and it lacks one (../column-kinds/calculated.ts).
   */
  #subitemsTwin(board: BoardRecord, column: ColumnRecord, userId: string): void {
    const subBoard = this.#boards.subitemsBoardOf(board);
    if (!isCalculated(column) || !subBoard || subBoard.columns.some((candidate) => candidate.id === column.id)) return;
    this.create(subBoard, { title: column.title, type: column.type, id: column.id, userId });
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

function unmodelled(fn: string): Error {
  return engineError(
    ENGINE_ERROR_CODES.notModelled,
    `A column calculated from subitems with ${fn} is not modelled by the emulator; it calculates SUM, MIN, MAX and COUNT_KEYS.`,
  );
}

export { COLUMN_DEFAULTS } from './column-record.js';
