/**
 * The app's own tests, against a test emulator from `workspace-platform-sdk/testing`: one emulator for the file,
 * back to its seed before each test, its clock moved by the test. Run by `npm run example:check` (vitest).
 */

import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createSeed, createTestEmulator, type TestEmulator } from 'workspace-platform-emulator/testing';
import { PlatformClient } from 'workspace-platform-sdk';
import { AddTaskDocument, FilteredBoardItemsDocument } from './platform.generated.js';

const seed = createSeed({ base: 'accounts' });
const board = seed.board({
  name: 'Tasks',
  columns: [
    { id: 'status', title: 'Status', type: 'status' },
    { id: 'numbers', title: 'Estimate', type: 'numbers' },
  ],
  items: [{ name: 'Write the docs', values: { status: 'Done', numbers: 3 } }],
});

let emulator: TestEmulator;
let client: PlatformClient;

beforeAll(async () => {
  emulator = await createTestEmulator({ seed, limits: { minuteRate: { quota: 3, windowSeconds: 60 } } });
  // The client's own throttle counts in real time; here the emulator's moved clock decides alone.
  client = new PlatformClient({ token: emulator.token, baseUrl: emulator.baseUrl, retry: false, throttle: false });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

it('adds a task that the board then lists', async () => {
  const added = await client.request(AddTaskDocument, {
    board: board.id,
    name: 'Ship it',
    values: JSON.stringify({ status: 'Working on it', numbers: 8 }),
  });
  const page = await client.request(FilteredBoardItemsDocument, { board: board.id, limit: 10 });
  const items = page.data.boards?.[0]?.items_page.items ?? [];
  expect(items.map((item) => item.name)).toEqual(['Write the docs', 'Ship it']);
  expect(items[1]?.id).toBe(added.data.create_item?.id);
});

it('starts from the seed again', async () => {
  const page = await client.request(FilteredBoardItemsDocument, { board: board.id, limit: 10 });
  expect(page.data.boards?.[0]?.items_page.items.map((item) => item.id)).toEqual([board.items[0]?.id]);
});

it('waits out the rate-limit window by moving the clock, not the test', async () => {
  for (let call = 0; call < 3; call++) await client.request(FilteredBoardItemsDocument, { board: board.id, limit: 1 });
  await expect(client.request(FilteredBoardItemsDocument, { board: board.id, limit: 1 })).rejects.toThrow();
  await emulator.clock.advance('61s');
  await expect(client.request(FilteredBoardItemsDocument, { board: board.id, limit: 1 })).resolves.toBeDefined();
});
