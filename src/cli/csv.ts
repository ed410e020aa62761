/**
 * CSV as the command writes and reads it (RFC 4180): fields separated by commas, a field quoted when it holds a
 * comma, a quote, a line break or starts with a space, quotes doubled inside quotes, records ended by CRLF when
 * written, by LF or CRLF when read. A field a spreadsheet would run as a formula is written with a leading `'`, which
 * the import takes off again (neutraliseFormulaCell, restoreFormulaCell). The reader streams: it holds one record at a time, whatever the file's size.
 */

/**
 * Cells a spreadsheet runs as a formula: those starting with `=`, `+`, `-`, `@`, a tab or a carriage return, as
 * OWASP's CSV-injection guidance lists them (ASVS requirement 1.2.10, https://asvs.emil.hemdal.se/1.2.10; CWE-1236).
 * Also matched: the same after leading `'`s, so that neutralising stays reversible.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * A cell as written: one a spreadsheet would run as a formula gets a leading `'` (the guidance's escape, which a
 * spreadsheet shows as text). Reversed exactly by {@link restoreFormulaCell}: a value already starting with `'`s
 * before such a character gets one more.
 */
export function neutraliseFormulaCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as read: the `'` that {@link neutraliseFormulaCell} added, taken off (only before `'`s and such a start). */
export function restoreFormulaCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}

/** One field, neutralised when a spreadsheet would run it, and quoted when it must be. */
export function csvField(text: string): string {
  const value = neutraliseFormulaCell(text);
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One record, with its line end. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** Where a record starts in the file: its line number, from 1 (a quoted line break makes a record span lines). */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/** A CSV file that cannot be read as CSV, with the line where reading failed. */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** The longest field the reader takes (a quote never closed would otherwise read the whole file into one). */
const MAX_FIELD_CHARS = 1_000_000;

/** The records of a CSV text arriving in chunks; a byte-order mark at the start is dropped. */
export async function* readCsv(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<CsvRecord> {
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  /** After a closing quote: only a separator, a line end or another quote may follow. */
  let afterQuote = false;
  let fieldStarted = false;
  let line = 1;
  let recordLine = 1;
  let first = true;
  let previousCr = false;
  for await (let chunk of chunks) {
    if (first) {
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      first = false;
    }
    for (let index = 0; index < chunk.length; index += 1) {
      const char = chunk[index] as string;
      if (previousCr) {
        previousCr = false;
        if (char === '\n') continue; // the LF of a CRLF already ended the record
      }
      if (quoted) {
        if (char === '"') {
          quoted = false;
          afterQuote = true;
        } else {
          if (char === '\n') line += 1;
          field += char;
          if (field.length > MAX_FIELD_CHARS)
            throw new CsvSyntaxError('a field is longer than 1,000,000 characters (a quote never closed?)', recordLine);
        }
        continue;
      }
      if (char === '"') {
        if (afterQuote) {
          field += '"'; // a doubled quote inside a quoted field
          quoted = true;
          afterQuote = false;
        } else if (!fieldStarted) {
          quoted = true;
          fieldStarted = true;
        } else throw new CsvSyntaxError('a quote inside an unquoted field (quote the whole field)', line);
        continue;
      }
      if (char === ',') {
        fields.push(field);
        field = '';
        afterQuote = false;
        fieldStarted = false;
        continue;
      }
      if (char === '\n' || char === '\r') {
        previousCr = char === '\r';
        fields.push(field);
        yield { fields, line: recordLine };
        fields = [];
        field = '';
        afterQuote = false;
        fieldStarted = false;
        line += 1;
        recordLine = line;
        continue;
      }
      if (afterQuote) throw new CsvSyntaxError('text after a closing quote', line);
      field += char;
      fieldStarted = true;
      if (field.length > MAX_FIELD_CHARS) throw new CsvSyntaxError('a field is longer than 1,000,000 characters', line);
    }
  }
  if (quoted) throw new CsvSyntaxError('a quoted field is never closed', recordLine);
  if (fieldStarted || fields.length > 0) {
    fields.push(field);
    yield { fields, line: recordLine };
  }
}
