/**
 * Webhook payloads in the shape of the platform's published samples ("Sample payload for webhook events",
 * https://developer.monday.com/api-reference/reference/webhooks; also https://monday.com/integrations/webhooks):
 * a status change carries `value` and `previousValue` as `{ label: { index, text, style }, post_id }`, a date change
 * `{ date, icon, time }`, and a subitem's events the subitem's own board as `boardId` with `parentItemId` and
 * `parentItemBoardId` as strings. The delivery itself (signing, retries) is pinned end to end by the SDK's
 * test/e2e/webhook-delivery.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import type { ActivityLogRecord } from '../src/engine/store/activity-log.js';
import { matchingEvents } from '../src/webhooks/payloads.js';
import { run } from './engine-helpers.js';

const ROADMAP = '3001';

/** An engine with one webhook per `events` on the roadmap board, and the events the next mutation triggers. */
function subscribed(events: readonly { event: string; config?: unknown }[]) {
  const engine = createEngine();
  const created = events.map(({ event, config }) =>
    engine.store.webhooks.createWebhook({
      accountId: '1001',
      boardId: ROADMAP,
      event,
      config: config === undefined ? null : JSON.stringify(config),
      url: 'http://127.0.0.1:9/hook',
      appClientId: null,
    }),
  );
  const entries: ActivityLogRecord[] = [];
  engine.store.activityLog.subscribe((entry) => entries.push(entry));
  /** The payloads of the events triggered since the last call, for this test's webhooks (not the seed's). */
  const delivered = () =>
    entries
      .splice(0)
      .flatMap((entry) => matchingEvents(engine.store, entry, () => 'f'.repeat(32)))
      .filter((pending) => created.includes(pending.webhook))
      .map((pending) => pending.payload.event);
  return { engine, delivered };
}

async function mutate(engine: ReturnType<typeof createEngine>, mutation: string) {
  const body = await run(engine, `mutation { ${mutation} }`);
  expect(body.errors).toBeUndefined();
  return body.data as Record<string, { id: string }>;
}

describe('webhook payloads, as the platform publishes them', () => {
  it('carry a status change as the label with its index, text and style, the previous one likewise', async () => {
    const { engine, delivered } = subscribed([{ event: 'change_status_column_value', config: { columnId: 'status' } }]);
    const item = engine.store.items.all().find((candidate) => candidate.name === 'Public launch');
    await mutate(
      engine,
      `change_column_value(board_id: ${ROADMAP}, item_id: ${item?.id}, column_id: "status", value: "{\\"index\\": 1}") { id }`,
    );
    const [event] = delivered();
    expect(event).toMatchObject({
      type: 'update_column_value',
      columnId: 'status',
      columnType: 'color',
      value: { label: { index: 1, text: 'Done', style: expect.any(Object) }, post_id: null },
      previousValue: { label: { index: 0, text: 'Working on it', style: expect.any(Object) }, post_id: null },
    });
  });

  it('carry an empty previous status as null, as the sample does', async () => {
    const { engine, delivered } = subscribed([{ event: 'change_column_value' }]);
    const made = await mutate(engine, `create_item(board_id: ${ROADMAP}, item_name: "Fresh") { id }`);
    delivered();
    await mutate(
      engine,
      `change_column_value(board_id: ${ROADMAP}, item_id: ${made.create_item?.id}, column_id: "status", value: "{\\"label\\": \\"Stuck\\"}") { id }`,
    );
    expect(delivered()).toEqual([
      expect.objectContaining({
        value: { label: { index: 2, text: 'Stuck', style: expect.any(Object) }, post_id: null },
        previousValue: null,
      }),
    ]);
  });

  it('carry a date change as { date, icon, time }', async () => {
    const { engine, delivered } = subscribed([
      { event: 'change_specific_column_value', config: { columnId: 'date4' } },
    ]);
    const item = engine.store.items.all().find((candidate) => candidate.name === 'Public launch');
    await mutate(
      engine,
      `change_column_value(board_id: ${ROADMAP}, item_id: ${item?.id}, column_id: "date4", value: "{\\"date\\": \\"2021-10-11\\"}") { id }`,
    );
    expect(delivered()).toEqual([
      expect.objectContaining({
        columnType: 'date',
        value: { date: '2021-10-11', icon: null, time: null },
        previousValue: { date: '2024-11-01', icon: null, time: null },
      }),
    ]);
  });

  it("name a subitem's own board as boardId, with its parent item and the parent's board as strings", async () => {
    const { engine, delivered } = subscribed([{ event: 'create_subitem' }]);
    const parent = engine.store.items.all().find((candidate) => candidate.name === 'Public launch');
    const made = await mutate(engine, `create_subitem(parent_item_id: ${parent?.id}, item_name: "Step one") { id }`);
    const subitem = engine.store.items.find(String(made.create_subitem?.id));
    const [event] = delivered();
    expect(event).toMatchObject({
      type: 'create_pulse',
      boardId: Number(subitem?.boardId),
      pulseId: Number(subitem?.id),
      itemId: Number(subitem?.id),
      pulseName: 'Step one',
      parentItemId: String(parent?.id),
      parentItemBoardId: ROADMAP,
    });
    expect(subitem?.boardId).not.toBe(ROADMAP);
  });
});
