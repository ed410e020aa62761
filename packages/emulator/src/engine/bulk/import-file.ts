/**
 * Reads an import job's CSV file as it is uploaded and decides what the job gets: the rows to apply, the rows
 * refused (with their reasons), or the whole file refused. The bytes are decoded and read piece by piece
 * ({@link CsvReader}); only the cells of acceptable rows are kept, so a file is held once at most, as parsed rows,
 * and each piece of it costs the event loop one short turn.
 *
 * What refuses the whole file (the job ends `REJECTED`; reasons from
 * https://developer.monday.com/api-reference/reference/bulk-import-other-types):
 * - more bytes than the file limit (150 MB): `FILE_TOO_LARGE`;
 * - not CSV (an unclosed quote, text after a closing quote, a record past the reader's bounds), a header naming no
 *   column of the board, naming one twice or lacking `name`, a row with more or fewer fields than the header, or
 *   (with `on_match`) a header without the match column: `INVALID_UPLOAD` ("bad header, wrong column separator,
 *   malformed rows");
 * - more rows than the job takes (10,000 for ingest, 20,000 for backfill): `INVALID_UPLOAD` as well. The docs name
 *   the limit but not the reason a longer file gets; `INVALID_UPLOAD` is the reason for a file the job cannot take.
 * What refuses one row (counted `invalid`, listed in the report): an empty name, or a cell its column refuses
 * (./csv-cells.ts).
 */
import type { BoardRecord, UserRecord } from '../store/records.js';
import { cellProblem, isImportable } from './csv-cells.js';
import { CsvFormatError, CsvReader } from './csv-reader.js';

/**
 * One acceptable row of a file: its 1-based number among the data rows, and its cells in header order, kept as
 * encoded bytes ({@link rowCells} reads them): bytes outside the JavaScript heap cost the garbage collector nothing
 * to keep, where 150 MB of live strings made reading a large file five times slower.
 */
export interface UploadedRow {
  row: number;
  data: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A row to keep, from its cells. */
export function uploadedRow(row: number, cells: readonly string[]): UploadedRow {
  return { row, data: encoder.encode(JSON.stringify(cells)) };
}

/** The cells of a kept row, in header order. */
export function rowCells(row: UploadedRow): string[] {
  return JSON.parse(decoder.decode(row.data)) as string[];
}

/** A row the import did not apply, and why. */
export interface RowFailure {
  /** 1-based number among the file's data rows. */
  row: number;
  /** The column at fault, when one is. */
  columnId?: string;
  message: string;
}

/** Why a whole file is refused. */
export type FileRefusalReason = 'INVALID_UPLOAD' | 'FILE_TOO_LARGE';

/** What a file gives its job. */
export type FileOutcome =
  | {
      ok: true;
      /** Column ids, in the file's order. */
      header: string[];
      /** The rows to apply, in order. */
      rows: UploadedRow[];
      /** The rows refused, in order. */
      invalid: RowFailure[];
      /** Data rows in the file. */
      submitted: number;
    }
  | { ok: false; reason: FileRefusalReason; message: string };

/** What a file is read against. */
export interface FileRules {
  board: BoardRecord;
  /** The account's users (people cells may name them by email). */
  users: readonly UserRecord[];
  /** Most data rows the job takes. */
  maxRows: number;
  /** Most bytes the file may have. */
  maxBytes: number;
  /** The column the job matches rows on, if any. */
  matchColumnId?: string;
}

/** Reads one uploaded file piece by piece. */
export class ImportFileReader {
  readonly #rules: FileRules;
  readonly #decoder = new TextDecoder('utf-8');
  readonly #reader: CsvReader;
  #bytes = 0;
  #header: string[] | undefined;
  #rows: UploadedRow[] = [];
  #invalid: RowFailure[] = [];
  #submitted = 0;
  #refusal: { reason: FileRefusalReason; message: string } | undefined;

  constructor(rules: FileRules) {
    this.#rules = rules;
    this.#reader = new CsvReader((fields, line) => this.#record(fields, line));
  }

  /** Why the file is refused, once it is: the rest of it need not be read. */
  get refusal(): FileRefusalReason | undefined {
    return this.#refusal?.reason;
  }

  /** Reads the next piece of the file. */
  push(bytes: Uint8Array): void {
    this.#bytes += bytes.byteLength;
    if (this.#refusal) return;
    if (this.#bytes > this.#rules.maxBytes) {
      this.#refuse('FILE_TOO_LARGE', `The file is larger than ${this.#rules.maxBytes} bytes.`);
      return;
    }
    this.#read(() => this.#reader.push(this.#decoder.decode(bytes, { stream: true })));
  }

  /** Ends the file and says what it gives the job. */
  end(): FileOutcome {
    if (!this.#refusal) {
      this.#read(() => {
        this.#reader.push(this.#decoder.decode());
        this.#reader.end();
      });
    }
    if (this.#refusal) return { ok: false, ...this.#refusal };
    if (!this.#header) return { ok: false, reason: 'INVALID_UPLOAD', message: 'The file is empty: no header row.' };
    return { ok: true, header: this.#header, rows: this.#rows, invalid: this.#invalid, submitted: this.#submitted };
  }

  #read(step: () => void): void {
    try {
      step();
    } catch (error) {
      if (!(error instanceof CsvFormatError)) throw error;
      this.#refuse('INVALID_UPLOAD', `The file is not valid CSV. ${error.message}`);
    }
  }

  #refuse(reason: FileRefusalReason, message: string): void {
    this.#refusal ??= { reason, message };
    // What was kept is of no use any more: let it go at once, whatever the rest of the file is.
    this.#rows = [];
    this.#invalid = [];
  }

  #record(fields: string[], line: number): void {
    if (this.#refusal) return;
    if (!this.#header) {
      this.#readHeader(fields);
      return;
    }
    if (fields.length !== this.#header.length) {
      this.#refuse(
        'INVALID_UPLOAD',
        `Line ${line} has ${fields.length} fields; the header has ${this.#header.length} (a wrong separator or a malformed row).`,
      );
      return;
    }
    this.#submitted += 1;
    if (this.#submitted > this.#rules.maxRows) {
      this.#refuse('INVALID_UPLOAD', `The file has more than ${this.#rules.maxRows} rows, the most this job takes.`);
      return;
    }
    const problem = this.#rowProblem(fields);
    if (problem) this.#invalid.push({ row: this.#submitted, ...problem });
    else this.#rows.push(uploadedRow(this.#submitted, fields));
  }

  #readHeader(fields: string[]): void {
    const header = fields.map((field) => field.trim());
    const { board, matchColumnId } = this.#rules;
    const seen = new Set<string>();
    for (const id of header) {
      // `name` is the item's name, whether or not the board lists a column of that id.
      if (id !== 'name' && !board.columns.some((column) => column.id === id)) {
        this.#refuse('INVALID_UPLOAD', `The header names ${JSON.stringify(id)}, no column of board ${board.id}.`);
        return;
      }
      if (seen.has(id)) {
        this.#refuse('INVALID_UPLOAD', `The header names column "${id}" twice.`);
        return;
      }
      seen.add(id);
    }
    if (!seen.has('name')) {
      this.#refuse('INVALID_UPLOAD', 'The header has no "name" column.');
      return;
    }
    if (matchColumnId !== undefined && !seen.has(matchColumnId)) {
      this.#refuse('INVALID_UPLOAD', `The header has no "${matchColumnId}" column to match items on.`);
      return;
    }
    this.#header = header;
  }

  #rowProblem(fields: string[]): { columnId?: string; message: string } | undefined {
    const header = this.#header as string[];
    const { board, users } = this.#rules;
    for (let index = 0; index < header.length; index += 1) {
      const columnId = header[index] as string;
      const cell = fields[index] as string;
      if (columnId === 'name') {
        if (cell.trim() === '') return { columnId, message: 'The item name is empty.' };
        continue;
      }
      if (cell === '') continue;
      const column = board.columns.find((candidate) => candidate.id === columnId);
      if (!column) return { columnId, message: `Column "${columnId}" is not on the board.` };
      if (!isImportable(column)) {
        return { columnId, message: `A ${column.type} column cannot be imported.` };
      }
      const problem = cellProblem(column, cell, users);
      if (problem) return { columnId, message: problem };
    }
    return undefined;
  }
}
