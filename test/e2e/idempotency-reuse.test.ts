/**
 * An Idempotency-Key reused for a different request, over a real socket: the emulator fingerprints the request
 * behind each key and answers 422 (as the IETF Idempotency-Key draft says) instead of replaying the first answer,
 * and the client turns that 422 into an IdempotencyKeyReuseError without retrying it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  CREATE_ITEM,
  closeTestEmulators,
  createItem,
  DEMO_TOKEN,
  itemsNamed,
  postGraphQL,
  startTestEmulator,
} from '../../packages/emulator/test/server-helpers.js';
import { createResponseError } from '../../src/client/errors/error-factory.js';
import { createRedactor } from '../../src/client/errors/redact.js';
import {
  DeleteItemDocument,
  HttpError,
  IdempotencyKeyReuseError,
  PlatformClient,
  PlatformError,
  type RetryEvent,
} from '../../src/index.js';

afterEach(closeTestEmulators);

const DELETE = 'mutation Delete($id: ID) { delete_item(item_id: $id) { id } }';

async function errorOf(res: Response): Promise<{ code?: string; message: string }> {
  const body = (await res.json()) as { errors: { message: string; extensions?: { code?: string } }[] };
  return { code: body.errors[0]?.extensions?.code, message: body.errors[0]?.message ?? '' };
}

async function createdId(res: Response): Promise<string> {
  const body = (await res.json()) as { data: { create_item: { id: string } } };
  return body.data.create_item.id;
}

describe('the emulator', () => {
  it('answers 422 to a delete_item under a key first used for create_item, and deletes nothing', async () => {
    const emu = await startTestEmulator();
    const id = await createdId(await createItem(emu, DEMO_TOKEN, 'Keep me', 'shared-key'));
    const reuse = await postGraphQL(
      emu,
      { query: DELETE, variables: { id } },
      { authorization: DEMO_TOKEN, 'idempotency-key': 'shared-key' },
    );
    expect(reuse.status).toBe(422);
    const error = await errorOf(reuse);
    expect(error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(error.message).toMatch(/already used for a different request/);
    expect(itemsNamed(emu, 'Keep me')).toHaveLength(1);
    expect(emu.stats.executedMutations).toBe(1);
    expect(emu.stats.replayed).toBe(0);
    // The key still replays the request it belongs to.
    const retry = await createItem(emu, DEMO_TOKEN, 'Keep me', 'shared-key');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotency-replayed')).toBe('true');
  });

  it('answers 422 to the same mutation with other variables, or under another API version', async () => {
    const emu = await startTestEmulator();
    expect((await createItem(emu, DEMO_TOKEN, 'First', 'key-v')).status).toBe(200);
    const other = await createItem(emu, DEMO_TOKEN, 'Second', 'key-v');
    expect(other.status).toBe(422);
    const headers = { authorization: DEMO_TOKEN, 'idempotency-key': 'key-v', 'api-version': '2025-04' };
    const otherVersion = await postGraphQL(emu, { query: CREATE_ITEM, variables: { name: 'First' } }, headers);
    expect(otherVersion.status).toBe(422);
    expect(itemsNamed(emu, 'Second')).toHaveLength(0);
  });

  it('replays a retry whose variables come in another key order or whose multipart boundary changed', async () => {
    const emu = await startTestEmulator();
    const query =
      'mutation C($name: String!, $group: String) { create_item(board_id: 3001, item_name: $name, group_id: $group) { id } }';
    const headers = { authorization: DEMO_TOKEN, 'idempotency-key': 'key-order' };
    const first = await postGraphQL(
      emu,
      `{"query":${JSON.stringify(query)},"variables":{"name":"Ordered","group":"later"}}`,
      headers,
    );
    const again = await postGraphQL(
      emu,
      `{"variables":{"group":"later","name":"Ordered"},"query":${JSON.stringify(query)}}`,
      headers,
    );
    expect(first.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');

    const upload =
      'mutation U($file: File!) { add_file_to_column(item_id: 4000001, column_id: "files", file: $file) { id } }';
    const send = (bytes: string) => {
      const form = new FormData();
      form.set('operations', JSON.stringify({ query: upload, variables: { file: null } }));
      form.set('map', JSON.stringify({ 0: ['variables.file'] }));
      form.set('0', new Blob([bytes], { type: 'text/plain' }), 'notes.txt');
      return fetch(`${emu.baseUrl}/v2`, {
        method: 'POST',
        headers: { authorization: DEMO_TOKEN, 'idempotency-key': 'key-upload' },
        body: form,
      });
    };
    expect((await send('same bytes')).status).toBe(200);
    expect((await send('same bytes')).headers.get('idempotency-replayed')).toBe('true');
    expect((await send('other bytes')).status).toBe(422);
  });

  it('answers 422, not 409, to a different request while the first is still running', async () => {
    const emu = await startTestEmulator({ faults: [{ kind: 'latency', ms: 300, mutationsOnly: true, first: 1 }] });
    const slow = createItem(emu, DEMO_TOKEN, 'Slow', 'key-busy');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const different = await createItem(emu, DEMO_TOKEN, 'Other', 'key-busy');
    expect(different.status).toBe(422);
    const same = await createItem(emu, DEMO_TOKEN, 'Slow', 'key-busy');
    expect(same.status).toBe(409);
    expect((await slow).status).toBe(200);
  });
});

describe('the client', () => {
  it('throws IdempotencyKeyReuseError for the 422, without retrying, and the item stays', async () => {
    const emu = await startTestEmulator();
    const retries: RetryEvent[] = [];
    const client = new PlatformClient({
      token: DEMO_TOKEN,
      baseUrl: emu.baseUrl,
      hooks: { onRetry: (event) => retries.push(event) },
    });
    const made = await client.createItem(
      { board_id: '3001', item_name: 'Client keep' },
      { idempotencyKey: 'client-key' },
    );
    const id = made.data.create_item?.id;
    expect(id).toBeTruthy();
    const before = emu.stats.received;
    const failure = await client
      .request(DeleteItemDocument, { item_id: id }, { idempotencyKey: 'client-key' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdempotencyKeyReuseError);
    expect(failure).toBeInstanceOf(PlatformError);
    const error = failure as IdempotencyKeyReuseError;
    expect(error.name).toBe('IdempotencyKeyReuseError');
    expect(error.status).toBe(422);
    expect(error.idempotencyKey).toBe('client-key');
    expect(error.message).toMatch(/reused.*different request/);
    expect(String(error)).not.toContain(DEMO_TOKEN);
    expect(emu.stats.received - before).toBe(1);
    expect(retries).toEqual([]);
    expect(itemsNamed(emu, 'Client keep')).toHaveLength(1);
  });

  it('maps a 422 only when the call carried an Idempotency-Key; any other 422 stays an HttpError', () => {
    const base = {
      headers: new Headers(),
      rateLimit: { policies: {} },
      redact: createRedactor('t0ken'),
      nowMs: 0,
      payload: { errors: [{ message: 'x' }] },
    };
    expect(createResponseError({ ...base, status: 422, idempotencyKey: 'k' })).toBeInstanceOf(IdempotencyKeyReuseError);
    expect(createResponseError({ ...base, status: 422 })).toBeInstanceOf(HttpError);
  });
});

describe('the bound on cached answers', () => {
  it('forgets the oldest answers first once the cached bytes pass maxCachedBytes', async () => {
    const emu = await startTestEmulator({ idempotency: { maxCachedBytes: 3_000 } });
    for (let i = 0; i < 20; i += 1)
      expect((await createItem(emu, DEMO_TOKEN, `bounded-${i}`, `bound-${i}`)).status).toBe(200);
    const newest = await createItem(emu, DEMO_TOKEN, 'bounded-19', 'bound-19');
    expect(newest.headers.get('idempotency-replayed')).toBe('true');
    const oldest = await createItem(emu, DEMO_TOKEN, 'bounded-0', 'bound-0');
    expect(oldest.status).toBe(200);
    expect(oldest.headers.get('idempotency-replayed')).toBeNull();
    expect(itemsNamed(emu, 'bounded-0')).toHaveLength(2);
    expect(itemsNamed(emu, 'bounded-19')).toHaveLength(1);
  });
});
