import { parse } from 'graphql';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  BoardsDocument,
  type BoardsQuery,
  CreateItemDocument,
  type CreateItemMutation,
} from '../../generated/graphql.js';
import { GraphQLResponseError, HttpError } from '../../src/client/errors/errors.js';
import type { ApiResult } from '../../src/client/types.js';
import { API_VERSION } from '../../src/version.js';
import {
  bodyOf,
  ENDPOINT,
  installApi,
  makeClient,
  ok,
  RATE_LIMIT_HEADERS,
  status,
  TOKEN,
  useMockApi,
} from './client-fixtures.js';

useMockApi();

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BOARDS = [{ id: '1', name: 'Roadmap', owner: { account: { slug: 'acme' } } }];

describe('what a call sends', () => {
  it('POSTs a query to {baseUrl}/v2 with Bearer token, JSON content type and API-Version, and no Idempotency-Key', async () => {
    const received = installApi(() => ok({ boards: BOARDS }));
    await makeClient().request('query Boards($limit: Int) { boards(limit: $limit) { id } }', { limit: 2 });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(ENDPOINT);
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['api-version']).toBe(API_VERSION);
    expect(request?.headers['idempotency-key']).toBeUndefined();
    expect(request?.body).toEqual({
      query: 'query Boards($limit: Int) { boards(limit: $limit) { id } }',
      variables: { limit: 2 },
      operationName: 'Boards',
    });
  });

  it('sends the configured apiVersion, client headers and call headers', async () => {
    const received = installApi(() => ok({ a: 1 }));
    const client = makeClient({
      apiVersion: '2025-04',
      headers: { 'X-App': 'demo' },
      baseUrl: 'https://api.platform.test/',
    });
    await client.request('{ a }', undefined, { headers: [['X-Trace', 't-1']] });
    expect(received[0]?.url).toBe(ENDPOINT);
    expect(received[0]?.headers).toMatchObject({ 'api-version': '2025-04', 'x-app': 'demo', 'x-trace': 't-1' });
  });

  it('gives every mutation a UUID v4 Idempotency-Key and reports it on the result', async () => {
    const received = installApi(() => ok({ create_item: { id: '9', name: 'Launch' } }));
    const client = makeClient();
    const first = await client.createItem({ board_id: '1', item_name: 'Launch' });
    const second = await client.createItem({ board_id: '1', item_name: 'Launch' });
    const [a, b] = received.map((request) => request.headers['idempotency-key']);
    expect(a).toMatch(UUID_V4);
    expect(b).toMatch(UUID_V4);
    expect(a).not.toBe(b);
    expect(first.idempotencyKey).toBe(a);
    expect(second.idempotencyKey).toBe(b);
    expect(received[0]?.body).toMatchObject({
      operationName: 'CreateItem',
      variables: { board_id: '1', item_name: 'Launch' },
    });
  });

  it("honours the caller's Idempotency-Key", async () => {
    const received = installApi(() => ok({ create_item: { id: '9', name: 'x' } }));
    const result = await makeClient().createItem({ board_id: '1', item_name: 'x' }, { idempotencyKey: 'order-42' });
    expect(received[0]?.headers['idempotency-key']).toBe('order-42');
    expect(result.idempotencyKey).toBe('order-42');
  });

  it('never sends an Idempotency-Key with a query, even when the caller passes one', async () => {
    const received = installApi(() => ok({ boards: BOARDS }));
    const result = await makeClient().boards({ limit: 1 }, { idempotencyKey: 'ignored' });
    expect(received[0]?.headers['idempotency-key']).toBeUndefined();
    expect(result).not.toHaveProperty('idempotencyKey');
  });

  it.each([
    ['the mutation chosen by operationName', 'query Read { a } mutation Write { b }', 'Write', true, 'Write'],
    ['the query chosen by operationName', 'query Read { a } mutation Write { b }', 'Read', false, 'Read'],
    ['a query whose comment says mutation', '# mutation Evil { x }\nquery Q { a }', undefined, false, 'Q'],
    ['a query with "mutation" in a string', 'query Q { a(t: "mutation { b }") }', undefined, false, 'Q'],
    ['a query with mutation in a block string', 'query Q { a(t: """\nmutation M { b }\n""") }', undefined, false, 'Q'],
    ['the shorthand', '{ a }', undefined, false, undefined],
    ['a mutation after a fragment', 'fragment F on T { id } mutation M { b { ...F } }', undefined, true, 'M'],
  ])('decides the key by the operation that runs: %s', async (_label, document, operationName, keyed, sentName) => {
    const received = installApi(() => ok({ a: 1 }));
    await makeClient().request(document, undefined, { operationName });
    expect(received[0]?.headers['idempotency-key'] !== undefined).toBe(keyed);
    expect(bodyOf(received).operationName).toBe(sentName);
  });

  it('accepts AST documents (TypedDocumentNode) and sends their text', async () => {
    const received = installApi(() => ok({ create_item: { id: '1' } }));
    const ast = parse('mutation Make { create_item { id } }', { noLocation: true });
    await makeClient().request(ast);
    expect(received[0]?.headers['idempotency-key']).toMatch(UUID_V4);
    expect(bodyOf(received).query).toContain('mutation Make');
  });

  it('sends generated TypedDocumentString documents as their text', async () => {
    const received = installApi(() => ok({ boards: BOARDS }));
    await makeClient().request(BoardsDocument, { limit: 3 });
    expect(bodyOf(received).query).toBe(String(BoardsDocument));
    expect(received[0]?.body).toMatchObject({ operationName: 'Boards', variables: { limit: 3 } });
  });
});

describe('what a call resolves to', () => {
  it('resolves to ApiResult: typed data, accountId, rate limits, replayed, status and headers', async () => {
    installApi(() => ok({ boards: BOARDS }, { accountId: 777, headers: { 'X-Request-Id': 'r-1' } }));
    const client = makeClient();
    expect(client.rateLimit).toBeUndefined();
    const result = await client.boards({ limit: 5 });
    expectTypeOf(result).toEqualTypeOf<ApiResult<BoardsQuery>>();
    expect(result.data).toEqual({ boards: BOARDS });
    expect(result.accountId).toBe(777);
    expect(result.replayed).toBe(false);
    expect(result.status).toBe(200);
    expect(result.headers.get('x-request-id')).toBe('r-1');
    expect(result.rateLimit.policies.minuteRate).toEqual({
      name: 'minuteRate',
      quota: 100,
      window: 60,
      remaining: 99,
      resetSeconds: 60,
    });
    expect(client.rateLimit).toEqual(result.rateLimit);
  });

  it('types request() by the document: result, and variables required only when the operation needs them', () => {
    const client = makeClient();
    // Type-level only: the calls below are never made.
    expectTypeOf(() => client.request(BoardsDocument)).returns.toEqualTypeOf<Promise<ApiResult<BoardsQuery>>>();
    const typedCalls = () => [
      client.request(CreateItemDocument, { board_id: '1', item_name: 'x' }),
      // @ts-expect-error CreateItem has required variables
      client.request(CreateItemDocument),
      // @ts-expect-error item_name must be a string
      client.request(CreateItemDocument, { board_id: '1', item_name: 5 }),
    ];
    expectTypeOf(typedCalls).returns.items.toEqualTypeOf<Promise<ApiResult<CreateItemMutation>>>();
  });

  it('sets replayed when the server answers from its idempotency cache', async () => {
    installApi(() => ok({ create_item: { id: '9', name: 'x' } }, { headers: { 'Idempotency-Replayed': 'true' } }));
    const made = await makeClient().createItem({ board_id: '1', item_name: 'x' });
    expectTypeOf(made.data).toEqualTypeOf<CreateItemMutation>();
    expect(made.replayed).toBe(true);
  });

  it.each([
    ['?1', true], // the structured-field boolean
    ['TRUE', true],
    ['false', false],
    ['?0', false],
    ['truer', false],
  ])('reads Idempotency-Replayed: %s as replayed %s', async (value, replayed) => {
    installApi(() => ok({ create_item: { id: '9', name: 'x' } }, { headers: { 'Idempotency-Replayed': value } }));
    expect((await makeClient().createItem({ board_id: '1', item_name: 'x' })).replayed).toBe(replayed);
  });

  it('never reports a query as replayed: only a call sent with an Idempotency-Key can be', async () => {
    installApi(() => ok({ boards: [] }, { headers: { 'Idempotency-Replayed': 'true' } }));
    const result = await makeClient().boards({ limit: 1 });
    expect(result.replayed).toBe(false);
    expect(result.headers.get('idempotency-replayed')).toBe('true');
  });

  it('omits accountId when the body has none', async () => {
    installApi(() => ok({ a: 1 }));
    expect(await makeClient().request('{ a }')).not.toHaveProperty('accountId');
  });

  it('updates client.rateLimit from error responses too', async () => {
    installApi(() => status(400, { 'RateLimit-Policy': 'minuteRate;q=100;w=60', RateLimit: 'minuteRate;r=12;t=30' }));
    const client = makeClient();
    await expect(client.request('{ a }')).rejects.toThrow();
    expect(client.rateLimit?.policies.minuteRate?.remaining).toBe(12);
  });

  it('rejects with GraphQLResponseError carrying errors and partial data', async () => {
    installApi(() =>
      Response.json(
        {
          data: { a: 1, b: null },
          errors: [{ message: 'b failed', path: ['b'], locations: [{ line: 1, column: 7 }] }],
        },
        { headers: RATE_LIMIT_HEADERS },
      ),
    );
    const failure = await makeClient()
      .request('{ a b }')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GraphQLResponseError);
    expect(failure).toMatchObject({
      status: 200,
      data: { a: 1, b: null },
      errors: [{ message: 'b failed', path: ['b'], locations: [{ line: 1, column: 7 }] }],
    });
  });

  it.each([
    [
      'a 200 HTML page',
      () => new Response('<html>proxy login</html>', { headers: { 'content-type': 'text/html' } }),
      200,
      '<html>proxy login</html>',
    ],
    [
      'a 200 with broken JSON',
      () => new Response('{"data": ', { headers: { 'content-type': 'application/json' } }),
      200,
      '{"data":',
    ],
    [
      'a 200 JSON that is not a GraphQL result',
      () => Response.json(['not', 'an', 'object']),
      200,
      '["not","an","object"]',
    ],
    [
      'a 502 HTML page',
      () => new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }),
      502,
      '<h1>Bad gateway</h1>',
    ],
  ])('rejects %s with HttpError and a body excerpt', async (_label, respond, code, excerpt) => {
    installApi(respond);
    const failure = await makeClient({ retry: false })
      .request('{ a }')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: code, bodyExcerpt: excerpt });
  });
});
