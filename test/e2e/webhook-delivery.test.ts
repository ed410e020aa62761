/**
 * The emulator delivers what it records: `create_webhook` posts the challenge first and refuses a URL that does not
 * echo it (or is not loopback); each matching change is posted, signed with the configured signing secret, and
 * received by a handler built with `workspace-platform-sdk/webhooks`; a failing receiver gets a retry every minute
 * of the emulator's clock for 30 minutes.
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from 'workspace-platform-emulator';
import { GraphQLResponseError } from '../../src/index.js';
import { createWebhookHandler, isStatusColumnValueEvent, type WebhookEvent } from '../../src/webhooks/index.js';
import { createNodeWebhookHandler } from '../../src/webhooks/node.js';
import { type Receiver, startReceiver } from '../webhooks/receiver.js';
import { ACME_ACCOUNT_ID, clientFor, closeEmulators, ROADMAP_BOARD_ID, startTestEmulator } from './harness.js';

const SECRET = 'emulator-signing-secret';
const VERSION = '2025-04';
const receivers: Receiver[] = [];

afterEach(async () => {
  await closeEmulators();
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiver(handle: (request: Request) => Promise<Response>): Promise<Receiver> {
  const started = await startReceiver(handle);
  receivers.push(started);
  return started;
}

/** A receiver that answers the challenge, then refuses every delivery with a 503, counting them. */
async function failingReceiver(): Promise<{ url: string; readonly deliveries: number }> {
  let deliveries = 0;
  const started = await receiver(async (request) => {
    const body = (await request.json()) as { challenge?: string };
    if (body.challenge) return Response.json(body);
    deliveries++;
    return new Response('down', { status: 503 });
  });
  return {
    url: started.url,
    get deliveries() {
      return deliveries;
    },
  };
}

const CREATE_WEBHOOK = `mutation ($board: ID!, $url: String!, $event: WebhookEventType!, $config: JSON) {
  create_webhook(board_id: $board, url: $url, event: $event, config: $config) { id event }
}`;

async function createWebhook(emulator: Emulator, url: string, event: string, config?: unknown) {
  const client = clientFor(emulator, { apiVersion: VERSION });
  const variables = { board: ROADMAP_BOARD_ID, url, event, ...(config ? { config: JSON.stringify(config) } : {}) };
  return client.request<{ create_webhook: { id: string; event: string } }>(CREATE_WEBHOOK, variables);
}

describe('webhook delivery', () => {
  it('challenges the URL, then posts each change signed, in the platform shape, to a verifying handler', async () => {
    let clock = Date.UTC(2026, 10, 25, 12, 0, 0);
    const now = () => clock;
    const events: WebhookEvent[] = [];
    const claims: Record<string, unknown>[] = [];
    let hook: Receiver | undefined;
    const handle = createWebhookHandler({
      signingSecret: SECRET,
      // The audience is the receiver's own URL, known once it listens.
      get audience() {
        return hook?.url;
      },
      now,
      onEvent: (event, context) => {
        events.push(event);
        claims.push(context.claims);
      },
    });
    hook = await receiver(handle);
    const emulator = await startTestEmulator({ webhooks: { signingSecret: SECRET }, now });

    const created = await createWebhook(emulator, hook.url, 'create_item');
    await createWebhook(emulator, hook.url, 'change_specific_column_value', { columnId: 'status' });
    expect(created.data.create_webhook.event).toBe('create_item');
    expect(emulator.webhooks.challenges.map((challenge) => challenge.passed)).toEqual([true, true]);

    const client = clientFor(emulator, { apiVersion: VERSION });
    const made = await client.request<{ create_item: { id: string } }>(
      `mutation { create_item(board_id: ${ROADMAP_BOARD_ID}, item_name: "Ship it") { id } }`,
    );
    const itemId = made.data.create_item.id;
    await client.request(
      `mutation { change_column_value(board_id: ${ROADMAP_BOARD_ID}, item_id: ${itemId}, column_id: "text", value: "\\"note\\"") { id } }`,
    );
    clock += 1_000;
    await client.request(
      `mutation { change_column_value(board_id: ${ROADMAP_BOARD_ID}, item_id: ${itemId}, column_id: "status", value: "{\\"index\\": 1}") { id } }`,
    );
    await emulator.webhooks.settled();

    expect(events.map((event) => event.type)).toEqual(['create_pulse', 'update_column_value']);
    const [createdEvent, changed] = events;
    expect(createdEvent).toMatchObject({
      app: 'monday',
      boardId: Number(ROADMAP_BOARD_ID),
      pulseId: Number(itemId),
      pulseName: 'Ship it',
      subscriptionId: Number(created.data.create_webhook.id),
      triggerTime: new Date(Date.UTC(2026, 10, 25, 12, 0, 0)).toISOString(),
    });
    expect(createdEvent?.triggerUuid).toMatch(/^[0-9a-f]{32}$/);
    expect(changed).toMatchObject({ columnId: 'status', columnType: 'color', previousValue: null });
    // A status change carries the label, as the platform's sample payload does
    // (https://developer.monday.com/api-reference/reference/webhooks), and the SDK narrows it.
    if (!changed || !isStatusColumnValueEvent(changed))
      throw new Error(`not a status change: ${JSON.stringify(changed)}`);
    expect(changed.value?.label).toMatchObject({ index: 1, text: 'Done' });
    expect(emulator.webhooks.deliveries.every((delivery) => delivery.state === 'delivered')).toBe(true);
    const issuedAt = Math.floor(Date.UTC(2026, 10, 25, 12, 0, 0) / 1000);
    expect(claims[0]).toMatchObject({ accountId: ACME_ACCOUNT_ID, userId: 501, aud: hook.url, iat: issuedAt });
    expect(claims[0]?.exp).toBe(issuedAt + 300);
  });

  it('delivers every event when many come in the same second for the same user (identical tokens, as the platform signs them)', async () => {
    // The platform's token holds accountId, userId, aud, iat and exp, nothing per delivery
    // (https://developer.monday.com/apps/docs/authorization-header): two events of one user in one second carry the
    // same token, and both are genuine.
    const clock = Date.UTC(2026, 10, 25, 12, 0, 0);
    const handled: string[] = [];
    const refused: string[] = [];
    let url = '';
    const server: Server = createServer(
      createNodeWebhookHandler({
        signingSecret: SECRET,
        get audience() {
          return url;
        },
        now: () => clock,
        onEvent: (event) => void handled.push(event.triggerUuid),
        onRefused: (error) => void refused.push(error.reason),
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
    receivers.push({
      url,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    });
    const emulator = await startTestEmulator({ webhooks: { signingSecret: SECRET }, now: () => clock });
    await createWebhook(emulator, url, 'create_item');
    const client = clientFor(emulator, { apiVersion: VERSION });
    const count = 20;
    for (let index = 0; index < count; index++) {
      await client.request(
        `mutation { create_item(board_id: ${ROADMAP_BOARD_ID}, item_name: "Same second ${index}") { id } }`,
      );
    }
    await emulator.webhooks.settled();
    const deliveries = emulator.webhooks.deliveries;
    expect(deliveries).toHaveLength(count);
    expect(refused).toEqual([]);
    expect(new Set(handled)).toEqual(new Set(deliveries.map((delivery) => delivery.payload.event.triggerUuid)));
    expect(handled).toHaveLength(count);
    expect(deliveries.every((delivery) => delivery.state === 'delivered' && delivery.attempts.length === 1)).toBe(true);
  });

  it('refuses a webhook whose URL does not echo the challenge, or is not a loopback address', async () => {
    const wrong = await receiver(async () => Response.json({ challenge: 'something else' }));
    const emulator = await startTestEmulator({ webhooks: { signingSecret: SECRET } });
    const refused = await createWebhook(emulator, wrong.url, 'create_item').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GraphQLResponseError);
    expect(String((refused as Error).message)).toContain('did not answer the challenge');
    const remote = await createWebhook(emulator, 'https://hooks.example.com/x', 'create_item').catch((e: unknown) => e);
    expect(String((remote as Error).message)).toContain('loopback');
    // A name under .localhost is looked up like any other name, so it may lead off the machine: refused too.
    const named = await createWebhook(emulator, 'http://hooks.localhost:9/x', 'create_item').catch((e: unknown) => e);
    expect(String((named as Error).message)).toContain('loopback');
    expect(emulator.store.webhooks.all().filter((webhook) => webhook.url === wrong.url)).toEqual([]);
    expect(emulator.webhooks.challenges).toHaveLength(1);

    // A receiver answering without end is cut off, and the emulator goes on serving.
    const flood = await receiver(async () => new Response(new Uint8Array(1024 * 1024)));
    const flooded = await createWebhook(emulator, flood.url, 'create_item').catch((error: unknown) => error);
    expect(String((flooded as Error).message)).toContain('more than 65536 bytes');
    expect((await clientFor(emulator, { apiVersion: VERSION }).request('query { me { id } }')).status).toBe(200);
  });

  it('skips a seeded webhook whose URL does not parse, and the change that triggers it still succeeds', async () => {
    const emulator = await startTestEmulator({ webhooks: { signingSecret: SECRET } });
    const seeded = emulator.store.webhooks.all().find((webhook) => webhook.event === 'create_item');
    expect(seeded).toBeDefined();
    // A custom seed may hold any string as a webhook's URL.
    (seeded as { url: string }).url = 'not a url';
    const client = clientFor(emulator, { apiVersion: VERSION });
    const made = await client.request<{ create_item: { id: string } }>(
      `mutation { create_item(board_id: ${ROADMAP_BOARD_ID}, item_name: "Still made") { id } }`,
    );
    expect(made.data.create_item.id).toMatch(/^\d+$/);
    await emulator.webhooks.settled();
    expect(emulator.webhooks.deliveries).toEqual([]);
  });

  it('treats a seeded webhook config of JSON null as empty, and the change that matches it still succeeds', async () => {
    const emulator = await startTestEmulator({ webhooks: { signingSecret: SECRET } });
    const seeded = emulator.store.webhooks.all().find((webhook) => webhook.event === 'change_specific_column_value');
    expect(seeded).toBeDefined();
    (seeded as { config: string | null }).config = 'null';
    const client = clientFor(emulator, { apiVersion: VERSION });
    const made = await client.request<{ create_item: { id: string } }>(
      `mutation { create_item(board_id: ${ROADMAP_BOARD_ID}, item_name: "Configured") { id } }`,
    );
    const itemId = made.data.create_item.id;
    const changed = await client.request<{ change_column_value: { id: string } }>(
      `mutation { change_column_value(board_id: ${ROADMAP_BOARD_ID}, item_id: ${itemId}, column_id: "status", value: "{\\"index\\": 1}") { id } }`,
    );
    expect(changed.data.change_column_value.id).toBe(itemId);
  });

  it('retries a failing receiver once a minute of the emulator clock for 30 minutes, then gives up', async () => {
    let clock = Date.UTC(2026, 10, 25, 12, 0, 0);
    const failing = await failingReceiver();
    const emulator = await startTestEmulator({ webhooks: { signingSecret: SECRET }, now: () => clock });
    await createWebhook(emulator, failing.url, 'create_item');
    await clientFor(emulator, { apiVersion: VERSION }).request(
      `mutation { create_item(board_id: ${ROADMAP_BOARD_ID}, item_name: "Retry me") { id } }`,
    );
    await emulator.webhooks.settled();
    for (let minute = 1; minute <= 31; minute++) {
      clock += 60_000;
      await emulator.webhooks.deliverDue();
    }
    const [delivery] = emulator.webhooks.deliveries;
    expect(delivery?.state).toBe('failed');
    expect(delivery?.attempts).toHaveLength(31);
    expect(failing.deliveries).toBe(31);
    const gaps = delivery?.attempts.slice(1).map((attempt, index) => attempt.at - (delivery.attempts[index]?.at ?? 0));
    expect(new Set(gaps)).toEqual(new Set([60_000]));
    expect(delivery?.attempts.every((attempt) => attempt.status === 503)).toBe(true);
  });

  it('stops retrying once the webhook is deleted: the delivery is cancelled and nothing more is sent', async () => {
    let clock = Date.UTC(2026, 10, 25, 12, 0, 0);
    const failing = await failingReceiver();
    const emulator = await startTestEmulator({ webhooks: { signingSecret: SECRET }, now: () => clock });
    const created = await createWebhook(emulator, failing.url, 'create_item');
    const client = clientFor(emulator, { apiVersion: VERSION });
    await client.request(`mutation { create_item(board_id: ${ROADMAP_BOARD_ID}, item_name: "Retry me") { id } }`);
    await emulator.webhooks.settled();
    clock += 60_000;
    await emulator.webhooks.deliverDue();
    expect(failing.deliveries).toBe(2);

    await client.request(`mutation { delete_webhook(id: ${created.data.create_webhook.id}) { id } }`);
    for (let minute = 1; minute <= 5; minute++) {
      clock += 60_000;
      await emulator.webhooks.deliverDue();
    }
    const [delivery] = emulator.webhooks.deliveries;
    expect(failing.deliveries).toBe(2);
    expect(delivery?.attempts).toHaveLength(2);
    expect(delivery?.state).toBe('cancelled');
    expect(delivery?.nextAttemptAt).toBeNull();
  });

  it('a change the delivery cannot handle is logged without secrets; the mutation and the emulator go on', async () => {
    const lines: string[] = [];
    const emulator = await startTestEmulator({
      webhooks: { signingSecret: SECRET },
      log: (line) => lines.push(line),
    });
    const seeded = emulator.store.webhooks.all().find((webhook) => webhook.boardId === ROADMAP_BOARD_ID);
    expect(seeded).toBeDefined();
    // A record changed under the emulator (a test may edit `emulator.store`) that throws when read.
    Object.defineProperty(seeded, 'event', {
      get() {
        throw new Error(`broken record (secret ${SECRET}, url http://127.0.0.1:9/hook?token=abc123)`);
      },
    });
    const client = clientFor(emulator, { apiVersion: VERSION });
    const made = await client.request<{ create_item: { id: string } }>(
      `mutation { create_item(board_id: ${ROADMAP_BOARD_ID}, item_name: "Still made") { id } }`,
    );
    expect(made.data.create_item.id).toMatch(/^\d+$/);
    expect((await client.request('query { me { id } }')).status).toBe(200);
    const logged = lines.filter((line) => line.startsWith('webhooks:'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('a change could not be turned into deliveries; it was skipped (Error: broken record');
    expect(logged[0]).not.toContain(SECRET);
    expect(logged[0]).not.toContain('abc123');
  });
});
