/**
 * The emulator's column-kind table (packages/emulator/src/engine/column-kinds/): one entry per kind of the enum, each naming a
 * ColumnValue implementation of the served schema; writes refused with ColumnValueException; the relative date
 * keywords; the formula evaluator.
 */
import { describe, expect, it } from 'vitest';
import { COLUMN_KINDS } from 'workspace-platform-sdk';
import { dateKeywordRange } from '../src/engine/column-kinds/date-keywords.js';
import { evaluateFormula } from '../src/engine/column-kinds/formula.js';
import {
  COLUMN_KIND_TABLE,
  creatableKinds,
  simpleColumnInput,
  writeColumnValue,
} from '../src/engine/column-kinds/index.js';
import { createEngine } from '../src/engine/index.js';
import { newColumn } from '../src/engine/store/column-record.js';
import { ENGINE_VERSIONS } from '../src/engine/versions.js';
import { acmeGrant, run } from './engine-helpers.js';

describe('column-kind table', () => {
  it('has exactly the kinds of the enum, and each names a ColumnValue implementation of every served version', async () => {
    expect(Object.keys(COLUMN_KIND_TABLE).sort()).toEqual([...COLUMN_KINDS].sort());
    const engine = createEngine();
    for (const version of ENGINE_VERSIONS) {
      const body = await run(engine, '{ __schema { types { name kind interfaces { name } } } }', { version });
      const types = (body.data as { __schema: { types: { name: string; interfaces: { name: string }[] | null }[] } })
        .__schema.types;
      const implementations = new Set(
        types.filter((type) => type.interfaces?.some((face) => face.name === 'ColumnValue')).map((type) => type.name),
      );
      for (const kind of COLUMN_KINDS)
        expect(implementations, `${kind} in ${version}`).toContain(COLUMN_KIND_TABLE[kind].valueType);
    }
  });

  it('lets create_column make every kind but the four the platform makes itself', () => {
    expect(COLUMN_KINDS.filter((kind) => !creatableKinds().includes(kind)).sort()).toEqual([
      'name',
      'person',
      'subtasks',
      'unsupported',
    ]);
  });

  it.each([
    ['rating', { rating: 6 }, /a rating is a whole number from 1 to 5/],
    ['date', { date: '2026-02-30' }, /calendar date/],
    ['email', { email: 'nobody' }, /not an email address/],
    ['numbers', 'many', /expected a number/],
    ['week', { week: { startDate: '2026-11-23', endDate: '2026-11-24' } }, /a week is 7 days/],
    ['people', { personsAndTeams: [{ id: 1, kind: 'robot' }] }, /"person" or "team"/],
    ['formula', { anything: 1 }, /cannot be changed through column values/],
    // Read-only through the API: https://developer.monday.com/api-reference/reference/color-picker lists no update.
    ['color_picker', { color: { hex: '#00C875' } }, /cannot be changed through column values/],
    ['file', { files: [] }, /add_file_to_column/],
  ] as const)('refuses a wrong %s value with a ColumnValueException naming the column', (kind, input, message) => {
    const column = newColumn(`my_${kind}`, kind, kind);
    let thrown: unknown;
    try {
      writeColumnValue(column, input, false);
    } catch (error) {
      thrown = error;
    }
    expect(String((thrown as Error).message)).toMatch(message);
    expect((thrown as Error).message).toContain(`my_${kind}`);
    expect((thrown as { extensions: Record<string, unknown> }).extensions).toMatchObject({
      code: 'ColumnValueException',
      error_data: { column_type: kind, column_id: `my_${kind}` },
    });
  });

  it('clears with null, "" and {}, and takes simple strings only where the kind has a form', () => {
    const status = newColumn('s', 'Status', 'status');
    for (const empty of [null, '', {}]) expect(writeColumnValue(status, empty, false)).toBeNull();
    expect(writeColumnValue(status, simpleColumnInput(status, 'Done'), false)).toEqual({ index: 1 });
    expect(() => simpleColumnInput(newColumn('w', 'Week', 'week'), '2026-11-23')).toThrow(/JSON only/);
    // The rating page says JSON only; a plain string is the platform's CorrectedValueException
    // (https://developer.monday.com/api-reference/reference/rating, .../docs/error-handling).
    let thrown: unknown;
    try {
      simpleColumnInput(newColumn('r', 'Rating', 'rating'), '4');
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { extensions: Record<string, unknown> }).extensions).toMatchObject({
      code: 'CorrectedValueException',
      status_code: 200,
      error_data: { column_id: 'r', column_type: 'rating' },
    });
  });

  it('reads the relative date keywords around the clock, weeks from Monday', () => {
    const now = new Date('2026-11-25T12:00:00Z'); // a Wednesday
    expect(dateKeywordRange('TODAY', now)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(dateKeywordRange('THIS_WEEK', now)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(dateKeywordRange('ONE_MONTH_AGO', now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(dateKeywordRange('PAST_DATETIME', now)).toEqual({ from: null, to: '2026-11-24' });
    // These read the status column too (src/engine/date-status-keywords.ts).
    expect(dateKeywordRange('OVERDUE', now)).toBeUndefined();
    expect(dateKeywordRange('DONE_ON_TIME', now)).toBeUndefined();
  });

  it('evaluates formulas over column numbers, and gives null for anything else', () => {
    const numbers: Record<string, number | null> = { a: 6, b: 4, empty: null };
    const of = (id: string) => numbers[id] ?? null;
    expect(evaluateFormula('{a}*2+{b}/(1+1)', of)).toBe(14);
    expect(evaluateFormula('-{a}-{b}', of)).toBe(-10);
    expect(evaluateFormula('{a}+{empty}', of)).toBeNull();
    expect(evaluateFormula('{a}; process.exit()', of)).toBeNull();
    expect(evaluateFormula('{a}/0', of)).toBeNull();
  });

  it('filters items_page by a relative date keyword against the store clock', async () => {
    const engine = createEngine();
    const board = engine.store.boards.find('3001');
    const upcoming = engine.store.items.onBoard('3001')[1];
    if (!board || !upcoming) throw new Error('seed board 3001 changed');
    engine.store.items.changeValues(board, upcoming, { date4: '2099-01-01' }, false);
    const body = await run(
      engine,
      'query { boards(ids: [3001]) { items_page(query_params: { rules: [{ column_id: "date4", compare_value: ["OVERDUE"] }] }) { items { id } } } }',
      { grant: acmeGrant() },
    );
    expect(body.errors).toBeUndefined();
    const dated = engine.store.items
      .onBoard('3001')
      .filter((item) => item.state === 'active' && !item.parentItemId)
      .filter((item) => typeof (item.values.date4 as { date?: string } | undefined)?.date === 'string')
      .filter((item) => (item.values.date4 as { date: string }).date < engine.store.now().slice(0, 10))
      // Overdue is not Done (https://developer.monday.com/api-reference/reference/date): Done is label 1 here.
      .filter((item) => (item.values.status as { index?: number } | undefined)?.index !== 1);
    const ids = (
      body.data as { boards: { items_page: { items: { id: string }[] } }[] }
    ).boards[0]?.items_page.items.map((item) => item.id);
    expect(dated.length).toBeGreaterThan(0);
    expect(ids?.sort()).toEqual(dated.map((item) => item.id).sort());
    expect(ids).not.toContain(upcoming.id);
  });
});
