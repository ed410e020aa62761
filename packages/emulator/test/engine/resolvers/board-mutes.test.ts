/**
 * Board mute settings: each user's notification mute state per board, and an owner's mute for everyone (rules in
 * src/engine/resolvers/board-mutes.ts; https://developer.monday.com/api-reference/reference/mute-board-settings).
 */
import { describe, expect, it } from 'vitest';
import type { TokenGrant } from '../../../src/contract.js';
import { createEngine } from '../../../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, run } from '../../engine-helpers.js';

const READ = 'query ($ids: [ID!]!) { mute_board_settings(board_ids: $ids) { board_id mute_state enabled } }';
const UPDATE = `mutation ($board: String!, $state: BoardMuteState!, $enabled: [CustomizableBoardSettings!]) {
  update_mute_board_settings(board_id: $board, mute_state: $state, enabled: $enabled) { board_id mute_state enabled }
}`;
/** Grace: a member of acme who does not own the roadmap board 3001. */
const GRACE: TokenGrant = { ...acmeGrant(), userId: 502 };

describe('board mute settings', () => {
  it('answers NOT_MUTED until the user mutes, keeps each user’s own state, and lists enabled only for custom', async () => {
    const engine = createEngine();
    expect(
      dataField(
        await run(engine, READ, { version: '2026-10', variables: { ids: ['3001', '3002'] } }),
        'mute_board_settings',
      ),
    ).toEqual([
      { board_id: '3001', mute_state: 'NOT_MUTED', enabled: null },
      { board_id: '3002', mute_state: 'NOT_MUTED', enabled: null },
    ]);
    const custom = await run(engine, UPDATE, {
      version: '2026-10',
      variables: { board: '3001', state: 'CUSTOM_SETTINGS', enabled: ['IM_ASSIGNED', 'IM_MENTIONED'] },
    });
    expect(dataField(custom, 'update_mute_board_settings')).toEqual([
      { board_id: '3001', mute_state: 'CUSTOM_SETTINGS', enabled: ['IM_ASSIGNED', 'IM_MENTIONED'] },
    ]);
    const mentions = await run(engine, UPDATE, {
      version: '2026-10',
      variables: { board: '3001', state: 'MENTIONS_AND_ASSIGNS_ONLY' },
      grant: GRACE,
    });
    expect(dataField(mentions, 'update_mute_board_settings')).toEqual([
      { board_id: '3001', mute_state: 'MENTIONS_AND_ASSIGNS_ONLY', enabled: null },
    ]);
    expect(
      dataField(await run(engine, READ, { version: '2026-10', variables: { ids: ['3001'] } }), 'mute_board_settings'),
    ).toEqual([{ board_id: '3001', mute_state: 'CUSTOM_SETTINGS', enabled: ['IM_ASSIGNED', 'IM_MENTIONED'] }]);
  });

  it('lets an owner mute the board for everyone, which every user then reads, until the owner lifts it', async () => {
    const engine = createEngine();
    const refused = await run(engine, UPDATE, {
      version: '2026-10',
      variables: { board: '3001', state: 'MUTE_ALL' },
      grant: GRACE,
    });
    expect(errorCodes(refused)).toEqual(['USER_UNAUTHORIZED']);
    await run(engine, UPDATE, { version: '2026-10', variables: { board: '3001', state: 'MUTE_ALL' } });
    const forGrace = await run(engine, READ, { version: '2026-10', variables: { ids: ['3001'] }, grant: GRACE });
    expect(dataField(forGrace, 'mute_board_settings')).toEqual([
      { board_id: '3001', mute_state: 'MUTE_ALL', enabled: null },
    ]);
    await run(engine, UPDATE, { version: '2026-10', variables: { board: '3001', state: 'NOT_MUTED' } });
    const lifted = await run(engine, READ, { version: '2026-10', variables: { ids: ['3001'] }, grant: GRACE });
    expect(dataField(lifted, 'mute_board_settings')).toEqual([
      { board_id: '3001', mute_state: 'NOT_MUTED', enabled: null },
    ]);
  });

  it('refuses a missing scope, another account’s board, custom settings without enabled and enabled with another state', async () => {
    const engine = createEngine();
    const readOnly = await run(engine, UPDATE, {
      version: '2026-10',
      variables: { board: '3001', state: 'CURRENT_USER_MUTE_ALL' },
      grant: acmeGrant(['boards:read']),
    });
    expect(errorCodes(readOnly)).toEqual(['USER_UNAUTHORIZED']);
    expect(errorCodes(await run(engine, READ, { version: '2026-10', variables: { ids: ['3003'] } }))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
    for (const variables of [
      { board: '3001', state: 'CUSTOM_SETTINGS' },
      { board: '3001', state: 'CURRENT_USER_MUTE_ALL', enabled: ['IM_ASSIGNED'] },
    ]) {
      expect(errorCodes(await run(engine, UPDATE, { version: '2026-10', variables }))).toEqual(['INVALID_ARGUMENT']);
    }
    const many = Array.from({ length: 101 }, () => '3001');
    expect(errorCodes(await run(engine, READ, { version: '2026-10', variables: { ids: many } }))).toEqual([
      'INVALID_ARGUMENT',
    ]);
    expect(
      dataField(await run(engine, READ, { version: '2026-10', variables: { ids: ['3001'] } }), 'mute_board_settings'),
    ).toEqual([{ board_id: '3001', mute_state: 'NOT_MUTED', enabled: null }]);
  });
});
