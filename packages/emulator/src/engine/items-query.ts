/**
 * `items_page(query_params:)`: filters and orders a board's items the way the platform's `ItemsQuery`
 * input does. Rules compare one column each (`name` is the item's name) with an `ItemsQueryRuleOperator`;
 * `operator` joins the rules (and nested `groups`) with `and` / `or`; `ids` keeps only those items;
 * `order_by` sorts by columns, each `asc` or `desc`, empty values last, board order breaking ties.
 * Pure functions over store records; every problem is an INVALID_ARGUMENT error that says what to fix.
 */

import { type DayRange, dateKeywordRange, inRange } from './column-kinds/date-keywords.js';
import { type Cell, compareCell, readColumn } from './column-kinds/index.js';
import { statusDateKeywordTest } from './date-status-keywords.js';
import { ENGINE_ERROR_CODES, engineError, invalidArgument } from './errors.js';
import type { BoardRecord, ColumnRecord, ItemRecord } from './store/records.js';
import type { EmulatorStore } from './store/store.js';

/** What rules need beyond the items: the store (computed kinds, names), the caller (`assigned_to_me`), the clock. */
export interface QueryEnvironment {
  store?: EmulatorStore;
  /** The calling user's id. */
  callerId?: string;
  /** Now, for the relative date keywords. */
  now?: Date;
}

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

/** What an item holds in a column, as rules compare it (the column kind decides: ./column-kinds/index.ts). */
function cell(item: ItemRecord, column: ColumnRecord | 'name', env: QueryEnvironment): Cell {
  if (column === 'name') return item.name;
  return compareCell(column, item, env.store);
}

/** The text an item shows in a column, for the text operators. */
function shown(item: ItemRecord, column: ColumnRecord | 'name', env: QueryEnvironment): string {
  return column === 'name' ? item.name : readColumn(column, item, env.store).text;
}

function columnOf(board: BoardRecord, columnId: string): ColumnRecord | 'name' {
  if (columnId === 'name') return 'name';
  const column = board.columns.find((candidate) => candidate.id === columnId);
  if (!column) {
    const known = ['name', ...board.columns.map((candidate) => candidate.id)].join(', ');
    throw invalidArgument(
      `query_params: column "${columnId}" does not exist on board ${board.id} (its columns: ${known}).`,
    );
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
    throw invalidArgument(
      `query_params: rule on "${rule.column_id}" (${rule.operator}) needs numbers; got ${JSON.stringify(value)}.`,
    );
  return number;
}

/** The value to compare `current` with, of the same kind (number or text). */
function sameKind(current: string | number, value: unknown, rule: ItemsQueryRule): number | string {
  return typeof current === 'number' ? asNumber(value, rule) : String(value);
}

function first(rule: ItemsQueryRule): unknown {
  const [value] = compareValues(rule);
  if (value === undefined)
    throw invalidArgument(`query_params: rule on "${rule.column_id}" (${rule.operator}) needs a compare_value.`);
  return value;
}

/** A single comparable value: the first of a set, for the ordering operators. */
type Scalar = string | number | null;
const scalar = (current: Cell): Scalar => (Array.isArray(current) ? (current[0] ?? null) : (current as Scalar));

type Test = (current: Cell, rule: ItemsQueryRule, shownText: string) => boolean;

/** any_of: the value (or, for people, dropdown, tags and links, any of its values) is one of the compare values. */
const equalsAny: Test = (current, rule) => {
  if (current === null) return false;
  const values = Array.isArray(current) ? current : [current];
  return values.some((held) => compareValues(rule).some((value) => sameKind(held, value, rule) === held));
};

const compare =
  (accept: (order: number) => boolean): Test =>
  (current, rule) => {
    const held = scalar(current);
    if (held === null) return false;
    const other = sameKind(held, first(rule), rule);
    return accept(held < other ? -1 : held > other ? 1 : 0);
  };

const lower = (rule: ItemsQueryRule) => String(first(rule)).toLowerCase();

/** Every operator the emulator models, by its `ItemsQueryRuleOperator` name; text operators read the shown text. */
const OPERATORS: Readonly<Record<string, Test>> = {
  any_of: equalsAny,
  not_any_of: (current, rule, shownText) => !equalsAny(current, rule, shownText),
  is_empty: (current) => current === null || (Array.isArray(current) && current.length === 0),
  is_not_empty: (current) => current !== null && !(Array.isArray(current) && current.length === 0),
  greater_than: compare((order) => order > 0),
  greater_than_or_equals: compare((order) => order >= 0),
  lower_than: compare((order) => order < 0),
  lower_than_or_equal: compare((order) => order <= 0),
  between: (current, rule) => {
    const [low, high] = compareValues(rule);
    if (low === undefined || high === undefined)
      throw invalidArgument(`query_params: "between" on "${rule.column_id}" needs [low, high].`);
    const held = scalar(current);
    return held !== null && held >= sameKind(held, low, rule) && held <= sameKind(held, high, rule);
  },
  contains_text: (_current, rule, shownText) => shownText.toLowerCase().includes(lower(rule)),
  not_contains_text: (_current, rule, shownText) => !shownText.toLowerCase().includes(lower(rule)),
  contains_terms: (_current, rule, shownText) =>
    lower(rule)
      .split(/\s+/)
      .every((term) => shownText.toLowerCase().includes(term)),
  starts_with: (_current, rule, shownText) => shownText !== '' && shownText.toLowerCase().startsWith(lower(rule)),
  ends_with: (_current, rule, shownText) => shownText !== '' && shownText.toLowerCase().endsWith(lower(rule)),
};

const DATE_KINDS = new Set(['date', 'timeline', 'creation_log', 'last_updated']);

/** The relative keyword (TODAY, OVERDUE, ...) of a rule on a date kind, or undefined. */
function dateKeywordOf(column: ColumnRecord | 'name', rule: ItemsQueryRule): string | undefined {
  if (column === 'name' || !DATE_KINDS.has(column.type)) return undefined;
  const keyword = compareValues(rule).find((value) => typeof value === 'string' && /^[A-Z_]+$/.test(value));
  return typeof keyword === 'string' ? keyword : undefined;
}

/**
 * A test of a date rule whose compare value is a relative day keyword (TODAY, THIS_WEEK, ...), or undefined. A
 * keyword the date column page does not list is the caller's mistake on a date column (that page lists every
 * keyword, and the emulator models them all); on the other date kinds (timeline, creation log, last updated),
 * whose pages list keywords the emulator does not model, it answers NOT_MODELLED.
 */
function keywordTest(column: ColumnRecord | 'name', rule: ItemsQueryRule, env: QueryEnvironment) {
  const keyword = dateKeywordOf(column, rule);
  if (keyword === undefined || column === 'name') return undefined;
  const range: DayRange | undefined = dateKeywordRange(keyword, env.now ?? new Date());
  if (!range && column.type === 'date')
    throw invalidArgument(`query_params: "${keyword}" is not a date keyword (see the date column's filter keywords).`);
  if (!range)
    throw engineError(
      ENGINE_ERROR_CODES.notModelled,
      `query_params: the date keyword "${keyword}" on a ${column.type} column is not modelled by the emulator.`,
    );
  const operator = rule.operator ?? 'any_of';
  return (current: Cell): boolean => {
    const held = scalar(current);
    if (typeof held !== 'string') return operator === 'not_any_of';
    switch (operator) {
      case 'any_of':
        return inRange(held, range);
      case 'not_any_of':
        return !inRange(held, range);
      case 'greater_than':
        return range.to !== null && held > range.to;
      case 'greater_than_or_equals':
        return range.from === null || held >= range.from;
      case 'lower_than':
        return range.from !== null && held < range.from;
      case 'lower_than_or_equal':
        return range.to === null || held <= range.to;
      default:
        throw invalidArgument(`query_params: "${operator}" does not take a date keyword.`);
    }
  };
}

/** People rules name `person-<id>`; `assigned_to_me` is the caller. */
function withCaller(rule: ItemsQueryRule, env: QueryEnvironment): ItemsQueryRule {
  if (!Array.isArray(rule.compare_value) || !rule.compare_value.includes('assigned_to_me')) return rule;
  const caller = env.callerId === undefined ? 'person-0' : `person-${env.callerId}`;
  return { ...rule, compare_value: rule.compare_value.map((value) => (value === 'assigned_to_me' ? caller : value)) };
}

/** A predicate for a group of rules and nested groups. */
function groupTest(board: BoardRecord, group: ItemsQueryGroup, env: QueryEnvironment): (item: ItemRecord) => boolean {
  const tests = [
    ...(group.rules ?? []).map((given) => {
      const operator = given.operator ?? 'any_of';
      const test = OPERATORS[operator];
      if (!test)
        throw invalidArgument(
          `query_params: operator "${operator}" is not modelled by the emulator (it models ${Object.keys(OPERATORS).join(', ')}).`,
        );
      const column = columnOf(board, given.column_id);
      const rule = { ...withCaller(given, env), operator };
      const named = dateKeywordOf(column, rule);
      const byStatus =
        named !== undefined && column !== 'name'
          ? statusDateKeywordTest(board, column, named, operator, env)
          : undefined;
      if (byStatus) return byStatus;
      const keyword = keywordTest(column, rule, env);
      if (keyword) return (item: ItemRecord) => keyword(cell(item, column, env));
      return (item: ItemRecord) => test(cell(item, column, env), rule, shown(item, column, env));
    }),
    ...(group.groups ?? []).map((nested) => groupTest(board, nested, env)),
  ];
  if (tests.length === 0) return () => true;
  return group.operator === 'or'
    ? (item) => tests.some((test) => test(item))
    : (item) => tests.every((test) => test(item));
}

/**
 * Where an item stands in a query's order: its `order_by` values (each a single comparable value), then its board
 * position and numeric id, which break ties as board order does. A cursor keeps the key of the last item it served
 * (./cursor.ts), so the next page starts after that place however many items before it left the listing.
 */
export type QueryOrderKey = readonly Scalar[];

/** The order of a query: the key of an item, and how two keys compare (empty values last, whatever the direction). */
interface QueryOrder {
  /** Whether `order_by` names a column (else the order is board order). */
  readonly byColumns: boolean;
  key(item: ItemRecord): QueryOrderKey;
  compare(a: QueryOrderKey, b: QueryOrderKey): number;
}

function orderOf(board: BoardRecord, query: ItemsQuery, env: QueryEnvironment): QueryOrder {
  const keys = (query.order_by ?? []).map((order) => ({
    column: columnOf(board, order.column_id),
    sign: order.direction === 'desc' ? -1 : 1,
  }));
  return {
    byColumns: keys.length > 0,
    key: (item) => [...keys.map(({ column }) => scalar(cell(item, column, env))), item.position, Number(item.id)],
    compare: (a, b) => {
      for (const [index, { sign }] of keys.entries()) {
        const x = a[index] ?? null;
        const y = b[index] ?? null;
        if (x === y) continue;
        if (x === null) return 1; // empty values last, whatever the direction
        if (y === null) return -1;
        return (x < y ? -1 : 1) * sign;
      }
      const [position, id] = [keys.length, keys.length + 1];
      return Number(a[position]) - Number(b[position]) || Number(a[id]) - Number(b[id]);
    },
  };
}

/** Whether `key` has the form of a query's order key (`columns` values, then a position and an id). */
export function isQueryOrderKey(key: unknown, query: ItemsQuery): key is QueryOrderKey {
  const columns = Array.isArray(query.order_by) ? query.order_by.length : 0;
  return (
    Array.isArray(key) &&
    key.length === columns + 2 &&
    key.every((value) => value === null || typeof value === 'string' || typeof value === 'number') &&
    typeof key[columns] === 'number' &&
    typeof key[columns + 1] === 'number'
  );
}

/** One page of a query: its items, whether more follow, and the order key of the last. */
export interface QueryPage {
  items: ItemRecord[];
  more: boolean;
  last: QueryOrderKey | undefined;
}

/**
 * The first `limit` items of `board` (`items` given in board order) that `query` keeps, in its order, after the
 * place `after` (an order key a previous page answered; none: from the start). In board order the listing reads
 * on from that place and stops at the page's end; an order by columns sorts the items kept once, by their keys.
 * @throws INVALID_ARGUMENT as {@link queryItems}.
 */
export function queryPage(
  board: BoardRecord,
  items: readonly ItemRecord[],
  query: ItemsQuery,
  env: QueryEnvironment,
  limit: number,
  after?: QueryOrderKey,
): QueryPage {
  const order = orderOf(board, query, env);
  const keeps = keepTest(board, query, env);
  const page: ItemRecord[] = [];
  if (!order.byColumns) {
    let start = 0;
    if (after) {
      // The first item past `after` in board order (a binary search: `items` are in board order).
      let high = items.length;
      while (start < high) {
        const middle = (start + high) >>> 1;
        const item = items[middle] as ItemRecord;
        if (order.compare(order.key(item), after) > 0) high = middle;
        else start = middle + 1;
      }
    }
    for (let index = start; index < items.length; index += 1) {
      const item = items[index] as ItemRecord;
      if (!keeps(item)) continue;
      if (page.length === limit) return { items: page, more: true, last: keyOfLast(order, page) };
      page.push(item);
    }
    return { items: page, more: false, last: keyOfLast(order, page) };
  }
  const keyed = items.filter(keeps).map((item) => ({ item, key: order.key(item) }));
  keyed.sort((a, b) => order.compare(a.key, b.key));
  const rest = after ? keyed.filter((entry) => order.compare(entry.key, after) > 0) : keyed;
  const slice = rest.slice(0, limit);
  return { items: slice.map((entry) => entry.item), more: rest.length > slice.length, last: slice.at(-1)?.key };
}

function keyOfLast(order: QueryOrder, page: readonly ItemRecord[]): QueryOrderKey | undefined {
  const last = page.at(-1);
  return last ? order.key(last) : undefined;
}

/** The test of `query`'s `ids` and rules on one item. */
function keepTest(board: BoardRecord, query: ItemsQuery, env: QueryEnvironment): (item: ItemRecord) => boolean {
  const ids = query.ids ? new Set(query.ids.map(String)) : undefined;
  const keep = groupTest(board, query, env);
  return (item) => (!ids || ids.has(item.id)) && keep(item);
}

/**
 * The items of `board` (given in board order) that `query` keeps, in its order. Throws INVALID_ARGUMENT for
 * an unknown column or operator, or compare values that do not fit.
 */
export function queryItems(
  board: BoardRecord,
  items: readonly ItemRecord[],
  query: ItemsQuery,
  env: QueryEnvironment = {},
): ItemRecord[] {
  return queryPage(board, items, query, env, Number.POSITIVE_INFINITY).items;
}
