/**
 * Typed rules for `items_page(query_params:)`, one builder per kind of comparison, exported from the main entry as
 * the namespace `columnRule`; {@link itemsQuery} joins them into the `ItemsQuery` input. What each kind compares
 * against comes from its page of the platform's column reference:
 * - status: label indexes with any_of / not_any_of, a label's text with contains_terms
 *   (https://developer.monday.com/api-reference/reference/status);
 * - people: `person-<id>` or `assigned_to_me` (https://developer.monday.com/api-reference/reference/people);
 * - date: the keywords TODAY, OVERDUE, ... or `["EXACT", "YYYY-MM-DD"]`
 *   (https://developer.monday.com/api-reference/reference/date);
 * - any kind: is_empty / is_not_empty with an empty compare value.
 */
import { PlatformConfigError } from '../client/errors/errors.js';
import { dateProblem } from './builder.js';

/** The operators of `ItemsQueryRuleOperator`. */
export type RuleOperator =
  | 'any_of'
  | 'not_any_of'
  | 'is_empty'
  | 'is_not_empty'
  | 'greater_than'
  | 'greater_than_or_equals'
  | 'lower_than'
  | 'lower_than_or_equal'
  | 'between'
  | 'contains_text'
  | 'not_contains_text'
  | 'contains_terms'
  | 'starts_with'
  | 'ends_with';

/** One rule of an `ItemsQuery`, as the platform's input type takes it. */
export interface ItemsQueryRuleInput {
  /** The column the rule reads. */
  column_id: string;
  /** The values to compare the column's with. */
  compare_value: Array<string | number>;
  /** How to compare them. */
  operator: RuleOperator;
}

/** The `ItemsQuery` input of `items_page(query_params:)`. */
export interface ItemsQueryInput {
  /** The rules an item must match. */
  rules?: ItemsQueryRuleInput[];
  /** Whether an item must match all rules (`and`) or any (`or`). */
  operator?: 'and' | 'or';
  /** The order of the items, by column. */
  order_by?: {
    /** The column to order by. */
    column_id: string;
    /** Ascending or descending. */
    direction?: 'asc' | 'desc';
  }[];
  /** Only these items. */
  ids?: string[];
}

/** The platform's relative date keywords for date filters. */
export const DATE_KEYWORDS = [
  'TODAY',
  'TOMORROW',
  'YESTERDAY',
  'THIS_WEEK',
  'ONE_WEEK_AGO',
  'ONE_WEEK_FROM_NOW',
  'THIS_MONTH',
  'ONE_MONTH_AGO',
  'ONE_MONTH_FROM_NOW',
  'PAST_DATETIME',
  'FUTURE_DATETIME',
  'UPCOMING',
  'OVERDUE',
  'DONE_ON_TIME',
  'DONE_OVERDUE',
] as const;

/** One of {@link DATE_KEYWORDS}. */
export type DateKeyword = (typeof DATE_KEYWORDS)[number];

function rule(columnId: string, operator: RuleOperator, compareValue: Array<string | number>): ItemsQueryRuleInput {
  if (typeof columnId !== 'string' || columnId === '') throw new PlatformConfigError('A rule needs a column id.');
  return { column_id: columnId, compare_value: compareValue, operator };
}

/**
 * Items whose status is one of `indexes` (or none of them with `not`), or whose label contains `label`'s terms.
 *
 * A `label` is not an exact match: it becomes the platform's `contains_terms` operator (with `not`,
 * `not_contains_text`), which keeps every item whose label contains each word of `label`. So `{ label: 'Live' }`
 * also keeps items labelled "Not Live" and "Live soon". For an exact label, match its index:
 * `{ indexes: [1] }` (a label's index is its id in the column's settings). Operators per
 * https://developer.monday.com/api-reference/reference/status.
 *
 * @throws {@link PlatformConfigError} when an index is not a whole number ≥ 0 or the label is empty.
 */
export function status(
  columnId: string,
  match: { indexes: readonly number[]; label?: never } | { label: string; indexes?: never },
  options: { not?: boolean } = {},
): ItemsQueryRuleInput {
  if (typeof match.label === 'string') {
    if (match.label.trim() === '') throw new PlatformConfigError(`Rule on "${columnId}": the status label is empty.`);
    return rule(columnId, options.not ? 'not_contains_text' : 'contains_terms', [match.label]);
  }
  const indexes = match.indexes ?? [];
  if (indexes.length === 0 || indexes.some((index) => !Number.isInteger(index) || index < 0)) {
    throw new PlatformConfigError(`Rule on "${columnId}": status indexes must be whole numbers ≥ 0.`);
  }
  return rule(columnId, options.not ? 'not_any_of' : 'any_of', [...indexes]);
}

/**
 * Items assigned to any of these people (user ids) or to the caller (`'assigned_to_me'`); with `not`, the others.
 *
 * @throws {@link PlatformConfigError} when a user id is not a positive whole number.
 */
export function people(
  columnId: string,
  who: readonly (number | string)[] | 'assigned_to_me',
  options: { not?: boolean } = {},
): ItemsQueryRuleInput {
  const values =
    who === 'assigned_to_me'
      ? ['assigned_to_me']
      : who.map((id) => {
          if (!/^\d+$/.test(String(id)) || Number(id) <= 0) {
            throw new PlatformConfigError(`Rule on "${columnId}": ${JSON.stringify(id)} is not a user id.`);
          }
          return `person-${id}`;
        });
  if (values.length === 0) throw new PlatformConfigError(`Rule on "${columnId}": name at least one person.`);
  return rule(columnId, options.not ? 'not_any_of' : 'any_of', values);
}

/** Date operators that take one compare value. */
export type DateOperator =
  | 'any_of'
  | 'not_any_of'
  | 'greater_than'
  | 'greater_than_or_equals'
  | 'lower_than'
  | 'lower_than_or_equal';

/**
 * Items whose date matches a keyword (`'TODAY'`, `'OVERDUE'`, ...) or a day `{ exact: 'YYYY-MM-DD' }`, compared with
 * `operator` (default any_of).
 *
 * `'OVERDUE'`, `'UPCOMING'`, `'DONE_ON_TIME'` and `'DONE_OVERDUE'` also read the board's status column: overdue is
 * a past date on an item not marked Done, upcoming a future date on one not marked Done, and the DONE_ ones an item
 * marked Done on or before, or after, its date; they take any_of or not_any_of only
 * (https://developer.monday.com/api-reference/reference/date).
 *
 * @throws {@link PlatformConfigError} for a keyword the platform does not know or a day that is not `YYYY-MM-DD`.
 */
export function date(
  columnId: string,
  when: DateKeyword | { exact: string },
  operator: DateOperator = 'any_of',
): ItemsQueryRuleInput {
  if (typeof when === 'string') {
    if (!(DATE_KEYWORDS as readonly string[]).includes(when)) {
      throw new PlatformConfigError(`Rule on "${columnId}": unknown date keyword ${JSON.stringify(when)}.`);
    }
    return rule(columnId, operator, [when]);
  }
  const problem = dateProblem(when?.exact);
  if (problem) throw new PlatformConfigError(`Rule on "${columnId}": ${problem}.`);
  return rule(columnId, operator, ['EXACT', when.exact]);
}

/**
 * Items whose number compares with `value` (`'greater_than'`, ...) or lies `'between'` two values.
 *
 * @throws {@link PlatformConfigError} for a value that is not a finite number.
 */
export function numbers(
  columnId: string,
  operator: 'any_of' | 'not_any_of' | 'greater_than' | 'greater_than_or_equals' | 'lower_than' | 'lower_than_or_equal',
  value: number,
): ItemsQueryRuleInput {
  if (!Number.isFinite(value))
    throw new PlatformConfigError(`Rule on "${columnId}": ${String(value)} is not a finite number.`);
  return rule(columnId, operator, [value]);
}

/**
 * Items whose text (any text column, or `name`) contains `value` (`contains_text`), or matches another text operator.
 *
 * @throws {@link PlatformConfigError} for an empty value.
 */
export function text(
  columnId: string,
  operator: 'contains_text' | 'not_contains_text' | 'contains_terms' | 'starts_with' | 'ends_with',
  value: string,
): ItemsQueryRuleInput {
  if (typeof value !== 'string' || value === '')
    throw new PlatformConfigError(`Rule on "${columnId}": the text is empty.`);
  return rule(columnId, operator, [value]);
}

/**
 * Items whose checkbox is checked (or unchecked).
 *
 * @throws {@link PlatformConfigError} when the column id is empty.
 */
export function checkbox(columnId: string, checked: boolean): ItemsQueryRuleInput {
  return rule(columnId, checked ? 'is_not_empty' : 'is_empty', []);
}

/**
 * Items whose column is empty.
 *
 * @throws {@link PlatformConfigError} when the column id is empty.
 */
export function isEmpty(columnId: string): ItemsQueryRuleInput {
  return rule(columnId, 'is_empty', []);
}

/**
 * Items whose column is not empty.
 *
 * @throws {@link PlatformConfigError} when the column id is empty.
 */
export function isNotEmpty(columnId: string): ItemsQueryRuleInput {
  return rule(columnId, 'is_not_empty', []);
}

/**
 * The `ItemsQuery` input for `rules`, joined by `operator` (default `and`), ordered by `orderBy`.
 *
 * @throws {@link PlatformConfigError} when `rules` is empty and there is no order.
 */
export function itemsQuery(
  rules: readonly ItemsQueryRuleInput[],
  options: { operator?: 'and' | 'or'; orderBy?: { columnId: string; direction?: 'asc' | 'desc' }[] } = {},
): ItemsQueryInput {
  if (rules.length === 0 && !options.orderBy?.length) {
    throw new PlatformConfigError('itemsQuery needs at least one rule or an order.');
  }
  const query: ItemsQueryInput = { rules: [...rules], operator: options.operator ?? 'and' };
  if (options.orderBy) {
    query.order_by = options.orderBy.map((order) => ({
      column_id: order.columnId,
      direction: order.direction ?? 'asc',
    }));
  }
  return query;
}
