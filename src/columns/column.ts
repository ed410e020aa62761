/**
 * The `column` and `columnRule` namespaces of the main entry. Plain object literals rather than `export * as`,
 * which bundlers turn into a registration call they must keep: an app that uses neither pays 0 bytes (measured with
 * `npm run size`; see docs/column-values.md).
 */
import * as builders from './builders.js';
import * as rules from './rules.js';

/**
 * Builders of column values, one per writable column kind; pass them to {@link columnValues}:
 * `columnValues({ status: column.status({ label: 'Done' }) })`.
 */
export const column = {
  /** The value of a status column (described below). */
  status: builders.status,
  /** The value of a date column (described below). */
  date: builders.date,
  /** The value of a numbers column (described below). */
  numbers: builders.numbers,
  /** The value of a text column (described below). */
  text: builders.text,
  /** The value of a long text column (described below). */
  longText: builders.longText,
  /** The value of a name column (described below). */
  name: builders.name,
  /** The value of a people column (described below). */
  people: builders.people,
  /** The value of a dropdown column (described below). */
  dropdown: builders.dropdown,
  /** The value of a timeline column (described below). */
  timeline: builders.timeline,
  /** The value of a email column (described below). */
  email: builders.email,
  /** The value of a phone column (described below). */
  phone: builders.phone,
  /** The value of a link column (described below). */
  link: builders.link,
  /** The value of a checkbox column (described below). */
  checkbox: builders.checkbox,
  /** The value of a rating column (described below). */
  rating: builders.rating,
  /** The value of a tags column (described below). */
  tags: builders.tags,
  /** The value of a hour column (described below). */
  hour: builders.hour,
  /** The value of a week column (described below). */
  week: builders.week,
  /** The value of a country column (described below). */
  country: builders.country,
  /** The value of a location column (described below). */
  location: builders.location,
  /** The value of a connect-boards column (described below). */
  boardRelation: builders.boardRelation,
  /** The value of a dependency column (described below). */
  dependency: builders.dependency,
  /** The value of a world clock column (described below). */
  worldClock: builders.worldClock,
  /** The value of a team column (described below). */
  team: builders.team,
  /** Clears a column (any kind): its empty value. */
  clear: builders.clear,
} as const;

/** Typed rules for `items_page(query_params:)`; join them with {@link itemsQuery}. */
export const columnRule = {
  /** A rule on a status column (described below). */
  status: rules.status,
  /** A rule on a people column (described below). */
  people: rules.people,
  /** A rule on a date column (described below). */
  date: rules.date,
  /** A rule on a numbers column (described below). */
  numbers: rules.numbers,
  /** A rule on a text column (described below). */
  text: rules.text,
  /** A rule on a checkbox column (described below). */
  checkbox: rules.checkbox,
  /** A rule matching the items whose column is empty. */
  isEmpty: rules.isEmpty,
  /** A rule matching the items whose column is not empty. */
  isNotEmpty: rules.isNotEmpty,
} as const;
