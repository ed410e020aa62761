/**
 * One rule for a `limit` below 1, by kind of list (packages/emulator/src/engine/page-limits.ts): page-numbered lists and
 * searches answer none for a negative limit, cursor pages refuse a limit below 1 naming their range. Both
 * `activity_logs` follow their kind: a board's is page-numbered, a user's is a cursor page.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { errorCodes, run } from './engine-helpers.js';

const VERSION = '2026-10';

/** Page-numbered lists and searches, each with `limit: $limit`, and the path to the list in the answer. */
const NUMBERED: [string, string, string[]][] = [
  ['boards', 'query ($limit: Int) { boards(limit: $limit) { id } }', ['boards']],
  ['items', 'query ($limit: Int) { items(ids: [4000001, 4000002], limit: $limit) { id } }', ['items']],
  ['users', 'query ($limit: Int) { users(limit: $limit) { id } }', ['users']],
  ['workspaces', 'query ($limit: Int) { workspaces(limit: $limit) { id } }', ['workspaces']],
  ['docs', 'query ($limit: Int) { docs(limit: $limit) { id } }', ['docs']],
  [
    'a board’s activity_logs',
    'query ($limit: Int) { boards(ids: [3001]) { activity_logs(limit: $limit) { id } } }',
    ['boards', '0', 'activity_logs'],
  ],
  [
    'search',
    'query ($limit: Int) { search { boards(query: "o", limit: $limit) { results { id } } } }',
    ['search', 'boards', 'results'],
  ],
];

/** Cursor pages, each with `limit: $limit`. */
const CURSOR_PAGES: [string, string, string][] = [
  [
    'items_page',
    'query ($limit: Int!) { boards(ids: [3001]) { items_page(limit: $limit) { cursor } } }',
    'between 1 and 500',
  ],
  [
    'timeline_items_page',
    'query ($limit: Int) { timeline(id: 4000121) { timeline_items_page(limit: $limit) { cursor } } }',
    'between 1 and 100',
  ],
  [
    'a user’s activity_logs',
    'query ($limit: Int) { users(ids: [501]) { activity_logs(limit: $limit) { cursor } } }',
    'from 1',
  ],
];

function at(data: unknown, path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data);
}

describe('a limit below 1', () => {
  it.each(NUMBERED)(
    'answers none from %s for a negative limit, and some for a positive one',
    async (_name, query, path) => {
      const engine = createEngine();
      const some = await run(engine, query, { variables: { limit: 5 }, version: VERSION });
      expect(some.errors).toBeUndefined();
      expect((at(some.data, path) as unknown[]).length).toBeGreaterThan(0);
      const none = await run(engine, query, { variables: { limit: -1 }, version: VERSION });
      expect(none.errors).toBeUndefined();
      expect(at(none.data, path)).toEqual([]);
    },
  );

  it.each(CURSOR_PAGES)('is refused by %s, naming the range', async (_name, query, range) => {
    const engine = createEngine();
    expect((await run(engine, query, { variables: { limit: 1 }, version: VERSION })).errors).toBeUndefined();
    for (const limit of [0, -1]) {
      const body = await run(engine, query, { variables: { limit }, version: VERSION });
      expect(errorCodes(body)).toEqual(['INVALID_ARGUMENT']);
      expect(body.errors?.[0]?.message).toBe(`limit must be ${range}, got ${limit}.`);
    }
  });
});
