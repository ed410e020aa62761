/**
 * Documents that carry their API version: a generated document is sent with the `API-Version` in its
 * `__meta__` whatever the client's default, a string with the client's; `ApiResult.apiVersion` says which;
 * a document carrying a malformed version is refused before anything is sent. `ApiResult.answeredApiVersion` is the
 * version that answered, as the server's `API-Version` response header says, whatever was sent.
 */
import { describe, expect, it } from 'vitest';
import { BoardsDocument } from '../../generated/graphql.js';
import { API_VERSION, PlatformConfigError } from '../../src/index.js';
import { installApi, makeClient, ok, useMockApi } from './client-fixtures.js';

useMockApi();

/** A document string as codegen prints it, carrying `meta`. */
class VersionedDocument extends String {
  constructor(
    text: string,
    readonly __meta__: Record<string, unknown>,
  ) {
    super(text);
  }
}

describe('the API version of a document', () => {
  it('sends a generated document at its own version, and a string at the client version', async () => {
    const received = installApi(() => ok({ boards: [] }));
    const client = makeClient({ apiVersion: '2025-04' });
    const generated = await client.request(BoardsDocument, { limit: 1 });
    const viaMethod = await client.boards({ limit: 1 });
    const plain = await client.request('query { boards { id } }');
    const mine = await client.request(new VersionedDocument('query { boards { id } }', { apiVersion: '2025-01' }));
    expect(received.map((request) => request.headers['api-version'])).toEqual([
      API_VERSION,
      API_VERSION,
      '2025-04',
      '2025-01',
    ]);
    expect([generated, viaMethod, plain, mine].map((result) => result.apiVersion)).toEqual([
      API_VERSION,
      API_VERSION,
      '2025-04',
      '2025-01',
    ]);
  });

  it('says which version answered, from the response header, apart from the version sent', async () => {
    installApi((request) =>
      ok(
        { boards: [] },
        { headers: { 'api-version': request.headers['api-version'] === '2024-10' ? '2025-04' : '2026-10' } },
      ),
    );
    const routed = await makeClient({ apiVersion: '2024-10' }).request('query { boards { id } }');
    expect(routed.apiVersion).toBe('2024-10');
    expect(routed.answeredApiVersion).toBe('2025-04');
    // A generated document carries its own version; the answer still says which answered.
    const generated = await makeClient({ apiVersion: '2024-10' }).request(BoardsDocument, { limit: 1 });
    expect(generated.apiVersion).toBe(API_VERSION);
    expect(generated.answeredApiVersion).toBe('2026-10');
  });

  it('leaves answeredApiVersion undefined when the server does not say', async () => {
    installApi(() => ok({ boards: [] }));
    const result = await makeClient({ apiVersion: '2025-04' }).request('query { boards { id } }');
    expect(result.answeredApiVersion).toBeUndefined();
    expect(Object.hasOwn(result, 'answeredApiVersion')).toBe(false);
  });

  it('refuses a document whose apiVersion is not YYYY-MM, sending nothing', async () => {
    const received = installApi(() => ok({ boards: [] }));
    const bad = new VersionedDocument('query { boards { id } }', { apiVersion: 'latest' });
    await expect(makeClient().request(bad)).rejects.toThrow(PlatformConfigError);
    await expect(makeClient().request(bad)).rejects.toThrow(/apiVersion "latest", which is not YYYY-MM/);
    expect(received).toHaveLength(0);
  });
});
