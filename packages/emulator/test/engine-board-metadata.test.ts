/**
 * The Board fields that describe a board (src/engine/resolvers/board-metadata.ts), at every version that publishes
 * them: what the store holds, what it derives, and NOT_MODELLED where it holds nothing honest.
 * Boards reference: https://developer.monday.com/api-reference/reference/boards
 */
import { describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_SEED_FACTS, defaultSeed } from '../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, run } from './engine-helpers.js';

const { users } = DEFAULT_SEED_FACTS;

type BoardAnswer = Record<string, unknown>;

async function board(engine: ReturnType<typeof createEngine>, id: string, fields: string, version = '2026-10') {
  const body = await run(engine, `{ boards(ids: [${id}]) { ${fields} } }`, { version });
  expect(body.errors).toBeUndefined();
  return dataField<BoardAnswer[]>(body, 'boards')[0];
}

describe('Board metadata', () => {
  it('answers created_at, the folder, the item nickname and the plan item limit of a seeded board', async () => {
    const engine = createEngine();
    expect(
      await board(engine, '3004', 'created_at item_terminology items_limit folder { id name } created_from_board_id'),
    ).toEqual({
      created_at: '2024-09-09T10:00:00Z',
      item_terminology: 'item',
      items_limit: 10_000,
      folder: { id: '7102', name: 'Campaigns' },
      created_from_board_id: null,
    });
    // The hiring board was seeded with its own nickname.
    expect(await board(engine, '3006', 'item_terminology folder { id }')).toEqual({
      item_terminology: 'Candidate',
      folder: null,
    });
  });

  it('keeps the item nickname create_board is given, and the board a duplicate was made from', async () => {
    const engine = createEngine();
    const created = await run(
      engine,
      'mutation { create_board(board_name: "Tickets", board_kind: public, item_nickname: { singular: "Ticket", plural: "Tickets" }) { id item_terminology } }',
      { version: '2026-10' },
    );
    expect(created.errors).toBeUndefined();
    expect(dataField(created, 'create_board')).toMatchObject({ item_terminology: 'Ticket' });
    const copy = await run(
      engine,
      'mutation { duplicate_board(board_id: 3001, duplicate_type: duplicate_board_with_structure) { board { created_from_board_id created_at } } }',
      { version: '2026-10' },
    );
    expect(copy.errors).toBeUndefined();
    expect(dataField<{ board: BoardAnswer }>(copy, 'duplicate_board').board.created_from_board_id).toBe('3001');
  });

  it('answers items_limit NOT_MODELLED when the seed states no plan limit', async () => {
    const seed = defaultSeed();
    for (const details of seed.accountDetails ?? []) if (details.plan) delete details.plan.boardItemsLimit;
    const engine = createEngine({ seed });
    const body = await run(engine, '{ boards(ids: [3001]) { id items_limit } }', { version: '2026-10' });
    expect(errorCodes(body)).toEqual(['NOT_MODELLED']);
  });

  it('derives access_level from the board permissions and its owners and subscribers', async () => {
    const engine = createEngine();
    const seeded = engine.store.boards.find('3004');
    if (!seeded) throw new Error('seed board 3004 missing');
    // Collaborators: Ada subscribes to the campaigns board, so she edits; once she leaves, she views.
    expect(await board(engine, '3004', 'access_level')).toEqual({ access_level: 'edit' });
    seeded.subscriberIds = seeded.subscriberIds.filter((id) => id !== String(users.ada.id));
    expect(await board(engine, '3004', 'access_level')).toEqual({ access_level: 'view' });
    // Owners only: Grace owns the hiring board; once she is no longer an owner, she views.
    const hiring = engine.store.boards.find('3006');
    if (!hiring) throw new Error('seed board 3006 missing');
    hiring.ownerIds = [String(users.ada.id)];
    const grace = { ...acmeGrant(), userId: users.grace.id };
    const body = await run(engine, '{ boards(ids: [3006]) { access_level } }', { version: '2026-10', grant: grace });
    expect(dataField(body, 'boards')).toEqual([{ access_level: 'view' }]);
    // Assignee permissions: the board-level answer is undocumented.
    hiring.permissions = 'assignee';
    const assignee = await run(engine, '{ boards(ids: [3006]) { access_level } }', {
      version: '2026-10',
      grant: grace,
    });
    expect(errorCodes(assignee)).toEqual(['NOT_MODELLED']);
  });

  it("lists the board's own tags and the tags its items carry", async () => {
    const engine = createEngine();
    expect(await board(engine, '3001', 'tags { id name }')).toEqual({ tags: [{ id: '7303', name: 'roadmap-only' }] });
    const column = await run(
      engine,
      'mutation { create_column(board_id: 3001, title: "Tags", column_type: tags) { id } }',
    );
    const columnId = dataField<{ id: string }>(column, 'create_column').id;
    const tagged = await run(
      engine,
      `mutation { change_column_value(board_id: 3001, item_id: 4000001, column_id: "${columnId}", value: "{\\"tag_ids\\": [7301]}") { id } }`,
    );
    expect(tagged.errors).toBeUndefined();
    expect(await board(engine, '3001', 'tags { id }')).toEqual({ tags: [{ id: '7301' }, { id: '7303' }] });
  });

  it('serves the fields at the versions that publish them only', async () => {
    const engine = createEngine();
    expect(await board(engine, '3001', 'item_terminology items_limit', '2025-04')).toEqual({
      item_terminology: 'item',
      items_limit: 10_000,
    });
    const old = await run(engine, '{ boards(ids: [3001]) { created_at } }', { version: '2025-04' });
    expect(errorCodes(old)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });
});
