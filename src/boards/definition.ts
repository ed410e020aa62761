/**
 * What a generated board constant is (`LaunchBoard`), and the types computed from it: an item read from the board
 * ({@link BoardItem}), the values a write takes ({@link BoardValues}) and the rules a listing takes
 * ({@link BoardFilter}), each value typed by its column's kind and settings. `workspace-platform-codegen --board`
 * writes the constants; the generated `LaunchItem` and `LaunchValues` are these types applied to them.
 *
 * What each kind reads and writes as is the table {@link BoardColumnReads} / {@link BoardColumnWrites}: labels as the
 * column's own labels, numbers as numbers, relations as item ids, mirrors and formulas as the text they show (null,
 * never `''`, when they show nothing); a kind with no simpler shape reads as the SDK's reading of that kind and
 * writes with its `column` builder.
 */
import type { ColumnReadings, ColumnValueBuilder, DateKeyword, WritableColumnKind } from '../index.js';

/** One label of a status or dropdown column: its id in the column's settings and its text. */
export interface BoardLabel {
  readonly id: number;
  readonly name: string;
}

/** What a mirror column shows: the relation column it follows and the columns of the linked items it shows. */
export interface BoardMirrorSettings {
  /** The id of the connect-boards column whose linked items it mirrors; null when the API did not say. */
  readonly relationColumnId: string | null;
  /** The ids of the linked items' columns it shows. */
  readonly shownColumnIds: readonly string[];
}

/** One column of a generated board. */
export interface BoardColumnDefinition {
  /** The column's id on the board (`status`, `date4`, `date_mkx1`). */
  readonly id: string;
  /** The column's title when the board was generated. */
  readonly title: string;
  /** The column's kind: a value of the platform's `ColumnType`. */
  readonly kind: string;
  /** A status or dropdown column's labels (deactivated status labels left out). */
  readonly labels?: readonly BoardLabel[];
  /** A connect-boards column's linked boards. */
  readonly linkedBoardIds?: readonly string[];
  /** What a mirror column shows. */
  readonly mirror?: BoardMirrorSettings;
}

/** A board as `workspace-platform-codegen --board` generates it: `LaunchBoard`. */
export interface BoardDefinition {
  /** The board's id. */
  readonly id: string;
  /** The board's name when it was generated. */
  readonly name: string;
  /** The columns, by the key the code uses (the title in lowerCamelCase, else the column id). */
  readonly columns: { readonly [key: string]: BoardColumnDefinition };
  /** The board's groups. */
  readonly groups: readonly { readonly id: string; readonly title: string }[];
}

/** The labels of a column, as a union of their texts. */
export type BoardLabelOf<C> = C extends { readonly labels: readonly (infer L)[] }
  ? L extends { readonly name: infer N extends string }
    ? N
    : never
  : never;

/** A date as it is written and read: a day `YYYY-MM-DD` and, when set, a time `HH:MM:SS` in UTC. */
export interface BoardDate {
  date: string;
  time?: string;
}

/** A linked item of a connect-boards column, with its name. */
export interface BoardLinkedItem {
  id: string;
  name: string;
}

/** What a column of each kind reads as, by kind; kinds not listed read as the SDK's reading of that kind. */
export interface BoardColumnReads<L extends string> {
  status: L | null;
  dropdown: L[];
  numbers: number | null;
  rating: number | null;
  text: string | null;
  long_text: string | null;
  email: string | null;
  date: BoardDate | null;
  people: number[];
  board_relation: string[];
  dependency: string[];
  mirror: string | null;
  formula: string | null;
  checkbox: boolean;
}

/** What a write takes for a column of each kind, by kind; other writable kinds take their `column` builder. */
export interface BoardColumnWrites<L extends string> {
  status: L;
  dropdown: readonly L[];
  numbers: number;
  rating: number;
  text: string;
  long_text: string;
  email: string | { email: string; label?: string };
  date: string | BoardDate;
  people: readonly (number | string)[];
  board_relation: readonly (number | string)[];
  dependency: readonly (number | string)[];
  checkbox: boolean;
}

/** What a filter rule takes for a column of each kind; `null` (any kind) keeps items whose column is empty. */
export interface BoardColumnRules<L extends string> {
  status: L | readonly L[];
  dropdown: L | readonly L[];
  numbers: number | { greaterThan: number } | { lowerThan: number };
  date: DateKeyword | { exact: string };
  people: readonly (number | string)[] | 'assigned_to_me';
  text: string;
  long_text: string;
  email: string;
  name: string;
  checkbox: boolean;
}

type ReadOf<C extends BoardColumnDefinition> = C['kind'] extends keyof BoardColumnReads<string>
  ? BoardColumnReads<BoardLabelOf<C>>[C['kind']]
  : C['kind'] extends keyof ColumnReadings
    ? ColumnReadings[C['kind']]
    : string | null;

type WriteOf<C extends BoardColumnDefinition> =
  | (C['kind'] extends keyof BoardColumnWrites<string>
      ? BoardColumnWrites<BoardLabelOf<C>>[C['kind']]
      : C['kind'] extends WritableColumnKind
        ? ColumnValueBuilder<C['kind']>
        : never)
  | null;

/** The keys of a board's columns whose kind is in `K`. */
type KeysOfKind<B extends BoardDefinition, K> = {
  [Key in keyof B['columns']]: B['columns'][Key]['kind'] extends K ? Key : never;
}[keyof B['columns']];

/** Keys of the columns an item's `values` hold: every column but the name (the item's `name`). */
type ValueKeys<B extends BoardDefinition> = Exclude<keyof B['columns'], KeysOfKind<B, 'name'>>;
/** Keys of the columns a write can set: writable kinds, the name aside. */
type WritableKeys<B extends BoardDefinition> = Exclude<
  KeysOfKind<B, WritableColumnKind | Exclude<keyof BoardColumnWrites<string>, never>>,
  KeysOfKind<B, 'name'>
>;

/** An item read from board `B`: `LaunchItem` is `BoardItem<typeof LaunchBoard>`. */
export interface BoardItem<B extends BoardDefinition> {
  /** The item's id. */
  id: string;
  /** The item's name. */
  name: string;
  /** The id of the item's group. */
  groupId: string;
  /** Each column's value, by key, typed by its kind and settings. */
  values: { [Key in ValueKeys<B>]: ReadOf<B['columns'][Key]> };
  /** The linked items of each connect-boards column, with their names. */
  linkedItems: { [Key in KeysOfKind<B, 'board_relation'>]: BoardLinkedItem[] };
}

/** What a write to board `B` takes, by key, all optional; `null` clears a column. `LaunchValues`. */
export type BoardValues<B extends BoardDefinition> = {
  [Key in WritableKeys<B>]?: WriteOf<B['columns'][Key]>;
};

/** Rules by key for a listing of board `B`'s items; all rules must hold. */
export type BoardFilter<B extends BoardDefinition> = {
  [Key in KeysOfKind<
    B,
    keyof BoardColumnRules<string>
  >]?: B['columns'][Key]['kind'] extends keyof BoardColumnRules<string>
    ? BoardColumnRules<BoardLabelOf<B['columns'][Key]>>[B['columns'][Key]['kind']] | null
    : never;
};
