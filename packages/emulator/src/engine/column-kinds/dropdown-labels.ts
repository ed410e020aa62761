/**
 * A dropdown column's whole label list, as create_dropdown_column and update_dropdown_column (2025-10) set it.
 *
 * Rule map (https://developer.monday.com/api-reference/reference/dropdown: items hold label ids):
 * - a label sent with `id` keeps it (items hold the id); one without gets the next free id: {@link applyDropdownLabels}
 * - label texts are non-empty and unique
 * - as for status labels (./status-labels.ts), a label an item holds is not removed; `is_deactivated: true` retires
 *   it: kept in `deactivated_labels` (ids), shown where set, not settable again (./labels.ts)
 * - `label_limit_count` and `limit_select` are kept as sent
 * Pinned by packages/emulator/test/column-updates.test.ts.
 */
import { invalidArgument } from '../errors.js';
import type { ColumnRecord } from '../store/records.js';
import { dropdownLabels } from './labels.js';

/** One label of a dropdown's settings (`CreateDropdownLabelInput` / `UpdateDropdownLabelInput`). */
export interface DropdownLabelInput {
  id?: number | null;
  is_deactivated?: boolean | null;
  label: string;
}

/** A dropdown's settings as the column mutations send them. */
export interface DropdownSettingsInput {
  labels: readonly DropdownLabelInput[];
  label_limit_count?: number | null;
  limit_select?: boolean | null;
}

/**
 * The settings of `column` (null: a new column) with its labels replaced by `input`; `inUse` counts the items
 * holding each label id. Throws INVALID_ARGUMENT naming the label at fault.
 */
export function applyDropdownLabels(
  column: ColumnRecord | null,
  input: DropdownSettingsInput,
  inUse: ReadonlyMap<number, number>,
): Record<string, unknown> {
  const existing = column ? dropdownLabels(column) : [];
  const texts = new Set<string>();
  const kept = new Set<number>();
  let next = Math.max(0, ...existing.map((label) => label.id)) + 1;
  const labels = input.labels.map((label) => {
    if (label.label.trim() === '') throw invalidArgument('A dropdown label cannot be empty.');
    if (texts.has(label.label)) throw invalidArgument(`Two labels read "${label.label}".`, { label: label.label });
    texts.add(label.label);
    if (label.id === null || label.id === undefined)
      return { id: next++, name: label.label, off: label.is_deactivated };
    if (!existing.some((candidate) => candidate.id === label.id) || kept.has(label.id))
      throw invalidArgument(`The column has no dropdown label with id ${label.id} (or it is sent twice).`, {
        id: label.id,
      });
    kept.add(label.id);
    return { id: label.id, name: label.label, off: label.is_deactivated };
  });
  if (input.label_limit_count !== null && input.label_limit_count !== undefined && input.label_limit_count < 1)
    throw invalidArgument('label_limit_count is a whole number from 1.');
  for (const [id, count] of inUse) {
    if (kept.has(id) || count === 0) continue;
    const name = existing.find((label) => label.id === id)?.name ?? String(id);
    throw invalidArgument(
      `Dropdown label "${name}" (id ${id}) is set on ${count} item(s) and cannot be removed; send it with is_deactivated: true to retire it.`,
      { id, items: count },
    );
  }
  const settings: Record<string, unknown> = {
    ...(column?.settings ?? {}),
    labels: labels.map(({ id, name }) => ({ id, name })),
    deactivated_labels: labels.filter((label) => label.off === true).map((label) => label.id),
  };
  if (input.label_limit_count !== undefined) settings.label_limit_count = input.label_limit_count;
  if (input.limit_select !== undefined) settings.limit_select = input.limit_select;
  return settings;
}
