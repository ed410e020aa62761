/**
 * The work one cell read may cause. Computed kinds read other cells (a formula its columns, a mirror the linked
 * items' column, progress its status columns), which may be computed in turn; within one read:
 * - each (item, column) is computed once and remembered, so a formula naming a column four times, whose column
 *   names another four times, costs one evaluation per column, not 4^depth;
 * - a cell that needs itself (a formula naming itself, a cycle of formulas or mirrors) reads as empty;
 * - at most {@link MAX_NESTED_READS} cells nested and {@link MAX_READS} computed: past either, the cell reads as empty.
 * The platform's docs say nothing of circular formulas (the formula column is read through `display_value`,
 * https://developer.monday.com/api-reference/changelog/new-ability-to-read-the-formula-column): an empty cell is what
 * the emulator already answers for a formula it cannot evaluate, so a cycle answers the same rather than an error
 * for the whole request. Pinned by test/engine/formula-work.test.ts.
 */

/** Most cells one read may nest (a formula over a formula over ...). */
export const MAX_NESTED_READS = 100;
/** Most cells one read may compute. */
export const MAX_READS = 10_000;

/** The shared state of one cell read. */
export interface ReadScope {
  readonly done: Map<string, unknown>;
  readonly active: Set<string>;
  computed: number;
}

/** A fresh scope for one cell read. */
export function newReadScope(): ReadScope {
  return { done: new Map(), active: new Set(), computed: 0 };
}

/**
 * The value of `key` within `scope`: remembered, or computed once by `compute`; `empty` when the cell needs itself
 * or the read's bounds are reached.
 */
export function readOnce<T>(scope: ReadScope, key: string, empty: T, compute: () => T): T {
  if (scope.done.has(key)) return scope.done.get(key) as T;
  if (scope.active.has(key) || scope.active.size >= MAX_NESTED_READS || scope.computed >= MAX_READS) return empty;
  scope.computed += 1;
  scope.active.add(key);
  let value: T;
  try {
    value = compute();
  } finally {
    scope.active.delete(key);
  }
  scope.done.set(key, value);
  return value;
}
