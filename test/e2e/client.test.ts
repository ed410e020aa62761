/**
 * The client's basic capabilities against the real emulator over a real socket: typed operations,
 * raw documents, the schema endpoint, response metadata and rate-limit parsing, versions, scopes,
 * authentication, multipart uploads, timeouts and aborts.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { AddFileToColumnDocument, CreateItemDocument } from '../../generated/graphql.js';
import {
  API_VERSION,
  type ApiVersionName,
  AuthenticationError,
  GraphQLResponseError,
  getSchema,
  NetworkError,
  PlatformClient,
  PlatformConfigError,
  UnsupportedApiVersionError,
} from '../../src/index.js';
import {
  ACME_ACCOUNT_ID,
  clientFor,
  closeEmulators,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
  graphqlRequests,
  itemsNamed,
  ROADMAP_BOARD_ID,
  settle,
  startTestEmulator,
} from './harness.js';

afterEach(closeEmulators);

describe('typed operations', () => {
  it('boards resolves typed data with the owner account slug from the seed', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const result = await client.boards({ limit: 5 });
    const names = result.data.boards?.map((board) => board?.name);
    expect(names).toEqual(expect.arrayContaining(['Product roadmap', 'Bug tracker']));
    for (const board of result.data.boards ?? []) expect(board?.owner.account.slug).toBe('acme');
    expect(result.replayed).toBe(false);
    expect(result.idempotencyKey).toBeUndefined();
  });

  it('boards by ids returns exactly those boards', async () => {
    const emulator = await startTestEmulator();
    const result = await clientFor(emulator).boards({ ids: [ROADMAP_BOARD_ID] });
    expect(result.data.boards?.map((board) => board?.id)).toEqual([ROADMAP_BOARD_ID]);
  });

  it('createItem creates the item in the store', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const result = await client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'E2E created item' });
    const id = result.data.create_item?.id;
    expect(result.data.create_item?.name).toBe('E2E created item');
    expect(id).toBeDefined();
    const stored = emulator.store.items.find(id as string);
    expect(stored).toMatchObject({ name: 'E2E created item', boardId: ROADMAP_BOARD_ID, state: 'active' });
    expect(emulator.stats.executedMutations).toBe(1);
  });
});

describe('request()', () => {
  it('runs a string document', async () => {
    const emulator = await startTestEmulator();
    const result = await clientFor(emulator).request<{ boards: { id: string; name: string }[] }>(
      'query { boards(limit: 1) { id name } }',
    );
    expect(result.data.boards).toHaveLength(1);
    expect(result.data.boards[0]?.id).toMatch(/^\d+$/);
  });

  it('runs a string mutation with variables and gives it an Idempotency-Key', async () => {
    const emulator = await startTestEmulator();
    const result = await clientFor(emulator).request<{ create_item: { id: string } }>(
      'mutation Make($name: String!) { create_item(board_id: 3001, item_name: $name) { id } }',
      { name: 'From a string mutation' },
    );
    expect(itemsNamed(emulator, 'From a string mutation').map((item) => item.id)).toEqual([result.data.create_item.id]);
    expect(result.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('selects the operation named by operationName in a multi-operation document', async () => {
    const emulator = await startTestEmulator();
    const document = `
      query FirstBoard { boards(limit: 1) { id } }
      query WhoAmI { me { id name account { slug } } }
    `;
    const client = clientFor(emulator);
    const result = await client.request<{ me: { name: string; account: { slug: string } } }>(
      document,
      {},
      {
        operationName: 'WhoAmI',
      },
    );
    expect(result.data).toEqual({ me: { id: expect.any(String), name: 'Ada Lovelace', account: { slug: 'acme' } } });
    expect(graphqlRequests(emulator).at(-1)?.operationName).toBe('WhoAmI');
    const other = await client.request<{ boards: unknown[] }>(document, {}, { operationName: 'FirstBoard' });
    expect(other.data.boards).toHaveLength(1);
  });
});

describe('getSchema', () => {
  it('returns SDL text and introspection JSON without sending the token', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const sdl = await getSchema(client);
    expect(typeof sdl).toBe('string');
    expect(sdl).toContain('type Query');
    const json = await getSchema(client, { format: 'json' });
    expect(typeof json).toBe('object');
    expect(json).toHaveProperty(['data', '__schema', 'queryType', 'name'], 'Query');
    const schemaRequests = emulator.requests.filter((record) => record.path === '/v2/get_schema');
    expect(schemaRequests).toHaveLength(2);
    for (const record of schemaRequests) {
      expect(record.headers).not.toHaveProperty('authorization');
      expect(record.status).toBe(200);
    }
  });
});

describe('response metadata', () => {
  it('reports accountId, status, headers and all three rate-limit policies, and keeps the latest state', async () => {
    const emulator = await startTestEmulator({
      limits: {
        minuteRate: { quota: 500, windowSeconds: 60 },
        concurrency: { quota: 7 },
        complexity: { quota: 900_000 },
      },
    });
    const client = clientFor(emulator);
    expect(client.rateLimit).toBeUndefined();
    const result = await client.boards({ limit: 1 });
    expect(result.accountId).toBe(ACME_ACCOUNT_ID);
    expect(result.status).toBe(200);
    expect(result.headers).toBeInstanceOf(Headers);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    const { policies } = result.rateLimit;
    expect(policies.minuteRate).toMatchObject({ name: 'minuteRate', quota: 500, window: 60, remaining: 499 });
    expect(policies.minuteRate?.resetSeconds).toBeGreaterThan(0);
    expect(policies.concurrency).toMatchObject({ name: 'concurrency', quota: 7, unit: 'concurrent-requests' });
    expect(policies.concurrency?.remaining).toBeGreaterThanOrEqual(6);
    const cost = graphqlRequests(emulator)[0]?.complexity ?? Number.NaN;
    expect(cost).toBeGreaterThan(0);
    expect(policies.complexityMinute).toMatchObject({
      name: 'complexityMinute',
      quota: 900_000,
      window: 60,
      unit: 'content-bytes',
      remaining: 900_000 - cost,
    });
    expect(client.rateLimit).toEqual(result.rateLimit);

    const second = await client.boards({ limit: 1 });
    expect(second.rateLimit.policies.minuteRate?.remaining).toBe(498);
    expect(client.rateLimit).toEqual(second.rateLimit);
  });
});

describe('API versions', () => {
  it('sends API-Version, by default the pinned API_VERSION', async () => {
    const emulator = await startTestEmulator();
    await clientFor(emulator).boards({ limit: 1 });
    const record = graphqlRequests(emulator)[0];
    expect(record?.headers['api-version']).toBe(API_VERSION);
    expect(record?.version).toBe(API_VERSION);
  });

  it('sends a chosen supported version', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator, { apiVersion: '2025-04' });
    const result = await client.request('query { boards(limit: 1) { id } }');
    expect(result.apiVersion).toBe('2025-04');
    expect(result.headers.get('api-version')).toBe('2025-04');
    expect(result.warnings).toEqual([]);
    expect(graphqlRequests(emulator)[0]?.headers['api-version']).toBe('2025-04');
  });

  it("a generated document is sent at the version it carries, whatever the client default; strings at the client's", async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator, { apiVersion: '2025-04' });
    const generated = await client.boards({ limit: 1 });
    const plain = await client.request('query { boards(limit: 1) { id } }');
    expect([generated.apiVersion, plain.apiVersion]).toEqual([API_VERSION, '2025-04']);
    expect(graphqlRequests(emulator).map((record) => record.headers['api-version'])).toEqual([API_VERSION, '2025-04']);
  });

  it('an unsupported version gets an UnsupportedApiVersionError naming the option and the versions the server listed', async () => {
    const emulator = await startTestEmulator({ versions: ['2025-04', '2025-10'], versionRouting: 'refuse' });
    const client = clientFor(emulator, { apiVersion: '2019-01' });
    const { error } = await settle(client.request('query { boards(limit: 1) { id } }'));
    expect(error).toBeInstanceOf(UnsupportedApiVersionError);
    const versionError = error as UnsupportedApiVersionError;
    expect(versionError.status).toBe(400);
    expect(versionError.apiVersion).toBe('2019-01');
    expect(versionError.supportedVersions).toEqual(['2025-04', '2025-10']);
    expect(versionError.requestId).toEqual(expect.any(String));
    expect(versionError.message).toBe(
      `The server does not support API version '2019-01' (400). Set the \`apiVersion\` option to a version it supports: 2025-04, 2025-10. (request id ${versionError.requestId})`,
    );
    expect(JSON.parse(JSON.stringify(versionError))).toMatchObject({
      name: 'UnsupportedApiVersionError',
      supportedVersions: ['2025-04', '2025-10'],
    });
    expect(graphqlRequests(emulator)).toHaveLength(1); // a 400 is not retried
  });

  it('getSchema with an unsupported version gets the same typed error', async () => {
    const emulator = await startTestEmulator({ versionRouting: 'refuse' });
    const { error } = await settle(getSchema(clientFor(emulator), { version: '2019-01' }));
    expect(error).toBeInstanceOf(UnsupportedApiVersionError);
    expect((error as UnsupportedApiVersionError).supportedVersions).toContain(API_VERSION);
  });

  it.each(['/v2', '/v2/'])('a baseUrl ending in %s reaches the same endpoint, not /v2/v2', async (suffix) => {
    const emulator = await startTestEmulator();
    const result = await clientFor(emulator, { baseUrl: `${emulator.baseUrl}${suffix}` }).boards({ limit: 1 });
    expect(result.status).toBe(200);
    expect(emulator.requests.map((record) => record.path)).toEqual(['/v2']);
  });

  it('a malformed version fails at construction, before anything is sent', async () => {
    const emulator = await startTestEmulator();
    expect(() => clientFor(emulator, { apiVersion: 'latest' as ApiVersionName })).toThrow(PlatformConfigError);
    expect(emulator.stats.received).toBe(0);
  });
});

describe('scopes and authentication', () => {
  it('a read-only token gets a GraphQLResponseError with the code and the partial data of a mutation', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator, { token: DEMO_READ_ONLY_TOKEN });
    const before = emulator.store.items.created;
    const { error } = await settle(client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Not allowed' }));
    expect(error).toBeInstanceOf(GraphQLResponseError);
    const graphqlError = error as GraphQLResponseError;
    expect(graphqlError.status).toBe(200);
    expect(graphqlError.errors[0]?.extensions?.code).toBe('USER_UNAUTHORIZED');
    expect(graphqlError.errors[0]?.message).toContain('boards:write');
    expect(graphqlError.data).toEqual({ create_item: null });
    expect(graphqlError.dataOf(CreateItemDocument)?.create_item).toBeNull();
    expect(graphqlError.idempotencyKey).toBeDefined();
    expect(emulator.store.items.created).toBe(before);
    expect(graphqlRequests(emulator)).toHaveLength(1); // GraphQL errors are not retried
    // Rate-limit state is kept from error responses too.
    expect(graphqlError.rateLimit?.policies.minuteRate?.remaining).toBe(emulator.limits.minuteRate.quota - 1);
    expect(client.rateLimit).toEqual(graphqlError.rateLimit);
    expect(JSON.stringify(graphqlError)).not.toContain(DEMO_READ_ONLY_TOKEN);
  });

  it('a token without one read scope gets the fields it may read as partial data', async () => {
    const token = 'e2e_boards_only_token';
    const emulator = await startTestEmulator({
      tokens: [{ token, accountId: ACME_ACCOUNT_ID, userId: 501, scopes: ['boards:read'] }],
    });
    const client = clientFor(emulator, { token });
    const { error } = await settle(client.request('query Mixed { boards(limit: 1) { id name } me { id } }'));
    expect(error).toBeInstanceOf(GraphQLResponseError);
    const graphqlError = error as GraphQLResponseError;
    expect(graphqlError.errors.map((entry) => [entry.path?.[0], entry.extensions?.code])).toEqual([
      ['me', 'USER_UNAUTHORIZED'],
    ]);
    expect(graphqlError.data).toEqual({ boards: [{ id: expect.any(String), name: expect.any(String) }], me: null });
    expect(graphqlError.operationName).toBe('Mixed');
    expect(JSON.stringify(graphqlError)).not.toContain(token);
  });

  it('a bad token gets an AuthenticationError that never shows the token', async () => {
    const emulator = await startTestEmulator();
    const token = 'e2e-not-a-valid-token-0123456789';
    const client = clientFor(emulator, { token });
    const { error } = await settle(client.boards({ limit: 1 }));
    expect(error).toBeInstanceOf(AuthenticationError);
    const authError = error as AuthenticationError;
    expect(authError.status).toBe(401);
    expect(emulator.stats.rejected401).toBe(1);
    expect(graphqlRequests(emulator)).toHaveLength(1); // a 401 is not retried
    for (const text of [authError.message, String(authError), JSON.stringify(authError), authError.stack ?? '']) {
      expect(text).not.toContain(token);
    }
  });
});

describe('multipart upload', () => {
  it('sends a Blob through the generated AddFileToColumn document and the file reaches the store', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const created = await client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Has a file' });
    const itemId = created.data.create_item?.id as string;
    const content = 'hello from the end-to-end suite\n';
    const file = new File([content], 'notes.txt', { type: 'text/plain' });
    const result = await client.request(AddFileToColumnDocument, { item_id: itemId, column_id: 'files', file });
    expect(result.data.add_file_to_column).toMatchObject({
      name: 'notes.txt',
      file_extension: expect.stringMatching(/txt$/),
      file_size: content.length,
    });
    const upload = emulator.requests.at(-1);
    expect(upload?.path).toBe('/v2/file'); // where the platform's docs send uploads
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.idempotencyKey).toBe(result.idempotencyKey);
    const asset = emulator.store.assets.find(result.data.add_file_to_column?.id as string);
    expect(asset).toMatchObject({
      name: 'notes.txt',
      itemId,
      columnId: 'files',
      contentType: expect.stringMatching(/^text\/plain/),
      size: content.length,
    });
  });

  it('sends a bare Blob too', async () => {
    const emulator = await startTestEmulator();
    const seededAssets = emulator.store.assets.all().length;
    const client = clientFor(emulator);
    const created = await client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Has a blob' });
    const bytes = new Uint8Array([1, 2, 3, 4, 5, 6, 7]);
    const result = await client.request(AddFileToColumnDocument, {
      item_id: created.data.create_item?.id as string,
      column_id: 'files',
      file: new Blob([bytes], { type: 'application/octet-stream' }),
    });
    expect(result.data.add_file_to_column?.file_size).toBe(bytes.length);
    expect(emulator.store.assets.all()).toHaveLength(seededAssets + 1);
  });
});

describe('timeouts and aborts', () => {
  it('a refused connection names the method, URL, reason and attempts, also in JSON, never the token', async () => {
    const emulator = await startTestEmulator();
    const { baseUrl } = emulator;
    await closeEmulators(); // nothing listens on that port now
    const port = new URL(baseUrl).port;
    const client = new PlatformClient({ token: DEMO_TOKEN, baseUrl, retry: { maxAttempts: 2, baseDelayMs: 1 } });
    const { error } = await settle(client.boards({ limit: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    const failure = error as NetworkError;
    expect(failure.message).toBe(
      `Network error: POST ${baseUrl}/v2 failed after 2 attempts: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(failure).toMatchObject({ code: 'ECONNREFUSED', attempts: 2, timedOut: false, aborted: false });
    const json = JSON.stringify(failure);
    expect(JSON.parse(json)).toMatchObject({ name: 'NetworkError', code: 'ECONNREFUSED', attempts: 2 });
    expect(json).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
    expect(json).not.toContain(DEMO_TOKEN);
  });

  it('a response slower than timeoutMs gives a NetworkError with timedOut', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'latency', ms: 2_000 }] });
    const client = clientFor(emulator, { timeoutMs: 150, retry: false });
    const { error, ms } = await settle(client.boards({ limit: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
    expect((error as NetworkError).aborted).toBe(false);
    expect((error as NetworkError).message).toBe(
      `The request timed out after 150 ms: POST ${emulator.baseUrl}/v2, 1 attempt made`,
    );
    expect(ms).toBeLessThan(1_500);
  });

  it('a timed-out attempt is retried and the retry succeeds', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'latency', ms: 2_000, first: 1 }] });
    const client = clientFor(emulator, { timeoutMs: 300, retry: { baseDelayMs: 10 } });
    const result = await client.boards({ limit: 1 });
    expect(result.status).toBe(200);
    expect(graphqlRequests(emulator).length).toBeGreaterThanOrEqual(2);
  });

  it('aborting a call gives a NetworkError with aborted, promptly', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'latency', ms: 5_000 }] });
    const client = clientFor(emulator);
    const controller = new AbortController();
    const call = settle(client.boards({ limit: 1 }, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 100);
    const { error, ms } = await call;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).aborted).toBe(true);
    expect(ms).toBeLessThan(2_000);
    expect(graphqlRequests(emulator)).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const emulator = await startTestEmulator();
    const { error } = await settle(clientFor(emulator).boards({ limit: 1 }, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).aborted).toBe(true);
    expect(emulator.stats.received).toBe(0);
  });
});

describe('secrecy', () => {
  it('the demo token never appears in a client serialisation', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    expect(JSON.stringify(client)).not.toContain(DEMO_TOKEN);
    expect(String(client)).not.toContain(DEMO_TOKEN);
  });
});
