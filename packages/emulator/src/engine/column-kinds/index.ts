/**
 * The emulator's column kinds: ONE table holding, for every value of the `ColumnType` enum, the kind's settings,
 * how a value is written and refused, its simple-string form, its text, its typed fields and how rules compare it.
 *
 * Rule map (where each platform rule lives):
 * - which kinds exist: ./kinds.ts (the newest served schema's enum, held to the SDK's src/columns/kinds.ts by a test)
 * - create_column settings and kinds the platform makes itself (`creatable: false`): each entry's `settings`
 * - a wrong value is a ColumnValueException naming the column: ./errors.ts, raised by each entry's `write`
 * - read-only kinds refuse writes: {@link writeColumnValue}; the computed ones: ./computed.ts
 * - null, "" and {} clear any writable column: {@link writeColumnValue}
 * - change_simple_column_value's plain strings: each entry's `simple`; none means JSON only, and a plain string sent
 *   to such a kind is a CorrectedValueException (./errors.ts): {@link simpleColumnInput}
 * - create_labels_if_missing: ./labels.ts
 * - text as the platform renders it, typed fields of each `...Value` type: each entry's `text` and `fields`
 * - items_page rules and order compare {@link compareCell}; text operators compare {@link readColumn}'s text
 * - what a column can do (`Column.capabilities`, the `capabilities` filters): {@link columnCapabilities}; which kinds
 *   may be calculated from subitems: each entry's `calculable`; the calculated values: ./calculated.ts
 * Pinned by test/e2e/columns-round-trip.test.ts and packages/emulator/test/column-kinds.test.ts.
 */
import { storedValue } from '../store/item-values.js';
import type { ColumnRecord, ItemRecord } from '../store/records.js';
import { calculatedValue } from './calculated.js';
import { computedKinds } from './computed.js';
import { DATE_KINDS } from './dates.js';
import { columnValueError, simpleValueError } from './errors.js';
import { COLUMN_KINDS } from './kinds.js';
import { LABEL_KINDS } from './labels.js';
import { LINK_KINDS } from './links.js';
import { isObject } from './parse.js';
import { PLAIN_KINDS } from './plain.js';
import { newReadScope, type ReadScope, readOnce } from './read-scope.js';
import type { Cell, ColumnKind, KindSpec, ReadContext, RecordReader } from './types.js';

export { COLUMN_VALUE_EXCEPTION } from './errors.js';
export { dropdownLabels, statusLabels } from './labels.js';
export type { Cell, ColumnKind } from './types.js';

function columnOf(item: ItemRecord, columnId: string, context: ReadContext): ColumnRecord | undefined {
  return context.store?.boards.find(item.boardId)?.columns.find((column) => column.id === columnId);
}

/** The table: every kind of the enum, exactly once. */
export const COLUMN_KIND_TABLE: Readonly<Record<ColumnKind, KindSpec>> = {
  ...PLAIN_KINDS,
  ...LABEL_KINDS,
  ...DATE_KINDS,
  ...LINK_KINDS,
  // Each reader reads within the scope of the cell being read: once per (item, column), cycles and depth cut.
  ...computedKinds({
    text: (item, columnId, context) => {
      const column = columnOf(item, columnId, context);
      if (!column) return '';
      const scope = scopeOf(context);
      return readOnce(scope, `text:${item.id}:${column.id}`, '', () => readIn(scope, column, item, context).text);
    },
    number: (item, columnId, context) => {
      const column = columnOf(item, columnId, context);
      if (!column) return null;
      const scope = scopeOf(context);
      return readOnce(scope, `number:${item.id}:${column.id}`, null, () => {
        const cell = cellIn(scope, column, item, context.store);
        return typeof cell === 'number' ? cell : null;
      });
    },
    done: (item, columnId, context) => {
      const column = columnOf(item, columnId, context);
      if (column?.type !== 'status') return false;
      return readIn(scopeOf(context), column, item, context).fields.is_done === true;
    },
  }),
};

/** The scope of the read `context` is part of, made on the first nested read (most cells read none). */
function scopeOf(context: ReadContext): ReadScope {
  context.scope ??= newReadScope();
  return context.scope;
}

/** The context a kind's steps read `item`'s `column` in, within `scope` for the computed kinds. */
function contextOf(column: ColumnRecord, item: ItemRecord, store: RecordReader | undefined, scope?: ReadScope) {
  const context: ReadContext = store ? { column, item, store } : { column, item };
  if (scope) context.scope = scope;
  return context;
}

function readIn(scope: ReadScope, column: ColumnRecord, item: ItemRecord, context: ReadContext): ColumnReadout {
  return readContext(contextOf(column, item, context.store, scope), false);
}

function cellIn(scope: ReadScope, column: ColumnRecord, item: ItemRecord, store?: RecordReader): Cell {
  return cellOf(contextOf(column, item, store, scope));
}

/** True when `type` is a kind of the enum. */
export function isColumnKind(type: string): type is ColumnKind {
  return (COLUMN_KINDS as readonly string[]).includes(type);
}

/** True when create_column may make a column of `type` (the platform makes name, subtasks, person itself). */
export function isCreatableKind(type: string): type is ColumnKind {
  return isColumnKind(type) && COLUMN_KIND_TABLE[type].creatable !== false;
}

/** The kinds create_column accepts. */
export function creatableKinds(): ColumnKind[] {
  return COLUMN_KINDS.filter((kind) => isCreatableKind(kind));
}

/** True when a column of `type` may have its parent value calculated from its subitems' (`calculable`). */
export function isCalculableKind(type: string): boolean {
  return isColumnKind(type) && COLUMN_KIND_TABLE[type].calculable === true;
}

/** The kinds whose parent value may be calculated from subitems. */
export function calculableKinds(): ColumnKind[] {
  return COLUMN_KINDS.filter((kind) => isCalculableKind(kind));
}

/** A column's capabilities as `Column.capabilities` answers them. */
export interface ColumnCapabilitiesView {
  /** How a parent item's value is calculated from its subitems'; null when no calculation was set. */
  calculated: { calculated_type: ColumnKind; function: string } | null;
  /** Who may see the column (2026-04); null: everyone who sees the board (the emulator has no column permissions). */
  visibility: null;
}

/** What `column` can do: the calculation create_column set on it, if any; no column has restricted visibility. */
export function columnCapabilities(column: ColumnRecord): ColumnCapabilitiesView {
  return {
    calculated: column.calculated ? { calculated_type: column.type, function: column.calculated } : null,
    visibility: null,
  };
}

/**
 * True when `column` matches a `capabilities` filter of Board.columns or Item.column_values: a listed capability
 * it has, or `null` listed and it has none. No filter matches every column. 2026-04 alone defaults Board.columns's
 * filter to `[null, VISIBILITY]`, so there a calculated column is listed only when CALCULATED is asked for.
 */
export function hasCapabilities(column: ColumnRecord, filter: readonly (string | null)[] | null | undefined): boolean {
  if (!filter) return true;
  const capabilities = columnCapabilities(column);
  const held = [capabilities.calculated ? 'CALCULATED' : undefined, capabilities.visibility ? 'VISIBILITY' : undefined];
  const none = held.every((capability) => capability === undefined);
  return filter.some((wanted) => (wanted === null ? none : held.includes(wanted)));
}

/** Settings a new column of `type` starts with. */
export function kindSettings(type: ColumnKind): Record<string, unknown> {
  return COLUMN_KIND_TABLE[type].settings();
}

function isEmpty(input: unknown): boolean {
  return input === null || input === undefined || input === '' || (isObject(input) && Object.keys(input).length === 0);
}

/**
 * The stored value for `input` on `column` (null clears it). May add status or dropdown labels when `createLabels`
 * is on. Throws a ColumnValueException for a value that does not fit, or for a kind `column_values` cannot write.
 */
export function writeColumnValue(column: ColumnRecord, input: unknown, createLabels: boolean): unknown {
  const spec = COLUMN_KIND_TABLE[column.type];
  if (!spec.write) {
    throw columnValueError(column, `a ${column.type} column cannot be changed through column values`);
  }
  if (isEmpty(input)) return null;
  const value = typeof input === 'string' && spec.simple ? spec.simple(input) : input;
  return spec.write(value, { column, createLabels });
}

/** The input a change_simple_column_value string stands for on `column`; a kind without a simple form refuses it. */
export function simpleColumnInput(column: ColumnRecord, text: string | null | undefined): unknown {
  if (text === null || text === undefined || text === '') return null;
  const spec = COLUMN_KIND_TABLE[column.type];
  if (!spec.simple) {
    throw simpleValueError(column);
  }
  return spec.simple(text);
}

/** One column of one item as the ColumnValue resolvers show it. */
export interface ColumnReadout {
  /** The `...Value` GraphQL type. */
  typeName: string;
  /** The stored (or computed) value; the JSON scalar sends it encoded. */
  value: unknown;
  text: string;
  /** The typed fields of the `...Value` type. */
  fields: Record<string, unknown>;
}

/**
 * What `item` holds in `column`, stored or computed from the store; with `calculate`, a parent's value calculated
 * from its subitems where the column has a calculation (./calculated.ts).
 */
export function readColumn(
  column: ColumnRecord,
  item: ItemRecord,
  store?: RecordReader,
  calculate = false,
): ColumnReadout {
  return readContext(contextOf(column, item, store), calculate);
}

function readContext(context: ReadContext, calculate: boolean): ColumnReadout {
  const { column, item, store } = context;
  const spec = COLUMN_KIND_TABLE[column.type];
  const calculated = calculate && store && item ? calculatedValue(column, item, store) : undefined;
  const value =
    calculated !== undefined
      ? calculated
      : spec.compute
        ? spec.compute(context)
        : item
          ? storedValue(item, column.id)
          : null;
  return {
    typeName: spec.valueType,
    value: value ?? null,
    text: spec.text(value ?? null, context),
    fields: spec.fields?.(value ?? null, context) ?? {},
  };
}

/** The display text of a stored value of `column` outside a query (status labels, plain values). */
export function storedText(column: ColumnRecord, stored: unknown): string {
  return COLUMN_KIND_TABLE[column.type].text(stored ?? null, { column });
}

/** The value items_page rules and order compare for `item` in `column`. */
export function compareCell(column: ColumnRecord, item: ItemRecord, store?: RecordReader): Cell {
  return cellOf(contextOf(column, item, store));
}

function cellOf(context: ReadContext): Cell {
  const { column, item } = context;
  const spec = COLUMN_KIND_TABLE[column.type];
  const value = spec.compute ? spec.compute(context) : item ? storedValue(item, column.id) : null;
  if (value === null || value === undefined) return null;
  if (spec.cell) return spec.cell(value, context);
  return spec.text(value, context) || null;
}
