/**
 * The import file as the emulator reads it, without a socket: the streaming CSV reader (records split anywhere
 * between pieces, quotes, line breaks, bounds), each column kind's cell form, and what refuses a row or the whole
 * file (https://developer.monday.com/api-reference/reference/bulk-import-other-types: INVALID_UPLOAD,
 * FILE_TOO_LARGE).
 */
import { describe, expect, it } from 'vitest';
import { cellProblem } from '../../src/engine/bulk/csv-cells.js';
import { CsvFormatError, CsvReader, MAX_RECORD_CHARS } from '../../src/engine/bulk/csv-reader.js';
import { type FileOutcome, ImportFileReader, rowCells } from '../../src/engine/bulk/import-file.js';
import { defaultSeed } from '../../src/engine/index.js';
import { EmulatorStore } from '../../src/engine/store/store.js';

function read(text: string, pieces = 1): string[][] {
  const records: string[][] = [];
  const reader = new CsvReader((fields) => records.push(fields));
  const size = Math.ceil(text.length / pieces);
  for (let at = 0; at < text.length; at += size) reader.push(text.slice(at, at + size));
  reader.end();
  return records;
}

describe('CsvReader', () => {
  const text = '\ufeffname,notes\r\n"Launch, v2","said ""go""\non two lines"\nPlain,\n\n';
  const expected = [
    ['name', 'notes'],
    ['Launch, v2', 'said "go"\non two lines'],
    ['Plain', ''],
  ];

  it('reads quoted fields, doubled quotes, CRLF and LF, a byte order mark, and skips blank lines', () => {
    expect(read(text)).toEqual(expected);
  });

  it('reads the same records however the text is cut into pieces', () => {
    for (const pieces of [2, 3, 7, text.length]) expect(read(text, pieces)).toEqual(expected);
  });

  it('refuses a quote inside an unquoted field, text after a closing quote, and an unclosed quote, naming the line', () => {
    expect(() => read('a,b\nx"y,z\n')).toThrow(/Line 2: a quote inside an unquoted field/);
    expect(() => read('a,b\n"x"y,z\n')).toThrow(/Line 2: text after the closing quote/);
    expect(() => read('a,b\n"open,z\n')).toThrow(CsvFormatError);
  });

  it('stops at a record longer than its bound, however long the file goes on', () => {
    const reader = new CsvReader(() => undefined);
    const piece = 'x'.repeat(100_000);
    let thrown: unknown;
    try {
      for (let sent = 0; sent <= MAX_RECORD_CHARS + piece.length; sent += piece.length) reader.push(piece);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CsvFormatError);
  });
});

describe('cells of each importable kind', () => {
  const store = new EmulatorStore(defaultSeed());
  const board = store.boards.find('3001');
  const users = store.users.where((user) => user.accountId === board?.accountId);
  const column = (type: string, settings: Record<string, unknown> = {}) => ({
    id: `c_${type}`,
    title: type,
    type: type as never,
    description: null,
    width: null,
    settings,
  });
  const status = column('status', { labels: { 0: 'Working on it', 1: 'Done' } });
  const dropdown = column('dropdown', {
    labels: [
      { id: 1, name: 'Red' },
      { id: 2, name: 'Blue' },
    ],
  });

  it('takes the documented plain forms', () => {
    const ok: [ReturnType<typeof column>, string][] = [
      [column('text'), 'anything, with commas'],
      [column('long_text'), 'a long text'],
      [column('numbers'), '-12.5'],
      [status, 'Done'],
      [dropdown, 'Red, Blue'],
      [column('date'), '2026-11-24'],
      [column('date'), '2026-11-24 09:30:00'],
      [column('timeline'), '2026-11-01 - 2026-11-30'],
      [column('email'), 'ada@example.com Ada'],
      [column('link'), 'https://example.com Example'],
      [column('phone'), '+14155550100 US'],
      [column('people'), `${users[0]?.id}, ${users[1]?.email}`],
      [column('board_relation'), '1, 2'],
    ];
    for (const [target, cell] of ok)
      expect(cellProblem(target, cell, users), `${target.type}: ${cell}`).toBeUndefined();
  });

  it('refuses a value its kind does not take, saying why, and a kind the import does not take', () => {
    expect(cellProblem(column('numbers'), 'twelve', users)).toMatch(/expected a number/);
    expect(cellProblem(status, 'Nope', users)).toMatch(/label "Nope" does not exist/);
    expect(cellProblem(dropdown, 'Green', users)).toMatch(/label "Green" does not exist/);
    expect(cellProblem(column('date'), '24/11/2026', users)).toBeDefined();
    expect(cellProblem(column('timeline'), '2026-11-30 - 2026-11-01', users)).toMatch(/before/);
    expect(cellProblem(column('timeline'), '2026-11-01', users)).toMatch(/YYYY-MM-DD - YYYY-MM-DD/);
    expect(cellProblem(column('people'), 'nobody@example.com', users)).toMatch(/no user of the account/);
    expect(cellProblem(column('email'), 'not-an-address', users)).toMatch(/not an email address/);
    expect(cellProblem(column('checkbox'), 'true', users)).toMatch(/cannot be imported/);
  });

  it('adds no label while checking one', () => {
    const before = JSON.stringify(status.settings);
    cellProblem(status, 'Brand new', users);
    expect(JSON.stringify(status.settings)).toBe(before);
  });
});

describe('ImportFileReader', () => {
  const store = new EmulatorStore(defaultSeed());
  const board = store.boards.find('3001');
  if (!board) throw new Error('the seed has board 3001');
  const users = store.users.all();
  const rules = { board, users, maxRows: 3, maxBytes: 10_000 };
  const outcome = (text: string, extra: Partial<typeof rules> & { matchColumnId?: string } = {}): FileOutcome => {
    const reader = new ImportFileReader({ ...rules, ...extra });
    const bytes = new TextEncoder().encode(text);
    for (let at = 0; at < bytes.length; at += 5) reader.push(bytes.subarray(at, at + 5));
    return reader.end();
  };

  it('keeps the acceptable rows and lists the refused ones with their column and reason', () => {
    const result = outcome('name,status,numbers\nOne,Done,1\nTwo,Nope,2\n,Done,3\n');
    expect(result).toMatchObject({ ok: true, header: ['name', 'status', 'numbers'], submitted: 3 });
    if (!result.ok) return;
    expect(result.rows.map((row) => ({ row: row.row, cells: rowCells(row) }))).toEqual([
      { row: 1, cells: ['One', 'Done', '1'] },
    ]);
    expect(result.invalid).toEqual([
      { row: 2, columnId: 'status', message: expect.stringMatching(/Nope/) },
      { row: 3, columnId: 'name', message: 'The item name is empty.' },
    ]);
  });

  it('decodes UTF-8 split between pieces', () => {
    const result = outcome('name,text\nÉtoile ✓ 日本,naïve\n');
    expect(result.ok && result.rows[0] && rowCells(result.rows[0])).toEqual(['Étoile ✓ 日本', 'naïve']);
  });

  it('refuses the whole file for a bad header, a malformed row, too many rows, or no match column', () => {
    const refused = (text: string, extra = {}) => {
      const result = outcome(text, extra);
      return result.ok ? 'accepted' : `${result.reason}: ${result.message}`;
    };
    expect(refused('name,nope\nA,1\n')).toMatch(/^INVALID_UPLOAD: .*"nope", no column of board 3001/);
    expect(refused('name,text,text\nA,1,2\n')).toMatch(/^INVALID_UPLOAD: .*"text" twice/);
    expect(refused('text\nA\n')).toMatch(/^INVALID_UPLOAD: .*no "name" column/);
    expect(refused('name,text\nA;1\n')).toMatch(/^INVALID_UPLOAD: .*wrong separator or a malformed row/);
    expect(refused('name\nA\nB\nC\nD\n')).toMatch(/^INVALID_UPLOAD: .*more than 3 rows/);
    expect(refused('name\nA\n', { matchColumnId: 'text' })).toMatch(/^INVALID_UPLOAD: .*no "text" column to match/);
    expect(refused('')).toMatch(/^INVALID_UPLOAD: The file is empty/);
    expect(refused('name\n"A\n')).toMatch(/^INVALID_UPLOAD: The file is not valid CSV/);
  });

  it('refuses a file past the size limit as FILE_TOO_LARGE and lets go of what it kept', () => {
    const reader = new ImportFileReader({ ...rules, maxRows: 1_000, maxBytes: 100 });
    reader.push(new TextEncoder().encode('name\nA\nB\n'));
    expect(reader.refusal).toBeUndefined();
    reader.push(new Uint8Array(200).fill(65));
    expect(reader.refusal).toBe('FILE_TOO_LARGE');
    expect(reader.end()).toEqual({
      ok: false,
      reason: 'FILE_TOO_LARGE',
      message: 'The file is larger than 100 bytes.',
    });
  });
});
