/**
 * The settings an update_column, update_status_column or update_dropdown_column leaves a column with, and the
 * settings create_column starts one with; pure functions over the column and its board's items.
 *
 * Rule map:
 * - create_column's `defaults` over the kind's settings, in the forms the columns reference documents ("Create a
 *   status or dropdown column with custom labels", https://developer.monday.com/api-reference/reference/columns):
 *   status labels as `{"labels": {"1": "text"}}`, dropdown labels as `{"settings": {"labels": [{"id", "name"}]}}`;
 *   the `settings` wrapper is read for every kind, and labels the emulator cannot read are refused, never dropped:
 *   {@link settingsFor}
 * - update_column's `settings` (JSON text or an object): a status column's are its labels (the `index → text` object
 *   or update_status_column's list), others merge over the kind's, and a dropdown keeps every label an item holds:
 *   {@link updatedSettings}
 * - the label lists themselves: ../column-kinds/status-labels.ts, ../column-kinds/dropdown-labels.ts
 * Pinned by packages/emulator/test/column-updates.test.ts.
 */
import { applyDropdownLabels, type DropdownSettingsInput } from '../column-kinds/dropdown-labels.js';
import { isObject } from '../column-kinds/parse.js';
import { STATUS_COLOR_NUMBERS } from '../column-kinds/status-colors.js';
import {
  applyStatusLabels,
  deactivatedStatusIndexes,
  type StatusLabelInput,
  statusPositions,
} from '../column-kinds/status-labels.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { COLUMN_DEFAULTS } from './column-record.js';
import { storedValue } from './item-values.js';
import type { ColumnKind, ColumnRecord, ItemRecord } from './records.js';

/** The settings parts of an update (see ColumnUpdate in columns.ts). */
export interface SettingsUpdate {
  settings?: unknown;
  statusLabels?: readonly StatusLabelInput[] | null;
  dropdownSettings?: DropdownSettingsInput | null;
}

/** `defaults` with the `settings` wrapper of the documented dropdown form opened (`{"settings": {...}}`). */
function openedDefaults(defaults: Record<string, unknown>): Record<string, unknown> {
  const { settings, ...rest } = defaults;
  if (settings === undefined) return defaults;
  if (!isObject(settings))
    throw engineError(
      ENGINE_ERROR_CODES.invalidArgument,
      'defaults.settings must be a JSON object of column settings.',
    );
  return { ...rest, ...settings };
}

/** A dropdown's `labels` from create_column's defaults, as `{ id, name }` (a plain name takes the next id). */
function dropdownDefaultLabels(labels: unknown): { id: number; name: string }[] {
  const wrong = (why: string) =>
    engineError(
      ENGINE_ERROR_CODES.invalidArgument,
      `Dropdown defaults need "labels": a list of {"id": n, "name": "text"} (${why}).`,
    );
  if (!Array.isArray(labels)) throw wrong('labels is not a list');
  const ids = new Set<number>();
  const names = new Set<string>();
  let highest = 0;
  return labels.map((label) => {
    const name = isObject(label) ? label.name : label;
    const id = isObject(label) && label.id !== undefined && label.id !== null ? Number(label.id) : undefined;
    if (typeof name !== 'string' || name.trim() === '') throw wrong('a label has no name');
    if (id !== undefined && (!Number.isInteger(id) || id < 1))
      throw wrong(`"${name}" has an id that is not a whole number from 1`);
    const given = id ?? highest + 1;
    if (ids.has(given) || names.has(name)) throw wrong(`"${name}" or its id is sent twice`);
    ids.add(given);
    names.add(name);
    highest = Math.max(highest, given);
    return { id: given, name };
  });
}

/**
 * A new column's settings: `defaults` (an object, `settings`-wrapped or not) over the kind's; status labels must be
 * id → text, dropdown labels a list of `{ id, name }`.
 */
export function settingsFor(type: ColumnKind, defaults: unknown): Record<string, unknown> {
  const base = COLUMN_DEFAULTS[type]();
  if (defaults === null || defaults === undefined) return base;
  if (typeof defaults !== 'object' || Array.isArray(defaults)) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'defaults must be a JSON object of column settings.');
  }
  const settings = { ...base, ...openedDefaults(defaults as Record<string, unknown>) };
  if (type === 'status') {
    const labels = settings.labels;
    const valid =
      typeof labels === 'object' &&
      labels !== null &&
      !Array.isArray(labels) &&
      Object.entries(labels).every(([key, text]) => /^\d+$/.test(key) && typeof text === 'string');
    if (!valid)
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        'Status defaults need "labels": an object of label id → label text.',
      );
  }
  if (type === 'dropdown') settings.labels = dropdownDefaultLabels(settings.labels);
  return settings;
}

/**
 * The settings `column` has after `input`, or undefined when `input` sends none; `items` are its board's (their
 * values say which labels are in use). Throws INVALID_ARGUMENT for settings the column cannot take.
 */
export function updatedSettings(
  column: ColumnRecord,
  input: SettingsUpdate,
  items: readonly ItemRecord[],
): Record<string, unknown> | undefined {
  if (input.dropdownSettings) return applyDropdownLabels(column, input.dropdownSettings, dropdownUse(column, items));
  let labels = input.statusLabels ?? undefined;
  let keysAsSent = false;
  if (input.settings !== null && input.settings !== undefined) {
    const sent = parseSettings(input.settings);
    if (column.type !== 'status') return checkedSettings(column, sent, items);
    labels = statusLabelList(column, sent.labels);
    keysAsSent = isObject(sent.labels);
  }
  if (labels === undefined) return undefined;
  return applyStatusLabels(column, labels, statusUse(column, items), { keysAsSent });
}

/** `sent` over the kind's defaults; a dropdown keeps every label an item holds. */
function checkedSettings(
  column: ColumnRecord,
  sent: Record<string, unknown>,
  items: readonly ItemRecord[],
): Record<string, unknown> {
  const settings = settingsFor(column.type, sent);
  if (column.type !== 'dropdown' || sent.labels === undefined) return settings;
  const kept = new Set(
    (Array.isArray(settings.labels) ? settings.labels : []).map((label, index) =>
      isObject(label) ? Number(label.id) : index + 1,
    ),
  );
  for (const item of items) {
    if (item.state === 'deleted') continue;
    const ids = (storedValue(item, column.id) as { ids?: unknown } | null)?.ids;
    const lost = Array.isArray(ids) ? ids.find((id) => !kept.has(Number(id))) : undefined;
    if (lost !== undefined) {
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        `Dropdown label ${lost} is set on item ${item.id} and cannot be removed.`,
        { column_id: column.id, label_id: lost },
      );
    }
  }
  return settings;
}

/** How many items (archived ones too) hold each label id of a dropdown column. */
function dropdownUse(column: ColumnRecord, items: readonly ItemRecord[]): Map<number, number> {
  const use = new Map<number, number>();
  for (const item of items) {
    const ids = (storedValue(item, column.id) as { ids?: unknown } | null)?.ids;
    if (item.state === 'deleted' || !Array.isArray(ids)) continue;
    for (const id of ids) use.set(Number(id), (use.get(Number(id)) ?? 0) + 1);
  }
  return use;
}

/** How many items (archived ones too) hold each label key (the value's `index`) of a status column. */
function statusUse(column: ColumnRecord, items: readonly ItemRecord[]): Map<number, number> {
  const use = new Map<number, number>();
  for (const item of items) {
    const index = (storedValue(item, column.id) as { index?: unknown } | null)?.index;
    if (item.state === 'deleted' || typeof index !== 'number') continue;
    use.set(index, (use.get(index) ?? 0) + 1);
  }
  return use;
}

function parseSettings(raw: unknown): Record<string, unknown> {
  let settings = raw;
  if (typeof settings === 'string') {
    try {
      settings = JSON.parse(settings);
    } catch {
      throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'settings is not valid JSON.');
    }
  }
  if (!isObject(settings))
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'settings must be a JSON object of column settings.');
  return settings;
}

/**
 * update_column's status `labels` as update_status_column's list: the settings' `{ "key": "text" }` object
 * (create_column's shape: the keys are the labels' ids, an existing label keeps its position and a new one goes
 * last) or a list of `{ id, index, label, color, is_done, is_deactivated, description }` (what `Column.settings`
 * answers: `index` is the position, a numeric `color` is read as the label's colour so far).
 */
function statusLabelList(column: ColumnRecord, labels: unknown): StatusLabelInput[] {
  const colors = isObject(column.settings.labels_colors) ? column.settings.labels_colors : {};
  const descriptions = column.settings.labels_descriptions;
  const positions = statusPositions(column);
  const colorOf = (key: number | null, sent: unknown) => {
    if (typeof sent === 'string') return sent;
    const entry = key === null ? undefined : colors[String(key)];
    if (isObject(entry) && typeof entry.var_name === 'string') return entry.var_name;
    const named = Object.entries(STATUS_COLOR_NUMBERS).find(([, number]) => number === sent);
    return named ? named[0] : 'explosive';
  };
  const wrong = () =>
    engineError(
      ENGINE_ERROR_CODES.invalidArgument,
      'Status settings need "labels": an object of id → label text, or a list of { id, index, label, color }.',
    );
  if (isObject(labels)) {
    let next = Math.max(-1, ...positions.values()) + 1;
    return Object.entries(labels).map(([key, text]) => {
      if (!/^\d+$/.test(key) || typeof text !== 'string') throw wrong();
      const id = Number(key);
      return {
        id,
        index: positions.get(id) ?? next++,
        label: text,
        color: colorOf(id, undefined),
        is_done: Array.isArray(column.settings.done_colors) && column.settings.done_colors.includes(id),
        is_deactivated: deactivatedStatusIndexes(column).includes(id),
        description: isObject(descriptions) && typeof descriptions[key] === 'string' ? descriptions[key] : null,
      };
    });
  }
  if (!Array.isArray(labels)) throw wrong();
  return labels.map((entry) => {
    if (!isObject(entry) || typeof entry.index !== 'number' || typeof entry.label !== 'string') throw wrong();
    const id = typeof entry.id === 'number' ? entry.id : null;
    return {
      index: entry.index,
      label: entry.label,
      color: colorOf(id, entry.color),
      id,
      is_done: entry.is_done === true,
      is_deactivated: entry.is_deactivated === true,
      description: typeof entry.description === 'string' ? entry.description : null,
    };
  });
}
