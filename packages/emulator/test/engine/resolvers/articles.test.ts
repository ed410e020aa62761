/**
 * Knowledge base articles in the engine, against https://developer.monday.com/api-reference/reference/articles and
 * .../articles-other-types: a draft made in a workspace, published with a privacy and subscribers, read back only
 * once published and only by those a private article lets in, deleted; refusals change nothing.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, globexGrant, run } from '../../engine-helpers.js';

const VERSION = '2026-04';
const grace = { kind: 'personal', accountId: 1001, userId: 502, scopes: acmeGrant().scopes } as const;
const METADATA = `object_id name state privacy_kind workspace_id folder_id creator draft_article_id
  published_article_id updated_at owners { id } subscribers { id }`;

interface Metadata {
  object_id: string;
  name: string | null;
  state: string;
  privacy_kind: string | null;
  folder_id: string | null;
  draft_article_id: string;
  published_article_id: string | null;
  owners: { id: string }[];
  subscribers: { id: string }[];
}

async function createArticle(engine: Engine, args = 'workspace_id: 7001, name: "Onboarding"'): Promise<Metadata> {
  return dataField<Metadata>(
    await run(engine, `mutation { create_article(${args}) { ${METADATA} } }`, { version: VERSION }),
    'create_article',
  );
}

async function read(engine: Engine, id: string, grant = acmeGrant()) {
  return run(
    engine,
    `query ($id: ID!) { articles(object_ids: [$id]) { metadata { object_id name state } blocks { id } } }`,
    {
      version: VERSION,
      variables: { id },
      grant,
    },
  );
}

describe('articles', () => {
  it('reads the seeded published article and pages its blocks', async () => {
    const engine = createEngine();
    const listed = await run(
      engine,
      'query { articles(object_ids: [7681, 7684]) { metadata { object_id name privacy_kind } blocks { type content } } }',
      { version: VERSION },
    );
    expect(dataField(listed, 'articles')).toEqual([
      {
        metadata: { object_id: '7681', name: 'Release checklist', privacy_kind: 'PUBLIC' },
        blocks: [
          { type: 'large_title', content: expect.stringContaining('Before a release') },
          { type: 'normal_text', content: expect.stringContaining('Run the tests') },
        ],
      },
    ]);
    const page = await run(
      engine,
      `query { article_blocks(object_id: 7681, limit: 1, page: 2) {
        id type position parent_block_id published_article_id created_at updated_at created_by { id } content } }`,
      { version: VERSION, grant: grace },
    );
    const [block] = dataField<Record<string, unknown>[]>(page, 'article_blocks');
    expect(block).toEqual({
      id: '00000000-0000-4000-8000-000000007692',
      type: 'normal_text',
      position: 20_000,
      parent_block_id: null,
      published_article_id: '7683',
      created_at: '2024-09-02T09:00:00Z',
      updated_at: '2024-09-02T09:00:00Z',
      created_by: { id: '501' },
      content: expect.any(String),
    });
    expect(JSON.parse(String(block?.content))).toMatchObject({
      deltaFormat: [{ insert: 'Run the tests and tag the build.' }],
    });
  });

  it('creates a draft owned by its creator, which articles does not list until it is published', async () => {
    const engine = createEngine();
    const draft = await createArticle(engine, 'workspace_id: 7001, folder_id: 7101, name: "Onboarding"');
    expect(draft).toMatchObject({
      name: 'Onboarding',
      state: 'draft',
      privacy_kind: null,
      workspace_id: '7001',
      folder_id: '7101',
      creator: '501',
      published_article_id: null,
      owners: [{ id: '501' }],
      subscribers: [],
    });
    expect(draft.draft_article_id).not.toBe(draft.object_id);
    expect(dataField(await read(engine, draft.object_id), 'articles')).toEqual([]);
    const blocks = await run(engine, `query ($id: ID!) { article_blocks(object_id: $id) { id } }`, {
      version: VERSION,
      variables: { id: draft.object_id },
    });
    expect(dataField(blocks, 'article_blocks')).toEqual([]);
  });

  it('publishes with a privacy and subscribers; the published version keeps its id on republishing', async () => {
    const engine = createEngine();
    const { object_id } = await createArticle(engine);
    const publish = `mutation ($id: ID!, $kind: PrivacyKind!, $add: [ID!], $remove: [ID!]) {
      publish_article(object_id: $id, privacy_kind: $kind, add_subscriber_ids: $add, remove_subscriber_ids: $remove,
        folder_id: 7101) { ${METADATA} } }`;
    const first = dataField<Metadata>(
      await run(engine, publish, { version: VERSION, variables: { id: object_id, kind: 'PRIVATE', add: ['502'] } }),
      'publish_article',
    );
    expect(first).toMatchObject({ state: 'published', privacy_kind: 'PRIVATE', folder_id: '7101' });
    expect(first.subscribers).toEqual([{ id: '502' }]);
    expect(first.published_article_id).toMatch(/^\d+$/);
    const again = dataField<Metadata>(
      await run(engine, publish, { version: VERSION, variables: { id: object_id, kind: 'PUBLIC', remove: ['502'] } }),
      'publish_article',
    );
    expect(again).toMatchObject({ privacy_kind: 'PUBLIC', published_article_id: first.published_article_id });
    expect(again.subscribers).toEqual([]);
    expect(dataField(await read(engine, object_id), 'articles')).toEqual([
      { metadata: { object_id, name: 'Onboarding', state: 'published' }, blocks: [] },
    ]);
  });

  it('shows a private article only to its owners, subscribers and subscriber teams', async () => {
    const engine = createEngine();
    const { object_id } = await createArticle(engine);
    await run(engine, `mutation { publish_article(object_id: ${object_id}, privacy_kind: PRIVATE) { state } }`, {
      version: VERSION,
    });
    expect(dataField(await read(engine, object_id, grace), 'articles')).toEqual([]);
    const hidden = await run(engine, `query { article_blocks(object_id: ${object_id}) { id } }`, {
      version: VERSION,
      grant: grace,
    });
    expect(errorCodes(hidden)).toEqual(['RESOURCE_NOT_FOUND']);
    // Team 7202 holds Grace.
    await run(
      engine,
      `mutation { publish_article(object_id: ${object_id}, privacy_kind: PRIVATE, add_subscriber_team_ids: [7202]) { state } }`,
      { version: VERSION },
    );
    expect(dataField<unknown[]>(await read(engine, object_id, grace), 'articles')).toHaveLength(1);
    expect(dataField(await read(engine, object_id, globexGrant()), 'articles')).toEqual([]);
  });

  it('filters by workspace and pages', async () => {
    const engine = createEngine();
    const ids: string[] = [];
    for (const workspace of ['7001', '7001', '7002']) {
      const { object_id } = await createArticle(engine, `workspace_id: ${workspace}, name: "A"`);
      await run(engine, `mutation { publish_article(object_id: ${object_id}, privacy_kind: PUBLIC) { state } }`, {
        version: VERSION,
      });
      ids.push(object_id);
    }
    const listed = async (args: string) =>
      dataField<{ metadata: { object_id: string } }[]>(
        await run(engine, `query ($ids: [ID!]!) { articles(object_ids: $ids, ${args}) { metadata { object_id } } }`, {
          version: VERSION,
          variables: { ids },
        }),
        'articles',
      ).map((article) => article.metadata.object_id);
    expect(await listed('workspace_ids: [7001]')).toEqual(ids.slice(0, 2));
    expect(await listed('limit: 2, page: 2')).toEqual(ids.slice(2));
  });

  it('deletes an article, which is then not found', async () => {
    const engine = createEngine();
    const { object_id } = await createArticle(engine);
    const deleted = await run(engine, `mutation { delete_article(object_id: ${object_id}) { object_id state } }`, {
      version: VERSION,
    });
    expect(dataField(deleted, 'delete_article')).toEqual({ object_id, state: 'deleted' });
    const again = await run(engine, `mutation { delete_article(object_id: ${object_id}) { state } }`, {
      version: VERSION,
    });
    expect(errorCodes(again)).toEqual(['RESOURCE_NOT_FOUND']);
  });

  it('refuses what the rules refuse, and changes nothing', async () => {
    const engine = createEngine();
    const { object_id } = await createArticle(engine);
    const refusals: [string, string, typeof grace | ReturnType<typeof acmeGrant>][] = [
      ['mutation { create_article(workspace_id: 7003) { state } }', 'RESOURCE_NOT_FOUND', acmeGrant()],
      ['mutation { create_article(workspace_id: 7001, folder_id: 7102) { state } }', 'INVALID_ARGUMENT', acmeGrant()],
      ['mutation { create_article(workspace_id: 7001) { state } }', 'USER_UNAUTHORIZED', acmeGrant(['boards:read'])],
      [`mutation { delete_article(object_id: ${object_id}) { state } }`, 'USER_UNAUTHORIZED', grace],
      [
        `mutation { publish_article(object_id: ${object_id}, privacy_kind: PUBLIC, add_subscriber_ids: [601]) { state } }`,
        'RESOURCE_NOT_FOUND',
        acmeGrant(),
      ],
      ['query { article_blocks(object_id: 999) { id } }', 'RESOURCE_NOT_FOUND', acmeGrant()],
    ];
    const before = JSON.stringify(engine.store.articles.all());
    for (const [query, code, grant] of refusals) {
      expect(errorCodes(await run(engine, query, { version: VERSION, grant })), query).toEqual([code]);
    }
    expect(JSON.stringify(engine.store.articles.all())).toBe(before);
  });
});
