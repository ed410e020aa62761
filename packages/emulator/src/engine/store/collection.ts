/**
 * The records of one family, kept in insertion order and found by id: the skeleton every family store shares.
 * Ids are numeric strings (or UUIDs); a number given to {@link Collection.find} is compared as its string.
 */
export class Collection<T extends { id: string }> {
  readonly #records: T[];

  /** Keeps `records` (already copied by the caller), in their order. */
  constructor(records: T[] = []) {
    this.#records = records;
  }

  /** Every record, oldest first (deleted ones too, where the family marks rather than removes). */
  all(): readonly T[] {
    return this.#records;
  }

  /** The record with this id, if any (any account, any state). */
  find(id: string | number): T | undefined {
    const wanted = String(id);
    return this.#records.find((record) => record.id === wanted);
  }

  /** The records that pass `test`, oldest first. */
  where(test: (record: T) => boolean): T[] {
    return this.#records.filter(test);
  }

  /** Adds a fully formed record; returns it. */
  insert(record: T): T {
    this.#records.push(record);
    return record;
  }

  /** Removes a record (nothing when it is not here); returns it. */
  remove(record: T): T {
    const index = this.#records.indexOf(record);
    if (index >= 0) this.#records.splice(index, 1);
    return record;
  }

  /** Removes every record that passes `test`; returns them, oldest first. */
  removeWhere(test: (record: T) => boolean): T[] {
    const removed = this.#records.filter(test);
    const kept = this.#records.filter((record) => !test(record));
    this.#records.splice(0, this.#records.length, ...kept);
    return removed;
  }
}
