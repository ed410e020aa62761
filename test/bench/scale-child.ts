/**
 * One size of the emulator scale bench (`scale.ts`), in a process of its own so its heap holds one board: started as
 * `node --expose-gc --import tsx scale-child.ts <items>`, it prints one JSON line of {@link ScaleFigures}. The
 * emulator runs in this process from the repository's source, with every rate and complexity limit lifted, so the
 * figures measure its work, not a budget.
 */
import {
  DEFAULT_SEED_FACTS,
  DEMO_TOKEN,
  defaultSeed,
  type Emulator,
  type SeedData,
  startEmulator,
} from '../../packages/emulator/src/index.js';
import { exportItems, importItems, writeItems } from '../../src/bulk/index.js';
import { column, PlatformClient } from '../../src/index.js';

/** Wall and CPU time of one step, in ms (CPU: this process's user and system time, the emulator's and the client's). */
export interface StepTime {
  wallMs: number;
  cpuMs: number;
}

/** What one size measured. */
export interface ScaleFigures {
  items: number;
  /** Heap held per item of the seeded board (after a full collection), in bytes. */
  bytesPerItem: number;
  /** Each step by its name (see `STEPS` in scale.ts). */
  steps: Record<string, StepTime>;
}

const BOARD = DEFAULT_SEED_FACTS.boards.roadmap.id;
const UNLIMITED = 1_000_000_000_000;
const FILTER = { rules: [{ column_id: 'status', compare_value: [1], operator: 'any_of' as const }] };

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

function heapUsed(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

/** The default seed and `count` items on its roadmap board (three column values each). */
function scaleSeed(count: number): SeedData {
  const seed = defaultSeed();
  for (let n = 0; n < count; n += 1) {
    seed.items.push({
      id: String(10_000_000 + n),
      boardId: BOARD,
      groupId: n % 4 === 0 ? 'later' : 'topics',
      name: `Item ${n}`,
      creatorId: '1',
      createdAt: '2026-01-01T00:00:00Z',
      columnValues: { numbers: n, text: `note ${n}`, status: n % 3 === 0 ? 'Done' : 'Working on it' },
    });
  }
  return seed;
}

async function start(seed: SeedData): Promise<Emulator> {
  return startEmulator({
    seed,
    maxRecords: 1_000,
    limits: {
      complexity: { quota: UNLIMITED },
      complexityPerQuery: UNLIMITED,
      minuteRate: { quota: UNLIMITED },
      daily: { quota: UNLIMITED },
      concurrency: { quota: 1_000 },
    },
    bulk: { importRowsPerSecond: 1_000_000, hourlyItemBudget: UNLIMITED, itemsPerSecond: 1_000_000 },
  });
}

function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function timed(run: () => Promise<unknown>): Promise<StepTime> {
  const wall = performance.now();
  const cpu = cpuNow();
  await run();
  return { wallMs: performance.now() - wall, cpuMs: cpuNow() - cpu };
}

/** The median run of `runs` by CPU time. */
async function median(runs: number, run: () => Promise<unknown>): Promise<StepTime> {
  const times: StepTime[] = [];
  for (let index = 0; index < runs; index += 1) times.push(await timed(run));
  times.sort((a, b) => a.cpuMs - b.cpuMs);
  return times[Math.floor(times.length / 2)] as StepTime;
}

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count <= 0) throw new Error('usage: scale-child.ts <items> [skipped,steps]');
const skipped = new Set((process.argv[3] ?? '').split(','));
const skipping: StepTime = { wallMs: Number.NaN, cpuMs: Number.NaN };

// Memory: the heap with an emulator of the plain seed, then with a second one holding the board as well.
const small = await start(scaleSeed(0));
const before = heapUsed();
let seed: SeedData | undefined = scaleSeed(count);
let emulator: Emulator | undefined;
const seedTime = await timed(async () => {
  emulator = await start(seed as SeedData);
});
if (!emulator) throw new Error('no emulator');
seed = undefined;
const bytesPerItem = (heapUsed() - before) / count;
await small.close();

const client = new PlatformClient({ token: DEMO_TOKEN, baseUrl: emulator.baseUrl, throttle: false, retry: false });
const graphql = async <T>(query: string, variables?: Record<string, unknown>): Promise<T> =>
  (await client.request<T>(query, variables)).data;

const pageQuery = `query ($board: ID!, $query: ItemsQuery) { boards(ids: [$board]) { items_page(limit: 100, query_params: $query) { cursor items { id name column_values { id text } } } } }`;
const nextQuery = `query ($cursor: String!) { next_items_page(limit: 100, cursor: $cursor) { cursor items { id name column_values { id text } } } }`;
type Page = { cursor: string | null; items: { id: string }[] };
const readFirstPage = async () =>
  (await graphql<{ boards: { items_page: Page }[] }>(pageQuery, { board: BOARD, query: FILTER })).boards[0]
    ?.items_page as Page;

const firstPage = await median(7, readFirstPage);
// The cursor half way through the filtered listing (a third of the board is Done), reached by pages of 500.
let cursor = (await readFirstPage()).cursor;
for (let seen = 100; seen + 500 <= count / 6 && cursor; seen += 500) {
  cursor = (await graphql<{ next_items_page: Page }>(nextQuery.replace('limit: 100', 'limit: 500'), { cursor }))
    .next_items_page.cursor;
}
const deepPage = await median(7, () => graphql(nextQuery, { cursor }));
const boards = await median(7, () => graphql(`{ boards(limit: 5) { id name items_count } }`));

let exported = 0;
const exportTime = await timed(async () => {
  for await (const _item of exportItems(client, { boardId: BOARD, pageSize: 500 })) exported += 1;
});
let filtered = 0;
const exportFilteredTime = await timed(async () => {
  for await (const _item of exportItems(client, { boardId: BOARD, pageSize: 500, filter: FILTER })) filtered += 1;
});

/** An empty board made through the API, with a text column; its id and the column's. */
async function newBoard(name: string): Promise<{ board: string; column: string }> {
  const made = await graphql<{ create_board: { id: string } }>(
    'mutation ($name: String!) { create_board(board_name: $name, board_kind: public) { id } }',
    { name },
  );
  const board = made.create_board.id;
  const column = await graphql<{ create_column: { id: string } }>(
    'mutation ($board: ID!) { create_column(board_id: $board, title: "Notes", column_type: text) { id } }',
    { board },
  );
  return { board, column: column.create_column.id };
}

const written = await newBoard('Written');
const creates = Array.from({ length: count }, (_, n) => ({
  name: `Written ${n}`,
  values: { [written.column]: column.text(`w${n}`) },
}));
const writeTime = skipped.has('writeItems')
  ? skipping
  : await timed(async () => {
      const report = await writeItems(client, { boardId: written.board, creates });
      if (report.created !== count) throw new Error(`writeItems created ${report.created} of ${count}`);
    });

const imported = await newBoard('Imported');
const rows = Array.from({ length: count }, (_, n) => ({ name: `Row ${n}`, values: { [imported.column]: `r${n}` } }));
const importTime = skipped.has('importItems')
  ? skipping
  : await timed(async () => {
      const report = await importItems(client, {
        boardId: imported.board,
        rows,
        pollIntervalMs: 50,
        hourlyItemBudget: false,
      });
      if (report.created !== count) throw new Error(`importItems created ${report.created} of ${count}`);
    });

await emulator.close();
const figures: ScaleFigures = {
  items: count,
  bytesPerItem,
  steps: {
    seed: seedTime,
    writeItems: writeTime,
    importItems: importTime,
    exportItems: exportTime,
    exportFiltered: exportFilteredTime,
    firstPage,
    deepPage,
    boards,
  },
};
process.stdout.write(`${JSON.stringify({ ...figures, exported, filtered })}\n`);
