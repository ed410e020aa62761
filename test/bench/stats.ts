/** Small statistics helpers for the bench. */

/** The value below which `fraction` of `values` fall (nearest rank). `NaN` for an empty list. */
export function percentile(values: ArrayLike<number>, fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Array.from(values).sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] as number;
}

/** The median of `values` (mean of the middle two for an even count). `NaN` for an empty list. */
export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Array.from(values).sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** `list` rotated left by `by` places, so each round starts with a different client. */
export function rotate<T>(list: readonly T[], by: number): T[] {
  if (list.length === 0) return [];
  const shift = by % list.length;
  return [...list.slice(shift), ...list.slice(0, shift)];
}
