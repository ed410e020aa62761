/**
 * The testing kit under Jest in its default mode (CommonJS: Jest loads test files and what they `require()` through a
 * module loader of its own, which refuses an ES module). `scripts/packed-install.mjs` copies this file into an app
 * that installed the three packed tarballs and runs it there with Jest and no Jest configuration, so it proves what a
 * user meets: the emulator's CommonJS build, with the clock, `reset()`, `store` and webhooks as under vitest.
 */
const { createServer } = require('node:http');
const { PlatformClient } = require('workspace-platform-sdk');
const { createNodeWebhookHandler } = require('workspace-platform-sdk/webhooks/node');
const { createSeed, createTestEmulator } = require('workspace-platform-emulator/testing');

const START = Date.UTC(2026, 10, 25, 9);
const seed = createSeed();
const tasks = seed.board({ name: 'Tasks', columns: [{ title: 'Status', type: 'status' }], items: ['Write tests'] });

let emulator;
let client;
beforeAll(async () => {
  emulator = await createTestEmulator({ seed, startTime: START, webhooks: { signingSecret: 'jest-secret' } });
  client = new PlatformClient({ token: emulator.token, baseUrl: emulator.baseUrl, throttle: false });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

test('a created item is in the store, and reset() takes it away', async () => {
  await client.createItem({ board_id: tasks.id, item_name: 'New' });
  expect(emulator.store.items.onBoard(tasks.id).map((item) => item.name)).toEqual(['Write tests', 'New']);
  emulator.reset();
  expect(emulator.store.items.onBoard(tasks.id).map((item) => item.name)).toEqual(['Write tests']);
});

test('the clock moves when the test moves it, and reset() puts it back', async () => {
  expect(emulator.clock.now()).toBe(START);
  await emulator.clock.advance('61m');
  expect(emulator.clock.now()).toBe(START + 61 * 60_000);
  emulator.reset();
  expect(new Date(emulator.clock.now()).toISOString()).toBe('2026-11-25T09:00:00.000Z');
});

test("a webhook reaches the SDK's handler, signed by the kit's clock", async () => {
  const events = [];
  const handler = createNodeWebhookHandler({
    signingSecret: 'jest-secret',
    now: emulator.clock.now,
    onEvent: (event) => void events.push(event),
  });
  const receiver = createServer(handler);
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${receiver.address().port}/hooks`;
    await client.request(
      `mutation { create_webhook(board_id: ${tasks.id}, url: "${url}", event: create_item) { id } }`,
    );
    await client.createItem({ board_id: tasks.id, item_name: 'Announced' });
    await emulator.webhooks.settled();
    expect(emulator.webhooks.deliveries.map((delivery) => delivery.state)).toEqual(['delivered']);
    expect(events).toHaveLength(1);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
