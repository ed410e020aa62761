import { describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_SEED_FACTS, defaultSeed } from '../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, globexGrant, run } from './engine-helpers.js';

const { accounts, boards, users } = DEFAULT_SEED_FACTS;
type Page = { cursor: string | null; items: { id: string; name: string }[] };

describe('engine queries', () => {
  it('lists only the caller account boards, with owner.account.slug and account_id', async () => {
    const engine = createEngine();
    const query = '{ boards { id name owner { account { slug } } } }';
    const acme = await run(engine, query);
    expect(acme.errors).toBeUndefined();
    expect(acme.account_id).toBe(accounts.acme.id);
    const listed = dataField<{ id: string; name: string; owner: unknown }[]>(acme, 'boards');
    expect(listed.slice(0, 2)).toEqual([
      { id: boards.roadmap.id, name: boards.roadmap.name, owner: { account: { slug: 'acme' } } },
      { id: boards.bugs.id, name: boards.bugs.name, owner: { account: { slug: 'acme' } } },
    ]);
    const activeAcme = defaultSeed().boards.filter(
      (board) => board.accountId === String(accounts.acme.id) && board.state === 'active',
    );
    expect(listed.map((board) => board.id)).toEqual(activeAcme.map((board) => board.id));
    for (const board of listed) expect(board.owner).toEqual({ account: { slug: 'acme' } });
    const globex = await run(engine, query, { grant: globexGrant() });
    const globexBoards = dataField<{ id: string; owner: unknown }[]>(globex, 'boards');
    expect(globexBoards[0]).toEqual({
      id: boards.projects.id,
      name: boards.projects.name,
      owner: { account: { slug: 'globex' } },
    });
    for (const board of globexBoards) expect(board.owner).toEqual({ account: { slug: 'globex' } });
    const foreign = await run(engine, `{ boards(ids: [${boards.projects.id}]) { id } }`);
    expect(foreign.data?.boards).toEqual([]);
  });

  it('honours limit and page', async () => {
    const engine = createEngine();
    const second = await run(engine, '{ boards(limit: 1, page: 2) { id } }');
    expect(second.data?.boards).toEqual([{ id: boards.bugs.id }]);
  });

  it('pages items with a real cursor, through items_page and next_items_page', async () => {
    const engine = createEngine();
    const first = await run(
      engine,
      `{ boards(ids: [${boards.roadmap.id}]) { items_page(limit: 2) { cursor items { id name } } } }`,
    );
    const page1 = dataField<{ items_page: Page }[]>(first, 'boards')[0]?.items_page as Page;
    expect(page1.items.map((item) => item.name)).toEqual(['Public launch', 'Pricing page']);
    expect(page1.cursor).toEqual(expect.any(String));
    const next = 'query ($c: String!) { next_items_page(cursor: $c, limit: 2) { cursor items { name } } }';
    const page2 = (await run(engine, next, { variables: { c: page1.cursor } })).data?.next_items_page as Page;
    expect(page2.items.map((item) => item.name)).toEqual(['Mobile app', 'Offline mode']);
    const page3 = (await run(engine, next, { variables: { c: page2.cursor } })).data?.next_items_page as Page;
    expect(page3).toEqual({ cursor: null, items: [{ name: 'Dark theme' }] });
    const stolen = await run(engine, next, { variables: { c: page1.cursor }, grant: globexGrant() });
    expect(errorCodes(stolen)).toEqual(['RESOURCE_NOT_FOUND']);
    const bogus = await run(engine, next, { variables: { c: 'not-a-cursor' } });
    expect(errorCodes(bogus)).toEqual(['INVALID_CURSOR']);
  });

  it('keeps a cursor stable when items are added, and pages groups separately', async () => {
    const engine = createEngine();
    const page = (query: string, c?: string | null) =>
      run(engine, query, { variables: { c } }).then(
        (body) => dataField<{ groups: { items_page: Page }[] }[]>(body, 'boards')[0]?.groups[0]?.items_page as Page,
      );
    const query = `query ($c: String) { boards(ids: [${boards.roadmap.id}]) { groups(ids: ["later"]) { items_page(limit: 1, cursor: $c) { cursor items { name } } } } }`;
    const one = await page(query);
    expect(one.items).toEqual([{ name: 'Offline mode' }]);
    await run(
      engine,
      `mutation { create_item(board_id: ${boards.roadmap.id}, group_id: "later", item_name: "Sync") { id } }`,
    );
    const two = await page(query, one.cursor);
    expect(two.items).toEqual([{ name: 'Dark theme' }]);
    const three = await page(query, two.cursor);
    expect(three).toEqual({ cursor: null, items: [{ name: 'Sync' }] });
  });

  it('rejects an items_page limit above 500', async () => {
    const body = await run(createEngine(), '{ boards { items_page(limit: 501) { cursor } } }');
    expect(errorCodes(body)[0]).toBe('INVALID_ARGUMENT');
  });

  it('reports a missing scope on its field and still resolves the others', async () => {
    const engine = createEngine();
    const body = await run(engine, '{ me { id name email } boards { id } users { id } account { slug } }', {
      grant: acmeGrant(['me:read']),
    });
    expect(body.data?.me).toEqual({ id: String(users.ada.id), name: users.ada.name, email: users.ada.email });
    expect(body.data?.boards).toBeNull();
    expect(body.account_id).toBe(accounts.acme.id);
    const missing = (body.errors ?? []).map((error) => [error.path?.[0], error.extensions?.code, error.message]);
    expect(missing).toEqual([
      ['boards', 'USER_UNAUTHORIZED', expect.stringContaining('boards:read')],
      ['users', 'USER_UNAUTHORIZED', expect.stringContaining('users:read')],
      ['account', 'USER_UNAUTHORIZED', expect.stringContaining('account:read')],
    ]);
  });

  it('serves items by id, users, account, column values and the complexity snapshot', async () => {
    const engine = createEngine({ clock: { now: () => Date.parse('2026-11-25T12:00:00Z') } });
    const body = await run(
      engine,
      `{ items(ids: [4000001, 4000008]) { id board { id } group { id title } column_values(ids: ["status", "date4"]) { id text value ... on StatusValue { label is_done } } }
         users { email } account { id name slug } complexity { before after query reset_in_x_seconds } version { value kind } }`,
      { version: '2026-10' },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.items).toEqual([
      {
        id: '4000001',
        board: { id: boards.roadmap.id },
        group: { id: 'topics', title: 'This quarter' },
        column_values: [
          { id: 'status', text: 'Working on it', value: '{"index":0}', label: 'Working on it', is_done: false },
          { id: 'date4', text: '2024-11-01', value: '{"date":"2024-11-01"}' },
        ],
      },
    ]);
    expect(body.data?.users).toEqual([{ email: users.ada.email }, { email: users.grace.email }]);
    expect(body.data?.account).toEqual({ id: String(accounts.acme.id), name: accounts.acme.name, slug: 'acme' });
    expect(body.data?.complexity).toEqual({ before: 1_000_000, after: 999_000, query: 1000, reset_in_x_seconds: 42 });
    expect(body.data?.version).toEqual({ value: '2026-10', kind: 'current' });
  });
});
