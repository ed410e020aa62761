/**
 * Parent values calculated from subitems, over a real socket: a numbers column with `capabilities.calculated`
 * answers, on an item with subitems and when CALCULATED is asked for, the SUM, MIN, MAX or COUNT_KEYS of its
 * subitems' values; a leaf keeps its own value; a parent's calculated value cannot be written.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { versionsWith } from './published-versions.js';
import {
  askGraphQL,
  closeTestEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_TOKEN,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

/** Every version whose `Column` has `capabilities`. */
const WITH_CAPABILITIES = versionsWith('Column.capabilities');
/** The seed's campaigns board (3004), its subitems board (3009), and its items: 4000101 has subitems 4000111 and
 * 4000112, 4000102 has 4000113, 4000103 has none. */
const CAMPAIGNS = '3004';
const SUBITEMS = '3009';

async function serve() {
  const emulator = await startTestEmulator();
  const post = async (version: string, query: string, variables: Record<string, unknown> = {}, token = DEMO_TOKEN) => {
    return askGraphQL(emulator, version, query, variables, token);
  };
  const ok = async (version: string, query: string, variables: Record<string, unknown> = {}) => {
    const body = await post(version, query, variables);
    expect(body.errors).toBeUndefined();
    return body.data as Record<string, unknown>;
  };
  const setNumber = (version: string, board: string, item: string, column: string, value: string) =>
    ok(
      version,
      'mutation ($b: ID!, $i: ID!, $c: String!, $v: String) { change_simple_column_value(board_id: $b, item_id: $i, column_id: $c, value: $v) { id } }',
      { b: board, i: item, c: column, v: value },
    );
  /** The column's number on each item: calculated when `calculated`, else as stored. */
  const numbers = async (version: string, ids: string[], column: string, calculated = true) => {
    const capabilities = calculated ? ', capabilities: [CALCULATED]' : '';
    const data = await ok(
      version,
      `query ($ids: [ID!], $c: [String!]) { items(ids: $ids) { id column_values(ids: $c${capabilities}) { text ... on NumbersValue { number } } } }`,
      { ids, c: [column] },
    );
    const items = data.items as { id: string; column_values: { text: string; number: number | null }[] }[];
    return Object.fromEntries(items.map((item) => [item.id, item.column_values[0]?.number ?? null]));
  };
  return { emulator, post, ok, setNumber, numbers };
}

const CREATE = `mutation ($b: ID!, $f: CalculatedFunction!) {
  create_column(board_id: $b, id: "hours", title: "Hours", column_type: numbers, capabilities: { calculated: { function: $f } }) { id }
}`;

describe('calculated parent values', () => {
  it.each(WITH_CAPABILITIES)('answers the seeded campaigns’ effort from their tasks at %s', async (version) => {
    const { numbers } = await serve();
    expect(await numbers(version, ['4000101', '4000102', '4000103'], 'effort')).toEqual({
      '4000101': 8,
      '4000102': 8,
      '4000103': null,
    });
  });

  it.each(WITH_CAPABILITIES)('sums the subitems’ values on a parent, keeps a leaf’s own, at %s', async (version) => {
    const { emulator, ok, setNumber, numbers } = await serve();
    await ok(version, CREATE, { b: CAMPAIGNS, f: 'SUM' });
    expect(emulator.store.boards.find(SUBITEMS)?.columns.find((column) => column.id === 'hours')).toMatchObject({
      title: 'Hours',
      type: 'numbers',
    });
    await setNumber(version, SUBITEMS, '4000111', 'hours', '3');
    await setNumber(version, SUBITEMS, '4000112', 'hours', '4.5');
    await setNumber(version, CAMPAIGNS, '4000103', 'hours', '12');
    expect(await numbers(version, ['4000101', '4000102', '4000103'], 'hours')).toEqual({
      '4000101': 7.5,
      '4000102': null,
      '4000103': 12,
    });
    // Without CALCULATED the items' own values: a parent holds none.
    expect(await numbers(version, ['4000101', '4000103'], 'hours', false)).toEqual({ '4000101': null, '4000103': 12 });
  });

  it('applies MIN, MAX and COUNT_KEYS as update_column changes the function, and drops archived subitems', async () => {
    const { ok, setNumber, numbers } = await serve();
    await ok('2026-10', CREATE, { b: CAMPAIGNS, f: 'MIN' });
    await setNumber('2026-10', SUBITEMS, '4000111', 'hours', '3');
    await setNumber('2026-10', SUBITEMS, '4000112', 'hours', '5');
    expect((await numbers('2026-10', ['4000101'], 'hours'))['4000101']).toBe(3);
    const change = async (fn: string) => {
      const data = await ok('2026-10', `{ boards(ids: [${CAMPAIGNS}]) { columns(ids: ["hours"]) { revision } } }`);
      const [board] = data.boards as { columns: { revision: string }[] }[];
      await ok(
        '2026-10',
        'mutation ($r: String!, $f: CalculatedFunction!) { update_column(board_id: 3004, id: "hours", column_type: numbers, revision: $r, capabilities: { calculated: { function: $f } }) { id } }',
        { r: board?.columns[0]?.revision, f: fn },
      );
    };
    await change('MAX');
    expect((await numbers('2026-10', ['4000101'], 'hours'))['4000101']).toBe(5);
    await change('COUNT_KEYS');
    expect(await numbers('2026-10', ['4000101', '4000102'], 'hours')).toEqual({ '4000101': 2, '4000102': 0 });
    await ok('2026-10', 'mutation { archive_item(item_id: 4000112) { id } }');
    await change('SUM');
    expect((await numbers('2026-10', ['4000101'], 'hours'))['4000101']).toBe(3);
    await change('NONE');
    // No calculation any more: the parent's own value, which may now be written.
    await setNumber('2026-10', CAMPAIGNS, '4000101', 'hours', '1');
    expect((await numbers('2026-10', ['4000101'], 'hours', false))['4000101']).toBe(1);
  });

  it('refuses a parent’s calculated value while it has subitems, and takes it once it has none', async () => {
    const { post, ok, numbers } = await serve();
    await ok('2026-10', CREATE, { b: CAMPAIGNS, f: 'SUM' });
    const write = (item: string) =>
      post(
        '2026-10',
        `mutation { change_simple_column_value(board_id: 3004, item_id: ${item}, column_id: "hours", value: "9") { id } }`,
      );
    const refused = await write('4000102');
    expect(refused.errors?.[0]?.extensions?.code).toBe('ColumnValueException');
    expect(refused.errors?.[0]?.message).toMatch(/calculated from the item's subitems/);
    await ok('2026-10', 'mutation { delete_item(item_id: 4000113) { id } }');
    expect((await write('4000102')).errors).toBeUndefined();
    expect((await numbers('2026-10', ['4000102'], 'hours'))['4000102']).toBe(9);
  });

  it('gives a subitems board made later the calculated column, and sums values sent at create_subitem', async () => {
    const { emulator, ok, numbers } = await serve();
    await ok('2026-10', CREATE, { b: '3001', f: 'SUM' });
    const parent = emulator.store.items.active('3001')[0]?.id ?? '';
    for (const hours of ['2', '6']) {
      await ok(
        '2026-10',
        'mutation ($p: ID!, $v: JSON) { create_subitem(parent_item_id: $p, item_name: "Task", column_values: $v) { id } }',
        { p: parent, v: JSON.stringify({ hours }) },
      );
    }
    expect((await numbers('2026-10', [parent], 'hours'))[parent]).toBe(8);
  });

  it('answers MIN_MAX as not modelled, and keeps to the caller’s account', async () => {
    const { post } = await serve();
    const minMax = await post('2026-10', CREATE, { b: CAMPAIGNS, f: 'MIN_MAX' });
    expect(minMax.errors?.[0]?.extensions?.code).toBe('NOT_MODELLED');
    const theirs = await post('2026-10', CREATE, { b: CAMPAIGNS, f: 'SUM' }, DEMO_OTHER_ACCOUNT_TOKEN);
    expect(theirs.errors?.[0]?.extensions?.code).toBe('RESOURCE_NOT_FOUND');
  });
});
