/**
 * `Query.replies` in the engine: the replies on items of the caller's boards, newest first, in a creation window,
 * paged; another account's board is RESOURCE_NOT_FOUND (src/engine/resolvers/updates.ts).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { dataField, errorCodes, run } from '../../engine-helpers.js';

const REPLIES =
  'query ($boards: [ID!]!, $from: String, $to: String, $limit: Int, $page: Int) { replies(board_ids: $boards, created_at_from: $from, created_at_to: $to, limit: $limit, page: $page) { id body creator { name } } }';

describe('replies', () => {
  it('lists the replies on the boards, not the top-level updates', async () => {
    const engine = createEngine();
    const ids = async (variables: Record<string, unknown>) =>
      dataField<{ id: string }[]>(await run(engine, REPLIES, { version: '2026-10', variables }), 'replies').map(
        (reply) => reply.id,
      );
    expect(await ids({ boards: ['3001', '3002'] })).toEqual(expect.arrayContaining(['9002', '9004']));
    expect(await ids({ boards: ['3001'] })).toEqual(['9002']);
    expect(await ids({ boards: ['3001', '3002'], limit: 1, page: 3 })).toEqual([]);
    const created = engine.store.updates.find('9002')?.createdAt ?? '';
    expect(await ids({ boards: ['3001'], from: created, to: created })).toEqual(['9002']);
    expect(await ids({ boards: ['3001'], to: '2000-01-01T00:00:00Z' })).toEqual([]);
  });

  it('refuses another account board and a date that is not one', async () => {
    const engine = createEngine();
    expect(errorCodes(await run(engine, REPLIES, { version: '2026-10', variables: { boards: ['3003'] } }))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
    expect(
      errorCodes(await run(engine, REPLIES, { version: '2026-10', variables: { boards: ['3001'], from: 'soon' } })),
    ).toEqual(['INVALID_ARGUMENT']);
  });
});
