/**
 * The emulator's state file: an emulator's whole state saved (`saveState`, `exportOnExit`) and loaded again
 * (`snapshot`) exactly (ids, records, webhooks, bulk jobs, the clock), over real sockets; a file of another format or
 * format version refused whole with a clear message; no token ever written; the JSON rules for bytes and maps.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../src/cli-options.js';
import { DEMO_TOKEN, EmulatorSettingsError, EmulatorStateFileError, startEmulator } from '../../src/index.js';
import { decodeStateJson, encodeStateJson } from '../../src/state/json-codec.js';
import { STATE_FILE_FORMAT, STATE_FILE_VERSION } from '../../src/state/state-file.js';
import { createTestEmulator, type TestEmulator } from '../../src/testing/index.js';

const START = Date.UTC(2026, 10, 25, 9, 0, 0);
const VERSION = '2026-10';
let folder: string;
const open: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'emulator-state-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(open.splice(0).map((emulator) => emulator.close()));
});

async function gql(
  target: { baseUrl: string },
  query: string,
  variables: Record<string, unknown> = {},
  token = DEMO_TOKEN,
): Promise<{ data?: Record<string, unknown>; errors?: { message: string }[] }> {
  const response = await fetch(`${target.baseUrl}/v2`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json', 'api-version': VERSION },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
}

async function createItem(target: { baseUrl: string }, name: string): Promise<string> {
  const answer = await gql(
    target,
    'mutation($name: String!) { create_item(board_id: 3001, item_name: $name, column_values: "{\\"numbers\\":\\"7\\"}") { id } }',
    { name },
  );
  expect(answer.errors).toBeUndefined();
  return (answer.data?.create_item as { id: string } | undefined)?.id ?? '';
}

/** What a load must give back: the records of every family a test here changes, ids and all. */
function records(target: TestEmulator) {
  return JSON.stringify({
    boards: target.store.boards.all(),
    items: target.store.items.all(),
    webhooks: target.store.webhooks.all(),
    jobs: target.store.bulkJobs.importJob('1') ?? null,
  });
}

async function started(options: Parameters<typeof createTestEmulator>[0]) {
  const emulator = await createTestEmulator(options);
  open.push(emulator);
  return emulator;
}

describe('saveState and the snapshot option', () => {
  it('loads a saved state exactly: records, ids, webhooks, a bulk job mid-way, the clock', async () => {
    const first = await started({ startTime: START });
    const board = await gql(first, 'mutation { create_board(board_name: "Saved", board_kind: public) { id } }');
    expect(board.errors).toBeUndefined();
    await createItem(first, 'one');
    await first.clock.advance('1m');
    await createItem(first, 'two');
    const hook = await gql(
      first,
      'mutation { create_webhook(board_id: 3001, url: "https://hooks.example/x", event: create_item) { id } }',
    );
    const job = (
      await gql(first, 'mutation { ingest_items(board_id: 3001, group_id: "topics") { job_id upload_url } }')
    ).data?.ingest_items as { job_id: string; upload_url: string };
    const rows = ['name,numbers', ...Array.from({ length: 800 }, (_, index) => `Row ${index},${index}`)].join('\n');
    expect((await fetch(job.upload_url, { method: 'PUT', body: rows })).status).toBe(200);
    await first.clock.advance('1s');
    const file = join(folder, 'whole.json');
    await first.saveState(file);

    const second = await started({ snapshot: file });
    expect(second.clock.now()).toBe(first.clock.now());
    expect(records(second)).toBe(records(first));
    expect(second.store.webhooks.all().map((record) => record.id)).toContain(
      (hook.data?.create_webhook as { id: string } | undefined)?.id,
    );
    // The id counters come back too: the next item gets the same id on both.
    expect(await createItem(second, 'three')).toBe(await createItem(first, 'three'));
    // The job goes on where it was.
    await first.clock.advance('5s');
    await second.clock.advance('5s');
    const status = `query($id: ID!) { fetch_job_status(job_id: $id) { ... on ItemsJobStatus { status counts { created } } } }`;
    const done = (await gql(second, status, { id: job.job_id })).data?.fetch_job_status;
    expect(done).toEqual((await gql(first, status, { id: job.job_id })).data?.fetch_job_status);
    expect(done).toMatchObject({ status: 'COMPLETED', counts: { created: 800 } });
  });

  it("refuses a pending upload URL from before the save with a clear message, and a new job's URL takes the file", async () => {
    const first = await started({ startTime: START });
    const ingest = 'mutation { ingest_items(board_id: 3001, group_id: "topics") { job_id upload_url } }';
    const job = (await gql(first, ingest)).data?.ingest_items as { job_id: string; upload_url: string };
    const file = join(folder, 'pending-upload.json');
    await first.saveState(file);

    const second = await started({ snapshot: file });
    expect(second.store.bulkJobs.importJob(job.job_id)?.state).toBe('UPLOAD_PENDING');
    // The URL's path and query at the emulator that loaded the state: its signing key (a secret) was not saved.
    const moved = new URL(job.upload_url);
    const atSecond = `${second.baseUrl}${moved.pathname}${moved.search}`;
    const refused = await fetch(atSecond, { method: 'PUT', body: 'name\nRow' });
    expect(refused.status).toBe(403);
    const answer = (await refused.json()) as { error_code?: string; error_message?: string };
    expect(JSON.stringify(answer)).toMatch(/before .*state was saved/);
    expect(JSON.stringify(answer)).toMatch(/new import job/);
    expect(second.store.bulkJobs.importJob(job.job_id)?.state).toBe('UPLOAD_PENDING');
    // A job started after the load takes its file as usual.
    const fresh = (await gql(second, ingest)).data?.ingest_items as { job_id: string; upload_url: string };
    expect((await fetch(fresh.upload_url, { method: 'PUT', body: 'name\nRow' })).status).toBe(200);
  });

  it('loads an app view and a widget placed on a board view exactly', async () => {
    const first = await started({ startTime: START });
    const view = await gql(
      first,
      'mutation { create_view(board_id: 3001, type: APP, name: "Planner", settings: { app_feature_id: 54321 }) { id } }',
    );
    expect(view.errors).toBeUndefined();
    const viewId = (view.data?.create_view as { id: string } | undefined)?.id ?? '';
    const counter = { calculation_type: 'columns', column_ids_per_board: { '3001': ['numbers'] }, counter_type: 'sum' };
    const settings = { counter_data: counter };
    const widget = await gql(
      first,
      `mutation ($settings: JSON!) { create_widget(parent: { kind: BOARD_VIEW, id: ${viewId} }, kind: NUMBER,
        name: "Estimates", settings: $settings, filter: { rules: [{ column_id: "numbers", compare_value: [1] }] }) { id } }`,
      { settings },
    );
    expect(widget.errors).toBeUndefined();
    const file = join(folder, 'views.json');
    await first.saveState(file);

    const second = await started({ snapshot: file });
    const kept = (target: TestEmulator) =>
      JSON.stringify({ views: target.store.views.all(), widgets: target.store.dashboards.widgets.all() });
    expect(kept(second)).toBe(kept(first));
    expect(second.store.views.find(viewId)).toMatchObject({ kind: 'APP', settings: { app_feature_id: 54321 } });
  });

  it('never writes a token: the grant is kept, not the token it came from', async () => {
    const token = 'wpe_secret_token_for_the_state_test';
    const emulator = await started({
      startTime: START,
      tokens: [{ token, accountId: 1001, userId: 501 }],
    });
    await gql(emulator, 'mutation { create_item(board_id: 3001, item_name: "x") { id } }', {}, token);
    const file = join(folder, 'no-token.json');
    await emulator.saveState(file);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('create_item(board_id: 3001, item_name: \\"x\\")');
    expect(text).not.toContain(token);
    expect(text).not.toContain(DEMO_TOKEN);
    expect((await stat(file)).mode & 0o077).toBe(0);
  });

  it('serves the sample data beside a state file only when asked, and refuses a clash of ids', async () => {
    const first = await started({ startTime: START });
    await createItem(first, 'kept');
    const file = join(folder, 'sample.json');
    await first.saveState(file);
    await expect(createTestEmulator({ snapshot: file, sampleData: true })).rejects.toThrow(EmulatorStateFileError);
    await expect(
      createTestEmulator({ snapshot: file, seed: { accounts: [], users: [], boards: [], items: [] } }),
    ).rejects.toThrow(EmulatorSettingsError);
  });
});

describe('exportOnExit and the snapshot option of startEmulator', () => {
  it('writes the state when closed, and a new emulator starts from it', async () => {
    const file = join(folder, 'on-exit.json');
    const first = await startEmulator({ exportOnExit: file });
    const id = await createItem(first, 'made before exit');
    await first.close();
    const second = await startEmulator({ snapshot: file });
    open.push(second);
    const answer = await gql(second, 'query($id: ID!) { items(ids: [$id]) { id name } }', { id });
    expect(answer.data?.items).toEqual([{ id, name: 'made before exit' }]);
  });

  it('takes --snapshot, --with-sample-data and --export-on-exit on the command line', () => {
    const read = () => '{}';
    expect(parseCli(['--snapshot', 'a.json', '--with-sample-data', '--export-on-exit', 'b.json'], read)).toMatchObject({
      options: { snapshot: 'a.json', sampleData: true, exportOnExit: 'b.json' },
    });
    expect(() => parseCli(['--with-sample-data'], read)).toThrow(/--with-sample-data is for --snapshot/);
    expect(() => parseCli(['--snapshot', ''], read)).toThrow(/--snapshot must name a state file/);
  });
});

describe('a file that is not a state file this emulator reads', () => {
  async function refusal(content: string): Promise<Error> {
    const file = join(folder, `bad-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, content);
    const error = await startEmulator({ snapshot: file }).then(
      (emulator) => {
        open.push(emulator);
        return new Error('started');
      },
      (caught: Error) => caught,
    );
    expect(error).toBeInstanceOf(EmulatorStateFileError);
    expect((error as EmulatorStateFileError).file).toBe(file);
    return error;
  }
  const base = { format: STATE_FILE_FORMAT, formatVersion: STATE_FILE_VERSION, writtenAt: '2026-12-01T00:00:00Z' };
  const seed = { accounts: [], users: [], boards: [], items: [] };

  it('refuses a newer format version, naming both versions and what to do', async () => {
    const error = await refusal(JSON.stringify({ ...base, formatVersion: 2, kind: 'state', seed }));
    expect(error.message).toMatch(/format version 2; this emulator reads version 1 only.*newer emulator/);
  });
  it('refuses another format, text that is not JSON, a missing file and a malformed part', async () => {
    expect((await refusal('{"format":"other"}')).message).toMatch(/is not a state file of this emulator/);
    expect((await refusal('not json')).message).toMatch(/is not a state file/);
    expect((await refusal(JSON.stringify({ ...base, kind: 'state', seed: { accounts: [] } }))).message).toMatch(
      /malformed seed/,
    );
    expect(
      (
        await refusal(
          JSON.stringify({
            ...base,
            kind: 'state',
            seed,
            clock: 0,
            journal: { operations: [], events: [{ kind: 'start', operation: 3, at: 0 }] },
          }),
        )
      ).message,
    ).toMatch(/malformed "journal"/);
    expect((await refusal(JSON.stringify({ ...base, kind: 'nope', seed }))).message).toMatch(/unknown "kind"/);
    const missing = await startEmulator({ snapshot: join(folder, 'absent.json') }).catch((caught: Error) => caught);
    expect(missing).toBeInstanceOf(EmulatorStateFileError);
    expect((missing as Error).message).toMatch(/does not exist/);
  });
});

describe('the state file JSON', () => {
  it('keeps bytes, maps, `$` keys and a `__proto__` key as data', () => {
    const value = {
      bytes: new Uint8Array([0, 1, 255]),
      files: new Map([['variables.file', { bytes: new Uint8Array([7]) }]]),
      $: 'a dollar key',
      nested: { $: { v: 1 } },
      list: [1, undefined, 'x'],
      skipped: undefined,
    };
    const text = encodeStateJson(value);
    const back = decodeStateJson(text) as typeof value;
    expect(back.bytes).toEqual(new Uint8Array([0, 1, 255]));
    expect(back.files).toEqual(new Map([['variables.file', { bytes: new Uint8Array([7]) }]]));
    expect(back.$).toBe('a dollar key');
    expect(back.nested).toEqual({ $: { v: 1 } });
    expect(back.list).toEqual([1, null, 'x']);
    expect('skipped' in back).toBe(false);
    const hostile = decodeStateJson('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(hostile)).toEqual(['__proto__', 'a']);
    expect(() => decodeStateJson('{"$":"weird","v":1}')).toThrow(TypeError);
  });
});
