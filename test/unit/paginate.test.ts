/**
 * paginate against a mocked API: the cursor goes into `$cursor` and `query_params` is cleared on later
 * pages; strings and foreign documents page too; misuse is a PlatformConfigError before anything is sent; a
 * result holding several connections is refused; an expired cursor on a later page is a CursorExpiredError.
 */

import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CursorExpiredError, PlatformConfigError, paginate } from '../../src/index.js';
import { bodyOf, installApi, makeClient, ok, useMockApi } from './client-fixtures.js';

useMockApi();

const PAGE =
  'query Page($cursor: String, $query_params: ItemsQuery) { boards(ids: [1]) { items_page(limit: 2, cursor: $cursor, query_params: $query_params) { cursor items { id } } } }';
const pageOf = (ids: string[], cursor: string | null) =>
  ok({ boards: [{ items_page: { cursor, items: ids.map((id) => ({ id })) } }] });

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const value of iterable) all.push(value);
  return all;
}

describe('client.paginate', () => {
  it('re-runs a string query with the next cursor and query_params cleared, until the cursor is null', async () => {
    const pages = [pageOf(['1', '2'], 'c1'), pageOf(['3', '4'], 'c2'), pageOf(['5'], null)];
    const received = installApi((_request, index) => pages[index] as Response);
    const items = await collect(paginate(makeClient(), PAGE, { query_params: { rules: [] } }));
    expect(items).toEqual([{ id: '1' }, { id: '2' }, { id: '3' }, { id: '4' }, { id: '5' }]);
    expect(received.map((_, i) => bodyOf(received, i).variables)).toEqual([
      { query_params: { rules: [] } },
      { query_params: null, cursor: 'c1' },
      { query_params: null, cursor: 'c2' },
    ]);
  });

  it('treats a result without a connection (no such board) as no items', async () => {
    installApi(() => ok({ boards: [] }));
    expect(await collect(paginate(makeClient(), PAGE))).toEqual([]);
  });

  it('refuses a result holding several connections, saying what to do', async () => {
    installApi(() =>
      ok({ boards: [{ items_page: { cursor: null, items: [] } }, { items_page: { cursor: null, items: [] } }] }),
    );
    await expect(collect(paginate(makeClient(), PAGE))).rejects.toThrow(/follows one connection.*holds 2.*ask for one/);
  });

  it('fails before sending for a mutation, a query without $cursor, or a bad max', () => {
    const client = makeClient();
    expect(() => paginate(client, 'mutation M { delete_item(item_id: 1) { id } }')).toThrow(PlatformConfigError);
    expect(() => paginate(client, 'query Q { boards { items_page { cursor items { id } } } }')).toThrow(
      /`\$cursor` variable/,
    );
    expect(() => paginate(client, PAGE, {}, { max: 0 })).toThrow(/`max` must be a positive integer/);
  });

  it('stops when the API hands back the cursor it was given, instead of looping', async () => {
    const received = installApi(() => pageOf(['1'], 'same'));
    expect(await collect(paginate(makeClient(), PAGE))).toHaveLength(2);
    expect(received).toHaveLength(2);
  });

  it('makes an expired cursor a CursorExpiredError, on a later page or one the caller passed', async () => {
    const expired = HttpResponse.json({
      data: null,
      errors: [{ message: 'The cursor has expired', extensions: { code: 'CURSOR_EXPIRED' } }],
    });
    installApi((_request, index) => (index === 0 ? pageOf(['1'], 'c1') : expired.clone()));
    const error = await collect(paginate(makeClient(), PAGE)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CursorExpiredError);
    expect(JSON.stringify(error)).toContain('CursorExpiredError');
    installApi(() => expired.clone());
    await expect(collect(paginate(makeClient(), PAGE, { cursor: 'old' }))).rejects.toBeInstanceOf(CursorExpiredError);
    installApi(() => HttpResponse.json({ data: null, errors: [{ message: 'Other' }] }));
    await expect(collect(paginate(makeClient(), PAGE))).rejects.not.toBeInstanceOf(CursorExpiredError);
  });
});
