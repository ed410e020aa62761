/**
 * `restore()` rebuilds exactly what had committed, in the order it committed: a `create_webhook` whose challenge
 * failed stays refused, an item created while a webhook's challenge was pending keeps its id (and the webhook its
 * own), and the restored store holds the same records. The kit's clock: `advance()` refuses a move out of the date
 * range, as `set()` does; `reset()` takes the clock back to its start unless told to keep it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../src/testing/index.js';

const START = Date.UTC(2026, 10, 25, 9, 0, 0);
let emulator: TestEmulator | undefined;
let receiver: Server | undefined;

afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
  await new Promise<void>((resolve) => {
    if (!receiver) return resolve();
    receiver.close(() => resolve());
    receiver.closeAllConnections();
  });
  receiver = undefined;
});

async function post(target: TestEmulator, query: string) {
  const response = await fetch(`${target.baseUrl}/v2`, {
    method: 'POST',
    headers: { authorization: target.token, 'content-type': 'application/json', 'api-version': '2025-04' },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: Record<string, { id: string } | null>; errors?: unknown[] };
}

/** A receiver whose answer to each challenge `decide` gives (echo or refuse), after `gate` when set. */
async function challengeReceiver(decide: () => { echo: boolean; gate?: Promise<void> }): Promise<string> {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      const { echo, gate } = decide();
      await gate;
      if (echo) res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      else res.writeHead(500).end('no');
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
}

/** What a restore must give back: the board's items and webhooks, ids and all. */
function records(target: TestEmulator) {
  return JSON.stringify({ items: target.store.items.all(), webhooks: target.store.webhooks.all() });
}

describe('restore()', () => {
  it('does not bring back a create_webhook whose challenge failed', async () => {
    let echo = false;
    const url = await challengeReceiver(() => ({ echo }));
    emulator = await createTestEmulator({ startTime: START, webhooks: { signingSecret: 'restore-secret' } });
    const seeded = emulator.store.webhooks.all().length;
    const refused = await post(
      emulator,
      `mutation { create_webhook(board_id: 3001, url: "${url}", event: create_item) { id } }`,
    );
    expect(refused.errors).toBeDefined();
    await post(emulator, 'mutation { create_item(board_id: 3001, item_name: "After the refusal") { id } }');
    const before = records(emulator);
    const snapshot = emulator.snapshot();
    echo = true; // the receiver would answer now: a replay must not ask it again
    await emulator.restore(snapshot);
    expect(emulator.store.webhooks.all()).toHaveLength(seeded);
    expect(records(emulator)).toBe(before);
  });

  it('keeps the ids of an item created while a webhook challenge was pending, and of the webhook', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let challenged!: () => void;
    const asked = new Promise<void>((resolve) => {
      challenged = resolve;
    });
    const url = await challengeReceiver(() => {
      challenged();
      return { echo: true, gate };
    });
    emulator = await createTestEmulator({ startTime: START, webhooks: { signingSecret: 'restore-secret' } });
    const creating = post(
      emulator,
      `mutation { create_webhook(board_id: 3001, url: "${url}", event: create_item) { id } }`,
    );
    await asked;
    const item = await post(
      emulator,
      'mutation { create_item(board_id: 3001, item_name: "During the challenge") { id } }',
    );
    release();
    const webhook = await creating;
    const itemId = item.data?.create_item?.id;
    const webhookId = webhook.data?.create_webhook?.id;
    expect(Number(webhookId)).toBeGreaterThan(Number(itemId));
    await emulator.webhooks.settled();
    const before = records(emulator);
    const snapshot = emulator.snapshot();
    await emulator.restore(snapshot);
    expect(emulator.store.items.find(String(itemId))?.name).toBe('During the challenge');
    expect(emulator.store.webhooks.find(String(webhookId))?.url).toBe(url);
    expect(records(emulator)).toBe(before);
    // And what comes next gets the same id it would have got without the restore.
    const next = await post(emulator, 'mutation { create_item(board_id: 3001, item_name: "Next") { id } }');
    expect(Number(next.data?.create_item?.id)).toBe(Number(webhookId) + 1);
  });
});

describe('the clock', () => {
  it('refuses to advance out of the date range, and the emulator keeps working', async () => {
    emulator = await createTestEmulator({ startTime: START });
    await expect(emulator.clock.advance(Number.MAX_VALUE)).rejects.toThrow(RangeError);
    await expect(emulator.clock.advance(`1${'0'.repeat(400)}d` as '1d')).rejects.toThrow(RangeError);
    await expect(emulator.clock.advance('300000000d')).rejects.toThrow(/range of dates/);
    expect(emulator.clock.now()).toBe(START);
    const made = await post(emulator, 'mutation { create_item(board_id: 3001, item_name: "Still dated") { id } }');
    expect(made.errors).toBeUndefined();
    expect(() => emulator?.clock.set(8.64e15 + 1)).toThrow(RangeError);
  });

  it('goes back to its start on reset(), unless reset({ keepClock: true })', async () => {
    emulator = await createTestEmulator({ startTime: START });
    await emulator.clock.advance('2h');
    emulator.reset();
    expect(emulator.clock.now()).toBe(START);
    await emulator.clock.advance('3h');
    emulator.reset({ keepClock: true });
    expect(emulator.clock.now()).toBe(START + 3 * 3_600_000);
  });
});
