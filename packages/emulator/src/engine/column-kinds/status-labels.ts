/**
 * A status column's whole label list, as create_status_column and update_status_column (2025-10) set it, and the
 * column's label settings.
 *
 * Rule map (the status column page, https://developer.monday.com/api-reference/reference/status, "id vs index"):
 * - a label has two numbers: its `id`, the stable key that values hold (`{"index": id}`) and `settings_str`'s
 *   `labels` keys, and its `index`, its position in the column's order, which a reorder changes. The input types
 *   (`CreateStatusLabelInput`, `UpdateStatusLabelInput`) take `index` as that position (0–39) and `id` as the
 *   existing label's key: an existing label sent with `id` keeps its key and moves to the `index` sent,
 *   {@link applyStatusLabels}
 * - a new label (no `id`) takes its colour's number as its key (same page, "Available colors": the colour's
 *   numeric id serves as the label id when labels are created), so a colour whose number is a label's key already
 *   cannot start another: ./status-colors.ts
 * - at most 40 labels (same page), unique positions, keys and texts
 * - the positions are kept in `settings_str` as `labels_positions_v2` (key → position), the map public clients of
 *   the platform read the column's order from; a column without one (or a key it lacks) is in key order after the
 *   positions it has, {@link statusPositions}
 * - removing a label: the platform's docs say nothing of what happens to the values holding it, so the emulator
 *   refuses to drop a label an item still holds and points at `is_deactivated`, which the input type offers; a
 *   deactivated label keeps showing on the items that hold it and cannot be set again (labels.ts).
 * - colours, descriptions and deactivation are kept beside `labels` and `done_colors` in the settings, by key:
 *   `labels_colors` (key → `{ var_name }`), `labels_descriptions` (key → text), `deactivated_labels` (keys).
 * - how the settings are answered: `settings_str` in that object form at every version; `settings` (2025-10 on) with
 *   the labels as a list in position order, {@link statusSettingsList}
 * Pinned by packages/emulator/test/column-updates.test.ts.
 */
import { invalidArgument } from '../errors.js';
import type { ColumnRecord } from '../store/records.js';
import { isObject } from './parse.js';
import { statusColorNumber } from './status-colors.js';

/** The most labels a status column holds. */
export const MAX_STATUS_LABELS = 40;

/** The highest position a status label takes (the input types' `index`, 0–39). */
const MAX_STATUS_POSITION = MAX_STATUS_LABELS - 1;

/** One label of update_status_column's `settings.labels` (the schema's `UpdateStatusLabelInput`). */
export interface StatusLabelInput {
  color: string;
  description?: string | null;
  /** The existing label's key; none for a new label. */
  id?: number | null;
  /** The label's position in the column's order. */
  index: number;
  is_deactivated?: boolean | null;
  is_done?: boolean | null;
  label: string;
}

/** How {@link applyStatusLabels} reads an `id` the column does not have. */
export interface StatusLabelOptions {
  /**
   * True when `id` is the key the caller chose for a new label (update_column's `index → text` object, the shape
   * create_column's defaults take); otherwise such an `id` is refused.
   */
  keysAsSent?: boolean;
}

/** The keys of a status column's deactivated labels. */
export function deactivatedStatusIndexes(column: ColumnRecord): number[] {
  const listed = column.settings.deactivated_labels;
  return Array.isArray(listed) ? listed.filter((index): index is number => typeof index === 'number') : [];
}

function labelTexts(column: ColumnRecord): Record<string, string> {
  return isObject(column.settings.labels) ? (column.settings.labels as Record<string, string>) : {};
}

/**
 * Each label's position, by key: `labels_positions_v2`'s where it has one, else after the highest of those, in key
 * order (a seeded column, one create_column made, a label create_labels_if_missing added).
 */
export function statusPositions(column: ColumnRecord): Map<number, number> {
  const keys = Object.keys(labelTexts(column))
    .map(Number)
    .filter((key) => Number.isInteger(key))
    .sort((a, b) => a - b);
  const stored = isObject(column.settings.labels_positions_v2) ? column.settings.labels_positions_v2 : {};
  const positions = new Map<number, number>();
  for (const key of keys) {
    const position = stored[String(key)];
    if (typeof position === 'number' && Number.isInteger(position)) positions.set(key, position);
  }
  let next = Math.max(-1, ...positions.values()) + 1;
  for (const key of keys) if (!positions.has(key)) positions.set(key, next++);
  return positions;
}

function checkLabel(input: StatusLabelInput): void {
  if (!Number.isInteger(input.index) || input.index < 0 || input.index > MAX_STATUS_POSITION)
    throw invalidArgument(
      `A status label index is its position, a whole number from 0 to ${MAX_STATUS_POSITION}; got ${input.index}.`,
      { index: input.index },
    );
  if (input.label.trim() === '') throw invalidArgument('A status label cannot be empty.', { index: input.index });
}

/** The key of each of `labels`, in their order: the `id` sent, or the colour's number for a new label. */
function labelKeys(
  labels: readonly StatusLabelInput[],
  existing: Record<string, string>,
  options: StatusLabelOptions,
): number[] {
  const sentKeys = new Set<number>();
  for (const input of labels) {
    if (input.id === null || input.id === undefined) continue;
    if (
      existing[String(input.id)] === undefined &&
      !(options.keysAsSent && Number.isInteger(input.id) && input.id >= 0)
    )
      throw invalidArgument(`The column has no status label with id ${input.id}; send a new label without an id.`, {
        id: input.id,
      });
    if (sentKeys.has(input.id)) throw invalidArgument(`Two labels have id ${input.id}.`, { id: input.id });
    sentKeys.add(input.id);
  }
  const taken = new Set([...Object.keys(existing).map(Number), ...sentKeys]);
  return labels.map((input) => {
    if (input.id !== null && input.id !== undefined) return input.id;
    const key = statusColorNumber(input.color);
    if (key === undefined)
      throw invalidArgument(`"${input.color}" is not a status colour.`, { label: input.label, color: input.color });
    if (taken.has(key)) {
      const holder = existing[String(key)] ?? labels.find((other) => other.id === key)?.label;
      throw invalidArgument(
        `A new label takes its colour's number as its id, and id ${key} (${input.color}) is ${holder === undefined ? 'taken' : `label "${holder}"'s`}: give "${input.label}" a colour no label has as its id.`,
        { label: input.label, color: input.color, id: key },
      );
    }
    taken.add(key);
    return key;
  });
}

/**
 * The settings of `column` with its labels replaced by `labels`; `inUse` counts the items holding each key.
 * Throws INVALID_ARGUMENT for a list the column cannot take (see the rule map), naming the label at fault.
 */
export function applyStatusLabels(
  column: ColumnRecord,
  labels: readonly StatusLabelInput[],
  inUse: ReadonlyMap<number, number>,
  options: StatusLabelOptions = {},
): Record<string, unknown> {
  const existing = labelTexts(column);
  if (labels.length === 0) throw invalidArgument('A status column needs at least one label.');
  if (labels.length > MAX_STATUS_LABELS)
    throw invalidArgument(`A status column holds at most ${MAX_STATUS_LABELS} labels; ${labels.length} were sent.`);
  const positions = new Set<number>();
  const texts = new Set<string>();
  for (const input of labels) {
    checkLabel(input);
    if (positions.has(input.index))
      throw invalidArgument(`Two labels have index ${input.index} (a position in the column's order).`, {
        index: input.index,
      });
    if (texts.has(input.label)) throw invalidArgument(`Two labels read "${input.label}".`, { label: input.label });
    positions.add(input.index);
    texts.add(input.label);
  }
  const keys = labelKeys(labels, existing, options);
  const kept = new Set(keys);
  for (const [key, count] of inUse) {
    if (kept.has(key) || count === 0) continue;
    const text = existing[String(key)] ?? String(key);
    throw invalidArgument(
      `Label "${text}" (id ${key}) is set on ${count} item(s) and cannot be removed; send it with is_deactivated: true to retire it.`,
      { id: key, items: count },
    );
  }
  const sorted = labels.map((input, at) => ({ ...input, key: keys[at] as number })).sort((a, b) => a.index - b.index);
  const descriptions = sorted.filter((input) => input.description);
  return {
    ...column.settings,
    labels: Object.fromEntries(sorted.map((input) => [String(input.key), input.label])),
    labels_positions_v2: Object.fromEntries(sorted.map((input) => [String(input.key), input.index])),
    done_colors: sorted.filter((input) => input.is_done === true).map((input) => input.key),
    labels_colors: Object.fromEntries(sorted.map((input) => [String(input.key), { var_name: input.color }])),
    labels_descriptions: Object.fromEntries(descriptions.map((input) => [String(input.key), input.description])),
    deactivated_labels: sorted.filter((input) => input.is_deactivated === true).map((input) => input.key),
  };
}

/** The settings keys {@link statusSettingsList} folds into its label list. */
const LABEL_KEYS = [
  'labels',
  'labels_positions_v2',
  'done_colors',
  'labels_colors',
  'labels_descriptions',
  'deactivated_labels',
];

/**
 * A status column's settings as `Column.settings` answers them (2025-10 on), the labels as a list of
 * `{ id, color, label, index, is_done, is_deactivated }` in position order, as the platform's 2025-10 changelog
 * shows them (https://developer.monday.com/api-reference/changelog/deprecating-settings_str-field-on-columns), plus
 * the `description` of a label given one (the schema's `StatusLabel` has it); other settings as they are.
 * - `id` is the label's key (what values hold), `index` its position ({@link statusPositions}).
 * - `color` is the colour number of the label's key, as the status index map pairs them (the changelog's labels 0,
 *   1 and 2 have colours 0, 1 and 2); a new label's key is its colour's number, so the two agree until the colour is
 *   changed, whose name stays in `settings_str`'s `labels_colors` and does not move the number.
 * Pinned by packages/emulator/test/column-updates.test.ts ("answers the labels as a list in settings").
 */
export function statusSettingsList(column: ColumnRecord): Record<string, unknown> {
  const settings = column.settings;
  const texts = labelTexts(column);
  const done = Array.isArray(settings.done_colors) ? settings.done_colors : [];
  const deactivated = deactivatedStatusIndexes(column);
  const descriptions = isObject(settings.labels_descriptions)
    ? (settings.labels_descriptions as Record<string, unknown>)
    : {};
  const labels = [...statusPositions(column)]
    .sort(([, a], [, b]) => a - b)
    .map(([key, index]) => {
      const description = descriptions[String(key)];
      return {
        id: key,
        color: key,
        label: String(texts[String(key)]),
        index,
        is_done: done.includes(key),
        is_deactivated: deactivated.includes(key),
        ...(typeof description === 'string' && description !== '' ? { description } : {}),
      };
    });
  const rest = Object.fromEntries(Object.entries(settings).filter(([key]) => !LABEL_KEYS.includes(key)));
  return { ...rest, labels };
}
