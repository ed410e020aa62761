/** The shape of one column kind's entry in the emulator's column-kind table (./index.ts). */
import type { AssetRecord, BoardRecord, ColumnRecord, ItemRecord, UserRecord } from '../store/records.js';
import type { ColumnKind } from './kinds.js';
import type { ReadScope } from './read-scope.js';

export type { ColumnKind };

/** What a kind's write step sees. */
export interface WriteContext {
  column: ColumnRecord;
  /** create_labels_if_missing: status and dropdown may add the labels they are sent. */
  createLabels: boolean;
}

/**
 * What column kinds read of other records (the users a people value names, the items a link points at, a parent's
 * subitems...), so the kinds know nothing of the store that keeps them: the store implements it (`EmulatorStore`).
 * Each entry is the least a kind reads; a record a kind hands on (a creator, a linked item) goes out as it is.
 */
export interface RecordReader {
  readonly users: { find(id: string | number): UserRecord | undefined };
  readonly teams: { find(id: string | number): { name: string } | undefined };
  readonly tags: { all(): readonly { id: string; name: string }[] };
  readonly items: {
    find(id: string | number): ItemRecord | undefined;
    ordered(boardId: string): readonly ItemRecord[];
    childrenOf(itemId: string): readonly ItemRecord[];
    all(): readonly ItemRecord[];
  };
  readonly boards: {
    find(id: string | number): BoardRecord | undefined;
    subitemsBoardOf(board: BoardRecord): BoardRecord | undefined;
  };
  readonly assets: { find(id: string | number): AssetRecord | undefined };
  readonly docs: { all(): readonly { objectId: string }[] };
}

/** What a kind's read steps see; `item` and `store` are missing only where a value is re-read outside a query. */
export interface ReadContext {
  column: ColumnRecord;
  item?: ItemRecord;
  /** The store, read through {@link RecordReader}. */
  store?: RecordReader;
  /** The cell read this one is part of, for computed kinds reading other cells (./read-scope.ts). */
  scope?: ReadScope;
}

/** A value as items_page rules compare it: text, a number, a set of either (people, dropdown, tags), or empty. */
export type Cell = string | number | readonly (string | number)[] | null;

/** One column kind: its settings, how values are written, stored, shown, compared. */
export interface KindSpec {
  /** The GraphQL type implementing ColumnValue for this kind. */
  valueType: string;
  /** Settings a new column of this kind starts with. */
  settings: () => Record<string, unknown>;
  /**
   * True for kinds whose parent item can show a value calculated from its subitems' (create_column's
   * `capabilities.calculated`, answered by `Column.capabilities`). Default false.
   */
  calculable?: boolean;
  /** False for kinds create_column refuses (the platform makes them itself). Default true. */
  creatable?: boolean;
  /** Stored value for a non-empty JSON input; throws ColumnValueException. Absent: the kind is read-only. */
  write?: (input: unknown, context: WriteContext) => unknown;
  /** The input a simple string stands for (change_simple_column_value). Absent: only JSON is accepted. */
  simple?: (text: string) => unknown;
  /** The value of a computed kind, from the store (absent: the stored value). */
  compute?: (context: ReadContext) => unknown;
  /** Display text of a stored (or computed) value, never null. */
  text: (stored: unknown, context: ReadContext) => string;
  /** The typed fields of the kind's ColumnValue type. */
  fields?: (stored: unknown, context: ReadContext) => Record<string, unknown>;
  /** The value rules compare; default: the text, or null when empty. */
  cell?: (stored: unknown, context: ReadContext) => Cell;
}
