/** `items_page_by_column_values` (packages/emulator/src/engine/resolvers/items.ts) against the seed. */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { dataField, errorCodes, run } from './engine-helpers.js';

const QUERY = `query ByValues($board: ID!, $columns: [ItemsPageByColumnValuesQuery!], $cursor: String, $limit: Int!) {
  items_page_by_column_values(board_id: $board, columns: $columns, cursor: $cursor, limit: $limit) {
    cursor
    items { id name }
  }
}`;

interface Page {
  cursor: string | null;
  items: { id: string; name: string }[];
}

function statusIndex(engine: ReturnType<typeof createEngine>, label: string): string {
  const column = engine.store.boards.find('3001')?.columns.find((candidate) => candidate.id === 'status');
  const labels = (column?.settings.labels ?? {}) as Record<string, string>;
  return Object.entries(labels).find(([, text]) => text === label)?.[0] ?? 'none';
}

describe('items_page_by_column_values', () => {
  it('finds the items whose status shows one of the labels, and pages through them with the cursor', async () => {
    const engine = createEngine();
    const done = statusIndex(engine, 'Done');
    const stuck = statusIndex(engine, 'Stuck');
    const expected = engine.store.items
      .active('3001')
      .filter((item) => [done, stuck].includes(String((item.values.status as { index?: unknown } | undefined)?.index)))
      .map((item) => item.id);
    expect(expected.length).toBeGreaterThan(1);
    const columns = [{ column_id: 'status', column_values: ['Done', 'Stuck'] }];
    const first = dataField<Page>(
      await run(engine, QUERY, { variables: { board: '3001', columns, limit: 1 }, version: '2026-10' }),
      'items_page_by_column_values',
    );
    const seen = first.items.map((item) => item.id);
    let cursor = first.cursor;
    while (cursor) {
      const page = dataField<Page>(
        await run(engine, QUERY, { variables: { board: '3001', cursor, limit: 1 }, version: '2026-10' }),
        'items_page_by_column_values',
      );
      seen.push(...page.items.map((item) => item.id));
      cursor = page.cursor;
    }
    expect(seen).toEqual(expected);
  });

  it('requires every column to match, matches names, and finds nothing for a label the column lacks', async () => {
    const engine = createEngine();
    const [item] = engine.store.items.active('3001');
    expect(item).toBeDefined();
    const byName = async (columns: unknown) =>
      dataField<Page>(
        await run(engine, QUERY, { variables: { board: '3001', columns, limit: 50 }, version: '2025-04' }),
        'items_page_by_column_values',
      ).items.map((found) => found.id);
    expect(await byName([{ column_id: 'name', column_values: [item?.name] }])).toEqual([item?.id]);
    expect(await byName([{ column_id: 'status', column_values: ['No such label'] }])).toEqual([]);
    expect(
      await byName([
        { column_id: 'name', column_values: [item?.name] },
        { column_id: 'status', column_values: ['No such label'] },
      ]),
    ).toEqual([]);
  });

  it("refuses another account's board and a cursor together with columns", async () => {
    const engine = createEngine();
    const other = await run(engine, QUERY, { variables: { board: '3003', limit: 5 }, version: '2026-10' });
    expect(errorCodes(other)).toContain('RESOURCE_NOT_FOUND');
    const both = await run(engine, QUERY, {
      variables: { board: '3001', cursor: 'x', columns: [{ column_id: 'name', column_values: ['a'] }], limit: 5 },
      version: '2026-10',
    });
    expect(errorCodes(both)).toContain('INVALID_ARGUMENT');
  });
});
