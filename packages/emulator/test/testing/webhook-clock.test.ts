/**
 * The test emulator's clock drives webhook retries: `clock.advance('31m')` makes each retry at its own minute, and
 * delivery goes on after `reset()` (the new store is followed); the SDK's handler given `now: emulator.clock.now`
 * agrees with the emulator on the time, so the retries it signs are taken.
 */
import { afterEach, expect, it } from 'vitest';
import { createWebhookHandler } from 'workspace-platform-sdk/webhooks';
import { type Receiver, startReceiver } from '../../../../test/webhooks/receiver.js';
import { createTestEmulator, type TestEmulator } from '../../src/testing/index.js';

const START = Date.UTC(2026, 10, 25, 9, 0, 0);
let emulator: TestEmulator | undefined;
let receiver: Receiver | undefined;

afterEach(async () => {
  await emulator?.close();
  await receiver?.close();
});

async function post(target: TestEmulator, query: string) {
  const response = await fetch(`${target.baseUrl}/v2`, {
    method: 'POST',
    headers: { authorization: target.token, 'content-type': 'application/json', 'api-version': '2025-04' },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
}

it('retries at each minute of the moved clock for 30 minutes, and keeps delivering after reset()', async () => {
  let failing = true;
  receiver = await startReceiver(async (request) => {
    const body = (await request.json()) as { challenge?: string };
    if (body.challenge) return Response.json(body);
    return failing ? new Response('down', { status: 500 }) : new Response('ok');
  });
  emulator = await createTestEmulator({ startTime: START, webhooks: { signingSecret: 'clock-secret' } });
  const hook = `mutation { create_webhook(board_id: 3001, url: "${receiver.url}", event: create_item) { id } }`;
  expect((await post(emulator, hook)).errors).toBeUndefined();
  await post(emulator, 'mutation { create_item(board_id: 3001, item_name: "Retried") { id } }');
  await emulator.webhooks.settled();

  await emulator.clock.advance('31m');
  const [delivery] = emulator.webhooks.deliveries;
  expect(delivery?.state).toBe('failed');
  expect(delivery?.attempts.map((attempt) => (attempt.at - START) / 60_000)).toEqual(
    Array.from({ length: 31 }, (_, minute) => minute),
  );

  emulator.reset();
  expect(emulator.webhooks.deliveries).toEqual([]);
  failing = false;
  await post(emulator, hook);
  await post(emulator, 'mutation { create_item(board_id: 3001, item_name: "After reset") { id } }');
  await emulator.webhooks.settled();
  expect(emulator.webhooks.deliveries.map((record) => record.state)).toEqual(['delivered']);
});

it("the SDK's handler given the emulator's clock takes the retries made after clock.advance('1m')", async () => {
  const secret = 'clock-handler-secret';
  let calls = 0;
  const onEvent = () => {
    calls += 1;
    if (calls === 1) throw new Error('first attempt fails');
  };
  // The kit's clock starts at the real time and stands still; the emulator signs each attempt by it.
  emulator = await createTestEmulator({ webhooks: { signingSecret: secret } });
  const onTheKitsClock = createWebhookHandler({ signingSecret: secret, now: emulator.clock.now, onEvent });
  const refusals: string[] = [];
  const onTheRealClock = createWebhookHandler({
    signingSecret: secret,
    onEvent: () => undefined,
    onRefused: (error) => void refusals.push(error.reason),
  });
  let target = onTheKitsClock;
  receiver = await startReceiver((request) => target(request));
  const hook = `mutation { create_webhook(board_id: 3001, url: "${receiver.url}", event: create_item) { id } }`;
  expect((await post(emulator, hook)).errors).toBeUndefined();
  await post(emulator, 'mutation { create_item(board_id: 3001, item_name: "Clocked") { id } }');
  await emulator.webhooks.settled();
  expect(calls).toBe(1);

  await emulator.clock.advance('1m');
  const [delivery] = emulator.webhooks.deliveries;
  expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([500, 200]);
  expect(delivery?.state).toBe('delivered');
  expect(calls).toBe(2);

  // Checked on the real clock instead, a retry signed a minute ahead of it is refused: the reason to pass `now`.
  target = onTheRealClock;
  await post(emulator, 'mutation { create_item(board_id: 3001, item_name: "Real clock") { id } }');
  await emulator.webhooks.settled();
  await emulator.clock.advance('1m');
  expect(refusals.at(-1)).toBe('not-yet-valid');
});
