/**
 * Creating items on a board that already holds many: each new item goes last, and the store finds "last" in one
 * pass instead of sorting the whole board per create (the soak saw create_item fall from 1,211 to 300 requests/s
 * as a board grew; 20,000 creates on one board took 30 s before, 3-8 s after on a loaded machine). Deterministic
 * checks: the order, and that a create sorts nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine, DEFAULT_SEED_FACTS } from '../src/engine/index.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createItem on a large board', () => {
  it('2,000 items go last in creation order, and no create sorts the board', () => {
    const { store } = createEngine();
    const board = store.boards.find(DEFAULT_SEED_FACTS.boards.roadmap.id);
    if (!board) throw new Error('no roadmap board');
    const groupId = board.groups[0]?.id ?? '';
    const before = store.items.active(board.id).length;
    const sort = vi.spyOn(Array.prototype, 'sort');
    const created: string[] = [];
    for (let i = 0; i < 2_000; i += 1) {
      const item = store.items.create({
        board,
        groupId,
        name: `Bulk ${i}`,
        creatorId: String(DEFAULT_SEED_FACTS.users.ada.id),
        columnValues: {},
        createLabelsIfMissing: false,
      });
      created.push(item.id);
    }
    expect(sort).not.toHaveBeenCalled();
    sort.mockRestore();
    const ordered = store.items.active(board.id);
    expect(ordered).toHaveLength(before + 2_000);
    expect(ordered.slice(before).map((item) => item.id)).toEqual(created);
  });
});
