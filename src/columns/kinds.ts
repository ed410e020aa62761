/**
 * The column kinds of the pinned API version: the values of the `ColumnType` enum in the 2026-10 schema, and which
 * of them an app can write. Read-only kinds are computed by the platform (formula, mirror, creation log, ...) or
 * changed through their own mutations (files, docs, groups, subitems); the README's column table says which.
 */

/**
 * Every value of the `ColumnType` enum of API version 2026-10 (the platform's order). Held to the newest published
 * schema by packages/codegen/test/schema-lists.test.ts.
 */
export const COLUMN_KINDS = [
  'auto_number',
  'board_relation',
  'button',
  'checkbox',
  'color_picker',
  'country',
  'creation_log',
  'date',
  'dependency',
  'doc',
  'dropdown',
  'email',
  'file',
  'formula',
  'group',
  'hour',
  'integration',
  'item_assignees',
  'item_id',
  'last_updated',
  'link',
  'location',
  'long_text',
  'mirror',
  'numbers',
  'people',
  'phone',
  'progress',
  'rating',
  'status',
  'tags',
  'team',
  'text',
  'timeline',
  'time_tracking',
  'vote',
  'week',
  'world_clock',
  'unsupported',
  'name',
  'person',
  'direct_doc',
  'subtasks',
] as const;

/** A column kind: one value of the platform's `ColumnType` enum. */
export type ColumnKind = (typeof COLUMN_KINDS)[number];

/** Kinds a value can be written to through `column_values` (each has a builder on `column`). */
export const WRITABLE_COLUMN_KINDS = [
  'board_relation',
  'checkbox',
  'country',
  'date',
  'dependency',
  'dropdown',
  'email',
  'hour',
  'link',
  'location',
  'long_text',
  'name',
  'numbers',
  'people',
  'phone',
  'rating',
  'status',
  'tags',
  'team',
  'text',
  'timeline',
  'week',
  'world_clock',
] as const satisfies readonly ColumnKind[];

/** A kind with a builder. */
export type WritableColumnKind = (typeof WRITABLE_COLUMN_KINDS)[number];

/** True when `type` is one of {@link COLUMN_KINDS}. */
export function isColumnKind(type: string): type is ColumnKind {
  return (COLUMN_KINDS as readonly string[]).includes(type);
}
