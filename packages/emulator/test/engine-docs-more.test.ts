/**
 * Docs beyond create and blocks (src/engine/resolvers/docs.ts and its doc-*.ts helpers): typed blocks, duplicating,
 * deleting, importing HTML, item descriptions, settings and updated_at, and the version history and diff.
 * Docs reference: https://developer.monday.com/api-reference/reference/docs
 */
import { describe, expect, it } from 'vitest';
import { createEngine, type EmulatorStore } from '../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, run } from './engine-helpers.js';

const FIRST_BLOCK = '00000000-0000-4000-8000-000000007611';
const T0 = '2024-09-02T09:00:00Z';

/** An engine whose clock the test moves. */
function clocked(start: string) {
  let now = Date.parse(start);
  const engine = createEngine({ clock: { now: () => now } });
  return { engine, at: (iso: string) => (now = Date.parse(iso)) };
}

function blockTypes(store: EmulatorStore, docId: string): string[] {
  return store.docs.blocksOf(docId).map((block) => block.type);
}

describe('Document fields', () => {
  it('answers updated_at and the seeded settings; a doc made through the API has the plain settings', async () => {
    const { engine, at } = clocked('2026-11-25T12:00:00Z');
    const read = await run(engine, '{ docs(ids: [7601]) { updated_at settings } }');
    const [doc] = dataField<{ updated_at: string; settings: string }[]>(read, 'docs');
    expect(doc?.updated_at).toBe(T0);
    expect(JSON.parse(doc?.settings ?? 'null')).toMatchObject({ fontSize: 'normal', hasTitle: true });
    at('2026-11-26T08:00:00Z');
    await run(
      engine,
      `mutation { update_doc_block(block_id: "${FIRST_BLOCK}", content: "{\\"deltaFormat\\": []}") { id } }`,
    );
    const after = await run(engine, '{ docs(ids: [7601]) { updated_at } }');
    expect(dataField(after, 'docs')).toEqual([{ updated_at: '2026-11-26T08:00:00.000Z' }]);
    // A doc made through the API has the plain settings of a doc nobody styled (the docs give no defaults).
    const made = await run(
      engine,
      'mutation { create_doc(location: { workspace: { workspace_id: 7001, name: "Fresh" } }) { id settings } }',
    );
    expect(made.errors).toBeUndefined();
    const fresh = dataField<{ settings: string }>(made, 'create_doc');
    expect(JSON.parse(fresh.settings)).toEqual(JSON.parse(doc?.settings ?? 'null'));
    expect(JSON.parse(fresh.settings)).toMatchObject({ fontFamily: 'Default', isFullWidthMode: false });
  });
});

describe('create_doc_blocks and delete_doc_blocks', () => {
  it('adds typed blocks in order after a block, reading back their typed content', async () => {
    const engine = createEngine();
    const body = await run(
      engine,
      `mutation { create_doc_blocks(docId: 7601, afterBlockId: "${FIRST_BLOCK}", blocksInput: [
        { text_block: { text_block_type: MEDIUM_TITLE, delta_format: [{ insert: { text: "Plan " } }, { insert: { text: "B" }, attributes: { bold: true } }] } },
        { list_block: { list_block_type: NUMBERED_LIST, indentation: 1, delta_format: [{ insert: { text: "first" } }] } },
        { divider_block: {} },
        { notice_box_block: { theme: INFO } }
      ]) { id type doc_id content { __typename
        ... on TextBlockContent { alignment direction delta_format { insert { text } attributes { bold italic } } }
        ... on ListBlockContent { indentation delta_format { insert { text } } }
        ... on NoticeBoxContent { theme } } } }`,
    );
    expect(body.errors).toBeUndefined();
    const blocks = dataField<{ type: string; doc_id: string; content: unknown[] }[]>(body, 'create_doc_blocks');
    expect(blocks.map((block) => [block.type, block.doc_id])).toEqual([
      ['medium_title', '7601'],
      ['numbered_list', '7601'],
      ['divider', '7601'],
      ['notice_box', '7601'],
    ]);
    expect(blocks[0]?.content).toEqual([
      {
        __typename: 'TextBlockContent',
        alignment: 'LEFT',
        direction: 'LTR',
        delta_format: [
          { insert: { text: 'Plan ' }, attributes: null },
          { insert: { text: 'B' }, attributes: { bold: true, italic: null } },
        ],
      },
    ]);
    expect(blocks[1]?.content).toEqual([
      { __typename: 'ListBlockContent', indentation: 1, delta_format: [{ insert: { text: 'first' } }] },
    ]);
    expect(blocks[3]?.content).toEqual([{ __typename: 'NoticeBoxContent', theme: 'INFO' }]);
    // Right after the first block, before the seeded rest, in the order given.
    expect(blockTypes(engine.store, '7601')).toEqual([
      'large_title',
      'medium_title',
      'numbered_list',
      'divider',
      'notice_box',
      'normal_text',
      'bulleted_list',
    ]);
  });

  it('refuses a block input naming no kind or two, and leaves blots and images NOT_MODELLED', async () => {
    const engine = createEngine();
    const two = await run(
      engine,
      'mutation { create_doc_blocks(docId: 7601, blocksInput: [{ divider_block: {}, page_break_block: {} }]) { id } }',
    );
    expect(errorCodes(two)).toEqual(['INVALID_ARGUMENT']);
    const image = await run(
      engine,
      'mutation { create_doc_blocks(docId: 7601, blocksInput: [{ image_block: { public_url: "https://x.example/a.png" } }]) { id } }',
    );
    expect(errorCodes(image)).toEqual(['NOT_MODELLED']);
    const mention = await run(
      engine,
      'mutation { create_doc_blocks(docId: 7601, blocksInput: [{ text_block: { delta_format: [{ insert: { blot: { mention: { id: 501, type: USER } } } }] } }]) { id } }',
    );
    expect(errorCodes(mention)).toEqual(['NOT_MODELLED']);
    expect(engine.store.docs.blocksOf('7601')).toHaveLength(3);
  });

  it('deletes several blocks, checking every id first', async () => {
    const engine = createEngine();
    const [first, second] = engine.store.docs.blocksOf('7601');
    const missing = await run(engine, `mutation { delete_doc_blocks(block_ids: ["${first?.id}", "nope"]) { id } }`);
    expect(errorCodes(missing)).toEqual(['RESOURCE_NOT_FOUND']);
    expect(engine.store.docs.blocksOf('7601')).toHaveLength(3);
    const body = await run(
      engine,
      `mutation { delete_doc_blocks(block_ids: ["${first?.id}", "${second?.id}"]) { id } }`,
    );
    expect(dataField(body, 'delete_doc_blocks')).toEqual([{ id: first?.id }, { id: second?.id }]);
    expect(blockTypes(engine.store, '7601')).toEqual(['bulleted_list']);
  });
});

describe('duplicate_doc, delete_doc and import_doc_from_html', () => {
  it('duplicates a doc with its blocks and deletes a doc, answering { success, id }', async () => {
    const engine = createEngine();
    const copy = JSON.parse(
      dataField<string>(await run(engine, 'mutation { duplicate_doc(docId: 7601) }'), 'duplicate_doc'),
    );
    expect(copy).toEqual({ success: true, id: expect.any(String) });
    const read = await run(engine, `{ docs(ids: [${copy.id}]) { name workspace_id blocks { type } } }`);
    expect(dataField(read, 'docs')).toEqual([
      {
        name: 'Duplicate of Team handbook',
        workspace_id: '7001',
        blocks: [{ type: 'large_title' }, { type: 'normal_text' }, { type: 'bulleted_list' }],
      },
    ]);
    const deleted = JSON.parse(
      dataField<string>(await run(engine, 'mutation { delete_doc(docId: 7601) }'), 'delete_doc'),
    );
    expect(deleted).toEqual({ success: true, id: '7601' });
    expect(dataField(await run(engine, '{ docs(ids: [7601]) { id } }'), 'docs')).toEqual([]);
    const again = await run(engine, 'mutation { delete_doc(docId: 7601) }');
    expect(errorCodes(again)).toEqual(['RESOURCE_NOT_FOUND']);
  });

  it('imports HTML into a new doc: titles, text with marks, lists, quotes, code and dividers', async () => {
    const engine = createEngine();
    const html = `<!DOCTYPE html><html><head><title>Launch notes</title><style>p { color: red }</style></head><body>
      <h1>Launch</h1><p>Ship <strong>on time</strong> &amp; <a href="https://example.com/plan">read the plan</a>.</p>
      <ol><li>Build</li><li>Test</li></ol><blockquote>Quality first</blockquote><hr><pre>npm test</pre></body></html>`;
    const body = await run(
      engine,
      'mutation ($html: String!) { import_doc_from_html(html: $html, workspaceId: 7001, folderId: 7101) { success doc_id error } }',
      { variables: { html } },
    );
    const result = dataField<{ success: boolean; doc_id: string; error: null }>(body, 'import_doc_from_html');
    expect(result).toMatchObject({ success: true, error: null });
    const doc = engine.store.docs.find(result.doc_id);
    expect(doc).toMatchObject({ name: 'Launch notes', folderId: '7101', kind: 'public' });
    const blocks = engine.store.docs.blocksOf(result.doc_id);
    expect(blocks.map((block) => block.type)).toEqual([
      'large_title',
      'normal_text',
      'numbered_list',
      'numbered_list',
      'quote',
      'divider',
      'code',
    ]);
    expect((blocks[1]?.content as { deltaFormat: unknown } | undefined)?.deltaFormat).toEqual([
      { insert: 'Ship ' },
      { insert: 'on time', attributes: { bold: true } },
      { insert: ' & ' },
      { insert: 'read the plan', attributes: { link: 'https://example.com/plan' } },
      { insert: '.' },
    ]);
  });

  it('takes the first title when the HTML has no title element, and refuses a table', async () => {
    const engine = createEngine();
    const titled = await run(
      engine,
      'mutation { import_doc_from_html(html: "<h2>Agenda</h2><p>Items</p>", workspaceId: 7001) { doc_id } }',
    );
    const id = dataField<{ doc_id: string }>(titled, 'import_doc_from_html').doc_id;
    expect(engine.store.docs.find(id)?.name).toBe('Agenda');
    const table = await run(
      engine,
      'mutation { import_doc_from_html(html: "<table><tr><td>1</td></tr></table>", workspaceId: 7001, title: "T") { doc_id } }',
    );
    expect(errorCodes(table)).toEqual(['NOT_MODELLED']);
    expect(engine.store.docs.all().filter((doc) => doc.name === 'T')).toEqual([]);
  });
});

describe('item descriptions', () => {
  it('sets an item description from markdown, replacing the previous one, and reads it on Item.description', async () => {
    const engine = createEngine();
    const none = await run(engine, '{ items(ids: [4000001]) { description { id } } }');
    expect(dataField(none, 'items')).toEqual([{ description: null }]);
    await run(engine, 'mutation { set_item_description_content(item_id: 4000001, markdown: "Old text") { success } }');
    const body = await run(
      engine,
      'mutation { set_item_description_content(item_id: 4000001, markdown: "# Spec\\n\\n- one\\n- two") { success block_ids error } }',
    );
    const result = dataField<{ success: boolean; block_ids: string[] }>(body, 'set_item_description_content');
    expect(result.success).toBe(true);
    const read = await run(engine, '{ items(ids: [4000001]) { description { id blocks { id type } } } }');
    const [item] = dataField<{ description: { blocks: { id: string; type: string }[] } }[]>(read, 'items');
    expect(item?.description.blocks).toEqual([
      { id: result.block_ids[0], type: 'large_title' },
      { id: result.block_ids[1], type: 'bulleted_list' },
      { id: result.block_ids[2], type: 'bulleted_list' },
    ]);
    // A description is not a workspace doc.
    const docs = await run(engine, '{ docs(limit: 100) { id } }');
    expect(dataField<{ id: string }[]>(docs, 'docs')).toHaveLength(2);
  });
});

describe('doc version history', () => {
  it('groups changes into 5-minute restoring points and diffs two of them', async () => {
    const { engine, at } = clocked('2026-03-02T10:00:00Z');
    const grace = { ...acmeGrant(), userId: 502 };
    await run(
      engine,
      `mutation { update_doc_block(block_id: "${FIRST_BLOCK}", content: "{\\"deltaFormat\\": [{\\"insert\\": \\"Hi\\"}]}") { id } }`,
    );
    at('2026-03-02T10:03:00Z');
    const added = await run(
      engine,
      'mutation { add_content_to_doc_from_markdown(docId: 7601, markdown: "New line") { block_ids } }',
      { grant: grace },
    );
    const [newBlock] = dataField<{ block_ids: string[] }>(added, 'add_content_to_doc_from_markdown').block_ids;
    at('2026-03-02T10:20:00Z');
    const doomed = engine.store.docs.blocksOf('7601')[1];
    await run(engine, `mutation { delete_doc_block(block_id: "${doomed?.id}") { id } }`);
    const history = await run(
      engine,
      '{ doc_version_history(doc_id: 7651) { doc_id restoring_points { date user_ids type } } }',
    );
    expect(dataField(history, 'doc_version_history')).toEqual({
      doc_id: '7651',
      restoring_points: [
        { date: '2026-03-02T10:20:00.000Z', user_ids: ['501'], type: null },
        { date: '2026-03-02T10:03:00.000Z', user_ids: ['501', '502'], type: null },
        { date: T0, user_ids: ['501'], type: null },
      ],
    });
    const bounded = await run(
      engine,
      '{ doc_version_history(doc_id: 7651, since: "2026-01-01T00:00:00Z", until: "2026-03-02T10:10:00Z") { restoring_points { date } } }',
    );
    expect(dataField(bounded, 'doc_version_history')).toEqual({
      restoring_points: [{ date: '2026-03-02T10:03:00.000Z' }],
    });
    const diff = await run(
      engine,
      `{ doc_version_diff(doc_id: 7651, date: "2026-03-02T10:20:00Z", prev_date: "${T0}") {
        doc_id date prev_date blocks { id type content parent_block_id user_id agent_id changes { added deleted changed } } } }`,
    );
    const answer = dataField<{ blocks: { id: string; changes: Record<string, boolean>; user_id: string }[] }>(
      diff,
      'doc_version_diff',
    );
    expect(answer.blocks.map((block) => [block.id, block.changes, block.user_id])).toEqual([
      [FIRST_BLOCK, { added: false, deleted: false, changed: true }, '501'],
      [newBlock, { added: true, deleted: false, changed: false }, '502'],
      [doomed?.id, { added: false, deleted: true, changed: false }, '501'],
    ]);
    const summary = await run(
      engine,
      `{ doc_version_diff(doc_id: 7651, date: "2026-03-02T10:20:00Z", prev_date: "${T0}") { blocks { summary } } }`,
    );
    expect(errorCodes(summary)[0]).toBe('NOT_MODELLED');
    const bad = await run(engine, '{ doc_version_history(doc_id: 7651, since: "last week") { doc_id } }');
    expect(errorCodes(bad)).toEqual(['INVALID_ARGUMENT']);
  });

  it('serves the history from 2026-04, not before', async () => {
    const engine = createEngine();
    const early = await run(engine, '{ doc_version_history(doc_id: 7651) { doc_id } }', { version: '2026-01' });
    expect(errorCodes(early)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });
});
