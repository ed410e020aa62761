/**
 * `change_item_position` (2025-10 on) over a real socket: an item moves just before or after another item of its
 * board, into that item's group; a move to a group's top or bottom is refused as not modelled, and a refused call
 * changes nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  askGraphQL,
  closeTestEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_TOKEN,
  type GraphQLBody,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

type Body = GraphQLBody;

async function serve() {
  const emulator = await startTestEmulator();
  return async (query: string, variables: Record<string, unknown> = {}, token = DEMO_TOKEN) => {
    return askGraphQL(emulator, '2026-10', query, variables, token);
  };
}

/** `body.data[key]`, once the answer is known to hold no errors. */
function field<T>(body: Body, key: string): T {
  expect(body.errors).toBeUndefined();
  return body.data?.[key] as T;
}

const codes = (body: Body) => body.errors?.map((error) => error.extensions?.code);

const MOVE = `mutation ($item: ID!, $relative: ID, $method: PositionRelative, $group: ID, $top: Boolean) {
  change_item_position(item_id: $item, relative_to: $relative, position_relative_method: $method,
    group_id: $group, group_top: $top) { id group { id } } }`;
const ORDER = `query { boards(ids: [3001]) { groups { id items_page { items { id } } } } }`;
const LOG = `query { boards(ids: [3001]) { activity_logs(limit: 5) { event } } }`;

type Groups = { id: string; items_page: { items: { id: string }[] } }[];

async function order(post: Awaited<ReturnType<typeof serve>>): Promise<Record<string, string[]>> {
  const [board] = field<{ groups: Groups }[]>(await post(ORDER), 'boards');
  return Object.fromEntries((board?.groups ?? []).map((group) => [group.id, group.items_page.items.map((i) => i.id)]));
}

describe('change_item_position', () => {
  it('moves an item before another item of its group', async () => {
    const post = await serve();
    const moved = await post(MOVE, { item: '4000003', relative: '4000001', method: 'before_at' });
    expect(field(moved, 'change_item_position')).toEqual({ id: '4000003', group: { id: 'topics' } });
    expect((await order(post)).topics).toEqual(['4000003', '4000001', '4000002']);
  });

  it('moves an item after an item of another group, into that group, and logs the group change', async () => {
    const post = await serve();
    const moved = await post(MOVE, { item: '4000001', relative: '4000004', method: 'after_at' });
    expect(field(moved, 'change_item_position')).toEqual({ id: '4000001', group: { id: 'later' } });
    const groups = await order(post);
    expect(groups.later).toEqual(['4000004', '4000001', '4000005']);
    expect(groups.topics).toEqual(['4000002', '4000003']);
    const [board] = field<{ activity_logs: { event: string }[] }[]>(await post(LOG), 'boards');
    expect(board?.activity_logs[0]?.event).toBe('move_pulse_into_group');
  });

  it('refuses a group move, another board’s item, no relative_to or another account, and moves nothing', async () => {
    const post = await serve();
    const before = await order(post);
    const refusals: [Record<string, unknown>, string][] = [
      [{ item: '4000003', group: 'later', top: true }, 'NOT_MODELLED'],
      [{ item: '4000003', relative: '4000006' }, 'INVALID_ARGUMENT'],
      [{ item: '4000003', relative: '4000003' }, 'INVALID_ARGUMENT'],
      [{ item: '4000003' }, 'INVALID_ARGUMENT'],
    ];
    for (const [variables, code] of refusals) expect(codes(await post(MOVE, variables))).toEqual([code]);
    const foreign = await post(MOVE, { item: '4000003', relative: '4000001' }, DEMO_OTHER_ACCOUNT_TOKEN);
    expect(codes(foreign)).toEqual(['RESOURCE_NOT_FOUND']);
    expect(await order(post)).toEqual(before);
  });
});
