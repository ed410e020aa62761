/**
 * The bulk jobs over a real socket, on the test emulator's clock: an import job's life (upload URL, processing at
 * the emulator's pace, counts, progress, the report of failed rows), on_match, the limits (rows per job, the hourly
 * item budget, backfill for admins only, the upload URL's 10 minutes), the job faults, bulk delete and archive with
 * undo, and snapshot/restore of all of it.
 * Facts: https://developer.monday.com/api-reference/docs/importing-items-in-bulk,
 * https://developer.monday.com/api-reference/reference/ingest-items-api-reference,
 * https://developer.monday.com/api-reference/reference/bulk-import-other-types.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCOPES } from 'workspace-platform-sdk';
import { createTestEmulator, type TestEmulator } from '../src/testing/index.js';

const VERSION = '2026-07';
const START = Date.UTC(2026, 10, 25, 9, 0, 0);
/** Hank, of the second account. */
const OTHER = 'wpe_demo_other_account_token';
/** Grace: a member, not an admin, of Ada's account (registered by the tests that use it). */
const GRACE = 'grace-member-token';

interface Gql<T = Record<string, unknown>> {
  data?: T;
  errors?: { message: string; extensions: { code: string } }[];
}

async function gql<T = Record<string, unknown>>(
  emulator: TestEmulator,
  query: string,
  variables: Record<string, unknown> = {},
  token = emulator.token,
): Promise<Gql<T>> {
  const response = await fetch(`${emulator.baseUrl}/v2`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json', 'api-version': VERSION },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as Gql<T>;
}

const STATUS = `query Status($id: ID!) { fetch_job_status(job_id: $id) { ... on ItemsJobStatus {
  status progress_percentage fully_imported report_created report_url failure_reason failure_message
  counts { submitted created updated skipped invalid failed } } } }`;

async function startIngest(emulator: TestEmulator, extra = '') {
  const answer = await gql(
    emulator,
    `mutation { ingest_items(board_id: 3001, group_id: "topics"${extra}) { job_id upload_url } }`,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data?.ingest_items as { job_id: string; upload_url: string };
}

async function status(emulator: TestEmulator, id: string) {
  const answer = await gql(emulator, STATUS, { id });
  expect(answer.errors).toBeUndefined();
  return answer.data?.fetch_job_status as {
    status: string;
    progress_percentage: number;
    fully_imported: boolean;
    report_created: boolean;
    report_url: string | null;
    failure_reason: string | null;
    failure_message: string | null;
    counts: Record<string, number>;
  };
}

function upload(url: string, body: string, method = 'PUT') {
  return fetch(url, { method, body, headers: { 'content-type': 'text/csv' } });
}

function csv(rows: number, make = (index: number) => `Row ${index},Done,${index}`): string {
  return ['name,status,numbers', ...Array.from({ length: rows }, (_, index) => make(index))].join('\n');
}

describe('import jobs', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await createTestEmulator({ startTime: START });
  });
  beforeEach(() => emulator.reset());
  afterAll(() => emulator.close());

  it('waits for its file, then applies the rows at the emulator pace, counting and reporting each', async () => {
    const job = await startIngest(emulator);
    expect(job.upload_url).toMatch(
      new RegExp(`^${emulator.baseUrl}/bulk/uploads/${job.job_id}\\?expires=\\d+&signature=[0-9a-f]+$`),
    );
    expect(await status(emulator, job.job_id)).toMatchObject({ status: 'UPLOAD_PENDING', progress_percentage: 0 });

    const file = csv(1_000, (index) =>
      index % 10 === 9 ? `Row ${index},Nope,${index}` : `Row ${index},Done,${index}`,
    );
    const answer = await upload(job.upload_url, file);
    expect(answer.status).toBe(200);
    const before = emulator.store.items.active('3001').length;
    const started = await status(emulator, job.job_id);
    expect(started).toMatchObject({ status: 'PROCESSING', counts: { submitted: 1_000, invalid: 100, created: 0 } });
    expect(started.progress_percentage).toBe(10);

    await emulator.clock.advance('1s'); // 500 rows a second by default
    const halfway = await status(emulator, job.job_id);
    expect(halfway).toMatchObject({ status: 'PROCESSING', counts: { created: 500 } });
    expect(halfway.progress_percentage).toBe(60);
    expect(emulator.store.items.active('3001').length).toBe(before + 500);

    await emulator.clock.advance('1s');
    const done = await status(emulator, job.job_id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      progress_percentage: 100,
      fully_imported: false,
      report_created: true,
      failure_reason: null,
      counts: { submitted: 1_000, created: 900, updated: 0, skipped: 0, invalid: 100, failed: 0 },
    });
    const report = await fetch(done.report_url as string);
    expect(report.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await report.text()).trim().split('\r\n');
    expect(lines[0]).toBe('row,column_id,error');
    expect(lines).toHaveLength(101);
    expect(lines[1]).toMatch(/^10,status,".*Nope/);
    const made = emulator.store.items.active('3001').find((item) => item.name === 'Row 0');
    expect(made?.values).toMatchObject({ numbers: '0' });
  });

  it('upserts or skips rows matching an item by a column (on_match)', async () => {
    const seedText = emulator.store.items.active('3001')[0];
    if (!seedText) throw new Error('seed items');
    const first = await startIngest(emulator, ', on_match: { behaviour: UPSERT, match_column_id: "text" }');
    await upload(first.upload_url, 'name,text,numbers\nAlpha,key-1,1\nBeta,key-2,2\nAlpha again,key-1,3\n');
    await emulator.clock.advance('1s');
    expect((await status(emulator, first.job_id)).counts).toMatchObject({ created: 2, updated: 1 });
    const alpha = emulator.store.items.active('3001').filter((item) => item.values.text === 'key-1');
    expect(alpha).toHaveLength(1);
    expect(alpha[0]).toMatchObject({ name: 'Alpha again', values: { numbers: '3' } });

    const second = await startIngest(emulator, ', on_match: { behaviour: SKIP, match_column_id: "text" }');
    await upload(second.upload_url, 'name,text\nBeta changed,key-2\nGamma,key-3\n');
    await emulator.clock.advance('1s');
    expect((await status(emulator, second.job_id)).counts).toMatchObject({ created: 1, skipped: 1, updated: 0 });
    expect(emulator.store.items.active('3001').find((item) => item.values.text === 'key-2')?.name).toBe('Beta');
  });

  it('refuses an on_match column that is not on the board', async () => {
    const answer = await gql(
      emulator,
      'mutation { ingest_items(board_id: 3001, group_id: "topics", on_match: { behaviour: SKIP, match_column_id: "nope" }) { job_id } }',
    );
    expect(answer.errors?.[0]?.extensions.code).toBe('INVALID_ARGUMENT');
  });

  it('rejects a file of more rows than the job takes (10,000 for ingest)', async () => {
    const job = await startIngest(emulator);
    expect((await upload(job.upload_url, csv(10_001))).status).toBe(200);
    expect(await status(emulator, job.job_id)).toMatchObject({
      status: 'REJECTED',
      failure_reason: 'INVALID_UPLOAD',
      failure_message: expect.stringMatching(/more than 10000 rows/),
    });
  });

  it('takes 10,000 rows in one ingest job', async () => {
    const job = await startIngest(emulator);
    await upload(job.upload_url, csv(10_000));
    await emulator.clock.advance('20s');
    expect(await status(emulator, job.job_id)).toMatchObject({ status: 'COMPLETED', counts: { created: 10_000 } });
  });

  it('counts ingest rows against the hourly budget of 19,000 items, and lets them in again an hour later', async () => {
    for (let round = 0; round < 2; round += 1) {
      const job = await startIngest(emulator);
      await upload(job.upload_url, csv(9_000));
      expect((await status(emulator, job.job_id)).status).toBe('PROCESSING');
    }
    const third = await startIngest(emulator);
    await upload(third.upload_url, csv(1_001));
    expect(await status(emulator, third.job_id)).toMatchObject({
      status: 'REJECTED',
      failure_reason: 'ACCOUNT_CAPACITY_EXCEEDED',
      failure_message: expect.stringMatching(/1001 rows to apply; .* has 1000 left \(room for them in 3600 s\)/),
    });
    const fits = await startIngest(emulator);
    await upload(fits.upload_url, csv(1_000));
    expect((await status(emulator, fits.job_id)).status).toBe('PROCESSING');

    await emulator.clock.advance('60m');
    const later = await startIngest(emulator);
    await upload(later.upload_url, csv(1_001));
    expect((await status(emulator, later.job_id)).status).toBe('PROCESSING');
  });

  it('lets only an admin backfill, outside the hourly budget, up to 20,000 rows, with no activity log entries', async () => {
    emulator.registerToken(GRACE, { kind: 'personal', accountId: 1001, userId: 502, scopes: SCOPES });
    const refused = await gql(
      emulator,
      'mutation { backfill_items(board_id: 3001, group_id: "topics") { job_id } }',
      {},
      GRACE,
    );
    expect(refused.errors?.[0]?.extensions.code).toBe('USER_UNAUTHORIZED');

    const spend = await startIngest(emulator);
    await upload(spend.upload_url, csv(10_000));
    const answer = await gql(
      emulator,
      'mutation { backfill_items(board_id: 3001, group_id: "topics") { job_id upload_url } }',
    );
    const job = answer.data?.backfill_items as { job_id: string; upload_url: string };
    await upload(job.upload_url, csv(20_000));
    const logged = emulator.store.activityLog.all().length;
    await emulator.clock.advance('60s');
    expect(await status(emulator, job.job_id)).toMatchObject({ status: 'COMPLETED', counts: { created: 20_000 } });
    expect(emulator.store.activityLog.all().length - logged).toBe(10_000); // the ingest job's, none of the backfill's

    const tooMany = (
      await gql(emulator, 'mutation { backfill_items(board_id: 3001, group_id: "topics") { job_id upload_url } }')
    ).data?.backfill_items as { job_id: string; upload_url: string };
    await upload(tooMany.upload_url, csv(20_001));
    expect((await status(emulator, tooMany.job_id)).failure_message).toMatch(/more than 20000 rows/);
  });

  it('refuses an upload after 10 minutes, and rejects a job whose file never came', async () => {
    const job = await startIngest(emulator);
    await emulator.clock.advance('10m');
    const late = await upload(job.upload_url, csv(1));
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ errors: [{ extensions: { code: 'UPLOAD_URL_EXPIRED' } }] });
    expect(await status(emulator, job.job_id)).toMatchObject({
      status: 'REJECTED',
      failure_reason: 'INVALID_UPLOAD',
      failure_message: 'No file was uploaded before the upload URL expired.',
    });
  });

  it('refuses a forged or stretched URL, a second upload, and other methods', async () => {
    const job = await startIngest(emulator);
    const forged = job.upload_url.replace(/signature=[0-9a-f]{4}/, 'signature=0000');
    expect((await upload(forged, csv(1))).status).toBe(403);
    const stretched = job.upload_url.replace(/expires=(\d+)/, (_, ms) => `expires=${Number(ms) + 60_000}`);
    expect((await upload(stretched, csv(1))).status).toBe(403);
    expect((await upload(job.upload_url, csv(1), 'POST')).status).toBe(200);
    expect((await upload(job.upload_url, csv(1))).status).toBe(409);
    expect((await fetch(job.upload_url)).status).toBe(405);
  });

  it('answers a file over 150 MB with 413 as it streams past the limit, and rejects the job FILE_TOO_LARGE', async () => {
    const job = await startIngest(emulator);
    // Rows of 20 kB, so the 150 MB come before the 10,000 rows.
    const row = new TextEncoder().encode(`A long row,${'x'.repeat(20_000)}\n`);
    const piece = new Uint8Array(row.length * 50);
    for (let at = 0; at < 50; at += 1) piece.set(row, at * row.length);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('name,text\n'));
        // 1 GB if it were all read: the emulator stops reading at 150 MB and closes the connection.
        if (sent >= 1_000_000_000) return controller.close();
        sent += piece.length;
        controller.enqueue(piece);
      },
    });
    const answer = await fetch(job.upload_url, { method: 'PUT', body, duplex: 'half' } as RequestInit).catch(
      (error: unknown) => error,
    );
    // What the client had sent when its request ended (fetch may go on pulling a body nobody reads).
    const sentWhenAnswered = sent;
    // The answer comes while the client is still sending; a client may see it or the closed connection.
    if (answer instanceof Response) expect(answer.status).toBe(413);
    expect(await status(emulator, job.job_id)).toMatchObject({ status: 'REJECTED', failure_reason: 'FILE_TOO_LARGE' });
    // The emulator read 150 MB and closed the connection: far from all of it (buffers on the way take some).
    expect(sentWhenAnswered).toBeLessThan(400_000_000);
  });

  it('answers other requests while a large file streams in', async () => {
    const job = await startIngest(emulator);
    const row = new TextEncoder().encode(`Row,${'x'.repeat(5_000)}\n`);
    let sent = 0;
    let asked = false;
    let answeredMidway = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('name,text\n'));
        if (sent >= 60_000_000) return controller.close();
        if (!asked && sent > 25_000_000) {
          asked = true;
          const other = await gql(emulator, '{ me { id } }');
          answeredMidway = other.data !== undefined;
        }
        for (let index = 0; index < 100; index += 1) controller.enqueue(row);
        sent += row.length * 100;
      },
    });
    const answer = await fetch(job.upload_url, { method: 'PUT', body, duplex: 'half' } as RequestInit);
    expect(answer.status).toBe(200);
    expect(answeredMidway).toBe(true);
    expect((await status(emulator, job.job_id)).failure_message).toMatch(/more than 10000 rows/);
  });
});

describe('job faults', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await createTestEmulator({ startTime: START });
  });
  beforeEach(() => {
    emulator.reset();
    emulator.setFaults([]);
  });
  afterAll(() => emulator.close());

  it('job-fails fails the job halfway with its reason, keeping the rows applied before', async () => {
    emulator.setFaults([{ kind: 'job-fails', reason: 'INTERNAL_ERROR', message: 'Disk on fire.' }]);
    const job = await startIngest(emulator);
    await upload(job.upload_url, csv(1_000));
    await emulator.clock.advance('10s');
    expect(await status(emulator, job.job_id)).toMatchObject({
      status: 'FAILED',
      failure_reason: 'INTERNAL_ERROR',
      failure_message: 'Disk on fire.',
      counts: { submitted: 1_000, created: 500 },
    });
  });

  it('upload-expired answers the upload 403 and stores nothing; the next upload goes through', async () => {
    emulator.setFaults([{ kind: 'upload-expired', nth: [1] }]);
    const job = await startIngest(emulator);
    expect((await upload(job.upload_url, csv(3))).status).toBe(403);
    expect((await status(emulator, job.job_id)).status).toBe('UPLOAD_PENDING');
    expect((await upload(job.upload_url, csv(3))).status).toBe(200);
  });

  it('job-slow makes the job apply its rows at the given pace', async () => {
    emulator.setFaults([{ kind: 'job-slow', rowsPerSecond: 10 }]);
    const job = await startIngest(emulator);
    await upload(job.upload_url, csv(100));
    await emulator.clock.advance('5s');
    expect(await status(emulator, job.job_id)).toMatchObject({ status: 'PROCESSING', counts: { created: 50 } });
    await emulator.clock.advance('5s');
    expect((await status(emulator, job.job_id)).status).toBe('COMPLETED');
  });

  it('the usual faults apply on the upload route too', async () => {
    emulator.setFaults([{ kind: 'http-error', status: 503, route: 'PUT /bulk/uploads', first: 1 }]);
    const job = await startIngest(emulator);
    expect((await upload(job.upload_url, csv(1))).status).toBe(503);
    expect((await upload(job.upload_url, csv(1))).status).toBe(200);
  });
});

describe('bulk delete and archive', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await createTestEmulator({ startTime: START });
  });
  beforeEach(() => emulator.reset());
  afterAll(() => emulator.close());

  const JOB = 'query Job($id: ID!) { job_status(job_id: $id) { id status error result { total succeeded failed } } }';

  it('deletes at the emulator pace, counts items it cannot delete as failed, and undo puts them back', async () => {
    const ids = emulator.store.items.active('3001').map((item) => item.id);
    const started = await gql(
      emulator,
      'mutation($ids: [ID!]!) { bulk_delete_items(board_id: 3001, item_ids: $ids) { job_id } }',
      {
        ids: [...ids, '999999'],
      },
    );
    const id = (started.data?.bulk_delete_items as { job_id: string } | undefined)?.job_id ?? '';
    expect((await gql(emulator, JOB, { id })).data?.job_status).toMatchObject({
      status: 'PENDING',
      result: { succeeded: 0 },
    });
    await emulator.clock.advance('1s');
    expect((await gql(emulator, JOB, { id })).data?.job_status).toMatchObject({
      status: 'COMPLETED',
      error: null,
      result: { total: ids.length + 1, succeeded: ids.length, failed: 1 },
    });
    expect(emulator.store.items.active('3001')).toHaveLength(0);

    const undone = await gql(emulator, 'mutation($id: ID!) { undo_action(job_id: $id) { success message } }', { id });
    expect(undone.data?.undo_action).toMatchObject({ success: true });
    expect(
      emulator.store.items
        .active('3001')
        .map((item) => item.id)
        .sort(),
    ).toEqual([...ids].sort());
    const again = await gql(emulator, 'mutation($id: ID!) { undo_action(job_id: $id) { success message } }', { id });
    expect(again.data?.undo_action).toMatchObject({ success: false, message: expect.stringMatching(/already undone/) });
  });

  it('archives, and undo brings the archived items back', async () => {
    const ids = emulator.store.items.active('3001').map((item) => item.id);
    const started = await gql(
      emulator,
      'mutation($ids: [ID!]!) { bulk_archive_items(board_id: 3001, item_ids: $ids) { job_id } }',
      {
        ids,
      },
    );
    const id = (started.data?.bulk_archive_items as { job_id: string } | undefined)?.job_id ?? '';
    await emulator.clock.advance('1s');
    expect(
      emulator.store.items
        .onBoard('3001')
        .filter((item) => ids.includes(item.id))
        .every((item) => item.state === 'archived'),
    ).toBe(true);
    await gql(emulator, 'mutation($id: ID!) { undo_action(job_id: $id) { success } }', { id });
    expect(emulator.store.items.active('3001')).toHaveLength(ids.length);
  });

  // The job takes an item's subitems with it (an item deleted or archived takes its subitems along); undo puts
  // back each one it took as it was, and leaves one that was archived or deleted before the job as it was.
  for (const kind of ['delete', 'archive'] as const) {
    it(`undoing a bulk ${kind} puts back the subitems it removed with their parent, each as it was`, async () => {
      const [parent] = emulator.store.items.active('3001');
      if (!parent) throw new Error('no item on board 3001');
      const subitem = async (name: string) => {
        const made = await gql(
          emulator,
          `mutation { create_subitem(parent_item_id: ${parent.id}, item_name: "${name}") { id } }`,
        );
        expect(made.errors).toBeUndefined();
        return (made.data?.create_subitem as { id: string } | undefined)?.id ?? '';
      };
      const live = await subitem('Live');
      const archivedBefore = await subitem('Archived before');
      const deletedBefore = await subitem('Deleted before');
      expect(
        (await gql(emulator, `mutation { archive_item(item_id: ${archivedBefore}) { id } }`)).errors,
      ).toBeUndefined();
      expect(
        (await gql(emulator, `mutation { delete_item(item_id: ${deletedBefore}) { id } }`)).errors,
      ).toBeUndefined();
      const started = await gql(
        emulator,
        `mutation($ids: [ID!]!) { bulk_${kind}_items(board_id: 3001, item_ids: $ids) { job_id } }`,
        { ids: [parent.id] },
      );
      const id = (started.data?.[`bulk_${kind}_items`] as { job_id: string } | undefined)?.job_id ?? '';
      await emulator.clock.advance('1s');
      const stateOf = (itemId: string) => emulator.store.items.find(itemId)?.state;
      const gone = kind === 'delete' ? 'deleted' : 'archived';
      expect([stateOf(parent.id), stateOf(live)]).toEqual([gone, gone]);
      const undone = await gql(emulator, 'mutation($id: ID!) { undo_action(job_id: $id) { success } }', { id });
      expect(undone.data?.undo_action).toMatchObject({ success: true });
      expect({
        parent: stateOf(parent.id),
        live: stateOf(live),
        archivedBefore: stateOf(archivedBefore),
        deletedBefore: stateOf(deletedBefore),
      }).toEqual({ parent: 'active', live: 'active', archivedBefore: 'archived', deletedBefore: 'deleted' });
    });
  }

  it('keeps jobs to their account, and leaves what it does not model NOT_MODELLED', async () => {
    const started = await gql(emulator, 'mutation { bulk_delete_items(board_id: 3001, item_ids: []) { job_id } }');
    const id = (started.data?.bulk_delete_items as { job_id: string } | undefined)?.job_id ?? '';
    const foreign = await gql(emulator, JOB, { id }, OTHER);
    expect(foreign.errors?.[0]?.extensions.code).toBe('RESOURCE_NOT_FOUND');
    const details = await gql(emulator, 'query($id: ID!) { job_status(job_id: $id) { result { details } } }', { id });
    expect(details.errors?.[0]?.extensions.code).toBe('NOT_MODELLED');
    const importJob = await startIngest(emulator);
    const undoImport = await gql(emulator, 'mutation($id: ID!) { undo_action(job_id: $id) { success } }', {
      id: importJob.job_id,
    });
    expect(undoImport.errors?.[0]?.extensions.code).toBe('NOT_MODELLED');
  });
});

describe('snapshot and restore with bulk jobs', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await createTestEmulator({ startTime: START });
  });
  afterAll(() => emulator.close());

  it('rebuilds jobs mid-way, the items they made, and keeps their URLs valid', async () => {
    const job = await startIngest(emulator);
    await upload(job.upload_url, csv(1_000));
    await emulator.clock.advance('1s');
    const pending = await startIngest(emulator);
    const snapshot = emulator.snapshot();
    const items = emulator.store.items.all().length;
    const seen = await status(emulator, job.job_id);
    expect(seen.counts.created).toBe(500);

    await emulator.clock.advance('5s');
    expect((await status(emulator, job.job_id)).status).toBe('COMPLETED');
    await emulator.restore(snapshot);

    // As at the snapshot, before anything asks again (which does the work due since).
    expect(emulator.store.items.all().length).toBe(items);
    expect(emulator.store.bulkJobs.importJob(job.job_id)).toMatchObject({
      state: 'PROCESSING',
      counts: { created: 500 },
    });
    expect((await upload(pending.upload_url, csv(2))).status).toBe(200);
    expect(await status(emulator, job.job_id)).toMatchObject({ status: 'COMPLETED', counts: { created: 1_000 } });
    await emulator.clock.advance('1s');
    expect((await status(emulator, pending.job_id)).status).toBe('COMPLETED');
  });
});
