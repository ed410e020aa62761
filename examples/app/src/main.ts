/**
 * The example app: its own operations (src/operations/*.graphql), typed by workspace-platform-codegen into
 * src/platform.generated.ts, called through the SDK. It adds tasks to a board (column values made by the SDK's
 * `column` builders), pages through the ones that are done with an estimate of 5 or more, largest first (filtered
 * with `columnRule`), then reads one task's five kinds of values back, narrowed by kind.
 *
 * Runs against the API in WORKSPACE_PLATFORM_BASE_URL with PLATFORM_TOKEN, or else against the emulator
 * built into the SDK. Exits non-zero if what comes back is not what it asked for.
 */

import { DEMO_TOKEN, startEmulator } from 'workspace-platform-emulator';
import {
  column,
  columnRule,
  columnValues,
  itemsQuery,
  PlatformClient,
  paginate,
  readColumnValue,
} from 'workspace-platform-sdk';
import {
  AddTaskDocument,
  BoardSummaryDocument,
  FilteredBoardItemsDocument,
  TaskValuesDocument,
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
        values: columnValues({
          status: column.status({ label: i % 2 ? 'Done' : 'Working on it' }),
          numbers: column.numbers(i),
        }),
      }),
    ),
  );

  const done = itemsQuery(
    [
      columnRule.text('name', 'starts_with', `Task ${run}-`),
      columnRule.status('status', { label: 'Done' }),
      columnRule.numbers('numbers', 'greater_than_or_equals', 5),
    ],
    { orderBy: [{ columnId: 'numbers', direction: 'desc' }] },
  );
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

  // Five kinds of values on one task, read back typed.
  const made = await client.request(AddTaskDocument, {
    board: BOARD,
    name: `Launch ${run}`,
    values: columnValues({
      status: column.status({ label: 'Done' }),
      text: column.text('Ship the beta'),
      date4: column.date('2026-11-24', '14:30:00'),
      numbers: column.numbers(8),
      check: column.checkbox(true),
    }),
  });
  const read = await client.request(TaskValuesDocument, { ids: [made.data.create_item?.id ?? ''] });
  const shown: string[] = [];
  for (const value of read.data.items?.[0]?.column_values ?? []) {
    if (value.type === 'status') shown.push(`status ${value.label} (#${value.index})`); // narrowed: label, index
    const reading = readColumnValue(value);
    if (reading.type === 'date') shown.push(`date ${reading.date} ${reading.time}`);
    if (reading.type === 'numbers') shown.push(`numbers ${reading.number}`);
    if (reading.type === 'text') shown.push(`text ${reading.value}`);
    if (reading.type === 'checkbox') shown.push(`checkbox ${reading.checked}`);
  }
  const want = 'status Done (#1), text Ship the beta, date 2026-11-24 14:30:00, numbers 8, checkbox true';
  if (shown.join(', ') !== want) throw new Error(`expected ${want}, got ${shown.join(', ')}`);
  console.log(`read back: ${shown.join(', ')}`);
} finally {
  await emulator?.close();
}
