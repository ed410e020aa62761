/**
 * The example app: its own operations (src/operations/*.graphql), typed by workspace-platform-codegen into
 * src/platform.generated.ts, called through the SDK. It adds tasks to a board, then pages through the ones
 * that are done with an estimate of 5 or more, largest first.
 *
 * Runs against the API in WORKSPACE_PLATFORM_BASE_URL with PLATFORM_TOKEN, or else against the emulator
 * built into the SDK. Exits non-zero if what comes back is not what it asked for.
 */
import { PlatformClient, paginate } from 'workspace-platform-sdk';
import { DEMO_TOKEN, startEmulator } from 'workspace-platform-sdk/emulator';
import {
  AddTaskDocument,
  BoardSummaryDocument,
  FilteredBoardItemsDocument,
  type ItemsQuery,
} from './platform.generated.js';

const BOARD = process.env.BOARD_ID ?? '3001';
const TASKS = 30;

const emulator = process.env.WORKSPACE_PLATFORM_BASE_URL ? undefined : await startEmulator();
const client = new PlatformClient({
  token: emulator ? DEMO_TOKEN : (process.env.PLATFORM_TOKEN ?? ''),
  baseUrl: emulator?.baseUrl ?? (process.env.WORKSPACE_PLATFORM_BASE_URL as string),
});

try {
  const summary = await client.request(BoardSummaryDocument, { board: BOARD });
  const board = summary.data.boards?.[0];
  console.log(
    `${board?.name}: columns ${board?.columns?.map((column) => `${column?.id} (${column?.type})`).join(', ')}`,
  );
  console.log(`sent with API-Version ${summary.apiVersion}`);

  const run = Date.now().toString(36);
  await Promise.all(
    Array.from({ length: TASKS }, (_, i) =>
      client.request(AddTaskDocument, {
        board: BOARD,
        name: `Task ${run}-${i}`,
        values: JSON.stringify({ status: i % 2 ? 'Done' : 'Working on it', numbers: i }),
      }),
    ),
  );

  const done: ItemsQuery = {
    rules: [
      { column_id: 'name', operator: 'starts_with', compare_value: `Task ${run}-` },
      { column_id: 'status', operator: 'any_of', compare_value: [1] },
      { column_id: 'numbers', operator: 'greater_than_or_equals', compare_value: 5 },
    ],
    order_by: [{ column_id: 'numbers', direction: 'desc' }],
  };
  const estimates: number[] = [];
  let pages = 0;
  for await (const page of paginate(client, FilteredBoardItemsDocument, {
    board: BOARD,
    limit: 4,
    query_params: done,
  }).pages()) {
    pages += 1;
    for (const item of page.items)
      estimates.push(Number(item.column_values.find((value) => value.id === 'numbers')?.text));
    console.log(
      `page ${pages}: ${page.items.map((item) => item.name).join(', ')} (minuteRate left: ${page.rateLimit.policies.minuteRate?.remaining})`,
    );
  }
  const expected = Array.from({ length: TASKS }, (_, i) => i)
    .filter((i) => i % 2 === 1 && i >= 5)
    .reverse();
  if (JSON.stringify(estimates) !== JSON.stringify(expected)) {
    throw new Error(`expected estimates ${expected.join(',')}, got ${estimates.join(',')}`);
  }
  console.log(
    `${estimates.length} done tasks with an estimate of 5 or more, in ${pages} pages: ${estimates.join(', ')}`,
  );
} finally {
  await emulator?.close();
}
