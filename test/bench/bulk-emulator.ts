/**
 * The emulator of the bulk bench, in its own process so its work never lands on the client's event loop. Started
 * with one JSON argument (`BulkEmulatorSetup`): the board's extra items (seeded, not created through the API), the
 * limits and the cursor lifetime. Once seeded and warmed up it restarts its rate-limit windows, prints
 * `{ baseUrl, windowsStart }` on one line, and waits: a line on its stdin asks for what it saw (printed as one JSON
 * line), and the end of its stdin stops it, so it never outlives the bench.
 */
import { createInterface } from 'node:readline';
import { DEMO_TOKEN, defaultSeed, type EmulatorOptions, startEmulator } from 'workspace-platform-emulator';

/** How the bench sets the emulator up. */
export interface BulkEmulatorSetup {
  /** Items seeded on the roadmap board beyond the sample data. */
  items: number;
  limits: NonNullable<EmulatorOptions['limits']>;
  cursorTtlMs?: number;
  /** How many times faster than the wall clock the emulator's clock runs (its windows and jobs alike). Default 1. */
  clockScale?: number;
}

/** What the emulator saw, for the report. */
export interface BulkEmulatorReport {
  requests: number;
  /** Complexity charged in all. */
  complexity: number;
  /** Requests refused for a rate limit. */
  rejected429: number;
  /** Requests answered with an expired cursor. */
  expiredCursors: number;
  /** Items on the board now. */
  boardItems: number;
  /** What each request was charged, in order. */
  costs: number[];
}

export const BENCH_BOARD_ID = '3001';

const setup = JSON.parse(process.argv[2] ?? '{}') as BulkEmulatorSetup;
const seed = defaultSeed();
for (let n = 0; n < setup.items; n += 1) {
  seed.items.push({
    id: String(10_000_000 + n),
    boardId: BENCH_BOARD_ID,
    groupId: n % 4 === 0 ? 'later' : 'topics',
    name: `Item ${n}`,
    creatorId: '1',
    createdAt: '2026-01-01T00:00:00Z',
    columnValues: { numbers: n, text: `note ${n}`, status: n % 3 === 0 ? 'Done' : 'Working on it' },
  });
}
const scale = setup.clockScale ?? 1;
const wallStart = Date.now();
const emulator = await startEmulator({
  seed,
  ...(scale === 1 ? {} : { now: () => wallStart + (Date.now() - wallStart) * scale }),
  limits: setup.limits,
  maxRecords: 1_000_000,
  ...(setup.cursorTtlMs === undefined ? {} : { cursorTtlMs: setup.cursorTtlMs }),
});
// Warm up the schema and the resolvers the jobs use, then start the windows afresh.
await fetch(`${emulator.baseUrl}/v2`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: DEMO_TOKEN },
  body: JSON.stringify({ query: `{ boards(ids: [${BENCH_BOARD_ID}]) { items_page(limit: 5) { items { id } } } }` }),
});
emulator.reset();
process.stdout.write(`${JSON.stringify({ baseUrl: emulator.baseUrl, windowsStart: Date.now() })}\n`);

const lines = createInterface({ input: process.stdin });
lines.on('line', () => {
  const records = emulator.requests.filter((record) => record.path.startsWith('/v2') && record.method === 'POST');
  const report: BulkEmulatorReport = {
    requests: records.length,
    complexity: records.reduce((sum, record) => sum + (record.complexity ?? 0), 0),
    rejected429: emulator.stats.rejected429,
    expiredCursors: records.filter((record) => record.errorCode === 'CURSOR_EXPIRED').length,
    boardItems: emulator.store.items.active(BENCH_BOARD_ID).length,
    costs: records.map((record) => record.complexity ?? 0),
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
});
lines.on('close', () => {
  void emulator.close().then(() => process.exit(0));
});
