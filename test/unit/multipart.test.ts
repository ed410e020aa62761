import { describe, expect, it } from 'vitest';
import { planUpload } from '../../src/client/request/multipart.js';
import { uploadPlanOf, uploadReady } from '../../src/client/request/upload.js';
import { ENDPOINT, installApi, makeClient, ok, TOKEN, useMockApi } from './client-fixtures.js';

useMockApi();

const UPLOAD =
  'mutation Upload($file: File!, $item_id: ID!) { add_file_to_column(item_id: $item_id, file: $file) { id } }';

describe('uploadReady (the upload code, loaded on demand)', () => {
  it('loads nothing for variables without a file; loads the upload code once a file turns up', async () => {
    for (const variables of [undefined, null, { a: 1, b: [{ c: 'x' }] }, { at: new Date() }])
      expect(uploadReady(variables)).toBeUndefined();
    expect(uploadPlanOf({ a: 1 })).toBeUndefined();
    // Where the upload walk never looks (a class instance), a file loads nothing either.
    expect(
      uploadReady({
        box: new (class Box {
          file = new Blob(['x']);
        })(),
      }),
    ).toBeUndefined();
    const file = new Blob(['deep']);
    const loading = uploadReady({ input: { files: [[file]] } });
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    expect(uploadReady({ file })).toBeUndefined();
    expect(uploadPlanOf({ input: { files: [[file]] } })?.files).toEqual([
      { blob: file, paths: ['variables.input.files.0.0'] },
    ]);
  });
});

describe('planUpload', () => {
  it('finds nothing in plain variables, without copying them', () => {
    expect(planUpload(undefined)).toBeUndefined();
    expect(planUpload({ a: 1, b: [{ c: 'x' }], d: null })).toBeUndefined();
  });

  it('replaces files by null and records their paths, nested in objects and lists', () => {
    const one = new Blob(['one']);
    const two = new File(['two'], 'two.txt', { type: 'text/plain' });
    const variables = { file: one, input: { files: [two, 'keep'] }, n: 3 };
    const plan = planUpload(variables);
    expect(plan?.variables).toEqual({ file: null, input: { files: [null, 'keep'] }, n: 3 });
    expect(plan?.files).toEqual([
      { blob: one, paths: ['variables.file'] },
      { blob: two, paths: ['variables.input.files.0'] },
    ]);
    expect(variables.file).toBe(one);
  });

  it('sends the same Blob once, mapped to every path it fills', () => {
    const shared = new Blob(['same']);
    expect(planUpload({ a: shared, b: [shared] })?.files).toEqual([
      { blob: shared, paths: ['variables.a', 'variables.b.0'] },
    ]);
  });
  it('copies only the branches that hold a file, and refuses a file below a key its part name cannot name', () => {
    const untouched = { deep: [{ x: 1 }] };
    const plan = planUpload({ untouched, input: { file: new Blob(['x']) } });
    expect(plan?.variables.untouched).toBe(untouched);
    expect(() => planUpload({ input: { 'a.b': [new Blob(['x'])] } })).toThrow(
      /variable key 'a\.b' \(at variables\.input\), which holds a dot or a bracket/,
    );
    // Below 64 levels the walk looks no further, as the hot path's check (file-walk.ts) does.
    let deep: unknown = new Blob(['x']);
    for (let level = 0; level < 64; level += 1) deep = [deep];
    expect(planUpload({ deep })).toBeUndefined();
  });
});

describe('multipart requests', () => {
  it("sends the docs' upload form to /v2/file: query, variables and a part per file path, multipart content type", async () => {
    const received = installApi(() => ok({ add_file_to_column: { id: '5' } }));
    const file = new File(['hello file'], 'notes.txt', { type: 'text/plain' });
    const blob = new Blob(['raw bytes'], { type: 'application/octet-stream' });
    await makeClient().request(UPLOAD, { item_id: '7', file, extra: [blob] });
    const [request] = received;
    expect(request?.url).toBe(`${ENDPOINT}/file`);
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['idempotency-key']).toBeDefined();
    const form = request?.body as FormData;
    expect([...form.keys()]).toEqual(['query', 'variables', 'operationName', 'variables[file]', 'variables[extra][0]']);
    expect(form.get('query')).toBe(UPLOAD);
    expect(JSON.parse(form.get('variables') as string)).toEqual({ item_id: '7', file: null, extra: [null] });
    expect(form.get('operationName')).toBe('Upload');
    const part0 = form.get('variables[file]') as File;
    const part1 = form.get('variables[extra][0]') as File;
    expect(part0.name).toBe('notes.txt');
    expect(await part0.text()).toBe('hello file');
    expect(part1.name).toBe('blob');
    expect(await part1.text()).toBe('raw bytes');
  });

  it('keeps JSON for every request without files', async () => {
    const received = installApi(() => ok({ a: 1 }));
    await makeClient().request('query Q($x: String) { a(x: $x) }', { x: 'not a file' });
    expect(received[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends the same multipart body on a retry', async () => {
    const received = installApi((_request, index) =>
      index === 0 ? new Response('busy', { status: 503 }) : ok({ add_file_to_column: { id: '5' } }),
    );
    await makeClient().request(UPLOAD, { item_id: '7', file: new File(['again'], 'a.txt') });
    expect(received).toHaveLength(2);
    const parts = await Promise.all(
      received.map((request) => ((request.body as FormData).get('variables[file]') as File).text()),
    );
    expect(parts).toEqual(['again', 'again']);
    expect(received[0]?.headers['idempotency-key']).toBe(received[1]?.headers['idempotency-key']);
  });
});
