/**
 * Webhook retries are indexed, not found by scanning the delivery log: many deliveries to a failing receiver cost
 * work in proportion to their number per round (counted as look-ups of their webhook), not its square.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { WebhookDelivery } from '../src/webhooks/delivery.js';
import { resolveWebhookOptions } from '../src/webhooks/options.js';
import { run } from './engine-helpers.js';
import { startReceiver, type TestReceiver } from './webhook-receiver.js';

let receiver: TestReceiver | undefined;
let delivery: WebhookDelivery | undefined;
afterEach(async () => {
  delivery?.close();
  await receiver?.close();
  receiver = undefined;
});

/** A receiver that answers the challenge and fails every delivery with 500. */
async function failingReceiver(): Promise<string> {
  receiver = await startReceiver(() => [500, 'down']);
  return receiver.url;
}

it('schedules and runs retries of 300 failing deliveries with work in proportion to their number', async () => {
  const count = 300;
  let now = Date.UTC(2026, 10, 25, 9, 0, 0);
  const engine = createEngine({ clock: { now: () => now } });
  delivery = new WebhookDelivery(resolveWebhookOptions({ signingSecret: 'retry-secret' }), () => now);
  delivery.attach(engine.store);
  const url = await failingReceiver();
  const hook = await run(
    engine,
    `mutation { create_webhook(board_id: 3001, url: "${url}", event: create_item) { id } }`,
  );
  expect(hook.errors).toBeUndefined();

  const lookups = vi.spyOn(engine.store.webhooks, 'find');
  for (let index = 0; index < count; index++) {
    await run(engine, `mutation { create_item(board_id: 3001, item_name: "Retry ${index}") { id } }`);
  }
  await delivery.settled();
  expect(delivery.deliveries.filter((record) => record.nextAttemptAt !== null)).toHaveLength(count);
  const firstRound = lookups.mock.calls.length;
  expect(firstRound).toBeLessThan(10 * count);

  lookups.mockClear();
  now += 60_000;
  expect(delivery.nextDueAt()).toBe(now);
  await delivery.deliverDue();
  expect(delivery.deliveries.every((record) => record.attempts.length === 2)).toBe(true);
  expect(lookups.mock.calls.length).toBeLessThan(10 * count);
});
