/**
 * A status column's whole label list, as update_status_column (2025-10) sets it, and the column's label settings.
 *
 * Rule map:
 * - a value is a label's index, and an index never changes for its label (the platform's status page:
 *   https://developer.monday.com/api-reference/reference/status, "Each status column is a collection of indexes and
 *   their corresponding labels"): an existing label sent with `id` keeps its index, {@link applyStatusLabels}
 * - at most 40 labels (same page: "The status column has a limit of 40 labels"), unique indexes and texts
 * - removing a label: the platform's docs say nothing of what happens to the values holding it, so the emulator
 *   refuses to drop a label an item still holds and points at `is_deactivated`, which the input type offers; a
 *   deactivated label keeps showing on the items that hold it and cannot be set again (labels.ts). Pinned by
 *   test/emulator/column-updates.test.ts.
 * - colours, descriptions and deactivation are kept beside `labels` and `done_colors` in the settings:
 *   `labels_colors` (index → `{ var_name }`), `labels_descriptions` (index → text), `deactivated_labels` (indexes).
 * - how the settings are answered: `settings_str` in that object form at every version; `settings` (2025-10 on) with
 *   the labels as a list, {@link statusSettingsList}
 */
import { invalidArgument } from '../errors.js';
import type { ColumnRecord } from '../store/records.js';
import { isObject } from './parse.js';

/** The most labels a status column holds. */
export const MAX_STATUS_LABELS = 40;

/** One label of update_status_column's `settings.labels` (the schema's `UpdateStatusLabelInput`). */
export interface StatusLabelInput {
  color: string;
  description?: string | null;
  id?: number | null;
  index: number;
  is_deactivated?: boolean | null;
  is_done?: boolean | null;
  label: string;
}

/** The indexes of a status column's deactivated labels. */
export function deactivatedStatusIndexes(column: ColumnRecord): number[] {
  const listed = column.settings.deactivated_labels;
  return Array.isArray(listed) ? listed.filter((index): index is number => typeof index === 'number') : [];
}

function checkLabel(input: StatusLabelInput, existing: Record<string, string>): void {
  if (!Number.isInteger(input.index) || input.index < 0)
    throw invalidArgument(`A status label index is a whole number from 0, got ${input.index}.`, { index: input.index });
  if (input.label.trim() === '') throw invalidArgument('A status label cannot be empty.', { index: input.index });
  if (input.id === null || input.id === undefined) return;
  if (existing[String(input.id)] === undefined)
    throw invalidArgument(`The column has no status label with id ${input.id}.`, { id: input.id });
  if (input.id !== input.index)
    throw invalidArgument(
      `Label ${input.id} keeps its index (items hold the index): send index ${input.id}, or a new label without an id.`,
      { id: input.id, index: input.index },
    );
}

/**
 * The settings of `column` with its labels replaced by `labels`; `inUse` counts the items holding each index.
 * Throws INVALID_ARGUMENT for a list the column cannot take (see the rule map), naming the label at fault.
 */
export function applyStatusLabels(
  column: ColumnRecord,
  labels: readonly StatusLabelInput[],
  inUse: ReadonlyMap<number, number>,
): Record<string, unknown> {
  const existing = isObject(column.settings.labels) ? (column.settings.labels as Record<string, string>) : {};
  if (labels.length === 0) throw invalidArgument('A status column needs at least one label.');
  if (labels.length > MAX_STATUS_LABELS)
    throw invalidArgument(`A status column holds at most ${MAX_STATUS_LABELS} labels; ${labels.length} were sent.`);
  const byIndex = new Map<number, StatusLabelInput>();
  const texts = new Set<string>();
  for (const input of labels) {
    checkLabel(input, existing);
    if (byIndex.has(input.index))
      throw invalidArgument(`Two labels have index ${input.index}.`, { index: input.index });
    if (texts.has(input.label)) throw invalidArgument(`Two labels read "${input.label}".`, { label: input.label });
    byIndex.set(input.index, input);
    texts.add(input.label);
  }
  for (const [index, count] of inUse) {
    if (byIndex.has(index) || count === 0) continue;
    const text = existing[String(index)] ?? String(index);
    throw invalidArgument(
      `Label "${text}" (index ${index}) is set on ${count} item(s) and cannot be removed; send it with is_deactivated: true to retire it.`,
      { index, items: count },
    );
  }
  const sorted = [...byIndex.values()].sort((a, b) => a.index - b.index);
  const descriptions = sorted.filter((input) => input.description);
  return {
    ...column.settings,
    labels: Object.fromEntries(sorted.map((input) => [String(input.index), input.label])),
    done_colors: sorted.filter((input) => input.is_done === true).map((input) => input.index),
    labels_colors: Object.fromEntries(sorted.map((input) => [String(input.index), { var_name: input.color }])),
    labels_descriptions: Object.fromEntries(descriptions.map((input) => [String(input.index), input.description])),
    deactivated_labels: sorted.filter((input) => input.is_deactivated === true).map((input) => input.index),
  };
}

/** The settings keys {@link statusSettingsList} folds into its label list. */
const LABEL_KEYS = ['labels', 'done_colors', 'labels_colors', 'labels_descriptions', 'deactivated_labels'];

/**
 * A status column's settings as `Column.settings` answers them (2025-10 on), the labels as a list of
 * `{ id, color, label, index, is_done, is_deactivated }` in index order, as the platform's 2025-10 changelog shows
 * them (https://developer.monday.com/api-reference/changelog/deprecating-settings_str-field-on-columns), plus the
 * `description` of a label given one (the schema's `StatusLabel` has it); other settings as they are.
 * - `id` and `index` are both the label's index: the emulator keeps one number per label, the one values hold.
 * - `color` is the colour number of the label's index, as the status index map pairs them (the changelog's labels 0,
 *   1 and 2 have colours 0, 1 and 2). The docs give no number for a colour set by name (update_status_column's
 *   `StatusColumnColors`), so that name stays in `settings_str`'s `labels_colors` and does not move the number.
 * Pinned by test/emulator/column-updates.test.ts ("answers the labels as a list in settings").
 */
export function statusSettingsList(column: ColumnRecord): Record<string, unknown> {
  const settings = column.settings;
  const texts = isObject(settings.labels) ? (settings.labels as Record<string, unknown>) : {};
  const done = Array.isArray(settings.done_colors) ? settings.done_colors : [];
  const deactivated = deactivatedStatusIndexes(column);
  const descriptions = isObject(settings.labels_descriptions)
    ? (settings.labels_descriptions as Record<string, unknown>)
    : {};
  const labels = Object.keys(texts)
    .map(Number)
    .filter((index) => Number.isInteger(index))
    .sort((a, b) => a - b)
    .map((index) => {
      const description = descriptions[String(index)];
      return {
        id: index,
        color: index,
        label: String(texts[String(index)]),
        index,
        is_done: done.includes(index),
        is_deactivated: deactivated.includes(index),
        ...(typeof description === 'string' && description !== '' ? { description } : {}),
      };
    });
  const rest = Object.fromEntries(Object.entries(settings).filter(([key]) => !LABEL_KEYS.includes(key)));
  return { ...rest, labels };
}
