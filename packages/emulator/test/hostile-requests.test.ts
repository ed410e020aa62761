/**
 * The emulator against hostile requests over a real socket: request targets that are no URL, fragment spreads that
 * would expand exponentially, aliased or nested introspection, and multipart maps that point far outside a list.
 * Each must get a prompt 4xx (or a refusal in the GraphQL body) and leave the server answering everyone else.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { rawRequest } from './raw-http.js';
import { BOARDS_QUERY, DEMO_TOKEN, postGraphQL, startTestEmulator } from './server-helpers.js';

let emulator: Emulator;
const auth = { authorization: DEMO_TOKEN };

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

/** Still serving: an ordinary query answers 200 with data. */
async function expectServing(): Promise<void> {
  const res = await postGraphQL(emulator, { query: BOARDS_QUERY }, auth);
  expect(res.status).toBe(200);
  expect(((await res.json()) as { data?: unknown }).data).toBeTruthy();
}

/**
 * Runs `work` while measuring how long the event loop was held at once: the emulator runs in this process, so a
 * request that blocks it shows here. Resolves to what `work` resolved to and the longest stall in milliseconds.
 */
async function withLoopWatch<T>(work: () => Promise<T>): Promise<{ value: T; longestStallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    const value = await work();
    return { value, longestStallMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}

describe('request targets that are no URL', () => {
  const targets = ['http://[', '//[', 'http://%', 'http://[::1', 'https://%zz/', 'http://a b/'];

  it.each(targets)('answers %j with a 4xx and keeps serving', async (target) => {
    for (const method of ['GET', 'POST', 'OPTIONS']) {
      const answer = await rawRequest(emulator.port, `${method} ${target} HTTP/1.1\r\nHost: localhost`);
      expect(answer.status, `${method} ${target}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${target}`).toBeLessThan(500);
    }
    await expectServing();
  });

  it('records the request with its raw target and a 400', async () => {
    await rawRequest(emulator.port, 'GET http://[ HTTP/1.1\r\nHost: localhost');
    const record = emulator.requests.find((r) => r.path === 'http://[');
    expect(record).toMatchObject({ method: 'GET', status: 400 });
  });
});

describe('fragment spreads', () => {
  /** `{ me { ...F0 } }` where F0..F(n-1) each spread the next twice: 2^n expansions if walked naively (1 kB). */
  function fragmentBomb(levels: number): string {
    const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on User { ...F${i + 1} ...F${i + 1} }`);
    return `{ me { ...F0 } } ${fragments.join(' ')} fragment F${levels} on User { id }`;
  }

  it('prices 2^23 expansions without holding the event loop, and refuses them', async () => {
    const { value, longestStallMs } = await withLoopWatch(async () => {
      const res = await postGraphQL(emulator, { query: fragmentBomb(23) }, auth);
      return {
        status: res.status,
        body: (await res.json()) as { errors?: { extensions?: Record<string, unknown> }[] },
      };
    });
    // The price is what the expansion would cost (2^23 × 10 + 100), far beyond what one request may cost (5M, the
    // rate-limits page): refused before any budget is looked at.
    expect(value.status).toBe(200);
    expect(value.body.errors?.[0]?.extensions).toMatchObject({
      code: 'REQUEST_MAX_COMPLEXITY_EXCEEDED',
      cost: 2 ** 23 * 10 + 100,
      max_complexity_per_request: 5_000_000,
    });
    expect(longestStallMs).toBeLessThan(200);
    await expectServing();
  });

  it('charges a fragment spread twice exactly as much as the fields written out twice', async () => {
    const spread = await postGraphQL(emulator, { query: '{ me { ...A ...A } } fragment A on User { id name }' }, auth);
    const written = await postGraphQL(emulator, { query: '{ me { id name } b: me { id name } }' }, auth);
    expect(spread.status).toBe(200);
    expect(written.status).toBe(200);
    const [spreadCost, writtenCost] = emulator.requests.slice(-2).map((record) => record.complexity);
    // me { ...A ...A } = 100 + 2 × (10 + 10); the written form has two `me` objects: 2 × (100 + 20).
    expect(spreadCost).toBe(140);
    expect(writtenCost).toBe(240);
  });

  it('charges mutation fields selected through a fragment like top-level ones', async () => {
    const viaFragment =
      'mutation { ...M } fragment M on Mutation { create_item(board_id: 3001, item_name: "via fragment") { id } }';
    const res = await postGraphQL(emulator, { query: viaFragment }, auth);
    expect(res.status).toBe(200);
    expect(emulator.requests.at(-1)?.complexity).toBe(10_000 + 100 + 10);
  });
});

describe('introspection', () => {
  it('answers one full introspection query, as a code generator sends it', async () => {
    const res = await postGraphQL(emulator, { query: getIntrospectionQuery() }, auth);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data?: { __schema?: { types?: unknown[] } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data?.__schema?.types?.length).toBeGreaterThan(10);
  });

  it('refuses the 4,000 aliased __schema selections of a 0.9 MB request before doing any work', async () => {
    const aliases = Array.from(
      { length: 4000 },
      (_, i) => `s${i}: __schema { types { name fields { name type { name } } } }`,
    );
    const { value, longestStallMs } = await withLoopWatch(async () => {
      const res = await postGraphQL(emulator, { query: `{ ${aliases.join(' ')} }` }, auth);
      return { status: res.status, text: await res.text() };
    });
    expect(value.text.length).toBeLessThan(2_000);
    const body = JSON.parse(value.text) as {
      data?: unknown;
      errors: { message: string; extensions: { code: string } }[];
    };
    expect(body.data).toBeUndefined();
    expect(body.errors[0]?.extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(body.errors[0]?.message).toMatch(/10000 tokens/);
    expect(longestStallMs).toBeLessThan(200);
    await expectServing();
  });

  it('refuses a few aliased __schema selections worth more than two full introspections, with a small answer', async () => {
    const wide = 'types { name fields { name args { name type { name fields { name args { name } } } } } }';
    const aliases = Array.from({ length: 10 }, (_, i) => `s${i}: __schema { ${wide} }`);
    const { value, longestStallMs } = await withLoopWatch(async () => {
      const res = await postGraphQL(emulator, { query: `{ ${aliases.join(' ')} }` }, auth);
      return { status: res.status, text: await res.text() };
    });
    expect(value.status).toBe(200);
    expect(value.text.length).toBeLessThan(2_000);
    const body = JSON.parse(value.text) as {
      data?: unknown;
      errors: { message: string; extensions: { code: string } }[];
    };
    expect(body.data).toBeUndefined();
    expect(body.errors[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(body.errors[0]?.message).toMatch(/introspection/i);
    expect(longestStallMs).toBeLessThan(200);
    await expectServing();
  });

  it("refuses introspection nested until its answer would explode (graphql's own depth rule, kept in force)", async () => {
    let nested = 'name';
    for (let depth = 0; depth < 6; depth += 1)
      nested = `name fields { name type { name ofType { name fields { ${nested} } } } }`;
    const res = await postGraphQL(emulator, { query: `{ __schema { types { ${nested} } } }` }, auth);
    const body = (await res.json()) as { data?: unknown; errors?: { extensions: { code: string } }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('keeps __typename free', async () => {
    const res = await postGraphQL(emulator, { query: '{ __typename }' }, auth);
    expect(res.status).toBe(200);
    expect(emulator.requests.at(-1)?.complexity).toBe(0);
  });
});

describe('multipart map paths', () => {
  const UPLOAD =
    'mutation Upload($file: File!) { add_file_to_column(item_id: 4000001, column_id: "files", file: $file) { id } }';

  function upload(variables: Record<string, unknown>, paths: string[]): Promise<Response> {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: UPLOAD, variables }));
    form.set('map', JSON.stringify({ 0: paths }));
    form.set('0', new Blob(['x'], { type: 'text/plain' }), 'x.txt');
    return fetch(`${emulator.baseUrl}/v2`, { method: 'POST', headers: auth, body: form });
  }

  it.each([
    ['an index far beyond a missing list', { file: null }, 'variables.x.100000000'],
    ['an index beyond an existing list', { file: null, files: [null] }, 'variables.files.5'],
    ['an index that is not canonical', { file: null, files: [null] }, 'variables.files.00'],
    ['a key the operations do not have', { file: null }, 'variables.other'],
    ['a path outside variables', { file: null }, 'query'],
    ['a prototype key', { file: null }, 'variables.__proto__'],
  ])('answers 400 to a 1-byte upload with %s', async (_name, variables, path) => {
    const { value, longestStallMs } = await withLoopWatch(async () => {
      const res = await upload(variables, [path]);
      return {
        status: res.status,
        body: (await res.json()) as { errors: { message: string; extensions: { code: string } }[] },
      };
    });
    expect(value.status).toBe(400);
    expect(value.body.errors[0]?.extensions.code).toBe('BAD_REQUEST');
    expect(value.body.errors[0]?.message).toContain('map path');
    expect(longestStallMs).toBeLessThan(200);
  });

  it('still places a file at the null the operations hold for it', async () => {
    const res = await upload({ file: null }, ['variables.file']);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { errors?: unknown }).errors).toBeUndefined();
  });

  it('answers 400 to a map naming more files than allowed', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: UPLOAD, variables: { file: null } }));
    form.set(
      'map',
      JSON.stringify(Object.fromEntries(Array.from({ length: 101 }, (_, i) => [String(i), ['variables.file']]))),
    );
    for (let i = 0; i < 101; i += 1) form.set(String(i), new Blob(['x']), 'x.txt');
    const res = await fetch(`${emulator.baseUrl}/v2`, { method: 'POST', headers: auth, body: form });
    expect(res.status).toBe(400);
  });
});

describe('found by probing beyond the listed cases', () => {
  it('keeps at most 256 characters of each header, path and name in a request record', async () => {
    const big = 'a'.repeat(4_000);
    const headers = { ...auth, 'x-big': big, 'idempotency-key': big };
    await postGraphQL(
      emulator,
      { query: BOARDS_QUERY, operationName: 'O'.repeat(200_000) },
      headers,
      `/v2/${'p'.repeat(4_000)}`,
    );
    await postGraphQL(emulator, { query: BOARDS_QUERY, operationName: 'O'.repeat(200_000) }, headers);
    const [notFound, answered] = emulator.requests.slice(-2);
    expect(notFound?.status).toBe(404);
    expect(answered?.status).toBe(200);
    for (const record of [notFound, answered]) expect(JSON.stringify(record).length).toBeLessThan(2_000);
    expect(answered?.headers['x-big']).toBe(`${'a'.repeat(256)}…`);
  });

  it.each([
    ['one field written 2,400 times', `{ ${Array.from({ length: 2400 }, () => 'me { id }').join(' ')} }`],
    [
      'one field in 800 fragments',
      `{ ${Array.from({ length: 800 }, (_, i) => `...F${i}`).join(' ')} } ${Array.from({ length: 800 }, (_, i) => `fragment F${i} on Query { me { id } }`).join(' ')}`,
    ],
  ])('refuses %s in one selection set before validating it', async (_name, query) => {
    const { value, longestStallMs } = await withLoopWatch(async () => {
      const res = await postGraphQL(emulator, { query }, auth);
      return (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
    });
    expect(value.errors[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(value.errors[0]?.message).toMatch(/The field "me" is selected \d+ times in one selection set; at most 100/);
    expect(longestStallMs).toBeLessThan(200);
  });

  it('still accepts a field repeated a few times, through aliases and fragments', async () => {
    const query = '{ me { id ...U ... on User { id name } } b: me { id } } fragment U on User { id name }';
    const res = await postGraphQL(emulator, { query }, auth);
    const body = (await res.json()) as { data?: { me?: { id: string } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data?.me?.id).toBeTruthy();
  });

  it('says that a query nested thousands of levels deep is too deep to parse', async () => {
    const res = await postGraphQL(
      emulator,
      { query: `{ boards(ids: ${'['.repeat(3000)}1${']'.repeat(3000)}) { id } }` },
      auth,
    );
    const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(body.errors[0]?.message).toBe('Syntax Error: the query is nested too deeply to parse.');
  });

  it('answers normally when a quota is too large for a structured header', async () => {
    const generous = await startTestEmulator({ limits: { minuteRate: { quota: 1e16 }, complexity: { quota: 1e18 } } });
    try {
      const res = await postGraphQL(generous, { query: BOARDS_QUERY }, auth);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toContain('"minuteRate";q=999999999999999');
      expect(res.headers.get('ratelimit')).toContain('"complexityMinute";r=999999999999999');
    } finally {
      await generous.close();
    }
  });
});
