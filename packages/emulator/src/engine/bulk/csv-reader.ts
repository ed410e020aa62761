/**
 * A streaming CSV reader (RFC 4180: comma-separated, fields optionally in double quotes, a quote inside a quoted
 * field doubled, CRLF or LF between records, a UTF-8 byte order mark ignored). Text goes in piece by piece as it
 * arrives; each complete record comes out at once, so a file is never held whole. It scans for the next special
 * character and copies the text between in one slice, so a piece costs time in proportion to its length. Its work
 * is bounded per record: a record longer than {@link MAX_RECORD_CHARS} or with more than {@link MAX_RECORD_FIELDS}
 * fields stops the reading with a {@link CsvFormatError}, however the file goes on.
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

/** Characters that end plain text outside quotes. */
const SPECIAL = /[,\r\n"]/g;
/** Line breaks inside a quoted stretch, counted for error lines. */
const NEWLINES = /\n/g;

/** Reads records from text given piece by piece; `onRecord` gets each with the line it starts on. */
export class CsvReader {
  readonly #onRecord: (fields: string[], line: number) => void;
  #fields: string[] = [];
  #field = '';
  /** Inside a quoted field. */
  #quoted = false;
  /** Inside quotes, a quote seen whose meaning depends on the next character. */
  #quotePending = false;
  /** The field started with a quote. */
  #fieldQuoted = false;
  /** The field's quotes are closed: only a separator may follow. */
  #closed = false;
  #recordChars = 0;
  #line = 1;
  #recordLine = 1;
  #afterCr = false;
  #started = false;

  constructor(onRecord: (fields: string[], line: number) => void) {
    this.#onRecord = onRecord;
  }

  /** Reads `text`, emitting every record it completes. @throws {@link CsvFormatError} */
  push(text: string): void {
    let at = 0;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) at = 1;
    }
    while (at < text.length) at = this.#quoted ? this.#inQuotes(text, at) : this.#outside(text, at);
  }

  /** Ends the text: a last record without a line break is emitted. @throws {@link CsvFormatError} */
  end(): void {
    if (this.#quoted && !this.#quotePending) {
      throw new CsvFormatError('a quoted field is not closed before the end of the file', this.#recordLine);
    }
    if (this.#quotePending) this.#closeQuotes();
    if (this.#fields.length > 0 || this.#field !== '' || this.#fieldQuoted) this.#endRecord();
  }

  /** Reads quoted text from `at`; returns where it stopped. */
  #inQuotes(text: string, at: number): number {
    if (this.#quotePending) {
      this.#quotePending = false;
      if (text.charCodeAt(at) === 34) {
        this.#append('"');
        return at + 1;
      }
      this.#closeQuotes();
      return at;
    }
    const quote = text.indexOf('"', at);
    const end = quote === -1 ? text.length : quote;
    const stretch = text.slice(at, end);
    this.#line += stretch.match(NEWLINES)?.length ?? 0;
    this.#append(stretch);
    if (quote === -1) return text.length;
    this.#quotePending = true;
    return quote + 1;
  }

  #closeQuotes(): void {
    this.#quoted = false;
    this.#closed = true;
  }

  /** Reads unquoted text from `at`; returns where it stopped. */
  #outside(text: string, at: number): number {
    if (this.#afterCr) {
      this.#afterCr = false;
      if (text.charCodeAt(at) === 10) return at + 1;
    }
    SPECIAL.lastIndex = at;
    const found = SPECIAL.exec(text);
    const end = found ? found.index : text.length;
    if (end > at) {
      if (this.#closed) throw new CsvFormatError('text after the closing quote of a field', this.#line);
      this.#append(text.slice(at, end));
    }
    if (!found) return text.length;
    const char = found[0];
    if (char === ',') {
      this.#endField();
    } else if (char === '"') {
      if (this.#field !== '' || this.#fieldQuoted) {
        throw new CsvFormatError('a quote inside an unquoted field (quote the whole field and double it)', this.#line);
      }
      this.#quoted = true;
      this.#fieldQuoted = true;
    } else {
      this.#afterCr = char === '\r';
      this.#endRecord();
      this.#line += 1;
      this.#recordLine = this.#line;
    }
    return end + 1;
  }

  #append(text: string): void {
    this.#recordChars += text.length;
    if (this.#recordChars > MAX_RECORD_CHARS) {
      throw new CsvFormatError(`a record is longer than ${MAX_RECORD_CHARS} characters`, this.#recordLine);
    }
    this.#field += text;
  }

  #endField(): void {
    this.#fields.push(this.#field);
    this.#field = '';
    this.#fieldQuoted = false;
    this.#closed = false;
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
    this.#closed = false;
    this.#recordChars = 0;
    // A blank line carries no record (a file's last line break leaves one, and hand-made files often have them).
    if (!blank) this.#onRecord(fields, line);
  }
}
