/**
 * `items_page(query_params:)`: filters and orders a board's items the way the platform's `ItemsQuery`
 * input does. Rules compare one column each (`name` is the item's name) with an `ItemsQueryRuleOperator`;
 * `operator` joins the rules (and nested `groups`) with `and` / `or`; `ids` keeps only those items;
 * `order_by` sorts by columns, each `asc` or `desc`, empty values last, board order breaking ties.
 * Pure functions over store records; every problem is an INVALID_ARGUMENT error that says what to fix.
 */
import { ENGINE_ERROR_CODES, engineError } from './errors.js';
import type { BoardRecord, ColumnRecord, ItemRecord } from './store/records.js';

/** One rule of an `ItemsQuery`, as the schema coerces it. */
export interface ItemsQueryRule {
  column_id: string;
  compare_value: unknown;
  compare_attribute?: string | null;
  operator?: string | null;
}

/** A nested group of rules. */
export interface ItemsQueryGroup {
  rules?: ItemsQueryRule[] | null;
  groups?: ItemsQueryGroup[] | null;
  operator?: 'and' | 'or' | null;
}

/** The `query_params` argument of `items_page`. */
export interface ItemsQuery extends ItemsQueryGroup {
  ids?: string[] | null;
  order_by?: { column_id: string; direction?: 'asc' | 'desc' | null }[] | null;
}

/** A comparable value of one item in one column: text, a number, or null when empty. */
type Cell = string | number | null;

function invalid(message: string): Error {
  return engineError(ENGINE_ERROR_CODES.invalidArgument, message);
}

/** What an item holds in a column, in a form rules compare: names and texts as text, numbers and status indexes as numbers, dates as `YYYY-MM-DD`. */
function cell(item: ItemRecord, column: ColumnRecord | 'name'): Cell {
  if (column === 'name') return item.name;
  const stored = item.values[column.id];
  if (stored === null || stored === undefined) return null;
  const value = stored as Record<string, unknown>;
  switch (column.type) {
    case 'text':
      return String(stored) || null;
    case 'long_text':
      return String(value.text ?? '') || null;
    case 'numbers':
      return Number(stored);
    case 'status':
      return Number(value.index);
    case 'date':
      return String(value.date);
    case 'checkbox':
      return value.checked === 'true' || value.checked === true ? 'true' : null;
    default:
      return null;
  }
}

function columnOf(board: BoardRecord, columnId: string): ColumnRecord | 'name' {
  if (columnId === 'name') return 'name';
  const column = board.columns.find((candidate) => candidate.id === columnId);
  if (!column) {
    const known = ['name', ...board.columns.map((candidate) => candidate.id)].join(', ');
    throw invalid(`query_params: column "${columnId}" does not exist on board ${board.id} (its columns: ${known}).`);
  }
  return column;
}

/** The compare values of a rule as a list; a date rule's `["EXACT", "2024-01-31"]` form is accepted too. */
function compareValues(rule: ItemsQueryRule): unknown[] {
  const list = Array.isArray(rule.compare_value) ? rule.compare_value : [rule.compare_value];
  return list.filter((value) => value !== 'EXACT' && value !== null && value !== undefined);
}

function asNumber(value: unknown, rule: ItemsQueryRule): number {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number))
    throw invalid(
      `query_params: rule on "${rule.column_id}" (${rule.operator}) needs numbers; got ${JSON.stringify(value)}.`,
    );
  return number;
}

/** The value to compare `current` with, of the same kind (number or text). */
function sameKind(current: number | string, value: unknown, rule: ItemsQueryRule): number | string {
  return typeof current === 'number' ? asNumber(value, rule) : String(value);
}

function first(rule: ItemsQueryRule): unknown {
  const [value] = compareValues(rule);
  if (value === undefined)
    throw invalid(`query_params: rule on "${rule.column_id}" (${rule.operator}) needs a compare_value.`);
  return value;
}

function text(current: Cell): string {
  return current === null ? '' : String(current).toLowerCase();
}

type Test = (current: Cell, rule: ItemsQueryRule) => boolean;

const equalsAny: Test = (current, rule) =>
  current !== null && compareValues(rule).some((value) => sameKind(current, value, rule) === current);

const compare =
  (accept: (order: number) => boolean): Test =>
  (current, rule) => {
    if (current === null) return false;
    const other = sameKind(current, first(rule), rule);
    return accept(current < other ? -1 : current > other ? 1 : 0);
  };

/** Every operator the emulator models, by its `ItemsQueryRuleOperator` name. */
const OPERATORS: Readonly<Record<string, Test>> = {
  any_of: equalsAny,
  not_any_of: (current, rule) => !equalsAny(current, rule),
  is_empty: (current) => current === null,
  is_not_empty: (current) => current !== null,
  greater_than: compare((order) => order > 0),
  greater_than_or_equals: compare((order) => order >= 0),
  lower_than: compare((order) => order < 0),
  lower_than_or_equal: compare((order) => order <= 0),
  between: (current, rule) => {
    const [low, high] = compareValues(rule);
    if (low === undefined || high === undefined)
      throw invalid(`query_params: "between" on "${rule.column_id}" needs [low, high].`);
    return current !== null && current >= sameKind(current, low, rule) && current <= sameKind(current, high, rule);
  },
  contains_text: (current, rule) => text(current).includes(String(first(rule)).toLowerCase()),
  not_contains_text: (current, rule) => !text(current).includes(String(first(rule)).toLowerCase()),
  contains_terms: (current, rule) =>
    String(first(rule))
      .toLowerCase()
      .split(/\s+/)
      .every((term) => text(current).includes(term)),
  starts_with: (current, rule) => current !== null && text(current).startsWith(String(first(rule)).toLowerCase()),
  ends_with: (current, rule) => current !== null && text(current).endsWith(String(first(rule)).toLowerCase()),
};

/** A predicate for a group of rules and nested groups. */
function groupTest(board: BoardRecord, group: ItemsQueryGroup): (item: ItemRecord) => boolean {
  const tests = [
    ...(group.rules ?? []).map((rule) => {
      const operator = rule.operator ?? 'any_of';
      const test = OPERATORS[operator];
      if (!test)
        throw invalid(
          `query_params: operator "${operator}" is not modelled by the emulator (it models ${Object.keys(OPERATORS).join(', ')}).`,
        );
      const column = columnOf(board, rule.column_id);
      return (item: ItemRecord) => test(cell(item, column), { ...rule, operator });
    }),
    ...(group.groups ?? []).map((nested) => groupTest(board, nested)),
  ];
  if (tests.length === 0) return () => true;
  return group.operator === 'or'
    ? (item) => tests.some((test) => test(item))
    : (item) => tests.every((test) => test(item));
}

function orderOf(board: BoardRecord, query: ItemsQuery): ((a: ItemRecord, b: ItemRecord) => number) | undefined {
  const keys = (query.order_by ?? []).map((order) => ({
    column: columnOf(board, order.column_id),
    sign: order.direction === 'desc' ? -1 : 1,
  }));
  if (keys.length === 0) return undefined;
  return (a, b) => {
    for (const { column, sign } of keys) {
      const x = cell(a, column);
      const y = cell(b, column);
      if (x === y) continue;
      if (x === null) return 1; // empty values last, whatever the direction
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    }
    return 0;
  };
}

/**
 * The items of `board` (given in board order) that `query` keeps, in its order. Throws INVALID_ARGUMENT for
 * an unknown column or operator, or compare values that do not fit.
 */
export function queryItems(board: BoardRecord, items: readonly ItemRecord[], query: ItemsQuery): ItemRecord[] {
  const ids = query.ids ? new Set(query.ids.map(String)) : undefined;
  const keep = groupTest(board, query);
  const kept = items.filter((item) => (!ids || ids.has(item.id)) && keep(item));
  const order = orderOf(board, query);
  return order ? kept.sort(order) : kept; // Array.prototype.sort is stable: board order breaks ties
}
