/**
 * Object schemas: named column structures of one account, their columns, and which boards are connected to which
 * schema (a board to at most one). Every change to a schema or its columns raises its revision by one. Callers
 * have checked the account and the arguments; these keep the records consistent.
 */

import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** The policy of one schema column. */
export interface ObjectSchemaColumnPolicyRecord {
  /** What connected boards may override: `title`, `description`, `settings`. */
  canOverride: string[];
  cannotDelete: boolean;
  /** The messages the policy was given (`{ disabled_reason: {...} }`), or null. */
  messages: Record<string, unknown> | null;
}

/** A column of an object schema. */
export interface ObjectSchemaColumnRecord {
  id: string;
  title: string;
  type: string;
  description: string | null;
  /** The type-specific configuration given as `defaults`. */
  settings: Record<string, unknown>;
  policy: ObjectSchemaColumnPolicyRecord;
  optOutByDefault: boolean;
  /** When the column was deactivated (ISO 8601); null while active. */
  deprecatedAt: string | null;
}

/** An object schema. */
export interface ObjectSchemaRecord {
  id: string;
  accountId: string;
  /** Unique in the account. */
  name: string;
  description: string | null;
  parentId: string | null;
  revision: number;
  createdById: string;
  /** True for the schemas the platform seeds into every account (`exclude_created_by_monday` leaves them out). */
  createdByPlatform: boolean;
  createdAt: string;
  updatedAt: string;
  columns: ObjectSchemaColumnRecord[];
}

/** A board connected to an object schema. */
export interface BoardSchemaConnectionRecord {
  boardId: string;
  schemaId: string;
}

/** What a new column needs (its id is given here). */
export type NewObjectSchemaColumn = Omit<ObjectSchemaColumnRecord, 'id' | 'deprecatedAt'>;

/** What a column change may set; keys left out stay as they are. */
export type ObjectSchemaColumnChange = Partial<
  Pick<ObjectSchemaColumnRecord, 'title' | 'description' | 'settings' | 'policy' | 'optOutByDefault'>
>;

/** Object schemas and the boards connected to them. */
export class ObjectSchemaStore extends Collection<ObjectSchemaRecord> {
  /** The schema each connected board belongs to, by board id. */
  readonly #connections: Map<string, string>;
  readonly #store: Stamper;

  /** Keeps the seeded schemas and connections; ids and times come from `store`. */
  constructor(schemas: ObjectSchemaRecord[], connections: BoardSchemaConnectionRecord[], store: Stamper) {
    super(schemas);
    this.#connections = new Map(connections.map((connection) => [connection.boardId, connection.schemaId]));
    this.#store = store;
  }

  /** Adds a schema with no columns at revision 1. */
  create(input: Pick<ObjectSchemaRecord, 'accountId' | 'name' | 'description' | 'parentId' | 'createdById'>) {
    const now = this.#store.now();
    return this.insert({
      ...input,
      id: this.#store.newId(),
      revision: 1,
      createdByPlatform: false,
      createdAt: now,
      updatedAt: now,
      columns: [],
    });
  }

  /** Sets the description and parent (keys left out stay) as one new revision. */
  update(schema: ObjectSchemaRecord, change: Partial<Pick<ObjectSchemaRecord, 'description' | 'parentId'>>) {
    if (change.description !== undefined) schema.description = change.description;
    if (change.parentId !== undefined) schema.parentId = change.parentId;
    return this.#touch(schema);
  }

  /** Deletes a schema (the caller has checked that no board is connected). */
  delete(schema: ObjectSchemaRecord): ObjectSchemaRecord {
    return this.remove(schema);
  }

  /** Adds columns, in order, as one new revision. */
  addColumns(schema: ObjectSchemaRecord, columns: readonly NewObjectSchemaColumn[]): ObjectSchemaRecord {
    for (const column of columns) schema.columns.push({ ...column, id: this.#store.newId(), deprecatedAt: null });
    return this.#touch(schema);
  }

  /** Applies each change to its column, as one new revision. */
  changeColumns(
    schema: ObjectSchemaRecord,
    changes: readonly { column: ObjectSchemaColumnRecord; change: ObjectSchemaColumnChange }[],
  ): ObjectSchemaRecord {
    for (const { column, change } of changes) {
      for (const [key, value] of Object.entries(change)) {
        if (value !== undefined) Object.assign(column, { [key]: value });
      }
    }
    return this.#touch(schema);
  }

  /** Removes columns, as one new revision. */
  deleteColumns(schema: ObjectSchemaRecord, columnIds: ReadonlySet<string>): ObjectSchemaRecord {
    schema.columns = schema.columns.filter((column) => !columnIds.has(column.id));
    return this.#touch(schema);
  }

  /** Deprecates (`active` false) or restores a column, as one new revision. */
  setColumnActive(schema: ObjectSchemaRecord, column: ObjectSchemaColumnRecord, active: boolean): ObjectSchemaRecord {
    column.deprecatedAt = active ? null : (column.deprecatedAt ?? this.#store.now());
    return this.#touch(schema);
  }

  /** The id of the schema board `boardId` is connected to, if any. */
  schemaOfBoard(boardId: string): string | undefined {
    return this.#connections.get(boardId);
  }

  /** How many boards are connected to the schema. */
  connectedBoards(schemaId: string): number {
    let count = 0;
    for (const connected of this.#connections.values()) if (connected === schemaId) count += 1;
    return count;
  }

  /** Connects a board to a schema. */
  connect(boardId: string, schemaId: string): void {
    this.#connections.set(boardId, schemaId);
  }

  /** Detaches a board from its schema; false when it had none. */
  detach(boardId: string): boolean {
    return this.#connections.delete(boardId);
  }

  /** Every connection, oldest first (for tests and snapshots). */
  connections(): BoardSchemaConnectionRecord[] {
    return [...this.#connections].map(([boardId, schemaId]) => ({ boardId, schemaId }));
  }

  #touch(schema: ObjectSchemaRecord): ObjectSchemaRecord {
    schema.revision += 1;
    schema.updatedAt = this.#store.now();
    return schema;
  }
}
