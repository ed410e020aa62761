/**
 * The calls of `workspace-platform-sdk/boards` against the emulator over a socket, with the board constant the
 * command generated (test/types/boards/launch.generated.ts, held to the command by
 * packages/codegen/test/boards.test.ts): values written read back equal, a connect-boards column reads as the linked
 * ids (and names) and a mirror as what it shows, filters by key, a listing that outlives its cursor, and the drift
 * error before anything is written when a label or column is not the board's (any more).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BoardDriftError, boardItems, createBoardItem, updateBoardItem } from '../../src/boards/index.js';
import { PlatformConfigError } from '../../src/index.js';
import { LaunchBoard, type LaunchItem, type LaunchValues } from '../types/boards/launch.generated.js';
import { clientFor, closeEmulators, graphqlRequests, startTestEmulator } from './harness.js';
import { createLaunchBoards, deleteColumn, setStatusLabels } from './typed-boards-setup.js';

type Emulator_ = Awaited<ReturnType<typeof startTestEmulator>>;
const ADA = 501;

afterEach(closeEmulators);

/** A clock the test moves (cursor ages). */
function testClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => (offset += ms) };
}

async function setUp(options: Parameters<typeof startTestEmulator>[0] = {}) {
  const emulator = await startTestEmulator(options);
  const client = clientFor(emulator);
  const made = await createLaunchBoards(client);
  // The generated constant, aimed at the board this emulator made (its id is the fixture's on a fresh emulator).
  const board = { ...LaunchBoard, id: made.launch };
  const partner = await client.request<{ create_item: { id: string } }>(
    'mutation ($b: ID!, $v: JSON) { create_item(board_id: $b, item_name: "Acme", column_values: $v) { id } }',
    { b: made.partners, v: JSON.stringify({ partner_status: { label: 'Signed' } }) },
  );
  return { emulator, client, board, made, partnerId: partner.data.create_item.id };
}

/** Every item of a listing (Node 20 has no Array.fromAsync). */
async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const list: T[] = [];
  for await (const item of items) list.push(item);
  return list;
}

const mutations = (emulator: Emulator_) => emulator.requests.filter((record) => record.kind === 'mutation').length;

describe('typed boards: reads and writes', () => {
  it('writes each kind by key and reads it back equal; relation as ids and names, mirror as what it shows', async () => {
    const { client, board, partnerId } = await setUp();
    const values = {
      stage: 'Done',
      dueDate: { date: '2026-11-24' },
      budget: 1200.5,
      owner: [ADA],
      summary: 'Ship it',
      platforms: ['Web', 'Mobile'],
      contactEmail: 'launch@example.com',
      partners: [partnerId],
      checkboxColumn: true,
      ratingColumn: 4,
    } satisfies LaunchValues;
    const created: LaunchItem = await createBoardItem(client, board, { name: 'Beta', values });
    expect(created.name).toBe('Beta');
    expect(created.groupId).toBe('topics');
    expect(created.values).toMatchObject(values);
    expect(created.linkedItems.partners).toEqual([{ id: partnerId, name: 'Acme' }]);
    expect(created.values.partnerStatus).toBe('Signed');
    // Kinds with no simpler shape read as the SDK's reading; empty ones as empty, never ''.
    expect(created.values.stage satisfies 'Working on it' | 'Done' | 'Stuck' | null).toBe('Done');
    expect(created.values.linkColumn).toEqual({ url: null, label: null });
    expect(created.values.formulaColumn).toBeNull();

    const [listed] = await all(boardItems(client, board));
    expect(listed).toEqual(created);

    const updated = await updateBoardItem(client, board, created.id, {
      stage: 'Stuck',
      dueDate: { date: '2026-12-01', time: '09:30:00' },
      platforms: [],
      summary: null,
      partners: [],
    });
    expect(updated.values).toMatchObject({
      stage: 'Stuck',
      dueDate: { date: '2026-12-01', time: '09:30:00' },
      platforms: [],
      summary: null,
      partners: [],
      partnerStatus: null,
      budget: 1200.5,
    });
    expect(updated.linkedItems.partners).toEqual([]);
  });

  it('filters by key with values of the column type', async () => {
    const { client, board } = await setUp();
    await createBoardItem(client, board, {
      name: 'One',
      values: { stage: 'Done', budget: 10, platforms: ['Web'], owner: [ADA], dueDate: '2026-11-24', summary: 'alpha' },
    });
    await createBoardItem(client, board, {
      name: 'Two',
      values: { stage: 'Stuck', budget: 50, platforms: ['Mobile'], summary: 'beta' },
    });
    await createBoardItem(client, board, { name: 'Three', values: { stage: 'Working on it', budget: 90 } });
    const names = async (filter: Parameters<typeof boardItems<typeof board>>[2]) =>
      (await all(boardItems(client, board, filter))).map((item) => item.name);
    expect(await names({ filter: { stage: 'Done' } })).toEqual(['One']);
    expect(await names({ filter: { stage: ['Stuck', 'Working on it'] } })).toEqual(['Two', 'Three']);
    expect(await names({ filter: { budget: { greaterThan: 20 } } })).toEqual(['Two', 'Three']);
    expect(await names({ filter: { platforms: 'Mobile' } })).toEqual(['Two']);
    expect(await names({ filter: { owner: [ADA] } })).toEqual(['One']);
    expect(await names({ filter: { dueDate: { exact: '2026-11-24' } } })).toEqual(['One']);
    expect(await names({ filter: { summary: 'bet' } })).toEqual(['Two']);
    expect(await names({ filter: { summary: null } })).toEqual(['Three']);
    expect(await names({ filter: { stage: 'Done', budget: 50 } })).toEqual([]);
  });

  it('walks on past an expired cursor: every item once, none missed', async () => {
    const clock = testClock();
    const { emulator, client, board } = await setUp({ now: clock.now, cursorTtlMs: 60_000 });
    for (let n = 1; n <= 7; n += 1) await createBoardItem(client, board, { name: `Item ${n}`, values: { budget: n } });
    const seen: string[] = [];
    for await (const item of boardItems(client, board, { pageSize: 2 })) {
      seen.push(item.name);
      if (seen.length === 3) clock.advance(2 * 60_000); // a slow consumer: the next page's cursor has expired
    }
    expect(seen).toEqual(['Item 1', 'Item 2', 'Item 3', 'Item 4', 'Item 5', 'Item 6', 'Item 7']);
    expect(graphqlRequests(emulator).filter((record) => record.errorCode === 'CURSOR_EXPIRED')).toHaveLength(1);
  });
});

describe('typed boards: drift', () => {
  it('a label or key not in the generated board fails before anything is sent, naming board, column and label', async () => {
    const { emulator, client, board } = await setUp();
    const before = mutations(emulator);
    const wrongLabel = { stage: 'Shipped' } as unknown as LaunchValues;
    const error = await createBoardItem(client, board, { name: 'x', values: wrongLabel }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BoardDriftError);
    expect(error).toMatchObject({ boardName: 'Launch plan', column: 'stage', columnId: 'c_status', label: 'Shipped' });
    expect((error as Error).message).toContain('Board "Launch plan"');
    const wrongKey = { colour: 'red' } as unknown as LaunchValues;
    await expect(updateBoardItem(client, board, '1', wrongKey)).rejects.toMatchObject({
      name: 'BoardDriftError',
      column: 'colour',
    });
    expect(() => boardItems(client, board, { filter: { stage: 'Shipped' as 'Done' } })).toThrow(BoardDriftError);
    expect(() => boardItems(client, board, { pageSize: 0 })).toThrow(PlatformConfigError);
    expect(mutations(emulator)).toBe(before);
  });

  it('a label or column the board no longer has fails before anything is written', async () => {
    const { emulator, board, made } = await setUp();
    const admin = clientFor(emulator);
    await setStatusLabels(admin, made.launch, 'c_status', { 0: 'Working on it', 1: 'Finished', 2: 'Stuck' });
    await deleteColumn(admin, made.launch, 'c_numbers');
    const client = clientFor(emulator); // a client that has not read the board yet
    const before = mutations(emulator);
    await expect(createBoardItem(client, board, { name: 'x', values: { stage: 'Done' } })).rejects.toMatchObject({
      name: 'BoardDriftError',
      boardId: made.launch,
      column: 'stage',
      label: 'Done',
      message: expect.stringContaining('no longer has the label "Done"'),
    });
    await expect(createBoardItem(client, board, { name: 'x', values: { budget: 3 } })).rejects.toMatchObject({
      name: 'BoardDriftError',
      column: 'budget',
      message: expect.stringContaining('no longer has this column'),
    });
    await expect(all(boardItems(client, board, { filter: { stage: 'Done' } }))).rejects.toBeInstanceOf(BoardDriftError);
    expect(mutations(emulator)).toBe(before);
    // What the board still has is written as before.
    const item = await createBoardItem(client, board, { name: 'ok', values: { stage: 'Stuck' } });
    expect(item.values.stage).toBe('Stuck');
  });
});
