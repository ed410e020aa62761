/** `search` over boards and items (packages/emulator/src/engine/resolvers/search.ts), at 2026-10, against the seed. */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { dataField, errorCodes, globexGrant, run } from './engine-helpers.js';

interface Results {
  boards: { results: { id: string; indexed_data: { name: string; url: string }; live_data: { id: string } }[] };
  items: { results: { id: string; indexed_data: { board_id: string; name: string }; live_data: { name: string } }[] };
}

const SEARCH = `query Find($query: String!, $limit: Int) {
  search {
    boards(query: $query, limit: $limit) { results { id indexed_data { name url } live_data { id } } }
    items(query: $query, limit: $limit) { results { id indexed_data { board_id name } live_data { name } } }
  }
}`;

describe('search', () => {
  it("finds the caller's boards and items whose names hold the query, case-insensitively", async () => {
    const engine = createEngine();
    const body = await run(engine, SEARCH, { variables: { query: 'ROADMAP' }, version: '2026-10' });
    expect(body.errors).toBeUndefined();
    const found = dataField<Results>(body, 'search');
    expect(found.boards.results.map((result) => result.id)).toEqual(['3001']);
    expect(found.boards.results[0]?.indexed_data.url).toMatch(/\/boards\/3001$/);
    expect(found.boards.results[0]?.live_data.id).toBe('3001');

    const [item] = engine.store.items.active('3001');
    const word = item?.name.split(' ')[0] ?? 'none';
    const items = dataField<Results>(
      await run(engine, SEARCH, { variables: { query: word, limit: 50 }, version: '2026-10' }),
      'search',
    ).items.results;
    const expected = engine.store.boards
      .all()
      .filter((board) => board.accountId === '1001' && board.state === 'active')
      .flatMap((board) => engine.store.items.active(board.id))
      .filter((candidate) => candidate.name.toLowerCase().includes(word.toLowerCase()))
      .map((candidate) => candidate.id);
    expect(items.map((result) => result.id)).toEqual(expected);
    for (const result of items) expect(result.live_data.name).toBe(result.indexed_data.name);
  });

  it("never shows another account's boards, honours limit, and needs boards:read", async () => {
    const engine = createEngine();
    const theirs = dataField<Results>(
      await run(engine, SEARCH, { variables: { query: 'Secret' }, version: '2026-10' }),
      'search',
    );
    expect(theirs.boards.results).toEqual([]);
    const globex = dataField<Results>(
      await run(engine, SEARCH, { variables: { query: 'Secret' }, version: '2026-10', grant: globexGrant() }),
      'search',
    );
    expect(globex.boards.results.map((result) => result.id)).toEqual(['3003']);
    const one = dataField<Results>(
      await run(engine, SEARCH, { variables: { query: 'o', limit: 1 }, version: '2026-10' }),
      'search',
    );
    expect(one.boards.results).toHaveLength(1);
    const negative = dataField<Results>(
      await run(engine, SEARCH, { variables: { query: 'o', limit: -1 }, version: '2026-10' }),
      'search',
    );
    expect(negative.boards.results).toEqual([]);
    expect(negative.items.results).toEqual([]);
    const unscoped = await run(engine, SEARCH, {
      variables: { query: 'o' },
      version: '2026-10',
      grant: { ...globexGrant(), scopes: [] },
    });
    expect(errorCodes(unscoped)).toContain('USER_UNAUTHORIZED');
  });

  it('is not there before 2026-07', async () => {
    const old = await run(createEngine(), SEARCH, { variables: { query: 'x' }, version: '2026-04' });
    expect(errorCodes(old)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });
});
