import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/client/errors/errors.js';
import { getSchema } from '../../src/index.js';
import { API_VERSION } from '../../src/version.js';
import { BASE_URL, makeClient, server, TOKEN, useMockApi } from './client-fixtures.js';

useMockApi();

const SDL = 'type Query { boards(limit: Int): [Board] }\ntype Board { id: ID! }';
const INTROSPECTION = { data: { __schema: { queryType: { name: 'Query' }, types: [] } } };

interface Seen {
  url: URL;
  headers: Headers;
}

function schemaApi(respond: (url: URL) => Response): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.get(`${BASE_URL}/v2/get_schema`, ({ request }) => {
      const url = new URL(request.url);
      seen.push({ url, headers: request.headers });
      return respond(url);
    }),
  );
  return seen;
}

describe('getSchema', () => {
  it('GETs SDL text for the requested version, without Authorization', async () => {
    const seen = schemaApi(() => HttpResponse.text(SDL));
    const sdl = await getSchema(makeClient(), { format: 'sdl', version: '2024-01' });
    expect(sdl).toBe(SDL);
    expect(seen[0]?.url.searchParams.get('format')).toBe('sdl');
    expect(seen[0]?.url.searchParams.get('version')).toBe('2024-01');
    expect(seen[0]?.headers.has('authorization')).toBe(false);
    expect([...(seen[0]?.headers.values() ?? [])].join(' ')).not.toContain(TOKEN);
  });

  it("defaults to SDL and the client's API version", async () => {
    const seen = schemaApi(() => HttpResponse.text(SDL));
    expect(await getSchema(makeClient())).toBe(SDL);
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toEqual({ format: 'sdl', version: API_VERSION });
  });

  it("returns the parsed introspection object for format 'json', sending no format parameter", async () => {
    const seen = schemaApi(() => HttpResponse.json(INTROSPECTION));
    const schema = await getSchema(makeClient({ apiVersion: '2025-04' }), { format: 'json' });
    expect(schema).toEqual(INTROSPECTION);
    expect(seen[0]?.url.searchParams.has('format')).toBe(false);
    expect(seen[0]?.url.searchParams.get('version')).toBe('2025-04');
  });

  it('maps errors like other calls', async () => {
    schemaApi(() => HttpResponse.text('no such version', { status: 404 }));
    const failure = await getSchema(makeClient(), { version: '1999-01' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 404, bodyExcerpt: 'no such version' });
  });

  it('retries a 5xx', async () => {
    let calls = 0;
    schemaApi(() => {
      calls += 1;
      return calls === 1 ? new HttpResponse(null, { status: 503 }) : HttpResponse.text(SDL);
    });
    expect(await getSchema(makeClient())).toBe(SDL);
    expect(calls).toBe(2);
  });

  it('rejects a JSON schema response that is not an object', async () => {
    schemaApi(() => HttpResponse.text('not json'));
    await expect(getSchema(makeClient(), { format: 'json' })).rejects.toThrow(/not a JSON object/);
  });

  it('validates its options', async () => {
    const client = makeClient();
    await expect(getSchema(client, { version: '2024-13' })).rejects.toThrow(/`version` must be YYYY-MM/);
    await expect(getSchema(client, { format: 'xml' as 'sdl' })).rejects.toThrow(/`format` must be 'sdl' or 'json'/);
  });
});
