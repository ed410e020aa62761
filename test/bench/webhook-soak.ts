/**
 * Webhook soak: one emulator under steady load with a `create_item` webhook to a receiver built with
 * `workspace-platform-sdk/webhooks/node`, for a fixed time. Each loop runs, over and over: a create, a read, an
 * invalid query and, every tenth round, a `writeItems` batch of 10 creates. At the end it waits for the deliveries to
 * settle (retries included, up to `--drain-seconds`) and prints, as one JSON object: operations, unexpected errors, 5xx answers, items created, events the
 * receiver handled (distinct `triggerUuid`s) and refused (by reason), the emulator's delivery states, the warnings of
 * its log, and the process's RSS and heap before and after (after a full collection when run with
 * `--expose-gc`). Everything runs in this one process, as an app's test suite runs emulator and receiver.
 *
 *   npm run build   # the emulator signs with the SDK's built webhooks entry
 *   node --expose-gc --import tsx test/bench/webhook-soak.ts [--seconds 90] [--loops 12] [--drain-seconds 150] [--no-webhook]
 *
 * Not part of `npm test`: it takes minutes, and its figures depend on the machine.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { DEMO_TOKEN, startEmulator } from '../../packages/emulator/src/index.js';
import { writeItems } from '../../src/bulk/index.js';
import { GraphQLResponseError, PlatformClient } from '../../src/index.js';
import { createNodeWebhookHandler } from '../../src/webhooks/node.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '90' },
    loops: { type: 'string', default: '12' },
    'no-webhook': { type: 'boolean', default: false },
    'drain-seconds': { type: 'string', default: '150' },
  },
});
const seconds = Number(values.seconds);
const loops = Number(values.loops);
const withWebhook = !values['no-webhook'];
const SECRET = 'soak-signing-secret';
const BOARD = '3001';

const gc = (globalThis as { gc?: () => void }).gc;
function memory() {
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rssMB: Math.round(rss / 2 ** 20), heapUsedMB: Math.round(heapUsed / 2 ** 20) };
}

const logLines: string[] = [];
const emulator = await startEmulator({
  ...(withWebhook ? { webhooks: { signingSecret: SECRET } } : {}),
  limits: {
    complexity: { quota: 1e12 },
    minuteRate: { quota: 1e9 },
    daily: { quota: 1e12 },
    concurrency: { quota: 10_000 },
  },
  log: (line) => void logLines.push(line),
});

let receiverUrl = '';
const handled = new Set<string>();
const refused: Record<string, number> = {};
const receiver = createServer(
  createNodeWebhookHandler({
    signingSecret: SECRET,
    get audience() {
      return receiverUrl;
    },
    onEvent: (event) => void handled.add(event.triggerUuid),
    onRefused: (error) => {
      refused[error.reason] = (refused[error.reason] ?? 0) + 1;
    },
  }),
);
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

const client = new PlatformClient({ token: DEMO_TOKEN, baseUrl: emulator.baseUrl, apiVersion: '2025-04' });
if (withWebhook) {
  await client.request(
    `mutation ($url: String!) { create_webhook(board_id: ${BOARD}, url: $url, event: create_item) { id } }`,
    { url: receiverUrl },
  );
}

const before = memory();
const counts = { operations: 0, unexpectedErrors: 0, serverErrors: 0, created: 0, invalidRefused: 0 };
const firstErrors: string[] = [];
function unexpected(error: unknown) {
  counts.unexpectedErrors++;
  const status = (error as { status?: number }).status;
  if (typeof status === 'number' && status >= 500) counts.serverErrors++;
  if (firstErrors.length < 5) firstErrors.push(String(error).slice(0, 200));
}

const deadline = Date.now() + seconds * 1000;
async function loop(index: number) {
  for (let round = 0; Date.now() < deadline; round++) {
    try {
      await client.request(`mutation { create_item(board_id: ${BOARD}, item_name: "soak ${index}-${round}") { id } }`);
      counts.created++;
      await client.request(`query { boards(ids: [${BOARD}]) { items_page(limit: 5) { items { id name } } } }`);
      try {
        await client.request('query { boards { no_such_field } }');
      } catch (error) {
        if (error instanceof GraphQLResponseError) counts.invalidRefused++;
        else throw error;
      }
      counts.operations += 3;
      if (round % 10 === 0) {
        const report = await writeItems(client, {
          boardId: BOARD,
          creates: Array.from({ length: 10 }, (_, n) => ({ name: `batch ${index}-${round}-${n}` })),
        });
        counts.created += report.created;
        counts.operations++;
        if (report.failed + report.unknown + report.notSent > 0) unexpected(new Error(JSON.stringify(report)));
      }
    } catch (error) {
      unexpected(error);
    }
  }
}
const started = Date.now();
await Promise.all(Array.from({ length: loops }, (_, index) => loop(index)));
const loadSeconds = (Date.now() - started) / 1000;
const atLoadEnd = memory();

// Let first attempts finish; retries (an attempt that timed out under load) run on the emulator's timer, a minute
// apart: wait for them, up to --drain-seconds.
await emulator.webhooks.settled();
const drainUntil = Date.now() + Number(values['drain-seconds']) * 1000;
while (Date.now() < drainUntil && emulator.webhooks.deliveries.some((delivery) => delivery.state === 'pending')) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
const deliveries = emulator.webhooks.deliveries;
const attemptProblems: Record<string, number> = {};
for (const delivery of deliveries) {
  for (const attempt of delivery.attempts) {
    const key = attempt.error ?? String(attempt.status);
    attemptProblems[key] = (attemptProblems[key] ?? 0) + 1;
  }
}
const states: Record<string, number> = {};
for (const delivery of deliveries) states[delivery.state] = (states[delivery.state] ?? 0) + 1;

console.log(
  JSON.stringify(
    {
      webhook: withWebhook,
      seconds: loadSeconds,
      loops,
      ...counts,
      eventsHandled: handled.size,
      refused,
      deliveriesLogged: deliveries.length,
      deliveryStates: states,
      attempts: attemptProblems,
      warnings: logLines.filter((line) => line.startsWith('webhooks:')).slice(0, 5),
      warningCount: logLines.filter((line) => line.startsWith('webhooks:')).length,
      firstErrors,
      memoryBefore: before,
      memoryAtLoadEnd: atLoadEnd,
      memoryAfterSettled: memory(),
    },
    null,
    2,
  ),
);
await emulator.close();
await new Promise<void>((resolve) => {
  receiver.close(() => resolve());
  receiver.closeAllConnections();
});
