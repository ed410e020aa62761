/**
 * An item's stored values, keyed by column id. Column ids are chosen by users (`create_column(id:)`, seeds), so a
 * record of them must not inherit: a column named `constructor` would otherwise read `Object.prototype.constructor`
 * as its value, and one named `__proto__` would replace the record's prototype when written. Values records have no
 * prototype, and every read checks the key is the record's own. Pinned by test/engine/inherited-ids.test.ts.
 */

/** A values record without a prototype, holding `from`'s own entries. */
export function valuesRecord(from?: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const record: Record<string, unknown> = Object.create(null);
  if (from) for (const [columnId, value] of Object.entries(from)) record[columnId] = value;
  return record;
}

/** True when `values` holds a value of its own for `columnId`. */
export function holdsValue(values: Readonly<Record<string, unknown>>, columnId: string): boolean {
  return Object.hasOwn(values, columnId);
}

/** The value `item` stores for `columnId`, or null; never an inherited property. */
export function storedValue(item: { readonly values: Readonly<Record<string, unknown>> }, columnId: string): unknown {
  return Object.hasOwn(item.values, columnId) ? (item.values[columnId] ?? null) : null;
}
