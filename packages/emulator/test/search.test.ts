/**
 * `search.docs` (2026-07 on) and `search.timeline_items` (2026-10) over a real socket, and the `date_range` every
 * search takes: the caller's live records whose text holds the query, with indexed fields and the live object.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { versionsWith } from './published-versions.js';
import {
  askGraphQL,
  closeTestEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_TOKEN,
  postGraphQL,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

type Body = {
  data?: { search?: Record<string, { results: Record<string, unknown>[] }> } | null;
  errors?: { extensions?: { code?: string } }[];
};

async function serve() {
  const at = Date.parse('2026-11-25T12:00:00Z');
  const emulator = await startTestEmulator({ engine: createEngine({ clock: { now: () => at } }) });
  return async (version: string, query: string, variables: Record<string, unknown> = {}, token = DEMO_TOKEN) => {
    return askGraphQL(emulator, version, query, variables, token);
  };
}

function results(body: Body, namespace: string): Record<string, unknown>[] {
  expect(body.errors).toBeUndefined();
  return body.data?.search?.[namespace]?.results ?? [];
}

const DOCS = `query ($q: String!, $w: [ID!], $range: CrossEntityDateRangeInput) { search {
  docs(query: $q, workspace_ids: $w, date_range: $range) { results { id indexed_data { id name workspace_id } live_data { id name } } }
} }`;

const TIMELINE = `query ($q: String!, $items: [ID!], $type: TimelineItemKind, $product: TimelineItemProductKind) { search {
  timeline_items(query: $q, item_ids: $items, type: $type, product_kind: $product) { results {
    id indexed_data { id account_id board_id item_id title summary content type product_kind created_at updated_at }
    live_data { id title }
  } }
} }`;

describe('search.docs', () => {
  it.each(versionsWith('Query.search'))('finds the caller’s docs by name at %s', async (version) => {
    const post = await serve();
    expect(results(await post(version, DOCS, { q: 'HANDBOOK' }), 'docs')).toEqual([
      {
        id: '7601',
        indexed_data: { id: '7601', name: 'Team handbook', workspace_id: '7001' },
        live_data: { id: '7601', name: 'Team handbook' },
      },
    ]);
    const inMarketing = results(await post(version, DOCS, { q: 'a', w: ['7002'] }), 'docs');
    expect(inMarketing.map((result) => result.id)).toEqual(['7602']);
  });

  it('never shows another account’s docs, nor a deleted one, and honours date_range', async () => {
    const post = await serve();
    expect(results(await post('2026-10', DOCS, { q: 'Master plan' }), 'docs')).toEqual([]);
    expect(results(await post('2026-10', DOCS, { q: 'Master plan' }, DEMO_OTHER_ACCOUNT_TOKEN), 'docs')).toHaveLength(
      1,
    );
    const created = await post(
      '2026-10',
      'mutation { create_doc(location: { workspace: { workspace_id: 7001, name: "Launch checklist" } }) { id } }',
    );
    expect(created.errors).toBeUndefined();
    const since = (range: Record<string, string>) => post('2026-10', DOCS, { q: 'checklist', range });
    expect(results(await since({ created_after: '2026-11-01T00:00:00Z' }), 'docs')).toHaveLength(1);
    expect(results(await since({ created_before: '2026-11-01T00:00:00Z' }), 'docs')).toEqual([]);
    const instant = '2026-11-25T12:00:00Z';
    expect(results(await since({ updated_after: instant, updated_before: instant }), 'docs')).toHaveLength(1);
    expect(results(await post('2026-10', DOCS, { q: 'Campaign brief' }), 'docs')).toHaveLength(1);
    const deleted = await post('2026-10', 'mutation { delete_workspace(workspace_id: 7002) { id } }');
    expect(deleted.errors).toBeUndefined();
    expect(results(await post('2026-10', DOCS, { q: 'Campaign brief' }), 'docs')).toEqual([]);
  });

  it('is not in 2026-04, which has no search', async () => {
    const post = await serve();
    const body = await post('2026-04', DOCS, { q: 'x' });
    expect(body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('search.timeline_items', () => {
  it('finds timeline items by title, summary or content (2026-10)', async () => {
    const post = await serve();
    const found = results(await post('2026-10', TIMELINE, { q: 'po number' }), 'timeline_items');
    expect(found).toEqual([
      {
        id: '9101',
        indexed_data: {
          id: '9101',
          account_id: '1001',
          board_id: '3005',
          item_id: '4000121',
          title: 'Call with Initech about invoices',
          summary: 'Agreed to resend the invoice',
          content: 'They need the PO number on it.',
          type: 'custom',
          product_kind: 'core',
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
        live_data: { id: '9101', title: 'Call with Initech about invoices' },
      },
    ]);
    expect(results(await post('2026-10', TIMELINE, { q: 'print shop' }), 'timeline_items').map((r) => r.id)).toEqual([
      '9102',
    ]);
  });

  it('narrows by item, kind and product, and keeps to the caller’s account', async () => {
    const post = await serve();
    expect(
      results(await post('2026-10', TIMELINE, { q: 'i', items: ['4000101'] }), 'timeline_items').map((r) => r.id),
    ).toEqual(['9102']);
    expect(results(await post('2026-10', TIMELINE, { q: 'Call', type: 'email' }), 'timeline_items')).toEqual([]);
    expect(results(await post('2026-10', TIMELINE, { q: 'Call', product: 'crm' }), 'timeline_items')).toEqual([]);
    expect(results(await post('2026-10', TIMELINE, { q: 'Quarterly' }), 'timeline_items')).toEqual([]);
    expect(
      results(await post('2026-10', TIMELINE, { q: 'Quarterly' }, DEMO_OTHER_ACCOUNT_TOKEN), 'timeline_items').map(
        (r) => r.id,
      ),
    ).toEqual(['9103']);
    const archived = await post('2026-10', 'mutation { archive_item(item_id: 4000121) { id } }');
    expect(archived.errors).toBeUndefined();
    expect(results(await post('2026-10', TIMELINE, { q: 'Initech' }), 'timeline_items')).toEqual([]);
  });

  it('is not in 2026-07, which publishes no timeline item search', async () => {
    const post = await serve();
    const body = await post('2026-07', TIMELINE, { q: 'x' });
    expect(body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('search date_range on boards and items', () => {
  it('keeps a board or item only when its times are inside the range', async () => {
    const post = await serve();
    const query = `query ($range: CrossEntityDateRangeInput) { search {
      boards(query: "roadmap", date_range: $range) { results { id } }
      items(query: "Public launch", date_range: $range) { results { id } }
    } }`;
    const all = await post('2026-10', query, {});
    expect(results(all, 'boards')).toHaveLength(1);
    expect(results(all, 'items')).toHaveLength(1);
    const none = await post('2026-10', query, { range: { updated_after: '2026-01-01T00:00:00Z' } });
    expect(results(none, 'boards')).toEqual([]);
    expect(results(none, 'items')).toEqual([]);
  });
});

describe('search.updates, search.users and search.workspaces', () => {
  const UPDATES = `query ($q: String!, $creators: [ID!], $boards: [ID!]) { search {
    updates(query: $q, creator_ids: $creators, board_ids: $boards) { results {
      id indexed_data { id board_id item_id creator_id body } live_data { id }
    } }
  } }`;
  const USERS =
    'query ($q: String!) { search { users(query: $q) { results { id indexed_data { name email } live_data { id } } } } }';
  /** 2026-07 answers the indexed fields only; 2026-10 adds `live_data`. */
  const workspaces = (version: string) => `query ($q: String!, $kind: String) { search {
    workspaces(query: $q, kind: $kind) { results { id indexed_data { name kind state } ${version === '2026-10' ? 'live_data { id name }' : ''} } }
  } }`;

  it('finds updates by their text, by board and author (2026-10)', async () => {
    const post = await serve();
    expect(results(await post('2026-10', UPDATES, { q: 'sales' }), 'updates')).toEqual([
      {
        id: '9001',
        indexed_data: {
          id: '9001',
          board_id: '3001',
          item_id: '4000001',
          creator_id: '501',
          body: 'Launch date agreed with sales: 1 November.',
        },
        live_data: { id: '9001' },
      },
    ]);
    const byGrace = results(await post('2026-10', UPDATES, { q: 'the', creators: ['502'] }), 'updates');
    expect(byGrace.map((result) => result.id)).toEqual(['9002', '9005']);
    const onRoadmap = results(
      await post('2026-10', UPDATES, { q: 'the', creators: ['502'], boards: ['3001'] }),
      'updates',
    );
    expect(onRoadmap.map((result) => result.id)).toEqual(['9002']);
    expect(results(await post('2026-10', UPDATES, { q: 'dawn' }), 'updates')).toEqual([]);
  });

  it('finds users by name or email, and workspaces by name and kind', async () => {
    const post = await serve();
    const users = results(await post('2026-10', USERS, { q: 'grace@' }), 'users');
    expect(users).toEqual([
      { id: '502', indexed_data: { name: 'Grace Hopper', email: 'grace@acme.example' }, live_data: { id: '502' } },
    ]);
    expect(results(await post('2026-10', USERS, { q: 'Hank' }), 'users')).toEqual([]);
    for (const version of versionsWith('Query.search')) {
      const found = results(await post(version, workspaces(version), { q: 'market' }), 'workspaces');
      expect(found).toEqual([
        {
          id: '7002',
          indexed_data: { name: 'Marketing', kind: 'closed', state: 'active' },
          ...(version === '2026-10' ? { live_data: { id: '7002', name: 'Marketing' } } : {}),
        },
      ]);
    }
    expect(results(await post('2026-10', workspaces('2026-10'), { q: 'market', kind: 'open' }), 'workspaces')).toEqual(
      [],
    );
  });

  it('needs the scope of what it finds', async () => {
    const at = Date.parse('2026-11-25T12:00:00Z');
    const emulator = await startTestEmulator({
      engine: createEngine({ clock: { now: () => at } }),
      tokens: [{ token: 'boards-only', accountId: 1001, userId: 501, scopes: ['boards:read'] }],
    });
    for (const [namespace, query] of [
      ['updates', 'updates(query: "sales") { results { id } }'],
      ['users', 'users(query: "grace") { results { id } }'],
      ['workspaces', 'workspaces(query: "market") { results { id } }'],
    ] as const) {
      const response = await postGraphQL(
        emulator,
        { query: `{ search { ${query} } }` },
        { authorization: 'boards-only', 'api-version': '2026-10' },
      );
      const body = (await response.json()) as Body;
      expect(
        body.errors?.map((error) => error.extensions?.code),
        namespace,
      ).toEqual(['USER_UNAUTHORIZED']);
    }
  });
});
