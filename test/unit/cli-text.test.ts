/**
 * The text the `workspace-platform` command reads and writes: CSV records (quotes, doubled quotes, line breaks in a
 * field, CRLF, a byte-order mark, records split across chunks, and the files it refuses), and the progress it shows
 * (a bar redrawn in place on a terminal, a line every few seconds elsewhere, always the last state).
 */
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, csvRecord, neutraliseFormulaCell, readCsv, restoreFormulaCell } from '../../src/cli/csv.js';
import { createProgressDisplay, describeProgress, duration } from '../../src/cli/progress-display.js';

async function records(chunks: string[]): Promise<string[][]> {
  const all: string[][] = [];
  for await (const record of readCsv(chunks)) all.push(record.fields);
  return all;
}

describe('CSV', () => {
  it('writes fields quoted only when they must be, and reads back what it wrote, in any chunking', async () => {
    const rows = [
      ['name', 'text', 'numbers'],
      ['plain', 'a, comma', '1'],
      ['"quoted"', 'line\nbreak', ''],
      [' leading space', 'trailing ', 'é ü 😀'],
    ];
    const text = rows.map(csvRecord).join('');
    expect(csvRecord(['plain', 'a, comma', '1'])).toBe('plain,"a, comma",1\r\n');
    expect(await records([text])).toEqual(rows);
    // Split at every position: a CRLF, a doubled quote or a quoted line break across two chunks reads the same.
    for (let at = 1; at < text.length; at += 1) {
      expect(await records([text.slice(0, at), text.slice(at)])).toEqual(rows);
    }
  });

  it("neutralises a cell a spreadsheet would run as a formula with a leading ', and reading takes exactly it off", () => {
    const values = ['=1+2', '+1', '-7', '@SUM(A1)', '\tx', '\rx', "'=x", "''-x", "'plain", 'plain', '', "'", 'a=b'];
    for (const value of values) {
      const written = neutraliseFormulaCell(value);
      expect(written, JSON.stringify(value)).not.toMatch(/^[=+\-@\t\r]/);
      expect(restoreFormulaCell(written), JSON.stringify(value)).toBe(value);
    }
    expect(csvRecord(["=cmd|' /C calc'!A0", '-7', "'plain"])).toBe("'=cmd|' /C calc'!A0,'-7,'plain\r\n");
    // A hand-written file: a ' before a formula start is the escape; any other ' is the cell's own.
    expect(["'=x", "'plain", "it's"].map(restoreFormulaCell)).toEqual(['=x', "'plain", "it's"]);
  });

  it('reads LF and CRLF ends, a byte-order mark, a last record without an end, and counts lines', async () => {
    const lines: number[] = [];
    for await (const record of readCsv(['\ufeffname,x\n"two\nlines",y\r\nlast,z'])) lines.push(record.line);
    expect(await records(['\ufeffname,x\n"two\nlines",y\r\nlast,z'])).toEqual([
      ['name', 'x'],
      ['two\nlines', 'y'],
      ['last', 'z'],
    ]);
    expect(lines).toEqual([1, 2, 4]);
  });

  it('refuses a quote inside an unquoted field, text after a closing quote and a quote never closed', async () => {
    for (const text of ['a,b"c\n', '"a"b,c\n', 'a,"never closed\n']) {
      const error = await records([text]).catch((caught: unknown) => caught);
      expect(error, text).toBeInstanceOf(CsvSyntaxError);
      expect((error as Error).message).toMatch(/^line 1: /);
    }
  });
});

describe('progress display', () => {
  const progress = (done: number) => ({ done, total: 200, rate: 50, remainingMs: ((200 - done) / 50) * 1000 });

  it('says done of total, the rate and the time left', () => {
    expect(describeProgress(progress(50), 'items')).toBe('50 of 200 items, 50/s, 3 s left');
    expect(describeProgress({ done: 1234, total: undefined, rate: 0, remainingMs: undefined }, 'rows')).toBe(
      '1,234 rows',
    );
    expect([duration(9_000), duration(369_000), duration(3_909_000)]).toEqual(['9 s', '6:09', '1:05:09']);
  });

  it('on a terminal: a bar redrawn in place at most ten times a second, then its own line', () => {
    let now = 0;
    let out = '';
    const display = createProgressDisplay(
      {
        write: (text) => {
          out += text;
        },
        isTTY: true,
        columns: 80,
      },
      'export',
      'items',
      () => now,
    );
    display.update(progress(10));
    now += 50;
    display.update(progress(20)); // too soon: not drawn
    now += 60;
    display.update(progress(30));
    display.update(progress(200));
    display.finish();
    const frames = out.split('\r').filter(Boolean);
    expect(frames).toHaveLength(3);
    expect(frames[0]).toMatch(/^export \[#+\.+\] {3}5% {2}10 of 200 items/);
    // The last state with the overall rate: 190 items in the 110 ms between the first state and the last.
    expect(frames[2]).toBe(`export [${'#'.repeat(30)}] 100%  200 of 200 items, 1,727/s\u001b[K\n`);
  });

  it('elsewhere: a plain line every five seconds, and the last state at the end', () => {
    let now = 0;
    const lines: string[] = [];
    const display = createProgressDisplay(
      { write: (text) => void lines.push(text), isTTY: false },
      'import',
      'rows',
      () => now,
    );
    for (let done = 10; done <= 200; done += 10) {
      display.update(progress(done));
      now += 1_000;
    }
    display.finish();
    expect(lines).toEqual([
      'import: 10 of 200 rows, 50/s, 4 s left\n',
      'import: 60 of 200 rows, 50/s, 3 s left\n',
      'import: 110 of 200 rows, 50/s, 2 s left\n',
      'import: 160 of 200 rows, 50/s, 1 s left\n',
      'import: 200 of 200 rows, 10/s\n',
    ]);
  });

  it('ends with the overall rate, not the last instant one (an import ends at a rate of 0)', () => {
    let now = 0;
    const lines: string[] = [];
    const display = createProgressDisplay(
      { write: (text) => void lines.push(text), isTTY: false },
      'import',
      'rows',
      () => now,
    );
    display.update({ done: 0, total: 200, rate: 0, remainingMs: undefined });
    now = 4_000;
    display.update({ done: 200, total: 200, rate: 0, remainingMs: undefined });
    display.finish();
    expect(lines.at(-1)).toBe('import: 200 of 200 rows, 50/s\n');
  });

  it('on a terminal, clears its bar before data goes to standard output, so no data line starts after the bar', () => {
    let out = '';
    const display = createProgressDisplay(
      {
        write: (text) => {
          out += text;
        },
        isTTY: true,
      },
      'export',
      'items',
      () => 0,
    );
    display.update({ done: 1, total: 2, rate: 0, remainingMs: undefined });
    display.clear();
    expect(out.endsWith('\r\u001b[K')).toBe(true);
    const plain: string[] = [];
    const lines = createProgressDisplay({ write: (text) => void plain.push(text), isTTY: false }, 'export', 'items');
    lines.update({ done: 1, total: 2, rate: 0, remainingMs: undefined });
    lines.clear();
    expect(plain).toEqual(['export: 1 of 2 items\n']);
  });
});
