/**
 * Favorites (src/engine/resolvers/favorites.ts): each user's ordered list of favorite boards and workspaces.
 * Favorites other types: https://developer.monday.com/api-reference/reference/favorites-other-types
 */

import { describe, expect, it } from 'vitest';
import { SCOPES } from 'workspace-platform-sdk';
import { createEngine } from '../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, run } from './engine-helpers.js';

const LIST = '{ favorites { id position folderId object { id type } } }';
const add = (object: string, position = '') =>
  `mutation { create_favorite(input: { object: ${object}${position} }) { favorite { id position object { id type } } folder { id } } }`;

async function list(engine: ReturnType<typeof createEngine>, grant = acmeGrant()) {
  const body = await run(engine, LIST, { grant });
  return dataField<{ position: number; object: { id: string; type: string } }[]>(body, 'favorites').map(
    (favorite) => `${favorite.position}:${favorite.object.type}:${favorite.object.id}`,
  );
}

/** An engine without the seeded favorites, so each test starts from an empty list. */
function emptyFavorites() {
  const engine = createEngine();
  engine.store.favorites.removeWhere(() => true);
  return engine;
}

describe('favorites', () => {
  it('lists the seeded favorites of the caller only', async () => {
    const engine = createEngine();
    expect(await list(engine)).toEqual(['1:Board:3001', '2:Workspace:7002']);
    expect(await list(engine, { ...acmeGrant(), userId: 502 })).toEqual([]);
  });

  it('leaves out workspace favorites before 2026-04, whose schema cannot name a workspace', async () => {
    const engine = createEngine();
    const body = await run(engine, '{ favorites { position object { id type } } }', { version: '2025-10' });
    expect(dataField(body, 'favorites')).toEqual([{ position: 1, object: { id: '3001', type: 'Board' } }]);
  });

  it('adds boards and workspaces at the end, or next to another favorite, and lists them in order', async () => {
    const engine = emptyFavorites();
    const first = await run(engine, add('{ id: 3001, type: Board }'));
    expect(dataField(first, 'create_favorite')).toEqual({
      favorite: { id: expect.any(String), position: 1, object: { id: '3001', type: 'Board' } },
      folder: null,
    });
    await run(engine, add('{ id: 3002, type: Board }'));
    await run(engine, add('{ id: 7001, type: Workspace }', ', newPosition: { nextObject: { id: 3002, type: Board } }'));
    await run(engine, add('{ id: 3004, type: Board }', ', newPosition: { prevObject: { id: 3001, type: Board } }'));
    expect(await list(engine)).toEqual(['1:Board:3001', '2:Board:3004', '3:Workspace:7001', '4:Board:3002']);
    // Adding a favorite again changes nothing.
    await run(engine, add('{ id: 3002, type: Board }'));
    expect(await list(engine)).toHaveLength(4);
    // Each user has their own list.
    expect(await list(engine, { ...acmeGrant(), userId: 502 })).toEqual([]);
  });

  it('moves a favorite and deletes one, answering success false for an object that is not a favorite', async () => {
    const engine = emptyFavorites();
    await run(engine, add('{ id: 3001, type: Board }'));
    await run(engine, add('{ id: 3002, type: Board }'));
    const moved = await run(
      engine,
      'mutation { update_favorite_position(input: { object: { id: 3002, type: Board }, newPosition: { nextObject: { id: 3001, type: Board } } }) { favorite { position } } }',
    );
    expect(dataField(moved, 'update_favorite_position')).toEqual({ favorite: { position: 1 } });
    expect(await list(engine)).toEqual(['1:Board:3002', '2:Board:3001']);
    const gone = await run(
      engine,
      'mutation { delete_favorite(input: { object: { id: 3002, type: Board } }) { success } }',
    );
    expect(dataField(gone, 'delete_favorite')).toEqual({ success: true });
    const again = await run(
      engine,
      'mutation { delete_favorite(input: { object: { id: 3002, type: Board } }) { success } }',
    );
    expect(dataField(again, 'delete_favorite')).toEqual({ success: false });
    expect(await list(engine)).toEqual(['1:Board:3001']);
  });

  it('refuses objects of another account, unknown neighbours, and what it does not model', async () => {
    const engine = emptyFavorites();
    expect(errorCodes(await run(engine, add('{ id: 3003, type: Board }')))).toEqual(['RESOURCE_NOT_FOUND']);
    const neighbour = await run(
      engine,
      add('{ id: 3001, type: Board }', ', newPosition: { prevObject: { id: 3002, type: Board } }'),
    );
    expect(errorCodes(neighbour)).toEqual(['RESOURCE_NOT_FOUND']);
    expect(errorCodes(await run(engine, add('{ id: 1, type: Dashboard }')))).toEqual(['NOT_MODELLED']);
    await run(engine, add('{ id: 3001, type: Board }'));
    const folder = await run(
      engine,
      'mutation { update_favorite_position(input: { object: { id: 3001, type: Board }, newFolder: 1 }) { favorite { id } } }',
    );
    expect(errorCodes(folder)).toEqual(['NOT_MODELLED']);
    const unscoped = await run(engine, add('{ id: 3002, type: Board }'), {
      grant: acmeGrant(SCOPES.filter((scope) => scope !== 'boards:write')),
    });
    expect(errorCodes(unscoped)).toEqual(['USER_UNAUTHORIZED']);
    expect(await list(engine)).toEqual(['1:Board:3001']);
  });
});
