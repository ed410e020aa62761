/**
 * Rows to the import's CSV: each cell written in the form the import takes for its column's kind, each job's file
 * built row by row with its exact size known, so a job never goes over the file limit.
 *
 * Kinds and forms: the import takes Board Relation, Date, Dropdown, Email, Link, Long Text, Number, People, Phone,
 * Status, Text and Timeline (https://developer.monday.com/api-reference/docs/importing-items-in-bulk). Its per-kind
 * table was not readable in the copies of the page this SDK was built from; the forms here are the plain-string
 * forms the platform documents for change_simple_column_value, which the workspace-platform emulator checks the same
 * way (packages/emulator/src/engine/bulk/csv-cells.ts), and where a kind has none, its display form:
 * - text, long text: the text; numbers: the decimal number;
 * - status: its label; dropdown: its labels, comma-separated (by label: ids and indexes cannot be imported);
 * - date: `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`; timeline: `YYYY-MM-DD - YYYY-MM-DD`;
 * - email: `address label`; link: `url label`; phone: `digits CC`;
 * - people: user ids, comma-separated (teams cannot be imported); board relation: item ids, comma-separated.
 * A plain string is taken as already in its column's form; a number is written as its decimal.
 */
import type { ColumnValueBuilder } from '../columns/builder.js';
import type { ColumnKind } from '../columns/kinds.js';
import { PlatformConfigError } from '../index.js';
import type { ImportCellValue, ImportRow } from './import-types.js';

/**
 * The column kinds an import file may hold values of, besides the item's name
 * (https://developer.monday.com/api-reference/docs/importing-items-in-bulk). `importItems` refuses a builder of any
 * other kind before anything is sent, and the emulator refuses such a column in an uploaded file.
 */
export const IMPORTABLE_COLUMN_KINDS = [
  'board_relation',
  'date',
  'dropdown',
  'email',
  'link',
  'long_text',
  'numbers',
  'people',
  'phone',
  'status',
  'text',
  'timeline',
] as const satisfies readonly ColumnKind[];

const IMPORTABLE: ReadonlySet<string> = new Set(IMPORTABLE_COLUMN_KINDS);

type Json = Record<string, unknown>;

function refuse(columnId: string, kind: string, why: string): never {
  throw new PlatformConfigError(`Column "${columnId}" (${kind}): ${why}.`);
}

/** The cell text of a builder's value, or why the import cannot take it. */
function builderCell(columnId: string, builder: ColumnValueBuilder): string {
  const { kind, json, problem } = builder;
  if (problem !== undefined) refuse(columnId, kind, problem);
  if (!IMPORTABLE.has(kind)) {
    refuse(columnId, kind, `an import takes ${[...IMPORTABLE].join(', ')} values only`);
  }
  const value = json as Json;
  switch (kind) {
    case 'text':
    case 'numbers':
      return String(json);
    case 'long_text':
      return String(value.text);
    case 'status':
      if (typeof value.label !== 'string') refuse(columnId, kind, 'an import takes a status by its label');
      return value.label;
    case 'dropdown': {
      const labels = value.labels;
      if (!Array.isArray(labels)) refuse(columnId, kind, 'an import takes dropdown values by their labels');
      if (labels.some((label) => String(label).includes(','))) {
        refuse(columnId, kind, 'a label with a comma cannot be imported (the labels are comma-separated)');
      }
      return labels.join(', ');
    }
    case 'date':
      return value.time === undefined ? String(value.date) : `${value.date} ${value.time}`;
    case 'timeline':
      return `${value.from} - ${value.to}`;
    case 'email':
      return value.text === value.email ? String(value.email) : `${value.email} ${value.text}`;
    case 'link':
      return value.text === value.url ? String(value.url) : `${value.url} ${value.text}`;
    case 'phone':
      return `${value.phone} ${value.countryShortName}`;
    case 'people': {
      const entries = value.personsAndTeams as { id: number; kind: string }[];
      if (entries.some((entry) => entry.kind !== 'person')) refuse(columnId, kind, 'teams cannot be imported');
      return entries.map((entry) => String(entry.id)).join(', ');
    }
    default:
      return (value.item_ids as number[]).map(String).join(', ');
  }
}

/** The CSV cell text of one value (before quoting). @throws {@link workspace-platform-sdk!PlatformConfigError | PlatformConfigError} */
export function cellText(columnId: string, value: ImportCellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new PlatformConfigError(`Column "${columnId}": ${value} is not a number.`);
    return String(value);
  }
  if (typeof value === 'object' && 'kind' in value && 'json' in value) return builderCell(columnId, value);
  throw new PlatformConfigError(
    `Column "${columnId}": expected a column builder's value, a string, a number or null; got ${typeof value}.`,
  );
}

/** A field as CSV writes it: quoted (quotes doubled) when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const encoder = new TextEncoder();

/** One row ready for a file: its quoted cells by column id, and their bytes. */
export interface EncodedRow {
  /** Its position in `rows`. */
  index: number;
  name: string;
  cells: Map<string, string>;
  /** Bytes of the quoted name and cells. */
  bytes: number;
}

/**
 * Encodes `row` (its name and values) for a file. @throws {@link workspace-platform-sdk!PlatformConfigError |
 *   PlatformConfigError} for a
 *   value the import cannot take,
 * or an empty name.
 */
export function encodeRow(row: ImportRow, index: number): EncodedRow {
  if (typeof row?.name !== 'string' || row.name.trim() === '') {
    throw new PlatformConfigError(`Row ${index}: every row needs a non-empty name.`);
  }
  const name = csvField(row.name);
  let bytes = encoder.encode(name).length;
  const cells = new Map<string, string>();
  for (const [columnId, value] of Object.entries(row.values ?? {})) {
    if (columnId === 'name') {
      throw new PlatformConfigError(`Row ${index}: give the item's name as \`name\`, not as a value of column "name".`);
    }
    const text = cellText(columnId, value);
    if (text === '') continue;
    const field = csvField(text);
    cells.set(columnId, field);
    bytes += encoder.encode(field).length;
  }
  return { index, name, cells, bytes };
}

/** The rows of one job, with the exact size of the file they make. */
export class JobFile {
  readonly rows: EncodedRow[] = [];
  /** Column ids after `name`, in the order first seen. */
  readonly columns: string[] = [];
  /** Bytes of the rows' fields. */
  #cellBytes = 0;
  /** Bytes of the header's fields. */
  #headerBytes = 'name'.length;

  /** The file's size in bytes: fields, and on every line its commas and CRLF. */
  get bytes(): number {
    return this.#size(this.#headerBytes, this.#cellBytes, this.rows.length + 1, this.columns.length + 1);
  }

  /** The size the file would have with `row` added. */
  bytesWith(row: EncodedRow): number {
    const added = [...row.cells.keys()].filter((id) => !this.columns.includes(id));
    const header = this.#headerBytes + added.reduce((sum, id) => sum + encoder.encode(csvField(id)).length, 0);
    const fields = this.columns.length + added.length + 1;
    return this.#size(header, this.#cellBytes + row.bytes, this.rows.length + 2, fields);
  }

  #size(headerBytes: number, cellBytes: number, lines: number, fields: number): number {
    return headerBytes + cellBytes + lines * (fields - 1 + 2);
  }

  add(row: EncodedRow): void {
    for (const id of row.cells.keys()) {
      if (!this.columns.includes(id)) {
        this.columns.push(id);
        this.#headerBytes += encoder.encode(csvField(id)).length;
      }
    }
    this.rows.push(row);
    this.#cellBytes += row.bytes;
  }

  /** The file's text: a header of column ids (`name` first), then one line per row, CRLF-separated. */
  text(): string {
    const lines = [['name', ...this.columns].map(csvField).join(',')];
    for (const row of this.rows) lines.push([row.name, ...this.columns.map((id) => row.cells.get(id) ?? '')].join(','));
    return `${lines.join('\r\n')}\r\n`;
  }
}
