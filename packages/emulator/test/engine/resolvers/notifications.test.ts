/**
 * `Query.notifications` in the engine: the caller's inbox of notifications sent through create_notification,
 * newest first, paged by cursor and `since`, with their target and sender; `title` is NOT_MODELLED (the rules are
 * in src/engine/resolvers/notifications.ts; the docs describe the query no further than the schema).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { dataField, errorCodes, run } from '../../engine-helpers.js';

const SEND =
  'mutation ($text: String!, $target: ID!, $type: NotificationTargetType!, $user: ID!) { create_notification(user_id: $user, target_id: $target, target_type: $type, text: $text) { id } }';
const INBOX =
  'query ($cursor: ID, $limit: Int, $since: ISO8601DateTime) { notifications(cursor: $cursor, limit: $limit, since: $since) { id text read created_at creators { name } board { id } item { name } } }';

function engineAt() {
  let now = Date.UTC(2026, 10, 25, 9);
  const engine = createEngine({ clock: { now: () => now } });
  return { engine, tick: () => (now += 60_000) };
}

describe('notifications inbox', () => {
  it('lists the notifications sent to the caller, newest first, with target and sender', async () => {
    const { engine, tick } = engineAt();
    for (const [text, user] of [
      ['First', '501'],
      ['For Grace', '502'],
      ['Second', '501'],
    ] as const) {
      expect(
        errorCodes(
          await run(engine, SEND, {
            version: '2026-10',
            variables: { text, target: '4000001', type: 'Project', user },
          }),
        ),
      ).toEqual([]);
      tick();
    }
    const body = await run(engine, INBOX, { version: '2026-10' });
    const inbox = dataField<{ id: string; text: string }[]>(body, 'notifications');
    expect(inbox.map((notification) => notification.text)).toEqual(['Second', 'First']);
    expect(inbox[0]).toMatchObject({
      read: false,
      creators: [{ name: 'Ada Lovelace' }],
      board: { id: '3001' },
      item: { name: 'Public launch' },
    });
    const after = await run(engine, INBOX, { version: '2026-10', variables: { cursor: inbox[0]?.id } });
    expect(dataField<{ text: string }[]>(after, 'notifications').map((notification) => notification.text)).toEqual([
      'First',
    ]);
    const since = await run(engine, INBOX, { version: '2026-10', variables: { since: '2026-11-25T09:01:30Z' } });
    expect(dataField<{ text: string }[]>(since, 'notifications').map((notification) => notification.text)).toEqual([
      'Second',
    ]);
    expect(errorCodes(await run(engine, INBOX, { version: '2026-10', variables: { limit: 0 } }))).toEqual([
      'INVALID_ARGUMENT',
    ]);
    expect(errorCodes(await run(engine, INBOX, { version: '2026-10', variables: { cursor: '1' } }))).toEqual([
      'INVALID_CURSOR',
    ]);
    expect(errorCodes(await run(engine, '{ notifications { title } }', { version: '2026-10' }))).toEqual([
      'NOT_MODELLED',
      'NOT_MODELLED',
    ]);
  });
});
