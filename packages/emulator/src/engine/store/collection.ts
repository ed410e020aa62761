/**
 * The records of one family, kept in insertion order and found by id: the skeleton every family store shares.
 * Ids are numeric strings (or UUIDs); a number given to {@link Collection.find} is compared as its string.
 * {@link Collection.find} reads an index by id, made on its first use (one lookup, not a scan: a board of 100,000
 * items answered each item's linked or parent item by scanning them all; a family never found by id, such as the
 * activity log, holds no index); a record's id never changes once it is inserted.
 */
export class Collection<T extends { id: string }> {
  readonly #records: T[];
  /**
   * The first record of each id (ids are unique in practice; the first one wins, as a scan's), from the first
   * {@link find} on.
   */
  #byId: Map<string, T> | undefined;

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
    if (!this.#byId) {
      this.#byId = new Map();
      for (const record of this.#records) this.#index(record);
    }
    return this.#byId.get(String(id));
  }

  /** The records that pass `test`, oldest first. */
  where(test: (record: T) => boolean): T[] {
    return this.#records.filter(test);
  }

  /** Adds a fully formed record; returns it. */
  insert(record: T): T {
    this.#push(record);
    return record;
  }

  /** Removes a record (nothing when it is not here); returns it. */
  remove(record: T): T {
    const index = this.#records.indexOf(record);
    if (index >= 0) {
      this.#records.splice(index, 1);
      this.#unindex(record);
    }
    return record;
  }

  /** Removes every record that passes `test`; returns them, oldest first. */
  removeWhere(test: (record: T) => boolean): T[] {
    const removed = this.#records.filter(test);
    const kept = this.#records.filter((record) => !test(record));
    if (removed.length === 0) return removed;
    // refilled one by one: a spread of a hundred thousand records overflows the call's arguments
    this.#records.length = 0;
    this.#byId?.clear();
    for (const record of kept) this.#push(record);
    return removed;
  }

  #push(record: T): void {
    this.#records.push(record);
    this.#index(record);
  }

  #index(record: T): void {
    if (this.#byId && !this.#byId.has(record.id)) this.#byId.set(record.id, record);
  }

  /** Drops `record` from the index; another record of the same id (if any) takes its place. */
  #unindex(record: T): void {
    if (!this.#byId || this.#byId.get(record.id) !== record) return;
    this.#byId.delete(record.id);
    const other = this.#records.find((candidate) => candidate.id === record.id);
    if (other) this.#byId.set(other.id, other);
  }
}
