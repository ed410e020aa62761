/**
 * User.activity_logs (2026-07 on) over a real socket: the changes one user made on the caller's boards, newest
 * first, narrowed by board, event, entity and time, a page at a time with a cursor.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { versionsWith } from './published-versions.js';
import {
  askGraphQL,
  closeTestEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_TOKEN,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

type Log = { event: string; entity: string; user_id: string; data: string; created_at: string };
type Body = {
  data?: { users?: { id: string; activity_logs: { cursor: string | null; logs: Log[] } | null }[] } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
};

const LOGS = `query ($ids: [ID!], $boards: [ID!], $events: [String!], $from: String, $to: String, $limit: Int, $cursor: String) {
  users(ids: $ids) { id activity_logs(board_ids: $boards, event_types: $events, from: $from, to: $to, limit: $limit, cursor: $cursor) {
    cursor logs { id event entity user_id data created_at }
  } }
}`;

async function serve() {
  const clock = { at: Date.parse('2026-11-25T12:00:00Z'), now: () => clock.at };
  const emulator = await startTestEmulator({ engine: createEngine({ clock }) });
  const post = async (version: string, query: string, variables: Record<string, unknown> = {}, token = DEMO_TOKEN) => {
    return askGraphQL(emulator, version, query, variables, token);
  };
  /** Renames an item of board 3001 a minute after the last change, as the demo token's user (Ada, 501). */
  const rename = async (name: string) => {
    clock.at += 60_000;
    const body = await post(
      '2026-10',
      'mutation ($v: JSON!) { change_multiple_column_values(board_id: 3001, item_id: 4000001, column_values: $v) { id } }',
      { v: JSON.stringify({ text: name }) },
    );
    expect(body.errors).toBeUndefined();
  };
  return { post, rename };
}

function page(body: Body) {
  expect(body.errors).toBeUndefined();
  const logs = body.data?.users?.[0]?.activity_logs;
  if (!logs) throw new Error('no activity_logs in the answer');
  return logs;
}

describe('User.activity_logs', () => {
  it.each(versionsWith('User.activity_logs'))(
    'lists the user’s changes newest first, a page at a time, at %s',
    async (version) => {
      const { post, rename } = await serve();
      for (const note of ['one', 'two', 'three']) await rename(note);
      const variables = { ids: ['501'], boards: ['3001'], events: ['update_column_value'], limit: 2 };
      const first = page(await post(version, LOGS, variables));
      expect(first.logs.map((log) => JSON.parse(log.data).value)).toEqual(['three', 'two']);
      expect(first.logs.every((log) => log.user_id === '501' && log.entity === 'pulse')).toBe(true);
      expect(first.logs[0]?.created_at).toBe(`${Date.parse('2026-11-25T12:03:00Z')}0000`);
      expect(first.cursor).toEqual(expect.any(String));
      const second = page(await post(version, LOGS, { ...variables, cursor: first.cursor }));
      expect(second.logs.map((log) => JSON.parse(log.data).value)).toEqual(['one']);
      expect(second.cursor).toBeNull();
    },
  );

  it('keeps to the user, the time range and the caller’s account', async () => {
    const { post, rename } = await serve();
    await rename('one');
    await rename('two');
    const grace = page(await post('2026-10', LOGS, { ids: ['502'], events: ['update_column_value'] }));
    expect(grace.logs).toEqual([]);
    const window = page(
      await post('2026-10', LOGS, {
        ids: ['501'],
        events: ['update_column_value'],
        from: '2026-11-25T12:01:30Z',
        to: '2026-11-25T12:02:30Z',
      }),
    );
    expect(window.logs.map((log) => JSON.parse(log.data).value)).toEqual(['two']);
    // Another account sees neither the user nor, so, their activity.
    const theirs = await post('2026-10', LOGS, { ids: ['501'] }, DEMO_OTHER_ACCOUNT_TOKEN);
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data?.users).toEqual([]);
  });

  it('narrows by entity from 2026-10, and refuses a bad cursor, limit or time', async () => {
    const { post, rename } = await serve();
    await rename('one');
    const entities = `query { users(ids: [501]) { activity_logs(entities: ["board"], limit: 100) { logs { entity } } } }`;
    const group = await post('2026-10', 'mutation { create_group(board_id: 3001, group_name: "Later") { id } }');
    expect(group.errors).toBeUndefined();
    const boardsOnly = page(await post('2026-10', entities));
    expect(boardsOnly.logs.length).toBeGreaterThan(0);
    expect(boardsOnly.logs.every((log) => log.entity === 'board')).toBe(true);
    expect((await post('2026-07', entities)).errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const codes = async (variables: Record<string, unknown>) =>
      (await post('2026-10', LOGS, { ids: ['501'], ...variables })).errors?.map((error) => error.extensions?.code);
    expect(await codes({ cursor: 'not a cursor' })).toEqual(['INVALID_CURSOR']);
    expect(await codes({ limit: 0 })).toEqual(['INVALID_ARGUMENT']);
    expect(await codes({ from: 'yesterday' })).toEqual(['INVALID_ARGUMENT']);
  });

  it('is not in 2026-04, which does not publish it', async () => {
    const { post } = await serve();
    const body = await post('2026-04', LOGS, { ids: ['501'] });
    expect(body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
