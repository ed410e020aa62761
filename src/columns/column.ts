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
  status: builders.status,
  date: builders.date,
  numbers: builders.numbers,
  text: builders.text,
  longText: builders.longText,
  name: builders.name,
  people: builders.people,
  dropdown: builders.dropdown,
  timeline: builders.timeline,
  email: builders.email,
  phone: builders.phone,
  link: builders.link,
  checkbox: builders.checkbox,
  rating: builders.rating,
  tags: builders.tags,
  hour: builders.hour,
  week: builders.week,
  country: builders.country,
  location: builders.location,
  boardRelation: builders.boardRelation,
  dependency: builders.dependency,
  worldClock: builders.worldClock,
  team: builders.team,
  clear: builders.clear,
} as const;

/** Typed rules for `items_page(query_params:)`; join them with {@link itemsQuery}. */
export const columnRule = {
  status: rules.status,
  people: rules.people,
  date: rules.date,
  numbers: rules.numbers,
  text: rules.text,
  checkbox: rules.checkbox,
  isEmpty: rules.isEmpty,
  isNotEmpty: rules.isNotEmpty,
} as const;
