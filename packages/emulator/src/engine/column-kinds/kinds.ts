/**
 * The emulator's own statement of which column kinds exist and which an import file may hold, so that the stand-in
 * the SDK's tests run against does not share a mistake in the SDK's lists. Held to the SDK's (`COLUMN_KINDS`,
 * `IMPORTABLE_COLUMN_KINDS`) and to the served schema by packages/emulator/test/column-kind-facts.test.ts, so a
 * mistake in either shows as a disagreement.
 *
 * - Which kinds exist: the `ColumnType` enum of the newest published schema the emulator serves. The list is checked
 *   against the enum by the compiler (`ColumnType` is generated from that schema by `npm run codegen`): a kind the
 *   schema lacks does not compile, and neither does a list that leaves one of its kinds out.
 * - Which kinds an import takes: the import pages list Board Relation, Date, Dropdown, Email, Link, Long Text, Number,
 *   People, Phone, Status, Text and Timeline
 *   (https://developer.monday.com/api-reference/docs/importing-items-in-bulk); the item's name is its own column.
 */
import type { ColumnType } from '../resolvers/arguments.generated.js';

/** Every value of the newest served schema's `ColumnType` enum, in the schema's (alphabetical) order. */
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
  'direct_doc',
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
  'name',
  'numbers',
  'people',
  'person',
  'phone',
  'progress',
  'rating',
  'status',
  'subtasks',
  'tags',
  'team',
  'text',
  'time_tracking',
  'timeline',
  'unsupported',
  'vote',
  'week',
  'world_clock',
] as const satisfies readonly ColumnType[];

/** A column kind: one value of the `ColumnType` enum. */
export type ColumnKind = (typeof COLUMN_KINDS)[number];

/** Compiles only while {@link COLUMN_KINDS} holds every value of the schema's enum. */
const EVERY_KIND_LISTED: [Exclude<ColumnType, ColumnKind>] extends [never] ? true : never = true;
void EVERY_KIND_LISTED;

/** The column kinds an import file may hold values of, besides the item's name (`name`). */
export const IMPORTABLE_COLUMN_KINDS = [
  'board_relation',
  'date',
  'dropdown',
  'email',
  'link',
  'long_text',
  'numbers',
  'people',
  'phone',
  'status',
  'text',
  'timeline',
] as const satisfies readonly ColumnKind[];
