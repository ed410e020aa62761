/**
 * Webhook retries on the real clock: the emulator's own timer runs them, so a retry never waits on a test calling
 * `deliverDue`. A retry that falls due just after a round in which every attempt succeeded is still attempted: the
 * timer is set again after every round, not only when an attempt fails. And what pending deliveries hold is bounded:
 * past `maxPendingDeliveries` the oldest is dropped, with a line in the emulator's log.
 */
import { afterEach, expect, it } from 'vitest';
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

/** A receiver that answers the challenge and refuses every delivery with 401. */
async function refusingReceiver(): Promise<string> {
  receiver = await startReceiver(() => [401, '{"error":"bad-signature"}']);
  return receiver.url;
}

/** A receiver that answers the challenge, fails the first attempt of each event with 503 and accepts the next. */
async function failOnceReceiver(): Promise<string> {
  const seen = new Set<string>();
  receiver = await startReceiver((body) => {
    const id = body.event?.triggerUuid ?? '';
    if (seen.has(id)) return [200, '{}'];
    seen.add(id);
    return [503, 'later'];
  });
  return receiver.url;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('attempts a retry that falls due just after a round in which every attempt succeeded', async () => {
  const retryIntervalMs = 400;
  const engine = createEngine({ clock: { now: Date.now } });
  delivery = new WebhookDelivery(resolveWebhookOptions({ signingSecret: 'real-clock', retryIntervalMs }), Date.now);
  delivery.attach(engine.store);
  const url = await failOnceReceiver();
  await run(engine, `mutation { create_webhook(board_id: 3001, url: "${url}", event: create_item) { id } }`);

  // The first event's retry is due at t+400, the second's at t+550: the round at t+400 takes the first alone, and
  // it succeeds, so no attempt of that round fails and schedules the next timer.
  await run(engine, 'mutation { create_item(board_id: 3001, item_name: "First") { id } }');
  await delivery.settled();
  await sleep(150);
  await run(engine, 'mutation { create_item(board_id: 3001, item_name: "Second") { id } }');
  await delivery.settled();
  expect(delivery.deliveries.map((record) => record.state)).toEqual(['pending', 'pending']);

  // Generous bound (a hang is the defect): both retries are due within a second; allow ten.
  const records = delivery.deliveries;
  await expect
    .poll(() => records.map((record) => record.state), { timeout: 10_000, interval: 50 })
    .toEqual(['delivered', 'delivered']);
  expect(records.map((record) => record.attempts.length)).toEqual([2, 2]);
});

it('keeps at most maxPendingDeliveries pending: the oldest is dropped, with a line in the log, never silently', async () => {
  let now = Date.UTC(2026, 10, 25, 9, 0, 0);
  const lines: string[] = [];
  const engine = createEngine({ clock: { now: () => now } });
  const options = resolveWebhookOptions({ signingSecret: 'cap-secret', maxPendingDeliveries: 5 });
  delivery = new WebhookDelivery(
    options,
    () => now,
    (line) => lines.push(line),
  );
  delivery.attach(engine.store);
  const url = await refusingReceiver();
  await run(engine, `mutation { create_webhook(board_id: 3001, url: "${url}", event: create_item) { id } }`);
  for (let index = 0; index < 8; index++) {
    await run(engine, `mutation { create_item(board_id: 3001, item_name: "Refused ${index}") { id } }`);
  }
  await delivery.settled();
  const records = delivery.deliveries;
  expect(records.map((record) => record.state)).toEqual([
    'failed',
    'failed',
    'failed',
    'pending',
    'pending',
    'pending',
    'pending',
    'pending',
  ]);
  expect(records.slice(0, 3).every((record) => record.nextAttemptAt === null)).toBe(true);
  const dropped = lines.filter((line) => line.includes('dropped'));
  expect(dropped).toHaveLength(3);
  expect(dropped[0]).toMatch(/^webhooks: more than 5 deliveries pending; delivery 1 \(webhook \d+\) was dropped/);
  expect(lines.join('\n')).not.toContain('cap-secret');

  // Only the kept ones are retried.
  now += 60_000;
  await delivery.deliverDue();
  expect(records.map((record) => record.attempts.length)).toEqual([1, 1, 1, 2, 2, 2, 2, 2]);
  expect(() => resolveWebhookOptions({ maxPendingDeliveries: 0 })).toThrow(RangeError);
  expect(() => resolveWebhookOptions({ maxPendingDeliveries: 1.5 })).toThrow(RangeError);
});
