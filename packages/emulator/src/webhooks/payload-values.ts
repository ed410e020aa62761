/**
 * A column value as a webhook payload carries it (`value`, `previousValue` of `update_column_value`), from the form
 * the store keeps. The platform's samples ("Sample payload for webhook events",
 * https://developer.monday.com/api-reference/reference/webhooks) show two kinds:
 * - status: `{ label: { index, text, style }, post_id: null }`, the label's id, its text and its colour style, where
 *   the store keeps `{ index }`. The platform's style is the label's `{ color, border, var_name }`; the emulator keeps
 *   no hex colours for labels, so `style` holds what the column's settings keep for the label (`labels_colors`,
 *   the same object `settings_str` shows), an empty object when they keep nothing: never an invented colour;
 * - date: `{ date, icon, time }`, `icon` and `time` null when unset, where the store keeps `{ date, time? }`.
 * For every other kind the docs show no sample, so the value goes as the store keeps it (the column's JSON form).
 * An empty value is `null` (the samples' `previousValue: null`). Pinned by test/webhook-payloads.test.ts.
 */
import { statusLabels } from '../engine/column-kinds/index.js';
import type { ColumnRecord } from '../engine/store/records.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function statusPayload(column: ColumnRecord, stored: Record<string, unknown>): unknown {
  const index = Number(stored.index);
  const colors = isObject(column.settings.labels_colors) ? column.settings.labels_colors : {};
  const style = colors[String(index)];
  return {
    label: {
      index,
      text: statusLabels(column)[String(index)] ?? null,
      style: isObject(style) ? structuredClone(style) : {},
    },
    post_id: null,
  };
}

/** The payload form of `stored`, a value of `column` (`undefined` when the column is gone: the stored form). */
export function payloadValue(column: ColumnRecord | undefined, stored: unknown): unknown {
  if (stored === null || stored === undefined) return null;
  if (column?.type === 'status' && isObject(stored) && stored.index !== undefined && stored.index !== null)
    return statusPayload(column, stored);
  if (column?.type === 'date' && isObject(stored) && typeof stored.date === 'string')
    return { date: stored.date, icon: null, time: typeof stored.time === 'string' ? stored.time : null };
  return structuredClone(stored);
}
