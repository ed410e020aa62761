/**
 * exportItems against the emulator over a real socket: every item of a large board once, in board order, in pages
 * sized from the complexity budget; a filter and a column list; an expired cursor mid-export (the export finds its
 * place by a walk of ids and goes on, no item twice, none missed); a restart from a checkpoint in a new client,
 * with its cursor alive or expired; a place that cannot be found; an abort; the budget pacing the pages; memory that
 * stays flat (items handed out are not kept).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSeed, type SeedData } from 'workspace-platform-emulator';
import {
  type BulkProgress,
  type ExportCheckpoint,
  ExportPositionLostError,
  exportItems,
} from 'workspace-platform-sdk/bulk';
import { columnRule, itemsQuery, NotFoundError, PlatformConfigError } from '../../src/index.js';
import { clientFor, closeEmulators, graphqlRequests, ROADMAP_BOARD_ID, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The default seed with `count` more items on the roadmap board, in both groups, `numbers` = n. */
function seedWithItems(count: number): SeedData {
  const seed = defaultSeed();
  for (let n = 0; n < count; n += 1) {
    seed.items.push({
      id: String(7_000_000 + n),
      boardId: ROADMAP_BOARD_ID,
      groupId: n % 3 === 0 ? 'later' : 'topics',
      name: `Row ${n}`,
      creatorId: '1',
      createdAt: '2026-01-01T00:00:00Z',
      columnValues: { numbers: n, text: `note ${n}` },
    });
  }
  return seed;
}

/** A clock the test moves (rate windows, cursor ages). */
function testClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => (offset += ms) };
}

type Emulator = Awaited<ReturnType<typeof startTestEmulator>>;

/** The ids of the board's active items in board order, as the emulator holds them. */
const boardOrder = (emulator: Emulator) => emulator.store.items.active(ROADMAP_BOARD_ID).map((item) => item.id);

/** A client that records the page size (`limit: N`) of each request it sends. */
function recordingClient(emulator: Emulator) {
  const limits: { operation: string; limit: number }[] = [];
  const client = clientFor(emulator, {
    fetch: (input, init) => {
      const body = JSON.parse(String(init?.body)) as { query: string; operationName?: string };
      const limit = /limit: (\d+)/.exec(body.query)?.[1];
      limits.push({ operation: /query (\w+)/.exec(body.query)?.[1] ?? '', limit: Number(limit) });
      return fetch(input, init);
    },
  });
  return { client, limits };
}

describe('exportItems', () => {
  it('exports every item of a 3,000-item board once, in board order, pages sized from the budget', async () => {
    const emulator = await startTestEmulator({ seed: seedWithItems(3_000) });
    const { client, limits } = recordingClient(emulator);
    const progress: BulkProgress[] = [];
    const ids: string[] = [];
    for await (const item of exportItems(client, {
      boardId: ROADMAP_BOARD_ID,
      onProgress: (event) => progress.push(event),
    })) {
      ids.push(item.id);
      if (item.id === '7000004') {
        expect(item).toMatchObject({ name: 'Row 4', groupId: 'topics' });
        expect(item.columnValues.find((value) => value.id === 'numbers')).toMatchObject({ type: 'numbers', text: '4' });
      }
    }
    expect(ids).toEqual(boardOrder(emulator));
    expect(ids).toHaveLength(3_005);
    // A first page of 100 asks what it cost; each next page is as large as keeps its cost within a twentieth of the
    // budget (the emulator's default 10,000,000 a minute) and the API's largest page, 500.
    expect(limits[0]?.limit).toBe(100);
    const share = emulator.limits.complexity.quota / 20;
    const costs = graphqlRequests(emulator).map((record) => record.complexity ?? 0);
    for (const [index, cost] of costs.entries()) {
      if (index === 0 || index === costs.length - 1) continue;
      expect(cost).toBeLessThanOrEqual(share);
      expect(limits[index]?.limit === 500 || cost > 0.95 * share).toBe(true);
    }
    expect(limits[1]?.limit).toBe(500);
    expect(limits[0]?.operation).toBe('ExportItems');
    expect(new Set(limits.slice(1).map((entry) => entry.operation))).toEqual(new Set(['ExportItemsNext']));
    expect(progress.at(-1)).toMatchObject({ done: 3_005, total: 3_005, remainingMs: 0 });
  });

  it('exports the chosen columns of the items a filter keeps, in its order', async () => {
    const emulator = await startTestEmulator({ seed: seedWithItems(1_000) });
    const client = clientFor(emulator);
    const filter = itemsQuery([columnRule.numbers('numbers', 'greater_than', 900)], {
      orderBy: [{ columnId: 'numbers', direction: 'desc' }],
    });
    const numbers: number[] = [];
    for await (const item of exportItems(client, {
      boardId: ROADMAP_BOARD_ID,
      columns: ['numbers'],
      filter,
      pageSize: 30,
    })) {
      expect(item.columnValues.map((value) => value.id)).toEqual(['numbers']);
      numbers.push(Number(item.columnValues[0]?.text));
    }
    expect(numbers).toEqual(Array.from({ length: 99 }, (_, index) => 999 - index));
  });

  // A cursor stands for "the position in the list after the last returned item"
  // (https://developer.monday.com/api-reference/reference/next-items-page), not a count of items served: an item
  // already exported that is deleted meanwhile must not push an item that stayed out of the next page.
  it('a filtered export loses no item that stayed when an item already exported is deleted meanwhile', async () => {
    const filters = [
      itemsQuery([columnRule.numbers('numbers', 'greater_than', 99)]),
      itemsQuery([columnRule.numbers('numbers', 'greater_than', 99)], {
        orderBy: [{ columnId: 'numbers', direction: 'desc' }],
      }),
    ];
    for (const filter of filters) {
      const emulator = await startTestEmulator({ seed: seedWithItems(600) });
      const client = clientFor(emulator);
      const exported: { id: string; name: string }[] = [];
      for await (const item of exportItems(client, {
        boardId: ROADMAP_BOARD_ID,
        columns: ['numbers'],
        filter,
        pageSize: 50,
      })) {
        exported.push({ id: item.id, name: item.name });
        if (exported.length === 60) {
          // Mid second page: the first item exported leaves the board.
          const first = emulator.store.items.find(exported[0]?.id ?? '');
          if (!first) throw new Error('no first item');
          emulator.store.items.setState(first, 'deleted');
        }
      }
      const names = exported.map((item) => item.name);
      const numbers = names.map((name) => Number(name.slice('Row '.length)));
      expect(new Set(numbers).size).toBe(numbers.length);
      expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 500 }, (_, index) => 100 + index));
    }
  });

  it('an expired cursor mid-export: finds its place by a walk of ids and goes on, no item twice, none missed', async () => {
    const clock = testClock();
    const emulator = await startTestEmulator({ seed: seedWithItems(2_000), now: clock.now, cursorTtlMs: 60_000 });
    const { client, limits } = recordingClient(emulator);
    const ids: string[] = [];
    for await (const item of exportItems(client, { boardId: ROADMAP_BOARD_ID, pageSize: 300 })) {
      ids.push(item.id);
      if (ids.length === 700) clock.advance(61 * 60_000); // a long wait mid-page: the cursor expires
    }
    expect(ids).toEqual(boardOrder(emulator));
    // Pages: 300, 300, then page 3's cursor expired: walk ids from the start (two light pages of 500), read the
    // third page again in full from the walk's cursor, and go on.
    const operations = limits.map((entry) => entry.operation);
    expect(operations.filter((name) => name.startsWith('ExportItemsSeek'))).toEqual([
      'ExportItemsSeek',
      'ExportItemsSeek' + 'Next',
    ]);
    const expired = graphqlRequests(emulator).filter((record) => record.errorCode === 'CURSOR_EXPIRED');
    expect(expired).toHaveLength(1);
  });

  it('restarts from a checkpoint in a new client, with its cursor alive or expired', async () => {
    const clock = testClock();
    const emulator = await startTestEmulator({ seed: seedWithItems(1_500), now: clock.now });
    const first: string[] = [];
    let checkpoint: ExportCheckpoint | undefined;
    const exporter = exportItems(clientFor(emulator), { boardId: ROADMAP_BOARD_ID, pageSize: 200 });
    for await (const item of exporter) {
      first.push(item.id);
      if (first.length === 777) break;
    }
    checkpoint = JSON.parse(JSON.stringify(exporter.checkpoint())) as ExportCheckpoint;
    expect(checkpoint).toMatchObject({ exported: 777, boardId: ROADMAP_BOARD_ID });
    expect(checkpoint.recent.at(-1)).toBe(first.at(-1));

    const resume = async (): Promise<string[]> => {
      const rest: string[] = [];
      for await (const item of exportItems(clientFor(emulator), {
        boardId: ROADMAP_BOARD_ID,
        pageSize: 200,
        checkpoint,
      })) {
        rest.push(item.id);
      }
      return rest;
    };
    expect([...first, ...(await resume())]).toEqual(boardOrder(emulator));
    clock.advance(2 * 60 * 60_000); // the checkpoint's cursor is now expired
    expect([...first, ...(await resume())]).toEqual(boardOrder(emulator));
  });

  it('iterating again after a break or an abort resumes where it stopped', async () => {
    const emulator = await startTestEmulator({ seed: seedWithItems(600) });
    const controller = new AbortController();
    const exporter = exportItems(clientFor(emulator), {
      boardId: ROADMAP_BOARD_ID,
      pageSize: 100,
      signal: controller.signal,
    });
    const ids: string[] = [];
    const reason = new Error('user stopped the export');
    const error = await (async () => {
      for await (const item of exporter) {
        ids.push(item.id);
        if (ids.length === 250) controller.abort(reason);
      }
    })().catch((caught: unknown) => caught);
    expect(error).toBe(reason);
    expect(exporter.checkpoint().exported).toBe(250);
    const again = exportItems(clientFor(emulator), {
      boardId: ROADMAP_BOARD_ID,
      pageSize: 100,
      checkpoint: exporter.checkpoint(),
    });
    for await (const item of again) {
      ids.push(item.id);
      if (ids.length === 400) break;
    }
    for await (const item of again) ids.push(item.id);
    expect(ids).toEqual(boardOrder(emulator));
  });

  it('items deleted and created while the cursor expired: the rest is exported once; a lost place is an error', async () => {
    const clock = testClock();
    const emulator = await startTestEmulator({ seed: seedWithItems(1_000), now: clock.now, cursorTtlMs: 60_000 });
    const client = clientFor(emulator);
    const board = emulator.store.boards.find(ROADMAP_BOARD_ID);
    if (!board) throw new Error('no roadmap board');
    const ids: string[] = [];
    const exporter = exportItems(client, { boardId: ROADMAP_BOARD_ID, pageSize: 250 });
    for await (const item of exporter) {
      ids.push(item.id);
      if (ids.length === 300) {
        clock.advance(2 * 60_000);
        // The last 10 handed out are deleted, and a new item lands at the end.
        for (const id of ids.slice(-10)) emulator.store.items.setState(emulator.store.items.find(id)!, 'deleted');
        emulator.store.items.create({
          board,
          groupId: 'later',
          name: 'Late',
          creatorId: '1',
          columnValues: {},
          createLabelsIfMissing: false,
        });
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    const expected = [...ids.slice(0, 300), ...boardOrder(emulator).filter((id) => !ids.slice(0, 300).includes(id))];
    expect(ids).toEqual(expected);

    // Every remembered item gone while the cursor expired: the place is lost, said so, nothing handed out twice.
    const lost = exportItems(client, { boardId: ROADMAP_BOARD_ID, pageSize: 250 });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const item of lost) {
        seen.push(item.id);
        if (seen.length === 250) {
          // At the end of the first page: the next page's cursor expires, and the items it remembers go.
          clock.advance(2 * 60_000);
          for (const id of lost.checkpoint().recent)
            emulator.store.items.setState(emulator.store.items.find(id)!, 'deleted');
        }
      }
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExportPositionLostError);
    expect(seen).toHaveLength(250);
  });

  it('paces pages by the complexity budget, sized to a twentieth of it: no request refused', async () => {
    const emulator = await startTestEmulator({
      seed: seedWithItems(1_000),
      limits: { complexity: { quota: 2_000_000, windowSeconds: 1 } },
    });
    const { client, limits } = recordingClient(emulator);
    let count = 0;
    for await (const _item of exportItems(client, { boardId: ROADMAP_BOARD_ID })) count += 1;
    expect(count).toBe(1_005);
    const sizes = limits.map((entry) => entry.limit);
    expect(sizes[0]).toBe(100);
    // A page of 100 cost about 74,000 points: a twentieth of 2,000,000 holds about 135 items.
    for (const size of sizes.slice(1)) expect(size).toBeLessThanOrEqual(140);
    expect(graphqlRequests(emulator).every((record) => record.status === 200)).toBe(true);
  });

  it('keeps memory flat: items handed out are not kept, the checkpoint stays small', async () => {
    const emulator = await startTestEmulator({
      seed: seedWithItems(10_000),
      limits: { complexity: { quota: 100_000_000 } },
    });
    const exporter = exportItems(clientFor(emulator), { boardId: ROADMAP_BOARD_ID });
    const handedOut: WeakRef<object>[] = [];
    let largestCheckpoint = 0;
    let alive = Number.NaN;
    let count = 0;
    for await (const item of exporter) {
      count += 1;
      handedOut.push(new WeakRef(item));
      if (count % 1_000 === 0) {
        largestCheckpoint = Math.max(largestCheckpoint, JSON.stringify(exporter.checkpoint()).length);
      }
      if (count === 9_900) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        collectGarbage();
        alive = handedOut.filter((ref) => ref.deref() !== undefined).length;
      }
    }
    expect(count).toBe(10_005);
    // Only the page being read (at most 500 items) may still be held: the 9,400 before it are gone.
    expect(alive).toBeLessThanOrEqual(500);
    expect(largestCheckpoint).toBeLessThan(4_000);
  });

  it('an unknown board is a NotFoundError; bad options are refused before anything is sent', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const error = await (async () => {
      for await (const _item of exportItems(client, { boardId: 987_654_321 })) {
        // nothing
      }
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    const requests = graphqlRequests(emulator).length;
    expect(() => exportItems(client, { boardId: ROADMAP_BOARD_ID, pageSize: 501 })).toThrow(PlatformConfigError);
    expect(() => exportItems(client, { boardId: ROADMAP_BOARD_ID, colums: ['x'] } as never)).toThrow(/colums/);
    const other = exportItems(client, { boardId: ROADMAP_BOARD_ID }).checkpoint();
    expect(() => exportItems(client, { boardId: ROADMAP_BOARD_ID, columns: ['text'], checkpoint: other })).toThrow(
      /another export/,
    );
    expect(graphqlRequests(emulator)).toHaveLength(requests);
  });
});
