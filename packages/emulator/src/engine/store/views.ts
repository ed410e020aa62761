/**
 * Board views in the in-memory store: the table and app views added to a board (`create_view`, `create_view_table`),
 * changed (`update_view`, `update_view_table`) and deleted (`delete_view`). A view keeps what it was given: its
 * filter (an `ItemsQueryGroup`), sort, settings and tags, as JSON values. Callers check that the board is the
 * caller's and that the filter names its columns; this family keeps the records consistent.
 */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** The kinds of board view the emulator keeps (`ViewKind`): table views, and app views (an app feature's view). */
export type BoardViewKind = 'TABLE' | 'APP';

/** One view of a board. */
export interface BoardViewRecord {
  /** View id (a numeric string). */
  id: string;
  /** The account owning the board. */
  accountId: string;
  /** The board the view shows. */
  boardId: string;
  /** What kind of view it is. */
  kind: BoardViewKind;
  /** View name. */
  name: string;
  /** The items it shows: an `ItemsQueryGroup` as given (`rules`, `groups`, `operator`); null: every item. */
  filter: Record<string, unknown> | null;
  /** The team the view is filtered by, if any. */
  filterTeamId: number | null;
  /** The user the view is filtered by, if any. */
  filterUserId: number | null;
  /** The order it shows items in: `[{ column_id, direction }]`; null: board order. */
  sort: Record<string, unknown>[] | null;
  /** Kind-specific settings (a table view's `columns` and `group_by`, an app view's `app_feature_id`), as given. */
  settings: Record<string, unknown> | null;
  /** The view's tags. */
  tags: string[];
  /** The user who created it. */
  createdById: string;
  /** ISO 8601 creation time. */
  createdAt: string;
  /** ISO 8601 time of the last change. */
  updatedAt: string;
}

/** What {@link BoardViewStore.create} needs. */
export type NewBoardView = Omit<BoardViewRecord, 'id' | 'createdAt' | 'updatedAt'>;

/** What `update_view` may change; a field left out keeps its value. */
export type BoardViewChanges = Partial<
  Pick<BoardViewRecord, 'name' | 'filter' | 'filterTeamId' | 'filterUserId' | 'sort' | 'settings' | 'tags'>
>;

/** Board views. */
export class BoardViewStore extends Collection<BoardViewRecord> {
  readonly #stamper: Stamper;

  /** Keeps the seeded `views`; new ids and times come from `stamper`. */
  constructor(views: BoardViewRecord[], stamper: Stamper) {
    super(views);
    this.#stamper = stamper;
  }

  /** The views of a board, oldest first. */
  ofBoard(boardId: string): BoardViewRecord[] {
    return this.where((view) => view.boardId === boardId);
  }

  /** Adds a view. */
  create(input: NewBoardView): BoardViewRecord {
    const stamp = this.#stamper.now();
    return this.insert({ ...input, id: this.#stamper.newId(), createdAt: stamp, updatedAt: stamp });
  }

  /** Applies `changes` (only the fields given). */
  update(view: BoardViewRecord, changes: BoardViewChanges): BoardViewRecord {
    for (const [key, value] of Object.entries(changes) as [keyof BoardViewChanges, unknown][]) {
      if (value !== undefined) (view as unknown as Record<string, unknown>)[key] = value;
    }
    view.updatedAt = this.#stamper.now();
    return view;
  }

  /** Removes a view; returns it. */
  delete(view: BoardViewRecord): BoardViewRecord {
    return this.remove(view);
  }
}
