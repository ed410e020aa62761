/**
 * Uploads in every layout the emulator accepts, over a real socket: the platform's official client's own upload
 * (`query`, `variables`, `map`, numbered parts, to `/v2`), the form the platform's docs send to `/v2/file`
 * (`query` and a `variables[file]` part), and the GraphQL multipart request spec (`operations`, `map`).
 */
import { ApiClient } from '@mondaydotcomorg/api';
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from 'workspace-platform-emulator';
import { closeEmulators, DEMO_TOKEN, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

const VERSION = '2025-04';
const ITEM = '4000001';
const UPLOAD = `mutation ($file: File!, $itemId: ID!, $columnId: String!) {
  add_file_to_column(file: $file, item_id: $itemId, column_id: $columnId) { id name }
}`;

function assetOf(emulator: Emulator, id: string | undefined) {
  return emulator.store.assets.all().find((asset) => asset.id === id);
}

interface UploadAnswer {
  data: { add_file_to_column: { id: string; name: string } };
  errors?: unknown[];
}

async function send(emulator: Emulator, path: string, form: FormData) {
  const response = await fetch(`${emulator.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: DEMO_TOKEN, 'api-version': VERSION },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as UploadAnswer };
}

describe('uploads', () => {
  it("accept the official client's own upload", async () => {
    const emulator = await startTestEmulator();
    const client = new ApiClient({ token: DEMO_TOKEN, apiVersion: VERSION, endpoint: `${emulator.baseUrl}/v2` });
    const file = new File(['Hello World!'], 'test.txt', { type: 'text/plain' });
    const result = await client.request<{ add_file_to_column: { id: string; name: string } }>(UPLOAD, {
      file,
      itemId: ITEM,
      columnId: 'files',
    });
    expect(result.add_file_to_column.name).toBe('test.txt');
    expect(assetOf(emulator, result.add_file_to_column.id)).toMatchObject({ size: 12, contentType: 'text/plain' });
  });

  it("accept the docs' form on /v2/file: query and a variables[file] part, other values in the query", async () => {
    const emulator = await startTestEmulator();
    const form = new FormData();
    form.append(
      'query',
      `mutation ($file: File!) { add_file_to_column(file: $file, item_id: ${ITEM}, column_id: "files") { id name } }`,
    );
    form.append('variables[file]', new Blob([new Uint8Array(5)], { type: 'image/png' }), 'dot.png');
    const { status, body } = await send(emulator, '/v2/file', form);
    expect(status).toBe(200);
    expect(body.data.add_file_to_column.name).toBe('dot.png');
    expect(assetOf(emulator, body.data.add_file_to_column.id)).toMatchObject({ size: 5, contentType: 'image/png' });
  });

  it("stamp the item's updated_at and write the board's activity log, as any column change does", async () => {
    let now = Date.UTC(2026, 10, 25, 9, 0, 0);
    const emulator = await startTestEmulator({ now: () => now });
    const read = async () => {
      const response = await fetch(`${emulator.baseUrl}/v2`, {
        method: 'POST',
        headers: { authorization: DEMO_TOKEN, 'api-version': VERSION, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `{ items(ids: [${ITEM}]) { updated_at board { activity_logs(limit: 1) { event data } } } }`,
        }),
      });
      const body = (await response.json()) as {
        data: { items: { updated_at: string; board: { activity_logs: { event: string; data: string }[] } }[] };
      };
      return body.data.items[0]!;
    };
    const before = await read();
    now += 60_000;
    const form = new FormData();
    form.append(
      'query',
      `mutation ($file: File!) { add_file_to_column(file: $file, item_id: ${ITEM}, column_id: "files") { id } }`,
    );
    form.append('variables[file]', new Blob(['notes'], { type: 'text/plain' }), 'notes.txt');
    const { status, body } = await send(emulator, '/v2/file', form);
    expect(status).toBe(200);
    const after = await read();
    expect(after.updated_at).toBe(new Date(now).toISOString());
    expect(after.updated_at).not.toBe(before.updated_at);
    const [entry] = after.board.activity_logs;
    expect(entry?.event).toBe('update_column_value');
    const data = JSON.parse(entry?.data ?? '{}') as { column_id?: string; value?: { files?: { assetId: number }[] } };
    expect(data.column_id).toBe('files');
    expect(data.value?.files?.map((file) => String(file.assetId))).toContain(body.data.add_file_to_column.id);
  });

  it('keep accepting the GraphQL multipart request spec, on /v2 and /v2/file', async () => {
    const emulator = await startTestEmulator();
    for (const path of ['/v2', '/v2/file']) {
      const form = new FormData();
      form.append(
        'operations',
        JSON.stringify({ query: UPLOAD, variables: { file: null, itemId: ITEM, columnId: 'files' } }),
      );
      form.append('map', JSON.stringify({ 0: ['variables.file'] }));
      form.append('0', new Blob(['abc']), 'spec.txt');
      const { status, body } = await send(emulator, path, form);
      expect(status).toBe(200);
      expect(body.data.add_file_to_column.name).toBe('spec.txt');
    }
  });

  it('refuse a file part that names no variable path, and a body with neither operations nor query', async () => {
    const emulator = await startTestEmulator();
    const bad = new FormData();
    bad.append('query', UPLOAD);
    bad.append('variables[__proto__]', new Blob(['x']), 'x.txt');
    const refused = await send(emulator, '/v2/file', bad);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('does not name a variable path');
    const empty = new FormData();
    empty.append('0', new Blob(['x']), 'x.txt');
    expect((await send(emulator, '/v2/file', empty)).status).toBe(400);
    expect((await send(emulator, '/v2', new FormData())).status).toBe(400);
  });
});
