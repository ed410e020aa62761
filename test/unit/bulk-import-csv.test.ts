/**
 * The pure parts of the bulk entry: each importable column kind's CSV cell, the refusals before anything is sent,
 * a job file's exact size (the split within the 150 MB limit relies on it), the report reader, progress, and the
 * sliding-hour reservations a store shares (`reserveUnits`).
 */
import { describe, expect, it } from 'vitest';
import { cellText, csvField, encodeRow, JobFile } from '../../src/bulk/import-csv.js';
import { parseCsv } from '../../src/bulk/job-calls.js';
import { ProgressMeter } from '../../src/bulk/progress.js';
import { WindowReservations } from '../../src/client/throttle/memory-store.js';
import { column, PlatformConfigError } from '../../src/index.js';

describe('cellText', () => {
  it('writes each importable kind in its import form', () => {
    const cases: [Parameters<typeof cellText>[1], string][] = [
      [column.text('plain, with a comma'), 'plain, with a comma'],
      [column.longText('a long text'), 'a long text'],
      [column.numbers(-12.5), '-12.5'],
      [column.status({ label: 'Done' }), 'Done'],
      [column.dropdown({ labels: ['Red', 'Blue'] }), 'Red, Blue'],
      [column.date('2026-11-24'), '2026-11-24'],
      [column.date('2026-11-24', '09:30'), '2026-11-24 09:30:00'],
      [column.timeline({ from: '2026-11-01', to: '2026-11-30' }), '2026-11-01 - 2026-11-30'],
      [column.email('ada@example.com'), 'ada@example.com'],
      [column.email('ada@example.com', 'Ada L'), 'ada@example.com Ada L'],
      [column.link('https://example.com', 'Example'), 'https://example.com Example'],
      [column.phone('+1 415 555 0100', 'US'), '+14155550100 US'],
      [
        column.people([
          { id: 501, kind: 'person' },
          { id: '502', kind: 'person' },
        ]),
        '501, 502',
      ],
      [column.boardRelation([11, '12']), '11, 12'],
      ['taken as is', 'taken as is'],
      [42, '42'],
      [null, ''],
      [undefined, ''],
    ];
    for (const [value, text] of cases) expect(cellText('c', value)).toBe(text);
  });

  it('refuses before anything is sent what the import cannot take, naming the column', () => {
    const refusals: [Parameters<typeof cellText>[1], RegExp][] = [
      [column.status({ index: 1 }), /"s" \(status\): an import takes a status by its label/],
      [column.dropdown({ ids: [1] }), /dropdown values by their labels/],
      [column.dropdown({ labels: ['A, B'] }), /a label with a comma/],
      [column.people([{ id: 7, kind: 'team' }]), /teams cannot be imported/],
      [column.checkbox(true), /an import takes .* values only/],
      [column.clear(), /an import takes .* values only/],
      [column.numbers(Number.NaN), /expected a finite number/],
      [Number.POSITIVE_INFINITY, /Infinity is not a number/],
      [true as never, /expected a column builder's value/],
    ];
    for (const [value, message] of refusals) {
      expect(() => cellText('s', value)).toThrow(PlatformConfigError);
      expect(() => cellText('s', value)).toThrow(message);
    }
  });
});

describe('a job file', () => {
  it('quotes fields with commas, quotes or line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('knows its exact size in bytes before and after each row, header columns growing as rows bring them', () => {
    const file = new JobFile();
    const rows = [
      encodeRow({ name: 'Plain' }, 0),
      encodeRow({ name: 'Ünïcode, quoted', values: { text: 'naïve "x"', numbers: 3 } }, 1),
      encodeRow({ name: 'More', values: { date4: column.date('2026-01-02'), text: null } }, 2),
    ];
    const size = (text: string) => new TextEncoder().encode(text).length;
    expect(file.bytes).toBe(size(file.text()));
    for (const row of rows) {
      const expected = file.bytesWith(row);
      file.add(row);
      expect(file.bytes).toBe(expected);
      expect(file.bytes).toBe(size(file.text()));
    }
    expect(file.text()).toBe(
      'name,text,numbers,date4\r\nPlain,,,\r\n"Ünïcode, quoted","naïve ""x""",3,\r\nMore,,,2026-01-02\r\n',
    );
  });

  it('refuses a row without a name, and a name given as a column value', () => {
    expect(() => encodeRow({ name: ' ' }, 4)).toThrow(/Row 4: every row needs a non-empty name/);
    expect(() => encodeRow({ name: 'x', values: { name: 'y' } }, 5)).toThrow(/give the item's name as `name`/);
  });
});

describe('parseCsv (the report)', () => {
  it('reads quoted fields across lines and CRLF', () => {
    expect(parseCsv('row,column_id,error\r\n1,status,"label ""Nope"", missing"\r\n2,,"two\nlines"\r\n')).toEqual([
      ['row', 'column_id', 'error'],
      ['1', 'status', 'label "Nope", missing'],
      ['2', '', 'two\nlines'],
    ]);
  });
});

describe('ProgressMeter', () => {
  it('gives done, total, the rate since it started and the time left at that rate', () => {
    let now = 1_000;
    const seen: unknown[] = [];
    const meter = new ProgressMeter(
      () => now,
      (progress) => seen.push(progress),
      100,
    );
    expect(meter.measure(100, 1_100)).toEqual({ done: 100, total: 1_100, rate: 0, remainingMs: undefined });
    now += 2_000;
    meter.report(300, 1_100);
    expect(seen).toEqual([{ done: 300, total: 1_100, rate: 100, remainingMs: 8_000 }]);
    expect(meter.measure(300, undefined).remainingMs).toBeUndefined();
  });

  it('keeps going when the listener throws', () => {
    const meter = new ProgressMeter(Date.now, () => {
      throw new Error('listener bug');
    });
    expect(() => meter.report(1, 2)).not.toThrow();
  });
});

describe('WindowReservations (a store’s reserveUnits)', () => {
  const request = { key: 'budget', units: 10, quota: 25, windowMs: 1_000 };

  it('grants what fits the window and says when the rest will', () => {
    const reservations = new WindowReservations();
    expect(reservations.reserve(request, 0)).toEqual({ granted: true });
    expect(reservations.reserve(request, 100)).toEqual({ granted: true });
    expect(reservations.reserve(request, 200)).toEqual({ granted: false, retryInMs: 800 });
    expect(reservations.reserve(request, 1_000)).toEqual({ granted: true });
    expect(reservations.reserve({ ...request, key: 'other' }, 1_000)).toEqual({ granted: true });
  });
});
