/**
 * User.out_of_office over a real socket, in every served version: the seeded period of Grace (502), active while
 * the emulator's clock is inside it, and null for a user who set none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { VERSIONS } from './published-versions.js';
import { closeTestEmulators, DEMO_READ_ONLY_TOKEN, postGraphQL, startTestEmulator } from './server-helpers.js';

afterEach(closeTestEmulators);

const QUERY =
  '{ users(ids: [501, 502]) { id out_of_office { active disable_notifications start_date end_date type } } }';

async function usersAt(version: string, isoTime: string) {
  const at = Date.parse(isoTime);
  const emulator = await startTestEmulator({ engine: createEngine({ clock: { now: () => at } }) });
  const response = await postGraphQL(
    emulator,
    { query: QUERY },
    { authorization: DEMO_READ_ONLY_TOKEN, 'api-version': version },
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data?: { users: unknown[] }; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data?.users;
}

describe('User.out_of_office', () => {
  it.each(VERSIONS)('answers the stored period at %s, active inside it', async (version) => {
    const period = {
      disable_notifications: true,
      start_date: '2026-11-16',
      end_date: '2026-12-04',
      type: 'out_of_office',
    };
    expect(await usersAt(version, '2026-11-25T12:00:00Z')).toEqual([
      { id: '501', out_of_office: null },
      { id: '502', out_of_office: { active: true, ...period } },
    ]);
  });

  it('is inactive before the first day and after the last, and active on both', async () => {
    const grace = async (time: string) =>
      ((await usersAt('2026-10', time)) as { out_of_office: { active: boolean } }[])[1]?.out_of_office.active;
    expect(await grace('2026-11-15T23:59:59Z')).toBe(false);
    expect(await grace('2026-11-16T00:00:00Z')).toBe(true);
    expect(await grace('2026-12-04T23:59:59Z')).toBe(true);
    expect(await grace('2026-12-05T00:00:00Z')).toBe(false);
  });
});
