/**
 * The emulator's HTTP rules, probed with raw fetch: routes, auth forms, content types, bad bodies,
 * versions and the shape of successful and failed GraphQL responses.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from 'workspace-platform-sdk';
import type { Emulator } from '../src/index.js';
import { BOARDS_QUERY, DEMO_TOKEN, postGraphQL, startTestEmulator } from './server-helpers.js';

let emulator: Emulator;
const auth = { authorization: DEMO_TOKEN };

beforeAll(async () => {
  emulator = await startTestEmulator({ maxBodyBytes: 64 * 1024 });
});
afterAll(() => emulator.close());

async function json(res: Response): Promise<{
  data?: unknown;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  account_id?: number;
}> {
  return (await res.json()) as never;
}

describe('routes', () => {
  it('serves POST /v2 and POST /v2/ alike, with account_id at the top level', async () => {
    for (const path of ['/v2', '/v2/']) {
      const res = await postGraphQL(emulator, { query: BOARDS_QUERY }, auth, path);
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.errors).toBeUndefined();
      expect(body.data).toEqual({
        boards: [expect.objectContaining({ id: '3001' }), expect.objectContaining({ id: '3002' })],
      });
      expect(body.account_id).toBe(1001);
    }
  });

  it('answers 404 to an unknown path and 405 with Allow to a wrong method', async () => {
    const missing = await fetch(`${emulator.baseUrl}/v3`, { method: 'POST' });
    expect(missing.status).toBe(404);
    expect((await json(missing)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const wrong = await fetch(`${emulator.baseUrl}/v2`, { headers: auth });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    const wrongSchema = await fetch(`${emulator.baseUrl}/v2/get_schema`, { method: 'POST', body: '{}' });
    expect(wrongSchema.status).toBe(405);
    expect(wrongSchema.headers.get('allow')).toBe('GET');
  });

  it('answers CORS preflights so browsers can call it', async () => {
    const res = await fetch(`${emulator.baseUrl}/v2`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
    expect(res.headers.get('access-control-expose-headers')).toContain('RateLimit');
  });

  it('sends nothing to an OAuth path no OAuth route claims but a 404', async () => {
    const res = await fetch(`${emulator.baseUrl}/oauth2/nowhere`);
    expect(res.status).toBe(404);
  });
});

describe('authentication', () => {
  it('accepts the bare token and Bearer in any case', async () => {
    for (const value of [DEMO_TOKEN, `Bearer ${DEMO_TOKEN}`, `bearer ${DEMO_TOKEN}`]) {
      const res = await postGraphQL(emulator, { query: BOARDS_QUERY }, { authorization: value });
      expect(res.status).toBe(200);
    }
  });

  it('answers 401 UNAUTHENTICATED to a missing, unknown or malformed token, never echoing it', async () => {
    const secret = 'not-a-real-token-5f3a';
    for (const headers of [
      {} as Record<string, string>,
      { authorization: secret },
      { authorization: `Bearer ${secret}` },
      { authorization: 'Bearer' },
    ]) {
      const res = await postGraphQL(emulator, { query: BOARDS_QUERY }, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      const text = await res.text();
      expect(text).not.toContain(secret);
      expect(JSON.parse(text).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
  });

  it('honours tokens added and revoked at run time', async () => {
    emulator.registerToken('runtime-token', {
      kind: 'oauth',
      accountId: 1001,
      userId: 501,
      scopes: ['boards:read'],
      clientId: 'app',
    });
    expect((await postGraphQL(emulator, { query: BOARDS_QUERY }, { authorization: 'runtime-token' })).status).toBe(200);
    emulator.revokeToken('runtime-token');
    expect((await postGraphQL(emulator, { query: BOARDS_QUERY }, { authorization: 'runtime-token' })).status).toBe(401);
  });

  it('gives an OAuth token exactly its scopes: a mutation outside them is a GraphQL error with a code', async () => {
    emulator.registerToken('read-only-oauth', { kind: 'oauth', accountId: 1001, userId: 501, scopes: ['boards:read'] });
    const res = await postGraphQL(
      emulator,
      { query: 'mutation { create_item(board_id: 3001, item_name: "nope") { id } }' },
      { authorization: 'Bearer read-only-oauth' },
    );
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.errors?.[0]?.extensions?.code).toEqual(expect.any(String));
    expect(emulator.store.items.all().some((item) => item.name === 'nope')).toBe(false);
  });
});

describe('bad requests never crash the server', () => {
  it('answers 415 to a Content-Type other than JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await fetch(`${emulator.baseUrl}/v2`, {
        method: 'POST',
        headers: { ...auth, 'content-type': type },
        body: JSON.stringify({ query: BOARDS_QUERY }),
      });
      expect(res.status).toBe(415);
      expect((await json(res)).errors?.[0]?.extensions?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('accepts application/json with a charset parameter', async () => {
    const res = await postGraphQL(
      emulator,
      { query: BOARDS_QUERY },
      { ...auth, 'content-type': 'application/json; charset=utf-8' },
    );
    expect(res.status).toBe(200);
  });

  it('answers 400 to invalid JSON, a missing query, a batch and bad variables', async () => {
    const cases: [string, string][] = [
      ['{"query": ', 'INVALID_JSON'],
      ['{}', 'BAD_REQUEST'],
      ['{"query": ""}', 'BAD_REQUEST'],
      ['[{"query": "{ boards { id } }"}]', 'BAD_REQUEST'],
      ['"just a string"', 'BAD_REQUEST'],
      ['{"query": "{ boards { id } }", "variables": [1]}', 'BAD_REQUEST'],
      ['{"query": "{ boards { id } }", "operationName": 7}', 'BAD_REQUEST'],
    ];
    for (const [body, code] of cases) {
      const res = await postGraphQL(emulator, body, auth);
      expect(res.status, body).toBe(400);
      expect((await json(res)).errors?.[0]?.extensions?.code, body).toBe(code);
    }
  });

  it('answers 413 to a body of several megabytes', async () => {
    const huge = JSON.stringify({ query: BOARDS_QUERY, variables: { pad: 'x'.repeat(4 * 1024 * 1024) } });
    const res = await postGraphQL(emulator, huge, auth);
    expect(res.status).toBe(413);
    expect((await json(res)).errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reports a syntax error, an unknown field and an unknown operationName as GraphQL errors', async () => {
    const syntax = await json(await postGraphQL(emulator, { query: '{ boards { id ' }, auth));
    expect(syntax.errors?.[0]).toMatchObject({
      locations: [expect.objectContaining({ line: 1 })],
      extensions: { code: expect.any(String) },
    });
    const field = await json(await postGraphQL(emulator, { query: '{ boards { nope } }' }, auth));
    expect(field.errors?.[0]).toMatchObject({
      locations: [{ line: 1, column: 12 }],
      extensions: { code: expect.any(String) },
    });
    const named = await json(await postGraphQL(emulator, { query: BOARDS_QUERY, operationName: 'Missing' }, auth));
    expect(named.errors?.[0]?.extensions?.code).toEqual(expect.any(String));
    expect(named.account_id).toBeUndefined();
  });

  it('answers 400 to a malformed HTTP request and keeps serving', async () => {
    const { port } = emulator;
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply.startsWith('HTTP/1.1 400')).toBe(true);
    expect((await postGraphQL(emulator, { query: BOARDS_QUERY }, auth)).status).toBe(200);
  });
});

describe('versions', () => {
  it('uses the pinned version when no API-Version is sent, and reports it', async () => {
    const res = await postGraphQL(emulator, { query: BOARDS_QUERY }, auth);
    expect(res.headers.get('api-version')).toBe(API_VERSION);
    expect(emulator.defaultVersion).toBe(API_VERSION);
  });

  it('serves every listed version', async () => {
    for (const version of emulator.versions) {
      const res = await postGraphQL(emulator, { query: BOARDS_QUERY }, { ...auth, 'api-version': version });
      expect(res.status).toBe(200);
      expect(res.headers.get('api-version')).toBe(version);
    }
  });

  it('with strict versions, answers 400 listing the supported versions to an unknown or malformed one', async () => {
    const strict = await startTestEmulator({ versionRouting: 'refuse' });
    try {
      for (const version of ['2031-01', 'latest', '2024-10']) {
        const res = await postGraphQL(strict, { query: BOARDS_QUERY }, { ...auth, 'api-version': version });
        expect(res.status).toBe(400);
        const error = (await json(res)).errors?.[0];
        expect(error?.extensions?.code).toBe('UNSUPPORTED_API_VERSION');
        expect(error?.extensions?.supported_versions).toEqual(strict.versions);
        for (const supported of strict.versions) expect(error?.message).toContain(supported);
      }
    } finally {
      await strict.close();
    }
  });

  it('can be limited to fewer versions with another default', async () => {
    const narrow = await startTestEmulator({
      versions: ['2025-04', API_VERSION],
      defaultVersion: '2025-04',
      versionRouting: 'refuse',
    });
    try {
      const res = await postGraphQL(narrow, { query: BOARDS_QUERY }, auth);
      expect(res.headers.get('api-version')).toBe('2025-04');
      const other = emulator.versions.find((version) => !narrow.versions.includes(version))!;
      expect((await postGraphQL(narrow, { query: BOARDS_QUERY }, { ...auth, 'api-version': other })).status).toBe(400);
    } finally {
      await narrow.close();
    }
  });

  it('refuses at start a version the engine cannot serve', async () => {
    await expect(startTestEmulator({ versions: ['1999-01'] })).rejects.toThrow(/1999-01/);
  });
});

describe('multipart uploads', () => {
  it('accepts the GraphQL multipart request format', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: BOARDS_QUERY, variables: {} }));
    form.set('map', JSON.stringify({}));
    const res = await fetch(`${emulator.baseUrl}/v2`, { method: 'POST', headers: auth, body: form });
    expect(res.status).toBe(200);
    expect((await json(res)).account_id).toBe(1001);
  });

  it('hands uploaded files to the engine by variable path', async () => {
    const query =
      'mutation Upload($file: File!) { add_file_to_column(item_id: 4000001, column_id: "files", file: $file) { id name file_size } }';
    const form = new FormData();
    form.set('operations', JSON.stringify({ query, variables: { file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new Blob([new Uint8Array(1234)], { type: 'text/plain' }), 'notes.txt');
    const res = await fetch(`${emulator.baseUrl}/v2`, { method: 'POST', headers: auth, body: form });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ add_file_to_column: { id: expect.any(String), name: 'notes.txt', file_size: 1234 } });
  });

  it('answers 400 to a multipart body without operations or with a dangling map entry', async () => {
    const noOperations = new FormData();
    noOperations.set('map', '{}');
    expect((await fetch(`${emulator.baseUrl}/v2`, { method: 'POST', headers: auth, body: noOperations })).status).toBe(
      400,
    );
    const dangling = new FormData();
    dangling.set('operations', JSON.stringify({ query: BOARDS_QUERY }));
    dangling.set('map', JSON.stringify({ 0: ['variables.file'] }));
    const res = await fetch(`${emulator.baseUrl}/v2`, { method: 'POST', headers: auth, body: dangling });
    expect(res.status).toBe(400);
    expect((await json(res)).errors?.[0]?.message).toContain('"0"');
  });
});

describe('inspection', () => {
  it('records each request with its credential headers redacted and the token nowhere', async () => {
    const credentials = { 'proxy-authorization': `Basic ${DEMO_TOKEN}`, cookie: `session=${DEMO_TOKEN}` };
    await postGraphQL(
      emulator,
      { query: BOARDS_QUERY, operationName: 'Boards' },
      { ...auth, ...credentials, 'x-trace': 'inspect-me' },
    );
    const record = emulator.requests.filter((r) => r.headers['x-trace'] === 'inspect-me').at(-1);
    expect(record).toMatchObject({
      method: 'POST',
      path: '/v2',
      status: 200,
      operationName: 'Boards',
      kind: 'query',
      executed: true,
      accountId: 1001,
    });
    expect(record?.headers).toMatchObject({
      authorization: '[redacted]',
      'proxy-authorization': '[redacted]',
      cookie: '[redacted]',
    });
    expect(JSON.stringify(emulator.requests)).not.toContain(DEMO_TOKEN);
    expect(record?.bodyBytes).toBeGreaterThan(0);
  });
});
