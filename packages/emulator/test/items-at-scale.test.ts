/**
 * A board's items at scale: the store keeps each board's active items in board order and a page reads on from its
 * cursor's place, so listing a board costs in proportion to the board, not its square (an export of 100,000 items
 * filtered and sorted the whole store once per page). Deterministic checks, no timing: how many items the store put
 * in order and whether anything was sorted while a listing was read, that the kept order follows every kind of
 * change, and that finding a record by id or an item's subitems scans nothing. The measured figures: `npm run bench -- scale`
 * (docs/performance.md, "The emulator at scale").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine, DEFAULT_SEED_FACTS, defaultSeed } from '../src/engine/index.js';
import { queryItems } from '../src/engine/items-query.js';
import { compareItems } from '../src/engine/store/positions.js';
import type { ItemRecord } from '../src/engine/store/records.js';
import type { EmulatorStore } from '../src/engine/store/store.js';
import { dataField, run } from './engine-helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const BOARD = DEFAULT_SEED_FACTS.boards.roadmap.id;
const USER = String(DEFAULT_SEED_FACTS.users.ada.id);

/** The engine with `count` more items on the roadmap board, a third of them Done. */
function engineWith(count: number) {
  const seed = defaultSeed();
  for (let n = 0; n < count; n += 1) {
    seed.items.push({
      id: String(10_000_000 + n),
      boardId: BOARD,
      groupId: n % 4 === 0 ? 'later' : 'topics',
      name: `Item ${n}`,
      creatorId: USER,
      createdAt: '2026-01-01T00:00:00Z',
      columnValues: { numbers: n, status: n % 3 === 0 ? 'Done' : 'Working on it' },
    });
  }
  return createEngine({ seed });
}

/** What the kept order must be: every active item of the board (or group), filtered and sorted afresh. */
function expected(store: EmulatorStore, boardId: string, groupId?: string): string[] {
  return store.items
    .all()
    .filter(
      (item) =>
        item.boardId === boardId && item.state === 'active' && (groupId === undefined || item.groupId === groupId),
    )
    .sort(compareItems)
    .map((item) => item.id);
}

const ids = (items: readonly ItemRecord[]) => items.map((item) => item.id);

type Page = { cursor: string | null; items: { id: string }[] };
const FIRST = `query ($query: ItemsQuery) { boards(ids: [${BOARD}]) { items_page(limit: 100, query_params: $query) { cursor items { id } } } }`;
const NEXT = 'query ($c: String!) { next_items_page(cursor: $c, limit: 100) { cursor items { id } } }';
const DONE = { rules: [{ column_id: 'status', compare_value: [1], operator: 'any_of' as const }] };

/**
 * Reads a whole listing; after its first page, measures the longest list sorted and counts the items put in order.
 */
async function listing(engine: ReturnType<typeof createEngine>, query?: unknown) {
  const first = dataField<{ items_page: Page }[]>(
    await run(engine, FIRST, { variables: query ? { query } : {} }),
    'boards',
  )[0]?.items_page;
  if (!first) throw new Error('no first page');
  const listed = ids(first.items as ItemRecord[]);
  const orderedBefore = engine.store.items.itemsOrdered;
  const sort = vi.spyOn(Array.prototype, 'sort');
  let cursor = first.cursor;
  let pages = 1;
  while (cursor) {
    const page = dataField<Page>(await run(engine, NEXT, { variables: { c: cursor } }), 'next_items_page');
    listed.push(...page.items.map((item) => item.id));
    cursor = page.cursor;
    pages += 1;
  }
  // the longest list sorted: the engine sorts small lists of its own (fields, keys), never the board
  const longestSort = Math.max(0, ...sort.mock.contexts.map((list) => (list as unknown[]).length));
  sort.mockRestore();
  return { listed, pages, longestSort, orderedAfterFirst: engine.store.items.itemsOrdered - orderedBefore };
}

describe('a listing of a large board', () => {
  it('reads 3,000 items page by page, sorting no list longer than a page and ordering the board once', async () => {
    const engine = engineWith(3_000);
    const { listed, pages, longestSort, orderedAfterFirst } = await listing(engine);
    expect(pages).toBeGreaterThan(30);
    expect(listed).toEqual(expected(engine.store, BOARD));
    expect(longestSort).toBeLessThan(100);
    expect(orderedAfterFirst).toBe(0);
  });

  it('reads a filtered listing the same way', async () => {
    const engine = engineWith(3_000);
    const { listed, pages, longestSort, orderedAfterFirst } = await listing(engine, DONE);
    expect(pages).toBeGreaterThan(10);
    const board = engine.store.boards.find(BOARD);
    if (!board) throw new Error('no roadmap board');
    const all = expected(engine.store, BOARD).map((id) => engine.store.items.find(id) as ItemRecord);
    expect(listed).toEqual(ids(queryItems(board, all, DONE, { store: engine.store })));
    expect(listed.length).toBeGreaterThan(1_000);
    expect(longestSort).toBeLessThan(100);
    expect(orderedAfterFirst).toBe(0);
  });

  it('puts each board in order once for any number of items created last on it', () => {
    const engine = engineWith(500);
    const { items, boards } = engine.store;
    const board = boards.find(BOARD);
    if (!board) throw new Error('no roadmap board');
    expect(items.ordered(BOARD).length).toBeGreaterThan(500);
    const ordered = items.itemsOrdered;
    for (let n = 0; n < 1_000; n += 1) {
      items.create({
        board,
        groupId: 'topics',
        name: `New ${n}`,
        creatorId: USER,
        columnValues: {},
        createLabelsIfMissing: false,
      });
    }
    expect(items.itemsOrdered).toBe(ordered);
    expect(ids(items.ordered(BOARD))).toEqual(expected(engine.store, BOARD));
    expect(ids(items.ordered(BOARD, 'topics'))).toEqual(expected(engine.store, BOARD, 'topics'));
  });
});

describe('the kept order follows every change of an item', () => {
  it('creates before and after, archives, deletes, group moves, repositions, duplicates and board moves', () => {
    const engine = engineWith(40);
    const { items, boards } = engine.store;
    const board = boards.find(BOARD);
    const other = boards.find(DEFAULT_SEED_FACTS.boards.bugs.id);
    if (!board || !other) throw new Error('no boards');
    const check = () => {
      for (const boardId of [board.id, other.id]) {
        expect(ids(items.ordered(boardId))).toEqual(expected(engine.store, boardId));
        for (const group of board.groups.concat(other.groups))
          expect(ids(items.ordered(boardId, group.id))).toEqual(expected(engine.store, boardId, group.id));
      }
    };
    const nth = (n: number) => items.ordered(board.id)[n] as ItemRecord;
    check();
    const create = (relativeTo?: { item: ItemRecord; method: 'before_at' | 'after_at' }) =>
      items.create({
        board,
        groupId: 'topics',
        name: 'Placed',
        creatorId: USER,
        columnValues: {},
        createLabelsIfMissing: false,
        ...(relativeTo ? { relativeTo } : {}),
      });
    create({ item: nth(3), method: 'before_at' });
    check();
    create({ item: nth(5), method: 'after_at' });
    check();
    create();
    check();
    items.setState(nth(1), 'archived', USER);
    check();
    items.setState(nth(2), 'deleted', USER);
    check();
    items.moveToGroup(board, nth(4), 'later', USER);
    check();
    items.reposition(board, nth(10), { item: nth(0), method: 'before_at' }, USER);
    check();
    items.duplicate(board, nth(6), false, USER);
    check();
    items.moveToBoard({ item: nth(7), from: board, to: other, groupId: other.groups[0]?.id ?? '', userId: USER });
    check();
    items.remove(nth(8));
    check();
    items.deleteOnBoard(other.id, '2026-01-02T00:00:00Z');
    check();
  });
});

describe("an item's subitems", () => {
  it('are found without a scan of the store, as a scan finds them, and go with their parent', () => {
    const engine = engineWith(2_000);
    const { items, boards } = engine.store;
    const board = boards.find(BOARD);
    if (!board) throw new Error('no roadmap board');
    const parent = items.ordered(BOARD)[5] as ItemRecord;
    const made = [0, 1, 2].map((n) =>
      items.createSubitem({
        parent,
        parentBoard: board,
        name: `Sub ${n}`,
        creatorId: USER,
        columnValues: {},
        createLabelsIfMissing: false,
      }),
    );
    const scan = () => items.all().filter((item) => item.parentItemId === parent.id);
    const filter = vi.spyOn(Array.prototype, 'filter');
    const children = items.childrenOf(parent.id);
    // the longest list filtered: a scan of the store would filter its 2,000 items and more
    const longest = Math.max(0, ...filter.mock.contexts.map((list) => (list as unknown[]).length));
    filter.mockRestore();
    expect(longest).toBeLessThan(100);
    expect(ids(children)).toEqual(ids(made));
    expect(ids(items.childrenOf(parent.id))).toEqual(ids(scan()));
    items.setState(parent, 'archived', USER);
    expect(items.childrenOf(parent.id).map((item) => item.state)).toEqual(['archived', 'archived', 'archived']);
    items.remove(made[1] as ItemRecord);
    expect(ids(items.childrenOf(parent.id))).toEqual(ids(scan()));
  });
});

describe('finding a record by id', () => {
  it('scans no list after the first lookup, on a store of thousands of items', () => {
    const engine = engineWith(5_000);
    engine.store.items.find('1'); // the index is made on the first lookup
    const find = vi.spyOn(Array.prototype, 'find');
    const filter = vi.spyOn(Array.prototype, 'filter');
    expect(engine.store.items.find('10004999')?.name).toBe('Item 4999');
    expect(engine.store.items.find(10_000_000)?.name).toBe('Item 0');
    expect(engine.store.items.find('1')).toBeUndefined();
    expect(find).not.toHaveBeenCalled();
    expect(filter).not.toHaveBeenCalled();
  });
});
