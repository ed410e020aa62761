/** Column values typed end to end: builders for writes, a reader for reads, rules for filters. */

export type { ColumnValueBuilder } from './builder.js';
export type { DropdownInput, LocationInput, PeopleEntry, StatusInput, TimelineInput } from './builders.js';
export { column, columnRule } from './column.js';
export { COLUMN_KINDS, type ColumnKind, WRITABLE_COLUMN_KINDS, type WritableColumnKind } from './kinds.js';
export { type ColumnValueSource, readColumnValue } from './read.js';
export type {
  ColumnFile,
  ColumnReading,
  ColumnReadingOf,
  ColumnReadings,
  PeopleEntity,
  ReadableColumnKind,
  UnknownColumnReading,
} from './reading.js';
export {
  DATE_KEYWORDS,
  type DateKeyword,
  type ItemsQueryInput,
  type ItemsQueryRuleInput,
  itemsQuery,
} from './rules.js';
export { columnValue, columnValues } from './values.js';
