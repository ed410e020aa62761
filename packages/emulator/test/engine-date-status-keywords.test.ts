/**
 * The date keywords that read a status column, as the date column page defines them
 * (https://developer.monday.com/api-reference/reference/date, "Filter"): OVERDUE is an item not marked Done whose
 * date has passed (a date of today is overdue from the next day), UPCOMING one not marked Done whose date is still
 * ahead (today's is not upcoming), DONE_ON_TIME one marked Done on or before its date, DONE_OVERDUE one marked Done
 * after it. Done is a label of the status column's `done_colors`; when it was marked Done is when the status took
 * its current value.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { run } from './engine-helpers.js';

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 20, 12, 0, 0);

/** Board 3001 with five items, dated and marked as named, at a clock that moves. */
async function board() {
  let clock = START;
  const engine = createEngine({ clock: { now: () => clock } });
  const day = (offset: number) => new Date(START + 5 * DAY + offset * DAY).toISOString().slice(0, 10);
  const make = async (name: string, values: Record<string, unknown>) => {
    const body = await run(
      engine,
      `mutation ($values: JSON) { create_item(board_id: 3001, item_name: "${name}", column_values: $values) { id } }`,
      { variables: { values: JSON.stringify(values) } },
    );
    expect(body.errors).toBeUndefined();
    return (body.data as { create_item: { id: string } }).create_item.id;
  };
  const mark = async (id: string, label: string) => {
    const body = await run(
      engine,
      `mutation { change_simple_column_value(board_id: 3001, item_id: ${id}, column_id: "status", value: "${label}") { id } }`,
    );
    expect(body.errors).toBeUndefined();
  };
  // Now is START; the items are dated around START + 5 days, the day the filters run.
  const late = await make('Late, not done', { date4: day(-2), status: { label: 'Working on it' } });
  const doneLate = await make('Done after its date', { date4: day(-2) });
  const doneEarly = await make('Done before its date', { date4: day(3) });
  const ahead = await make('Ahead, not done', { date4: day(3) });
  const dueToday = await make('Due today', { date4: day(0) });
  await mark(doneEarly, 'Done'); // marked on START, before its date
  clock = START + 5 * DAY;
  await mark(doneLate, 'Done'); // marked on START + 5 days, after its date
  const ids = { late, doneLate, doneEarly, ahead, dueToday };
  const filtered = async (keyword: string, operator = 'any_of') => {
    const body = await run(
      engine,
      `query { boards(ids: [3001]) { items_page(limit: 100, query_params: { rules: [{ column_id: "date4", compare_value: ["${keyword}"], operator: ${operator} }] }) { items { id } } } }`,
    );
    if (body.errors) return body.errors.map((error) => error.extensions?.code);
    const items = (body.data as { boards: { items_page: { items: { id: string }[] } }[] }).boards[0]?.items_page.items;
    const mine = new Set(Object.values(ids));
    return (items ?? [])
      .map((item) => item.id)
      .filter((id) => mine.has(id))
      .map((id) => Object.entries(ids).find(([, value]) => value === id)?.[0])
      .sort();
  };
  return { filtered };
}

describe('date keywords that read the status column', () => {
  it('OVERDUE: not Done and the date has passed; a Done item is not overdue, nor one dated today', async () => {
    const { filtered } = await board();
    expect(await filtered('OVERDUE')).toEqual(['late']);
  });

  it('UPCOMING: not Done and the date is ahead; today is not upcoming', async () => {
    const { filtered } = await board();
    expect(await filtered('UPCOMING')).toEqual(['ahead']);
  });

  it('DONE_ON_TIME and DONE_OVERDUE: marked Done on or before the date, or after it', async () => {
    const { filtered } = await board();
    expect(await filtered('DONE_ON_TIME')).toEqual(['doneEarly']);
    expect(await filtered('DONE_OVERDUE')).toEqual(['doneLate']);
  });

  it('not_any_of keeps the others', async () => {
    const { filtered } = await board();
    expect(await filtered('OVERDUE', 'not_any_of')).toEqual(['ahead', 'doneEarly', 'doneLate', 'dueToday']);
  });
});

describe('date keywords where the docs are silent or the rule is wrong', () => {
  const rule = (board: string, column: string, value: string, operator = 'any_of') =>
    `query { boards(ids: [${board}]) { items_page(query_params: { rules: [{ column_id: "${column}", compare_value: ["${value}"], operator: ${operator} }] }) { items { id } } } }`;
  const codes = (body: { errors?: readonly { extensions?: Record<string, unknown> }[] }) =>
    (body.errors ?? []).map((error) => error.extensions?.code);

  it('answer NOT_MODELLED on a board with several status columns', async () => {
    const engine = createEngine();
    const made = await run(
      engine,
      'mutation { create_column(board_id: 3001, title: "Review", column_type: status) { id } }',
    );
    expect(made.errors).toBeUndefined();
    expect(codes(await run(engine, rule('3001', 'date4', 'OVERDUE')))).toEqual(['NOT_MODELLED']);
  });

  it('refuse an operator the page does not list', async () => {
    const engine = createEngine();
    expect(codes(await run(engine, rule('3001', 'date4', 'OVERDUE', 'greater_than')))).toEqual(['INVALID_ARGUMENT']);
  });

  // The date page lists the keywords without saying a board without a status column refuses them: such a board has
  // no item marked Done, so OVERDUE is a date that has passed and UPCOMING one still ahead, as before the status
  // column was read.
  it('on a board without a status column: no item is Done, OVERDUE selects past dates, UPCOMING future ones', async () => {
    const now = Date.UTC(2026, 10, 20, 12, 0, 0);
    const engine = createEngine({ clock: { now: () => now } });
    const board = await run(
      engine,
      'mutation { create_board(board_name: "Plain", board_kind: public, empty: true) { id } }',
    );
    const id = (board.data as { create_board: { id: string } }).create_board.id;
    await run(engine, `mutation { create_column(board_id: ${id}, id: "due", title: "Due", column_type: date) { id } }`);
    const make = async (name: string, date: string) => {
      const body = await run(
        engine,
        `mutation ($values: JSON) { create_item(board_id: ${id}, item_name: "${name}", column_values: $values) { id } }`,
        { variables: { values: JSON.stringify({ due: { date } }) } },
      );
      expect(body.errors).toBeUndefined();
      return (body.data as { create_item: { id: string } }).create_item.id;
    };
    const past = await make('Past', '2026-11-10');
    await make('Today', '2026-11-20');
    const future = await make('Future', '2026-12-01');
    const ids = async (keyword: string, operator = 'any_of') => {
      const body = await run(engine, rule(id, 'due', keyword, operator));
      expect(body.errors).toBeUndefined();
      const page = (body.data as { boards: { items_page: { items: { id: string }[] } }[] }).boards[0]?.items_page;
      return (page?.items ?? []).map((item) => item.id);
    };
    expect(await ids('OVERDUE')).toEqual([past]);
    expect(await ids('UPCOMING')).toEqual([future]);
    expect(await ids('DONE_ON_TIME')).toEqual([]);
    expect(await ids('DONE_OVERDUE')).toEqual([]);
    expect((await ids('OVERDUE', 'not_any_of')).length).toBe(2);
  });

  it('refuse a keyword the date page does not list, and answer NOT_MODELLED for a timeline keyword', async () => {
    const engine = createEngine();
    expect(codes(await run(engine, rule('3001', 'date4', 'NEXT_DECADE')))).toEqual(['INVALID_ARGUMENT']);
    await run(
      engine,
      'mutation { create_column(board_id: 3001, id: "span", title: "Span", column_type: timeline) { id } }',
    );
    expect(codes(await run(engine, rule('3001', 'span', 'MILESTONE')))).toEqual(['NOT_MODELLED']);
    expect(codes(await run(engine, rule('3001', 'span', 'OVERDUE')))).toEqual(['NOT_MODELLED']);
  });
});
