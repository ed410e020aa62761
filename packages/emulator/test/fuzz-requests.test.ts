/**
 * Property tests of the emulator's request parsing over a real socket: random request targets, headers
 * (Authorization, API-Version, Idempotency-Key, Content-Type), JSON bodies, GraphQL documents and variables,
 * multipart requests (operations, map, files) and the OAuth endpoints' queries and forms.
 *
 * The property, for every request: a well-formed answer (a status line; 2xx, 3xx for OAuth redirects, or 4xx;
 * JSON bodies that parse), never a 5xx and never a dropped connection; and afterwards the emulator still answers
 * an ordinary request with nothing left in flight. Run counts keep the whole file to a few seconds; a failure
 * prints fast-check's seed and the shrunk request.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from 'workspace-platform-sdk';
import type { Emulator } from '../src/index.js';
import { type RawAnswer, rawRequest } from './raw-http.js';
import {
  BOARDS_QUERY,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
  postGraphQL,
  startTestEmulator,
  waitFor,
} from './server-helpers.js';

const CALLBACK = 'http://app.test/callback';
const APP = { clientId: 'fuzz-app', clientSecret: 'fuzz-secret', redirectUris: [CALLBACK, 'http://app.test/other'] };
/** Runs per property: enough to explore, few enough that the file stays well under 20 s on a loaded machine. */
const RUNS = 120;

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startTestEmulator({
    apps: [APP],
    limits: { minuteRate: { quota: 1_000_000 }, complexity: { quota: 1e12 }, daily: { quota: 1e9 } },
    oauthRateLimit: { quota: 1_000_000 },
  });
});
afterAll(() => emulator.close());

afterEach(async () => {
  await waitFor(() => emulator.stats.inFlight === 0);
  const res = await postGraphQL(emulator, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { data?: { boards?: unknown[] } }).data?.boards).toHaveLength(2);
});

/** A fetch answer must be a 2xx or 4xx whose JSON (when it says JSON) parses. */
async function expectWellFormed(res: Response): Promise<void> {
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBeGreaterThanOrEqual(200);
  expect(res.status, text.slice(0, 300)).toBeLessThan(500);
  expect(res.status >= 300 && res.status < 400, text.slice(0, 300)).toBe(false);
  if (res.headers.get('content-type')?.includes('json')) expect(() => JSON.parse(text)).not.toThrow();
}

/** A raw answer must have a status line with a 2xx–4xx status. */
function expectRawWellFormed(answer: RawAnswer): void {
  expect(answer.status, answer.body.slice(0, 300)).toBeGreaterThanOrEqual(200);
  expect(answer.status, answer.body.slice(0, 300)).toBeLessThan(500);
  if (answer.headers['content-type']?.includes('json')) expect(() => JSON.parse(answer.body)).not.toThrow();
}

// ---- building blocks -------------------------------------------------------------------------------------

/** Characters that trouble URL and header parsers, plus ordinary ones (no CR or LF: they end the request line). */
const tricky = fc.constantFrom(
  ...'/?#[]%@:;\\.~!$&\'()*+,= -_azAZ09"<>^`{|}\t'.split(''),
  '%00',
  '%zz',
  '%2F',
  '%ff',
  '..',
  '//',
  'é',
  '\u0000',
  '\u00ff',
  '\u2028',
  '😀',
  'http://',
  '[::1]',
  '__proto__',
);
const trickyText = (maxLength: number) => fc.string({ unit: tricky, maxLength });
/** Tricky text that fetch can still put in a header (Latin-1, no NUL). */
const headerText = (maxLength: number) =>
  trickyText(maxLength).map((text) => text.replace(/[^\t\x20-\xff]|\x7f/g, '?'));
const anyText = (maxLength: number) => fc.string({ unit: 'binary', maxLength });

const FIELD_NAMES = [
  'boards',
  'me',
  'items_page',
  'items',
  'id',
  'name',
  'owner',
  'account',
  'slug',
  'groups',
  'columns',
  'column_values',
  'create_item',
  'delete_item',
  'change_column_value',
  'add_file_to_column',
  'complexity',
  'before',
  'after',
  'query',
  '__schema',
  '__type',
  '__typename',
  'types',
  'fields',
  'ofType',
  'kind',
  'users',
  'version',
  'versions',
  'nope',
];
const GRAPHQL_TOKENS = [
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ':',
  '...',
  'on',
  'User',
  'Board',
  'Query',
  'Mutation',
  '$v',
  '$id',
  '@skip(if: true)',
  '@include(if: $v)',
  'query',
  'mutation',
  'subscription',
  'fragment',
  'F',
  'F0',
  '!',
  '=',
  '|',
  '&',
  ',',
  'limit:',
  'ids:',
  'limit: 2147483647',
  'limit: -1',
  'limit: 0',
  'ids: [1, 2, 3]',
  'board_id: 3001',
  'item_name: "x"',
  '"string"',
  '"\\u0000"',
  '"\\uD800"',
  '"""block"""',
  '1e999',
  '-0',
  '0x10',
  '#comment\n',
  'null',
  'true',
  '\u00a0',
  ...FIELD_NAMES,
];
/** Token soups: mostly invalid documents, some valid, all exercising the lexer, parser and validation. */
const documentSoup = fc.array(fc.constantFrom(...GRAPHQL_TOKENS), { maxLength: 40 }).map((tokens) => tokens.join(' '));

/** Structurally valid selections over real field names with random arguments: they reach cost and execution. */
const argument = fc.oneof(
  fc.constant(''),
  fc.integer({ min: -5, max: 3_000_000_000 }).map((n) => `(limit: ${n})`),
  fc.array(fc.integer({ min: -1, max: 5000 }), { maxLength: 5 }).map((ids) => `(ids: [${ids.join(', ')}])`),
  fc.constantFrom('(limit: $v)', '(ids: $v)', '(name: "Board")', '(page: 2, limit: 3)', '(cursor: "zz")'),
);
const selection: fc.Arbitrary<string> = fc.letrec<{ set: string }>((tie) => ({
  set: fc
    .array(
      fc.tuple(
        fc.constantFrom(...FIELD_NAMES),
        argument,
        fc.option(tie('set'), { nil: undefined, depthSize: 'small' }),
        fc.boolean(),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map(
      (fields) =>
        `{ ${fields.map(([name, args, sub, alias], i) => `${alias ? `a${i}: ` : ''}${name}${args} ${sub ?? ''}`).join(' ')} }`,
    ),
})).set;
const structuredDocument = fc
  .tuple(
    fc.constantFrom('', 'query Q($v: [ID!]) ', 'query ($v: Int) ', 'mutation M($v: String) ', 'mutation '),
    selection,
  )
  .map(([head, body]) => `${head}${body}`);

/** JSON with deep nesting now and then (JSON.parse accepts any depth; what comes after must too). */
const deepJson = fc
  .integer({ min: 1, max: 200_000 })
  .chain((depth) =>
    fc.constantFrom(`${'['.repeat(depth)}${']'.repeat(depth)}`, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );
const variablesJson = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  deepJson.map((deep) => `{"v":${deep}}`),
  fc.constantFrom(
    '{"v":["1","2"]}',
    '{"v":2147483648}',
    '{"v":null}',
    '{"__proto__":{"v":1}}',
    '{"constructor":{"prototype":1}}',
  ),
);

// ---- request targets and headers ---------------------------------------------------------------------------

describe('request targets', () => {
  it('answers any request target with a well-formed 2xx–4xx', async () => {
    const target = fc.oneof(
      trickyText(30),
      fc
        .tuple(
          fc.constantFrom('/v2', '/v2/get_schema', '/oauth2/authorize', '/oauth2/token', 'http://', '//', '/'),
          trickyText(30),
        )
        .map(([prefix, rest]) => `${prefix}${rest}`),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
    );
    const method = fc.constantFrom('GET', 'POST', 'OPTIONS', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'BREW');
    await fc.assert(
      fc.asyncProperty(method, target, async (verb, path) => {
        const answer = await rawRequest(emulator.port, `${verb} ${path} HTTP/1.1\r\nHost: localhost`);
        // HEAD answers carry no body; every other answer is checked in full.
        if (verb === 'HEAD') expect(answer.status).toBeGreaterThanOrEqual(200);
        else expectRawWellFormed(answer);
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers any get_schema query string with a well-formed 2xx–4xx', async () => {
    const param = fc.tuple(fc.constantFrom('version', 'format', 'x', ''), trickyText(12));
    await fc.assert(
      fc.asyncProperty(fc.array(param, { maxLength: 4 }), async (params) => {
        const query = params.map(([name, value]) => `${name}=${value}`).join('&');
        const answer = await rawRequest(
          emulator.port,
          `GET /v2/get_schema?${query.replace(/\s/g, '+')} HTTP/1.1\r\nHost: localhost`,
        );
        expectRawWellFormed(answer);
      }),
      { numRuns: RUNS / 2 },
    );
  });
});

describe('headers', () => {
  it('answers any Authorization, API-Version, Idempotency-Key and Content-Type with a well-formed 2xx–4xx', async () => {
    const headerValue = (known: string[]) =>
      fc.option(
        fc.oneof(fc.constantFrom(...known), trickyText(40), fc.string({ unit: 'grapheme-ascii', maxLength: 300 })),
        { nil: undefined },
      );
    const headers = fc.record({
      authorization: headerValue([
        DEMO_TOKEN,
        `Bearer ${DEMO_TOKEN}`,
        `bearer  ${DEMO_TOKEN}`,
        `Bearer ${DEMO_TOKEN} x`,
        'Bearer',
        'Basic Zm9v',
      ]),
      'api-version': headerValue(['2024-10', '2025-04', '2024-13', '9999-99', '', '2024-10, 2025-01']),
      'idempotency-key': headerValue(['k', '   ', 'a'.repeat(5000)]),
      'content-type': headerValue([
        'application/json',
        'APPLICATION/JSON; charset=latin1',
        'application/json;;;',
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary="unterminated',
        'text/plain',
        'application/graphql',
      ]),
    });
    const body = fc.constantFrom(
      JSON.stringify({ query: BOARDS_QUERY }),
      JSON.stringify({ query: 'mutation { create_item(board_id: 3001, item_name: "fuzz") { id } }' }),
    );
    await fc.assert(
      fc.asyncProperty(headers, body, async (given, text) => {
        const lines = Object.entries(given)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => `${name}: ${value}`);
        const answer = await rawRequest(
          emulator.port,
          ['POST /v2 HTTP/1.1', 'Host: localhost', ...lines].join('\r\n'),
          text,
        );
        expectRawWellFormed(answer);
      }),
      { numRuns: RUNS },
    );
  });
});

// ---- bodies ------------------------------------------------------------------------------------------------

describe('JSON and GraphQL bodies', () => {
  const auth = fc.constantFrom(DEMO_TOKEN, DEMO_READ_ONLY_TOKEN);

  it('answers any JSON body with a well-formed 2xx–4xx', async () => {
    const body = fc.oneof(
      anyText(200),
      fc.json({ maxDepth: 4 }),
      deepJson,
      fc
        .record(
          { query: fc.oneof(anyText(50), fc.jsonValue()), variables: fc.jsonValue(), operationName: fc.jsonValue() },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(body, auth, async (text, token) => {
        await expectWellFormed(await postGraphQL(emulator, text, { authorization: token }));
      }),
      { numRuns: RUNS },
    );
  });

  it('answers any GraphQL document and variables with a well-formed 2xx–4xx, mutations with keys included', async () => {
    const request = fc.record({
      query: fc.oneof(documentSoup, structuredDocument),
      variables: variablesJson,
      operationName: fc.option(fc.constantFrom('Q', 'M', 'nope', ''), { nil: undefined }),
      key: fc.option(fc.constantFrom('fuzz-key-1', 'fuzz-key-2'), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(request, auth, async ({ query, variables, operationName, key }, token) => {
        const name = operationName === undefined ? '' : `,"operationName":${JSON.stringify(operationName)}`;
        const text = `{"query":${JSON.stringify(query)},"variables":${variables}${name}}`;
        const headers: Record<string, string> = { authorization: token };
        if (key) headers['idempotency-key'] = key;
        await expectWellFormed(await postGraphQL(emulator, text, headers));
      }),
      { numRuns: RUNS * 2 },
    );
  });
});

describe('multipart requests', () => {
  const UPLOAD =
    'mutation U($file: File!, $files: [File]) { add_file_to_column(item_id: 4000001, column_id: "files", file: $file) { id } }';
  const segment = fc.oneof(
    fc.constantFrom(
      'variables',
      'file',
      'files',
      '0',
      '1',
      '00',
      '-1',
      '1e3',
      '100000000',
      '__proto__',
      'constructor',
      'prototype',
      '',
    ),
    trickyText(8),
  );
  const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('.'));
  const mapText = fc.oneof(
    fc
      .dictionary(fc.constantFrom('0', '1', 'file', '__proto__', ''), fc.array(path, { maxLength: 3 }), { maxKeys: 3 })
      .map((map) => JSON.stringify(map)),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    anyText(20),
  );
  const operationsText = fc.oneof(
    fc.constant(JSON.stringify({ query: UPLOAD, variables: { file: null, files: [null, null] } })),
    fc
      .record({ query: fc.oneof(fc.constant(UPLOAD), documentSoup), variables: fc.jsonValue() })
      .map((value) => JSON.stringify(value)),
    anyText(40),
  );

  it('answers any operations, map and file parts with a well-formed 2xx–4xx', async () => {
    const parts = fc.record({
      operations: fc.option(operationsText, { nil: undefined }),
      map: fc.option(mapText, { nil: undefined }),
      files: fc.array(fc.tuple(fc.constantFrom('0', '1', 'file', 'operations'), anyText(30), fc.boolean()), {
        maxLength: 3,
      }),
      key: fc.option(fc.constant('fuzz-upload-key'), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(parts, async ({ operations, map, files, key }) => {
        const form = new FormData();
        if (operations !== undefined) form.append('operations', operations);
        if (map !== undefined) form.append('map', map);
        for (const [name, content, asFile] of files) {
          if (asFile) form.append(name, new Blob([content]), 'f.txt');
          else form.append(name, content);
        }
        const headers: Record<string, string> = { authorization: DEMO_TOKEN };
        if (key) headers['idempotency-key'] = key;
        await expectWellFormed(await fetch(`${emulator.baseUrl}/v2`, { method: 'POST', headers, body: form }));
      }),
      { numRuns: RUNS },
    );
  });

  it('answers any multipart body bytes with a well-formed 2xx–4xx', async () => {
    const boundary = fc.oneof(
      fc.constant('b0undary'),
      headerText(20),
      fc.string({ unit: 'grapheme-ascii', maxLength: 80 }),
    );
    const body = fc.tuple(
      boundary,
      fc.array(
        fc.oneof(
          anyText(60),
          fc.constantFrom(
            '\r\n',
            '--',
            '\r\n--BOUNDARY\r\n',
            'Content-Disposition: form-data; name="operations"',
            'name="map"',
            'filename="x"',
            '\r\n\r\n',
          ),
        ),
        { maxLength: 12 },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async ([mark, pieces]) => {
        const text = pieces.join('').replaceAll('BOUNDARY', mark);
        const res = await fetch(`${emulator.baseUrl}/v2`, {
          method: 'POST',
          headers: {
            authorization: DEMO_TOKEN,
            'content-type': `multipart/form-data; boundary=${JSON.stringify(mark)}`,
          },
          body: `--${mark}\r\n${text}\r\n--${mark}--\r\n`,
        });
        await expectWellFormed(res);
      }),
      { numRuns: RUNS / 2 },
    );
  });
});

// ---- OAuth -------------------------------------------------------------------------------------------------

describe('OAuth endpoints', () => {
  const scopeWords = fc
    .array(fc.oneof(fc.constantFrom(...SCOPES), trickyText(10)), { maxLength: 4 })
    .map((words) => words.join(' '));
  const authorizeParam = fc.oneof(
    fc.tuple(fc.constant('client_id'), fc.oneof(fc.constant(APP.clientId), trickyText(10))),
    fc.tuple(fc.constant('redirect_uri'), fc.oneof(fc.constantFrom(...APP.redirectUris), fc.webUrl(), trickyText(20))),
    fc.tuple(fc.constant('scope'), scopeWords),
    fc.tuple(
      fc.constant('state'),
      fc.oneof(trickyText(30), fc.string({ unit: 'grapheme-ascii', minLength: 1000, maxLength: 1100 })),
    ),
    fc.tuple(
      fc.constant('app_version_id'),
      fc.oneof(fc.constantFrom('1', '0', '-1', '99999999999999999999'), trickyText(6)),
    ),
    fc.tuple(fc.constant('subdomain'), fc.oneof(fc.constantFrom('acme', 'globex', 'emulator'), trickyText(10))),
    fc.tuple(trickyText(8), trickyText(8)),
  );

  it('answers any authorize query with a page, a redirect or a 4xx', async () => {
    const host = fc.oneof(
      fc.constant('localhost'),
      fc.constantFrom('acme.localhost:4000', '[::1]', 'a.b.c'),
      fc.string({ unit: 'grapheme-ascii', maxLength: 30 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(authorizeParam, { maxLength: 7 }), host, async (params, hostName) => {
        const query = new URLSearchParams(params).toString();
        const answer = await rawRequest(
          emulator.port,
          `GET /oauth2/authorize?${query} HTTP/1.1\r\nHost: ${hostName.replace(/[\r\n]/g, '')}`,
        );
        expectRawWellFormed(answer);
        if (answer.status === 302) expect(URL.canParse(answer.headers.location ?? '')).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  /** A ticket of a freshly shown consent page. */
  async function freshTicket(): Promise<string> {
    const page = await fetch(
      `${emulator.authUrl}/oauth2/authorize?client_id=${APP.clientId}&redirect_uri=${encodeURIComponent(CALLBACK)}&state=s`,
    );
    return /name="ticket" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  }

  it('answers any consent form with a redirect or a 4xx page', async () => {
    const form = fc.record({
      ticket: fc.oneof(fc.constant('FRESH'), trickyText(20)),
      decision: fc.oneof(fc.constantFrom('approve', 'deny'), trickyText(8)),
      account_id: fc.option(fc.oneof(fc.constantFrom('1001', '1002', '0', '-1', '1e3', 'NaN'), trickyText(6)), {
        nil: undefined,
      }),
      extra: fc.array(fc.tuple(fc.constantFrom('ticket', 'decision', 'x'), trickyText(6)), { maxLength: 2 }),
    });
    const headers = fc.record({
      'content-type': fc.oneof(
        fc.constant('application/x-www-form-urlencoded'),
        fc.constantFrom('text/plain', 'application/json', ''),
      ),
      origin: fc.option(
        fc.oneof(fc.constantFrom('null', 'http://evil.example', 'http://localhost', '%%%'), headerText(12)),
        { nil: undefined },
      ),
      'sec-fetch-site': fc.option(fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site', '???'), {
        nil: undefined,
      }),
    });
    await fc.assert(
      fc.asyncProperty(form, headers, async ({ ticket, decision, account_id, extra }, given) => {
        const params = new URLSearchParams({ ticket: ticket === 'FRESH' ? await freshTicket() : ticket, decision });
        if (account_id !== undefined) params.set('account_id', account_id);
        for (const [name, value] of extra) params.append(name, value);
        const sent: Record<string, string> = {};
        for (const [name, value] of Object.entries(given)) if (value !== undefined) sent[name] = value;
        const res = await fetch(`${emulator.authUrl}/oauth2/consent`, {
          method: 'POST',
          headers: sent,
          body: params.toString(),
          redirect: 'manual',
        });
        if (res.status === 302) expect(URL.canParse(res.headers.get('location') ?? '')).toBe(true);
        else await expectWellFormed(res);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers any token form with a token or an OAuth error', async () => {
    const value = (known: string[]) =>
      fc.option(fc.oneof(fc.constantFrom(...known), trickyText(20)), { nil: undefined });
    const form = fc.record({
      grant_type: value(['authorization_code', 'client_credentials']),
      client_id: value([APP.clientId]),
      client_secret: value([APP.clientSecret, 'wrong']),
      redirect_uri: value(APP.redirectUris),
      code: value(['']),
      repeat: fc.option(fc.constantFrom('code', 'client_id'), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(form, async ({ repeat, ...fields }) => {
        const params = new URLSearchParams();
        for (const [name, field] of Object.entries(fields)) if (field !== undefined) params.set(name, field);
        if (repeat) params.append(repeat, 'again');
        const res = await fetch(`${emulator.authUrl}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: params.toString(),
        });
        await expectWellFormed(res);
        if (res.status === 200) expect(fields.client_secret).toBe(APP.clientSecret);
      }),
      { numRuns: RUNS },
    );
  });
});
