/**
 * `workspace-platform-sdk/bulk` against the emulator over a real socket, time compressed (the emulator's clock runs
 * 100 times faster than the wall clock, polls come every 20 ms): importItems end to end (builders and plain values,
 * jobs split by rows, partial failure with reasons), the limits (rows per job, the hourly item budget paced and
 * its refusals waited out, through a store), a failed job and its checkpoint, an expired upload URL, a restart from
 * a checkpoint with no row sent twice, cancellation; deleteItems and archiveItems with undo.
 * Facts: https://developer.monday.com/api-reference/docs/importing-items-in-bulk.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from 'workspace-platform-emulator';
import {
  archiveItems,
  BulkJobError,
  deleteItems,
  type ImportCheckpoint,
  type ImportRow,
  importItems,
  undoBulkAction,
} from '../../src/bulk/index.js';
import { WindowReservations } from '../../src/client/throttle/memory-store.js';
import { column, createMemoryThrottleStore, PlatformConfigError, SCOPES } from '../../src/index.js';
import { clientFor, closeEmulators, graphqlRequests, ROADMAP_BOARD_ID, settle, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

/** A clock running `factor` times faster than the wall clock, from now. */
function fastClock(factor: number): () => number {
  const start = Date.now();
  return () => start + (Date.now() - start) * factor;
}

async function emulatorAt(factor = 100, bulk = {}) {
  const now = fastClock(factor);
  const emulator = await startTestEmulator({ now, bulk });
  return { emulator, now, client: clientFor(emulator) };
}

const FAST = { pollIntervalMs: 20 };

function rows(count: number, from = 0): ImportRow[] {
  return Array.from({ length: count }, (_, offset) => ({
    name: `Imported ${from + offset}`,
    values: { text: `key-${from + offset}`, numbers: from + offset },
  }));
}

function imported(emulator: Emulator): string[] {
  return emulator.store.items
    .active(ROADMAP_BOARD_ID)
    .filter((item) => item.name.startsWith('Imported '))
    .map((item) => item.name);
}

const ingestJobs = (emulator: Emulator) =>
  graphqlRequests(emulator).filter((record) => record.operationName === 'BulkImportStart' && record.executed);

describe('importItems', () => {
  it('imports builder values and plain values, reporting refused rows with their reasons (a partial failure)', async () => {
    const { emulator, client } = await emulatorAt();
    const progress: number[] = [];
    const report = await importItems(client, {
      boardId: ROADMAP_BOARD_ID,
      rows: [
        { name: 'Launch, v2', values: { status: column.status({ label: 'Done' }), date4: column.date('2026-11-24') } },
        { name: 'Plain values', values: { text: 'said "hi"', numbers: 12.5, status: 'Working on it' } },
        { name: 'Bad status', values: { status: column.status({ label: 'Nope' }) } },
        { name: 'Bad number', values: { numbers: 'twelve' } },
      ],
      onProgress: (step) => progress.push(step.done),
      ...FAST,
    });
    expect(report).toMatchObject({ created: 2, updated: 0, skipped: 0, failed: 2 });
    expect(report.jobIds).toHaveLength(1);
    expect(report.failures).toEqual([
      { row: 2, columnId: 'status', reason: expect.stringMatching(/Nope/) },
      { row: 3, columnId: 'numbers', reason: expect.stringMatching(/expected a number/) },
    ]);
    const launch = emulator.store.items.active(ROADMAP_BOARD_ID).find((item) => item.name === 'Launch, v2');
    expect(launch?.values).toMatchObject({ status: { index: 1 }, date4: { date: '2026-11-24' } });
    const plain = emulator.store.items.active(ROADMAP_BOARD_ID).find((item) => item.name === 'Plain values');
    expect(plain?.values).toMatchObject({ text: 'said "hi"', numbers: '12.5', status: { index: 0 } });
    expect(progress.at(-1)).toBe(4);
  });

  it('splits rows into jobs of rowsPerJob, upserting by a column, from an async iterable', async () => {
    const { emulator, client } = await emulatorAt();
    async function* source() {
      yield* rows(25);
    }
    const first = await importItems(client, {
      boardId: ROADMAP_BOARD_ID,
      rows: source(),
      rowsPerJob: 10,
      match: { columnId: 'text', onMatch: 'upsert' },
      ...FAST,
    });
    expect(first).toMatchObject({ created: 25, updated: 0, failed: 0 });
    expect(first.jobIds).toHaveLength(3);
    const again = await importItems(client, {
      boardId: ROADMAP_BOARD_ID,
      rows: rows(30).map((row) => ({ ...row, values: { ...row.values, numbers: 7 } })),
      match: { columnId: 'text', onMatch: 'upsert' },
      ...FAST,
    });
    expect(again).toMatchObject({ created: 5, updated: 25 });
    expect(imported(emulator)).toHaveLength(30);
  });

  it('refuses, before anything is sent, options the platform would refuse', async () => {
    const { emulator, client } = await emulatorAt();
    const refusals = [
      importItems(client, { boardId: 3001, rows: rows(1), rowsPerJob: 10_001 }),
      importItems(client, { boardId: 3001, rows: rows(1), mode: 'backfill', rowsPerJob: 20_001 }),
      importItems(client, {
        boardId: 3001,
        rows: rows(1),
        mode: 'backfill',
        // @ts-expect-error backfill always creates items: no match
        match: { columnId: 'text', onMatch: 'skip' },
      }),
      importItems(client, { boardId: 3001, rows: rows(1), pollIntervalMs: 0 }),
      importItems(clientFor(emulator, { apiVersion: '2026-04' }), { boardId: 3001, rows: rows(1) }),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toBeInstanceOf(PlatformConfigError);
    expect(ingestJobs(emulator)).toHaveLength(0);
  });

  it('takes a row the import cannot take as a PlatformConfigError before its job starts', async () => {
    const { emulator, client } = await emulatorAt();
    await expect(
      importItems(client, { boardId: 3001, rows: [{ name: 'x', values: { check: column.checkbox(true) } }], ...FAST }),
    ).rejects.toThrow(/"check" \(checkbox\): an import takes/);
    expect(ingestJobs(emulator)).toHaveLength(0);
  });

  it('paces ingest jobs by the hourly item budget, through a store shared by the imports', async () => {
    // An hour of the emulator's clock is 1 s here; the budget is 30 items an hour on both sides.
    const { emulator, client, now } = await emulatorAt(3_600, { hourlyItemBudget: 30 });
    // The memory store's reservations, on the test's fast clock (the store itself reads the wall clock).
    const store = createMemoryThrottleStore();
    const shared = new WindowReservations();
    let reservations = 0;
    store.reserveUnits = (request) => {
      reservations += 1;
      return Promise.resolve(shared.reserve(request, now()));
    };
    const waited: number[] = [];
    const started = now();
    const report = await importItems(client, {
      boardId: ROADMAP_BOARD_ID,
      rows: rows(50),
      rowsPerJob: 20,
      hourlyItemBudget: 30,
      budgetStore: store,
      now,
      ...FAST,
      onProgress: () => waited.push(now() - started),
    });
    expect(report).toMatchObject({ created: 50, failed: 0 });
    expect(reservations).toBeGreaterThanOrEqual(3);
    // The second job of 20 could not start within the hour of the first: every job was accepted, none refused.
    const jobs = report.jobIds.map((id) => emulator.store.bulkJobs.importJob(id));
    expect(jobs.map((job) => job?.state)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    expect((jobs[1]?.createdAt ?? 0) - (jobs[0]?.createdAt ?? 0)).toBeGreaterThanOrEqual(3_600_000 - 60_000);
  });

  it('waits out a refusal for the hourly budget (another app spent it) and sends the job again', async () => {
    const { emulator, client } = await emulatorAt(3_600, { hourlyItemBudget: 30 });
    const report = await importItems(client, {
      boardId: ROADMAP_BOARD_ID,
      rows: rows(40),
      rowsPerJob: 20,
      hourlyItemBudget: false,
      ...FAST,
    });
    expect(report).toMatchObject({ created: 40 });
    expect(report.jobIds).toHaveLength(2);
    const [first, last] = [Number(report.jobIds[0]), Number(report.jobIds[1])];
    const between = Array.from({ length: last - first }, (_, offset) =>
      emulator.store.bulkJobs.importJob(String(first + offset)),
    );
    expect(between.some((job) => job?.failure?.reason === 'ACCOUNT_CAPACITY_EXCEEDED')).toBe(true);
  });

  it('spends the hourly budget only on rows the platform took: a job started again for the same rows does not', async () => {
    // An hour of the emulator's clock is 1 s here. The first upload's URL has expired: its rows get a new job, which
    // uses their reservation (a job refused for capacity is sent again the same way, src/bulk/import-items.ts #runJob).
    const { emulator, client, now } = await emulatorAt(3_600);
    emulator.setFaults([{ kind: 'upload-expired', nth: [1] }]);
    const store = createMemoryThrottleStore();
    const shared = new WindowReservations();
    const granted: number[] = [];
    store.reserveUnits = (request) => {
      const answer = shared.reserve(request, now());
      if (answer.granted) granted.push(request.units);
      return Promise.resolve(answer);
    };
    const report = await importItems(client, {
      boardId: ROADMAP_BOARD_ID,
      rows: rows(40),
      rowsPerJob: 20,
      hourlyItemBudget: 40,
      budgetStore: store,
      now,
      ...FAST,
    });
    expect(report).toMatchObject({ created: 40 });
    expect(ingestJobs(emulator)).toHaveLength(3); // the expired upload's rows were started again
    expect(granted.reduce((sum, units) => sum + units, 0)).toBe(40);
  });

  it('throws a BulkJobError for a job failing halfway; its checkpoint resumes at that job, upserting safely', async () => {
    const { emulator, client } = await emulatorAt();
    emulator.setFaults([{ kind: 'job-fails', nth: [2], reason: 'INTERNAL_ERROR', message: 'Disk on fire.' }]);
    const all = rows(30);
    const failed = await settle(
      importItems(client, {
        boardId: ROADMAP_BOARD_ID,
        rows: all,
        rowsPerJob: 10,
        match: { columnId: 'text', onMatch: 'upsert' },
        ...FAST,
      }),
    );
    expect(failed.error).toBeInstanceOf(BulkJobError);
    const error = failed.error as BulkJobError;
    expect(error).toMatchObject({ state: 'FAILED', failureReason: 'INTERNAL_ERROR' });
    expect(error.message).toMatch(/Disk on fire\./);
    expect(error.checkpoint).toMatchObject({ rowsDone: 10, report: { created: 10 } });
    expect(imported(emulator)).toHaveLength(15);

    const resumed = await importItems(client, {
      boardId: ROADMAP_BOARD_ID,
      rows: all,
      rowsPerJob: 10,
      match: { columnId: 'text', onMatch: 'upsert' },
      checkpoint: error.checkpoint,
      ...FAST,
    });
    expect(resumed).toMatchObject({ created: 25, updated: 5, failed: 0 });
    expect(imported(emulator).sort()).toEqual(all.map((row) => row.name).sort());
  });

  it('redacts the token from server text in a BulkJobError, its message and its JSON, in any spelling', async () => {
    const { emulator } = await emulatorAt();
    const secret = 'tok/Very+Secret=9f3a';
    emulator.registerToken(secret, { kind: 'personal', accountId: 1001, userId: 501, scopes: SCOPES });
    const spellings = [
      secret,
      encodeURIComponent(secret),
      encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
      secret.replaceAll('/', '\\/'),
    ];
    emulator.setFaults([
      { kind: 'job-fails', nth: [1], reason: 'INTERNAL_ERROR', message: `Echoed: ${spellings.join(' ')}` },
    ]);
    const failed = await settle(
      importItems(clientFor(emulator, { token: secret }), { boardId: ROADMAP_BOARD_ID, rows: rows(5), ...FAST }),
    );
    expect(failed.error).toBeInstanceOf(BulkJobError);
    const error = failed.error as BulkJobError;
    expect(error.message).toMatch(/Echoed: /);
    const shown = [error.message, JSON.stringify(error), String(error)].join('\n');
    for (const spelling of spellings) expect(shown).not.toContain(spelling);
  });

  it('starts a new job when the upload URL has expired', async () => {
    const { emulator, client } = await emulatorAt();
    emulator.setFaults([{ kind: 'upload-expired', nth: [1] }]);
    const report = await importItems(client, { boardId: ROADMAP_BOARD_ID, rows: rows(5), ...FAST });
    expect(report).toMatchObject({ created: 5 });
    expect(ingestJobs(emulator)).toHaveLength(2);
    expect(report.jobIds).toHaveLength(1);
  });

  it('settles an upload whose answer was lost by asking the job, never sending its rows twice', async () => {
    const { emulator, client } = await emulatorAt();
    // The file is stored, but its answer never arrives: the retried upload would get 409.
    emulator.setFaults([{ kind: 'drop-after-execute', route: '* /bulk/uploads', nth: [1] }]);
    const saved: ImportCheckpoint[] = [];
    const report = await importItems(client, {
      boardId: ROADMAP_BOARD_ID,
      rows: rows(50),
      onCheckpoint: (checkpoint) => {
        saved.push(JSON.parse(JSON.stringify(checkpoint)));
      },
      ...FAST,
    });
    expect(report).toMatchObject({ created: 50, failed: 0 });
    expect(report.jobIds).toHaveLength(1);
    expect(imported(emulator)).toHaveLength(50);
    expect(ingestJobs(emulator)).toHaveLength(1);
    // Once settled, the checkpoint says what the server holds: the job's file is uploaded.
    expect(saved.some((checkpoint) => checkpoint.job?.uploaded === true)).toBe(true);
  });

  it('resumes a job the checkpoint says was not uploaded by asking the job first: a stored file is not sent twice', async () => {
    const { emulator, client } = await emulatorAt();
    const all = rows(20);
    const saved: ImportCheckpoint[] = [];
    await importItems(client, {
      boardId: ROADMAP_BOARD_ID,
      rows: all,
      onCheckpoint: (checkpoint) => {
        saved.push(JSON.parse(JSON.stringify(checkpoint)));
      },
      ...FAST,
    });
    // A process killed after its file was stored but before it recorded so resumes from this checkpoint.
    const beforeUpload = saved.find((checkpoint) => checkpoint.job?.uploaded === false) as ImportCheckpoint;
    expect(beforeUpload).toMatchObject({ rowsDone: 0, job: { uploaded: false } });
    const resumed = await importItems(client, {
      boardId: ROADMAP_BOARD_ID,
      rows: all,
      checkpoint: beforeUpload,
      ...FAST,
    });
    expect(resumed).toMatchObject({ created: 20, failed: 0 });
    expect(resumed.jobIds).toEqual([beforeUpload.job?.id]);
    expect(imported(emulator)).toHaveLength(20);
    expect(ingestJobs(emulator)).toHaveLength(1);
  });

  it('restarts from a checkpoint: finished jobs are not sent again, an uploaded one is polled, not re-sent', async () => {
    const { emulator, client } = await emulatorAt(20);
    const all = rows(30);
    const saved: ImportCheckpoint[] = [];
    const stop = new AbortController();
    const first = await settle(
      importItems(client, {
        boardId: ROADMAP_BOARD_ID,
        rows: all,
        rowsPerJob: 10,
        signal: stop.signal,
        onCheckpoint: (checkpoint) => {
          saved.push(JSON.parse(JSON.stringify(checkpoint)));
          // The process "dies" once the second job's file is uploaded.
          if (checkpoint.job?.uploaded && checkpoint.rowsDone === 10) stop.abort(new Error('restart'));
        },
        ...FAST,
      }),
    );
    expect((first.error as Error).message).toBe('restart');
    const last = saved.at(-1) as ImportCheckpoint;
    expect(last).toMatchObject({ rowsDone: 10, job: { firstRow: 10, rowCount: 10, uploaded: true } });
    const jobsBefore = ingestJobs(emulator).length;

    const report = await importItems(client, {
      boardId: ROADMAP_BOARD_ID,
      rows: all,
      rowsPerJob: 10,
      checkpoint: last,
      ...FAST,
    });
    expect(report).toMatchObject({ created: 30, failed: 0 });
    expect(report.jobIds).toHaveLength(3);
    expect(report.jobIds[1]).toBe(last.job?.id);
    expect(ingestJobs(emulator).length - jobsBefore).toBe(1);
    expect(imported(emulator).sort()).toEqual(all.map((row) => row.name).sort());
  });

  it('stops promptly when its signal aborts while polling', async () => {
    const { emulator, client } = await emulatorAt(1, { importRowsPerSecond: 1 });
    const stop = new AbortController();
    const running = settle(
      importItems(client, { boardId: ROADMAP_BOARD_ID, rows: rows(100), signal: stop.signal, pollIntervalMs: 5_000 }),
    );
    // Once the file is up, the job takes 100 s at a row a second: the import is polling.
    while (!emulator.requests.some((record) => record.path.startsWith('/bulk/uploads/') && record.status === 200)) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    stop.abort(new Error('stopped by the user'));
    const outcome = await running;
    expect((outcome.error as Error).message).toBe('stopped by the user');
    // A hang bound, not a speed claim: the poll interval is 5 s.
    expect(outcome.ms).toBeLessThan(4_000);
  });
});

describe('deleteItems and archiveItems', () => {
  it('delete items, polling the job, count what could not be deleted, and undo puts them back', async () => {
    const { emulator, client } = await emulatorAt();
    const ids = emulator.store.items.active(ROADMAP_BOARD_ID).map((item) => item.id);
    const seen: number[] = [];
    const deleted = await deleteItems(client, {
      boardId: ROADMAP_BOARD_ID,
      itemIds: [...ids, '999999'],
      onProgress: (progress) => seen.push(progress.done),
      ...FAST,
    });
    expect(deleted).toMatchObject({ total: ids.length + 1, succeeded: ids.length, failed: 1, completed: true });
    expect(emulator.store.items.active(ROADMAP_BOARD_ID)).toHaveLength(0);
    expect(seen.at(-1)).toBe(ids.length + 1);
    expect(await deleted.undo()).toEqual([{ success: true, message: expect.any(String) }]);
    expect(emulator.store.items.active(ROADMAP_BOARD_ID)).toHaveLength(ids.length);
  });

  it('archive items, and undoBulkAction undoes a job by its id', async () => {
    const { emulator, client } = await emulatorAt();
    const ids = emulator.store.items.active(ROADMAP_BOARD_ID).map((item) => item.id);
    const archived = await archiveItems(client, { boardId: ROADMAP_BOARD_ID, itemIds: ids, ...FAST });
    expect(archived).toMatchObject({ succeeded: ids.length, failed: 0 });
    expect(emulator.store.items.active(ROADMAP_BOARD_ID)).toHaveLength(0);
    expect(await undoBulkAction(client, archived.jobIds[0] as string)).toMatchObject({ success: true });
    expect(emulator.store.items.active(ROADMAP_BOARD_ID)).toHaveLength(ids.length);
  });
});
