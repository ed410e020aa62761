/**
 * A streaming CSV reader (RFC 4180: comma-separated, fields optionally in double quotes, a quote inside a quoted
 * field doubled, CRLF or LF between records, a UTF-8 byte order mark ignored). Text goes in piece by piece as it
 * arrives; each complete record comes out at once, so a file is never held whole. Its work is bounded per record: a
 * record longer than {@link MAX_RECORD_CHARS} or with more than {@link MAX_RECORD_FIELDS} fields stops the reading
 * with a {@link CsvFormatError}, however the file goes on.
 */

/** Most characters of one record (its fields together). */
export const MAX_RECORD_CHARS = 1_000_000;
/** Most fields in one record. */
export const MAX_RECORD_FIELDS = 1_000;

/** The file is not CSV the reader can take: says where. */
export class CsvFormatError extends Error {
  override name = 'CsvFormatError';
  constructor(
    message: string,
    /** The 1-based line of the record at fault. */
    readonly line: number,
  ) {
    super(`Line ${line}: ${message}`);
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** Reads records from text given piece by piece; `onRecord` gets each with the line it starts on. */
export class CsvReader {
  readonly #onRecord: (fields: string[], line: number) => void;
  #fields: string[] = [];
  #field = '';
  #quoted = false;
  /** Inside quotes, a quote seen whose meaning depends on the next character. */
  #quotePending = false;
  /** The field started with a quote. */
  #fieldQuoted = false;
  #recordChars = 0;
  #line = 1;
  #recordLine = 1;
  #afterCr = false;
  #started = false;

  constructor(onRecord: (fields: string[], line: number) => void) {
    this.#onRecord = onRecord;
  }

  /** Reads `text`, emitting every record it completes. @throws {CsvFormatError} */
  push(text: string): void {
    let start = 0;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) start = 1;
    }
    for (let index = start; index < text.length; index += 1) this.#take(text, index);
  }

  /** Ends the text: a last record without a line break is emitted. @throws {CsvFormatError} */
  end(): void {
    if (this.#quoted && !this.#quotePending) {
      throw new CsvFormatError('a quoted field is not closed before the end of the file', this.#recordLine);
    }
    this.#quoted = false;
    this.#quotePending = false;
    if (this.#fields.length > 0 || this.#field !== '' || this.#fieldQuoted) this.#endRecord();
  }

  #take(text: string, index: number): void {
    const code = text.charCodeAt(index);
    if (this.#afterCr) {
      this.#afterCr = false;
      if (code === LF) return;
    }
    if (this.#quotePending) {
      this.#quotePending = false;
      if (code === QUOTE) {
        this.#append('"');
        return;
      }
      this.#quoted = false;
    }
    if (this.#quoted) {
      if (code === QUOTE) {
        this.#quotePending = true;
        return;
      }
      if (code === LF) this.#line += 1;
      this.#append(text[index] as string);
      return;
    }
    if (code === COMMA) {
      this.#endField();
      return;
    }
    if (code === LF || code === CR) {
      this.#afterCr = code === CR;
      this.#endRecord();
      this.#line += 1;
      this.#recordLine = this.#line;
      return;
    }
    if (code === QUOTE) {
      if (this.#field !== '' || this.#fieldQuoted) {
        throw new CsvFormatError('a quote inside an unquoted field (quote the whole field and double it)', this.#line);
      }
      this.#quoted = true;
      this.#fieldQuoted = true;
      return;
    }
    if (this.#fieldQuoted) {
      throw new CsvFormatError('text after the closing quote of a field', this.#line);
    }
    this.#append(text[index] as string);
  }

  #append(char: string): void {
    this.#recordChars += 1;
    if (this.#recordChars > MAX_RECORD_CHARS) {
      throw new CsvFormatError(`a record is longer than ${MAX_RECORD_CHARS} characters`, this.#recordLine);
    }
    this.#field += char;
  }

  #endField(): void {
    this.#fields.push(this.#field);
    this.#field = '';
    this.#fieldQuoted = false;
    if (this.#fields.length >= MAX_RECORD_FIELDS) {
      throw new CsvFormatError(`a record has more than ${MAX_RECORD_FIELDS} fields`, this.#recordLine);
    }
  }

  #endRecord(): void {
    const blank = this.#fields.length === 0 && this.#field === '' && !this.#fieldQuoted;
    this.#fields.push(this.#field);
    const fields = this.#fields;
    const line = this.#recordLine;
    this.#fields = [];
    this.#field = '';
    this.#fieldQuoted = false;
    this.#recordChars = 0;
    // A blank line carries no record (a file's last line break leaves one, and blank lines are common in hand-made files).
    if (!blank) this.#onRecord(fields, line);
  }
}
