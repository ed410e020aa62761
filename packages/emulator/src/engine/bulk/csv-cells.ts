/**
 * What a cell of an import CSV means in each column kind the import takes, and which kinds it takes.
 *
 * Kinds: the import pages list Board Relation, Date, Dropdown, Email, Link, Long Text, Number, People, Phone, Status,
 * Text and Timeline, and say rows with a value in another kind may fail validation
 * (https://developer.monday.com/api-reference/docs/importing-items-in-bulk,
 * https://developer.monday.com/api-reference/reference/ingest-items-api-reference). Here such a row is invalid; the
 * header may still name such a column, and an empty cell in it is no value.
 *
 * Cell forms: the guide has a per-kind CSV table ("Column type validation") whose rows the stored copies of the
 * page available to this project cut off, so the emulator takes, for each kind, the plain-string form the platform
 * documents for change_simple_column_value (each kind's `simple` in ../column-kinds), which is the least surprising
 * reading; where a kind has none, the form its display text has:
 * - name, text, long_text: the text as is;
 * - numbers: a decimal number;
 * - status: an existing label; dropdown: existing labels, comma-separated (labels are never created by an import);
 * - date: `YYYY-MM-DD` or `YYYY-MM-DD HH:MM[:SS]` (UTC);
 * - timeline: `YYYY-MM-DD - YYYY-MM-DD` (the kind's display text; it has no plain-string form);
 * - email: `address` or `address label`; link: `url` or `url label`; phone: `digits CC` (ISO country code);
 * - people: user ids or emails of the account's users, comma-separated (the simple form takes ids; an import file
 *   most often has emails);
 * - board_relation: item ids, comma-separated (no plain-string form; the ids, as its JSON takes them).
 * An empty cell leaves the column empty (on an upsert: unchanged).
 */
import { isColumnKind, simpleColumnInput, writeColumnValue } from '../column-kinds/index.js';
import { IMPORTABLE_COLUMN_KINDS } from '../column-kinds/kinds.js';
import type { ColumnRecord, UserRecord } from '../store/records.js';

/** The kinds an import file may hold values of: the item's name and the documented kinds (../column-kinds/kinds.ts). */
export const IMPORTABLE_KINDS: ReadonlySet<string> = new Set(['name', ...IMPORTABLE_COLUMN_KINDS]);

/** True when an import file may hold values of `column`'s kind. */
export function isImportable(column: ColumnRecord): boolean {
  return IMPORTABLE_KINDS.has(column.type);
}

/** A cell refused, and why. */
export interface CellProblem {
  columnId: string;
  message: string;
}

const TIMELINE = /^\s*(\d{4}-\d{2}-\d{2})\s+-\s+(\d{4}-\d{2}-\d{2})\s*$/;

function list(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * The column-values input (as create_item's `column_values` takes it) a non-empty `cell` stands for in `column`;
 * `users` are the account's, for people given by email.
 * @throws the engine's ColumnValueException (INVALID_COLUMN_VALUE) or an Error whose message says what is wrong.
 */
export function cellInput(column: ColumnRecord, cell: string, users: readonly UserRecord[]): unknown {
  if (!isImportable(column) || !isColumnKind(column.type)) {
    throw new Error(
      `a ${column.type} column cannot be imported (the import takes ${[...IMPORTABLE_KINDS].join(', ')})`,
    );
  }
  switch (column.type) {
    case 'timeline': {
      const match = TIMELINE.exec(cell);
      if (!match) throw new Error('expected "YYYY-MM-DD - YYYY-MM-DD"');
      return { from: match[1], to: match[2] };
    }
    case 'people': {
      const ids = list(cell).map((entry) => {
        if (/^\d+$/.test(entry)) return entry;
        const user = users.find((candidate) => candidate.email.toLowerCase() === entry.toLowerCase());
        if (!user) throw new Error(`no user of the account has the id or email ${JSON.stringify(entry)}`);
        return user.id;
      });
      return { personsAndTeams: ids.map((id) => ({ id: Number(id), kind: 'person' })) };
    }
    case 'board_relation': {
      const ids = list(cell);
      if (ids.some((id) => !/^\d+$/.test(id))) throw new Error('expected item ids, comma-separated');
      return { item_ids: ids.map(Number) };
    }
    default:
      return simpleColumnInput(column, cell);
  }
}

/**
 * The problem with `cell` in `column`, or undefined when it is acceptable: the value is checked as create_item
 * would check it. Nothing is changed: without create_labels_if_missing a write never adds a label.
 */
export function cellProblem(column: ColumnRecord, cell: string, users: readonly UserRecord[]): string | undefined {
  try {
    writeColumnValue(column, cellInput(column, cell, users), false);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
