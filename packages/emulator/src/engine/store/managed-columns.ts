/**
 * Managed columns: account-level status and dropdown columns whose labels the board columns attached to them
 * follow. A managed column keeps its labels in a column record of its kind (`template`, settings stored as a board
 * column's are), so the label rules of ../column-kinds/status-labels.ts and dropdown-labels.ts apply unchanged,
 * and an attached board column starts as a copy of it. A change of labels is applied to the template and to every
 * attached column still on its board, after each has been checked against the items holding its labels, so a label
 * in use anywhere is not removed (nothing changes when one check fails).
 */
import { createHash } from 'node:crypto';
import type { BoardStore } from './boards.js';
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';
import { type SettingsUpdate, updatedSettings } from './column-settings.js';
import type { ItemStore } from './items.js';
import type { BoardRecord, ColumnRecord } from './records.js';

/** The states of a managed column (`ManagedColumnState`). */
export type ManagedColumnState = 'active' | 'inactive' | 'deleted';

/** A board column attached to a managed column. */
export interface ManagedColumnAttachment {
  boardId: string;
  columnId: string;
}

/** A managed column. */
export interface ManagedColumnRecord {
  /** A UUID, as the platform's managed column ids are. */
  id: string;
  accountId: string;
  /** The kind, title, description and label settings, as a board column of it would hold them. */
  template: ColumnRecord;
  state: ManagedColumnState;
  /** Starts at 0; every update raises it by one. */
  revision: number;
  createdById: string;
  createdAt: string;
  updatedById: string;
  updatedAt: string;
  attachments: ManagedColumnAttachment[];
}

/**
 * What the managed column family uses of the rest of the store (the store hands itself in): ids and time, the
 * boards whose attached columns follow a change, and their items (whose values a label change is checked against).
 */
export interface ManagedColumnCollaborators extends Stamper {
  readonly boards: Pick<BoardStore, 'find' | 'recordBoardChange'>;
  readonly items: Pick<ItemStore, 'onBoard'>;
}

/** Managed columns. */
export class ManagedColumnStore extends Collection<ManagedColumnRecord> {
  readonly #store: ManagedColumnCollaborators;

  /** Keeps the seeded managed columns; ids and times come from `store`. */
  constructor(columns: ManagedColumnRecord[], store: ManagedColumnCollaborators) {
    super(columns);
    this.#store = store;
  }

  /** Adds an active managed column at revision 0 from its template. */
  create(accountId: string, template: ColumnRecord, userId: string): ManagedColumnRecord {
    const digest = createHash('sha256').update(`managed-column:${this.#store.newId()}`).digest('hex');
    const id = [
      digest.slice(0, 8),
      digest.slice(8, 12),
      digest.slice(12, 16),
      digest.slice(16, 20),
      digest.slice(20, 32),
    ].join('-');
    const now = this.#store.now();
    return this.insert({
      id,
      accountId,
      template,
      state: 'active',
      revision: 0,
      createdById: userId,
      createdAt: now,
      updatedById: userId,
      updatedAt: now,
      attachments: [],
    });
  }

  /** The attached columns still on a live board. */
  attachedColumns(managed: ManagedColumnRecord): { board: BoardRecord; column: ColumnRecord }[] {
    return managed.attachments.flatMap(({ boardId, columnId }) => {
      const board = this.#store.boards.find(boardId);
      const column = board?.columns.find((candidate) => candidate.id === columnId);
      return board && column && board.state !== 'deleted' ? [{ board, column }] : [];
    });
  }

  /**
   * Changes title, description and labels (checked on the template and on every attached column first) as one new
   * revision; attached columns take the new labels.
   */
  update(
    managed: ManagedColumnRecord,
    change: { title?: string | null; description?: string | null; labels?: SettingsUpdate | null },
    userId: string,
  ): ManagedColumnRecord {
    const attached = this.attachedColumns(managed);
    const labels = change.labels;
    const next = labels ? updatedSettings(managed.template, labels, []) : undefined;
    const attachedNext = labels
      ? attached.map(({ board, column }) => updatedSettings(column, labels, this.#store.items.onBoard(board.id)))
      : [];
    if (change.title != null) managed.template.title = change.title;
    if (change.description !== undefined && change.description !== null)
      managed.template.description = change.description;
    if (next) managed.template.settings = next;
    attached.forEach(({ board, column }, index) => {
      const settings = attachedNext[index];
      if (!settings) return;
      column.settings = settings;
      this.#store.boards.recordBoardChange(board, userId, 'update_column_settings', { column_id: column.id });
    });
    managed.revision += 1;
    managed.updatedById = userId;
    managed.updatedAt = this.#store.now();
    return managed;
  }

  /** Sets the state (activate, deactivate, delete). */
  setState(managed: ManagedColumnRecord, state: ManagedColumnState, userId: string): ManagedColumnRecord {
    managed.state = state;
    managed.updatedById = userId;
    managed.updatedAt = this.#store.now();
    return managed;
  }

  /** Records a board column attached to the managed column. */
  attach(managed: ManagedColumnRecord, board: BoardRecord, column: ColumnRecord): void {
    managed.attachments.push({ boardId: board.id, columnId: column.id });
  }
}
