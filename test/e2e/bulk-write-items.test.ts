/**
 * writeItems against the emulator over a real socket: creates and column changes batched as aliased mutations, one
 * request per batch with its own Idempotency-Key; a refused item fails alone; the complexity budget paces the
 * batches with no request refused; a dropped answer is resent with the same key and nothing is created twice; the
 * same job run again creates nothing new; an abort and a refused token stop the job and lose no created id; bad
 * input is refused before anything is sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type BulkProgress, writeItems } from 'workspace-platform-sdk/bulk';
import { AuthenticationError, column, GraphQLResponseError, PlatformConfigError, SCOPES } from '../../src/index.js';
import { clientFor, closeEmulators, graphqlRequests, ROADMAP_BOARD_ID, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

const names = (count: number, prefix = 'Bulk') =>
  Array.from({ length: count }, (_, index) => ({ name: `${prefix} ${index}` }));

/** The Idempotency-Key each request to /v2 carried. */
function keysSent(emulator: Awaited<ReturnType<typeof startTestEmulator>>): (string | undefined)[] {
  return graphqlRequests(emulator).map((record) => record.idempotencyKey);
}

describe('writeItems', () => {
  it('creates and updates in batches of aliased mutations, each request with its own key, ids in order', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const before = emulator.store.items.created;
    const progress: BulkProgress[] = [];
    const report = await writeItems(client, {
      boardId: ROADMAP_BOARD_ID,
      creates: names(60).map((create, index) => ({ ...create, values: { numbers: column.numbers(index) } })),
      updates: [{ itemId: '4000002', values: { text: column.text('changed in bulk') } }],
      idempotencyKey: 'job-1',
      onProgress: (event) => progress.push(event),
    });
    expect(report).toMatchObject({ created: 60, updated: 1, failed: 0, unknown: 0, notSent: 0 });
    expect(report.stoppedBy).toBeUndefined();
    expect(emulator.store.items.created - before).toBe(60);
    // 61 writes in batches of 25: three requests, keys job-1.0, job-1.1, job-1.2.
    expect(keysSent(emulator)).toEqual(['job-1.0', 'job-1.1', 'job-1.2']);
    const ids = report.creates.map((outcome) => (outcome.status === 'created' ? outcome.itemId : undefined));
    for (const [index, id] of ids.entries()) {
      const item = emulator.store.items.find(String(id));
      expect(item?.name).toBe(`Bulk ${index}`);
    }
    expect(report.updates).toEqual([{ status: 'updated', itemId: '4000002' }]);
    const { data } = await client.request<{ items: { column_values: { text: string }[] }[] }>(
      'query { items(ids: [4000002]) { column_values(ids: ["text"]) { text } } }',
    );
    expect(data.items[0]?.column_values[0]?.text).toBe('changed in bulk');
    expect(progress.map((event) => [event.done, event.total])).toEqual([
      [25, 61],
      [50, 61],
      [61, 61],
    ]);
    expect(progress.at(-1)?.remainingMs).toBe(0);
  });

  it('a refused item fails alone: the others of its request are created', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const report = await writeItems(client, {
      boardId: ROADMAP_BOARD_ID,
      creates: [
        { name: 'fine' },
        { name: 'unknown label', values: { status: column.status({ label: 'No such label' }) } },
        { name: 'unknown group', groupId: 'no_such_group' },
        { name: 'fine too' },
      ],
      updates: [{ itemId: '999999999', values: { text: column.text('x') } }],
    });
    expect(report).toMatchObject({ created: 2, updated: 0, failed: 3, unknown: 0, notSent: 0 });
    expect(report.stoppedBy).toBeUndefined();
    const [first, label, group, last] = report.creates;
    expect(first?.status).toBe('created');
    expect(last?.status).toBe('created');
    expect(graphqlRequests(emulator)).toHaveLength(1);
    for (const outcome of [label, group, report.updates[0]]) {
      expect(outcome?.status).toBe('failed');
      const error = outcome?.status === 'failed' ? outcome.error : undefined;
      expect(error).toBeInstanceOf(GraphQLResponseError);
      expect((error as GraphQLResponseError).errors).toHaveLength(1);
    }
    const labelError = label?.status === 'failed' ? (label.error as GraphQLResponseError) : undefined;
    expect(labelError?.code).toBe('ColumnValueException');
    expect(labelError?.message).toContain('No such label');
  });

  it('paces batches by the complexity budget: every request accepted, none refused for it', async () => {
    // A budget of three batches of 5 creates (about 50,000 points each) per 1 s window.
    const emulator = await startTestEmulator({ limits: { complexity: { quota: 160_000, windowSeconds: 1 } } });
    const client = clientFor(emulator);
    const report = await writeItems(client, { boardId: ROADMAP_BOARD_ID, creates: names(40), batchSize: 5 });
    expect(report).toMatchObject({ created: 40, failed: 0, notSent: 0 });
    const statuses = graphqlRequests(emulator).map((record) => record.status);
    expect(statuses).toEqual(Array(8).fill(200));
  });

  it('a request whose answer is lost is sent again with its key: nothing is created twice', async () => {
    const emulator = await startTestEmulator({
      faults: [{ kind: 'drop-after-execute', mutationsOnly: true, nth: [2, 4] }],
    });
    const client = clientFor(emulator, { retry: { baseDelayMs: 5, maxDelayMs: 50 } });
    const before = emulator.store.items.created;
    const report = await writeItems(client, { boardId: ROADMAP_BOARD_ID, creates: names(50), batchSize: 10 });
    expect(report).toMatchObject({ created: 50, unknown: 0, failed: 0 });
    expect(emulator.store.items.created - before).toBe(50);
    expect(new Set(report.creates.map((outcome) => (outcome.status === 'created' ? outcome.itemId : ''))).size).toBe(
      50,
    );
    // Five batches, two of them sent twice with the same key.
    const keys = keysSent(emulator);
    expect(keys).toHaveLength(7);
    expect(new Set(keys).size).toBe(5);
  });

  it('run again with the same idempotencyKey, a job creates nothing new and reports the same ids', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const job = { boardId: ROADMAP_BOARD_ID, creates: names(30), idempotencyKey: 'nightly-sync-2026-11-29' };
    const first = await writeItems(client, job);
    const before = emulator.store.items.created;
    const again = await writeItems(client, job);
    expect(emulator.store.items.created).toBe(before);
    expect(again.creates).toEqual(first.creates);
    expect(again.idempotencyKey).toBe('nightly-sync-2026-11-29');
  });

  it('an abort stops the job after the request in flight; created ids are kept, the rest not sent', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const controller = new AbortController();
    const report = await writeItems(client, {
      boardId: ROADMAP_BOARD_ID,
      creates: names(100),
      batchSize: 10,
      signal: controller.signal,
      onProgress: ({ done }) => {
        if (done === 20) controller.abort(new Error('stopped by the user'));
      },
    });
    expect(report).toMatchObject({ created: 20, notSent: 80, failed: 0, unknown: 0 });
    expect((report.stoppedBy as Error).message).toBe('stopped by the user');
    expect(graphqlRequests(emulator)).toHaveLength(2);
    expect(report.creates.slice(20).every((outcome) => outcome.status === 'not-sent')).toBe(true);
  });

  it('an abort while a request is out leaves its writes unknown, and settles them when run again', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'latency', ms: 300, nth: [2] }] });
    const client = clientFor(emulator);
    const controller = new AbortController();
    const job = { boardId: ROADMAP_BOARD_ID, creates: names(30), batchSize: 10, idempotencyKey: 'aborted-job' };
    const first = await writeItems(client, {
      ...job,
      signal: controller.signal,
      onProgress: () => setTimeout(() => controller.abort(new Error('stop')), 100),
    });
    expect(first).toMatchObject({ created: 10, unknown: 10, notSent: 10 });
    expect(first.creates[10]?.status).toBe('unknown');
    await new Promise((resolve) => setTimeout(resolve, 400)); // the server finishes the aborted request
    const again = await writeItems(client, job);
    expect(again).toMatchObject({ created: 30, unknown: 0 });
    expect(again.creates.slice(0, 10)).toEqual(first.creates.slice(0, 10));
    // The request that was out ran once: 30 items in all.
    expect(emulator.store.items.all().filter((item) => item.name.startsWith('Bulk ')).length).toBe(30);
  });

  it('a token the platform refuses stops the job: its batch failed, the rest not sent', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator, { token: 'revoked-in-the-middle' });
    emulator.registerToken('revoked-in-the-middle', { kind: 'personal', accountId: 1001, userId: 1, scopes: SCOPES });
    const report = await writeItems(client, {
      boardId: ROADMAP_BOARD_ID,
      creates: names(30),
      batchSize: 10,
      onProgress: ({ done }) => {
        if (done === 10) emulator.revokeToken('revoked-in-the-middle');
      },
    });
    expect(report).toMatchObject({ created: 10, failed: 10, notSent: 10 });
    expect(report.stoppedBy).toBeInstanceOf(AuthenticationError);
    expect(JSON.stringify(report)).not.toContain('revoked-in-the-middle');
  });

  it('refuses bad input before sending anything, naming the write', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const attempts: Array<Parameters<typeof writeItems>[1]> = [
      { boardId: 'board', creates: names(1) },
      { boardId: ROADMAP_BOARD_ID, creates: [{ name: '' }] },
      { boardId: ROADMAP_BOARD_ID, creates: [...names(3), { name: 'bad', values: { date4: column.date('29/11') } }] },
      { boardId: ROADMAP_BOARD_ID, updates: [{ itemId: 4000002, values: {} }] },
      { boardId: ROADMAP_BOARD_ID, creates: names(1), batchSize: 500 },
      { boardId: ROADMAP_BOARD_ID, creates: names(1), idempotencyKey: 'has spaces' },
      { boardId: ROADMAP_BOARD_ID, crates: names(1) } as never,
    ];
    const messages: string[] = [];
    for (const options of attempts) {
      const error = await writeItems(client, options).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformConfigError);
      messages.push((error as Error).message);
    }
    expect(messages[2]).toContain('creates[3].values');
    expect(messages[6]).toContain('crates');
    expect(graphqlRequests(emulator)).toHaveLength(0);
  });
});
