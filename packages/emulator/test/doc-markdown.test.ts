/**
 * Docs as markdown (2025-10 on) over a real socket: `add_content_to_doc_from_markdown` turns markdown into blocks,
 * `export_markdown_from_doc` writes a doc (or some of its blocks) back as markdown, and `update_doc_name` renames
 * a doc. What the emulator does not convert is refused by name and nothing is added.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  askGraphQL,
  closeTestEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
  type GraphQLBody,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

type Body = GraphQLBody;

/** The seed's handbook doc: a large title, a paragraph and one bullet. */
const HANDBOOK = '7601';

async function serve() {
  const emulator = await startTestEmulator();
  const post = async (version: string, query: string, variables: Record<string, unknown> = {}, token = DEMO_TOKEN) => {
    return askGraphQL(emulator, version, query, variables, token);
  };
  return { post };
}

/** `body.data[key]`, once the answer is known to hold no errors. */
function field<T>(body: Body, key: string): T {
  expect(body.errors).toBeUndefined();
  return body.data?.[key] as T;
}

/** The one doc `ids` names, with its blocks. */
async function readDoc(post: (q: string, v: Record<string, unknown>) => Promise<Body>, id: string): Promise<Doc> {
  const [doc] = field<Doc[]>(await post(BLOCKS, { doc: [id] }), 'docs');
  if (!doc) throw new Error(`doc ${id} not found`);
  return doc;
}

const codes = (body: Body) => body.errors?.map((error) => error.extensions?.code);

const ADD = `mutation ($doc: ID!, $md: String!, $after: String) {
  add_content_to_doc_from_markdown(docId: $doc, markdown: $md, afterBlockId: $after) { success block_ids error } }`;
const EXPORT_QUERY = `query ($doc: ID!, $blocks: [String!]) {
  export_markdown_from_doc(docId: $doc, blockIds: $blocks) { success markdown error } }`;
const EXPORT_MUTATION = EXPORT_QUERY.replace('query', 'mutation');
const BLOCKS = `query ($doc: [ID!]) { docs(ids: $doc) { name blocks { id type content } } }`;

type Doc = { name: string; blocks: { id: string; type: string; content: string }[] };

describe('docs as markdown', () => {
  it('exports the seed doc as markdown, as a Mutation in 2025-10 and as a Query from 2026-01', async () => {
    const { post } = await serve();
    const expected = '# Welcome\n\nHow we work together.\n\n- Ship small, ship often';
    const old = await post('2025-10', EXPORT_MUTATION, { doc: HANDBOOK });
    expect(old.data?.export_markdown_from_doc).toEqual({ success: true, markdown: expected, error: null });
    const current = await post('2026-10', EXPORT_QUERY, { doc: HANDBOOK });
    expect(current.data?.export_markdown_from_doc).toEqual({ success: true, markdown: expected, error: null });
  });

  it('turns markdown into blocks of the matching types, with inline marks in the delta, and exports them back', async () => {
    const { post } = await serve();
    const markdown = [
      '## Plan',
      '',
      'Ship **fast** and *often*, see [the board](https://example.com/b) or run `npm test`.',
      'A second line of the same paragraph.',
      '',
      '1. First',
      '2. Second',
      '',
      '> Quoted',
      '',
      '```',
      'const a = 1;',
      '```',
    ].join('\n');
    const added = await post('2026-10', ADD, { doc: HANDBOOK, md: markdown });
    const result = field<{ success: boolean; block_ids: string[] }>(added, 'add_content_to_doc_from_markdown');
    expect(result.success).toBe(true);
    expect(result.block_ids).toHaveLength(6);

    const doc = await readDoc((q, v) => post('2026-10', q, v), HANDBOOK);
    const added6 = doc.blocks.slice(-6);
    expect(added6.map((block) => block.id)).toEqual(result.block_ids);
    expect(added6.map((block) => block.type)).toEqual([
      'medium_title',
      'normal_text',
      'numbered_list',
      'numbered_list',
      'quote',
      'code',
    ]);
    expect(JSON.parse(added6[1]?.content ?? '{}').deltaFormat).toEqual([
      { insert: 'Ship ' },
      { insert: 'fast', attributes: { bold: true } },
      { insert: ' and ' },
      { insert: 'often', attributes: { italic: true } },
      { insert: ', see ' },
      { insert: 'the board', attributes: { link: 'https://example.com/b' } },
      { insert: ' or run ' },
      { insert: 'npm test', attributes: { code: true } },
      { insert: '. A second line of the same paragraph.' },
    ]);

    const exported = await post('2026-10', EXPORT_QUERY, { doc: HANDBOOK, blocks: result.block_ids });
    expect(field<{ markdown: string }>(exported, 'export_markdown_from_doc').markdown).toBe(
      [
        '## Plan',
        '',
        'Ship **fast** and *often*, see [the board](https://example.com/b) or run `npm test`. A second line of the same paragraph.',
        '',
        '1. First',
        '2. Second',
        '',
        '> Quoted',
        '',
        '```',
        'const a = 1;',
        '```',
      ].join('\n'),
    );
  });

  it('exports literal *, _ and [ escaped, and the export imports back to the same text, both ways', async () => {
    const { post } = await serve();
    const literal = '# 2 * 3 = 6, snake_case and [not a link](x)';
    const content = JSON.stringify({ deltaFormat: [{ insert: literal }] });
    const made = await post(
      '2026-10',
      `mutation ($doc: ID!, $content: JSON!) {
      create_doc_block(doc_id: $doc, type: normal_text, content: $content) { id } }`,
      { doc: HANDBOOK, content },
    );
    const blockId = field<{ id: string }>(made, 'create_doc_block').id;
    const exported = await post('2026-10', EXPORT_QUERY, { doc: HANDBOOK, blocks: [blockId] });
    const markdown = field<{ markdown: string }>(exported, 'export_markdown_from_doc').markdown;
    expect(markdown).toBe('\\# 2 \\* 3 = 6, snake\\_case and \\[not a link\\](x)');

    const added = await post('2026-10', ADD, { doc: HANDBOOK, md: markdown });
    const [again] = field<{ block_ids: string[] }>(added, 'add_content_to_doc_from_markdown').block_ids;
    const doc = await readDoc((q, v) => post('2026-10', q, v), HANDBOOK);
    const block = doc.blocks.find((candidate) => candidate.id === again);
    expect(block?.type).toBe('normal_text');
    expect(JSON.parse(block?.content ?? '{}').deltaFormat).toEqual([{ insert: literal }]);
    const reexported = await post('2026-10', EXPORT_QUERY, { doc: HANDBOOK, blocks: [again] });
    expect(field<{ markdown: string }>(reexported, 'export_markdown_from_doc').markdown).toBe(markdown);
  });

  it('gives back every ASCII punctuation character, as text, under one or several marks and in code, through export then import', async () => {
    const { post } = await serve();
    const punctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
    const blocks: [string, { insert: string; attributes?: Record<string, unknown> }[]][] = [
      ['large_title', [{ insert: punctuation }]],
      ['normal_text', [{ insert: punctuation }]],
      [
        'normal_text',
        [
          { insert: `${punctuation} ` },
          { insert: punctuation, attributes: { bold: true } },
          { insert: ' ' },
          { insert: punctuation, attributes: { italic: true } },
          { insert: ' ' },
          { insert: punctuation, attributes: { strike: true } },
          { insert: ' ' },
          { insert: punctuation, attributes: { link: 'https://example.com/a_b*c' } },
          { insert: ' ' },
          { insert: punctuation, attributes: { bold: true, italic: true, strike: true, link: 'https://example.com/' } },
        ],
      ],
      ['bulleted_list', [{ insert: punctuation }]],
      ['numbered_list', [{ insert: punctuation }]],
      ['quote', [{ insert: punctuation }]],
      ['code', [{ insert: `${punctuation}\nlet a = b * c_d; // [x] \\n` }]],
    ];
    const ids: string[] = [];
    for (const [type, deltaFormat] of blocks) {
      const made = await post(
        '2026-10',
        `mutation ($doc: ID!, $type: DocBlockContentType!, $content: JSON!) {
        create_doc_block(doc_id: $doc, type: $type, content: $content) { id } }`,
        { doc: HANDBOOK, type, content: JSON.stringify({ deltaFormat }) },
      );
      ids.push(field<{ id: string }>(made, 'create_doc_block').id);
    }
    const exported = await post('2026-10', EXPORT_QUERY, { doc: HANDBOOK, blocks: ids });
    const markdown = field<{ markdown: string }>(exported, 'export_markdown_from_doc').markdown;
    const added = await post('2026-10', ADD, { doc: HANDBOOK, md: markdown });
    const again = field<{ block_ids: string[] }>(added, 'add_content_to_doc_from_markdown').block_ids;
    const doc = await readDoc((q, v) => post('2026-10', q, v), HANDBOOK);
    const read = again.map((id) => doc.blocks.find((candidate) => candidate.id === id));
    expect(read.map((block) => [block?.type, JSON.parse(block?.content ?? '{}').deltaFormat])).toEqual(blocks);
  });

  it('puts the new blocks right after afterBlockId, in order', async () => {
    const { post } = await serve();
    const before = await readDoc((q, v) => post('2026-10', q, v), HANDBOOK);
    const title = before.blocks[0]?.id;
    await post('2026-10', ADD, { doc: HANDBOOK, md: 'one\n\ntwo', after: title });
    const exported = await post('2026-10', EXPORT_QUERY, { doc: HANDBOOK });
    expect(field<{ markdown: string }>(exported, 'export_markdown_from_doc').markdown).toBe(
      '# Welcome\n\none\n\ntwo\n\nHow we work together.\n\n- Ship small, ship often',
    );
    // a "<" that opens no tag is text, not HTML
    const text = await post('2026-10', ADD, { doc: HANDBOOK, md: '< 5 open bugs' });
    expect(field<{ block_ids: string[] }>(text, 'add_content_to_doc_from_markdown').block_ids).toHaveLength(1);
  });

  it('keeps the blocks after afterBlockId in place however many blocks go in before them', async () => {
    // Each new block once took the middle of the gap left by the one before, which float precision runs out of
    // after about fifty halvings: later blocks then landed past the doc's next block.
    const { post } = await serve();
    const title = (await readDoc((q, v) => post('2026-10', q, v), HANDBOOK)).blocks[0]?.id;
    const lines = Array.from({ length: 80 }, (_, index) => `- step ${index}`);
    await post('2026-10', ADD, { doc: HANDBOOK, md: lines.join('\n'), after: title });
    await post('2026-10', ADD, { doc: HANDBOOK, md: 'one more', after: title });
    const exported = await post('2026-10', EXPORT_QUERY, { doc: HANDBOOK });
    expect(field<{ markdown: string }>(exported, 'export_markdown_from_doc').markdown).toBe(
      `# Welcome\n\none more\n\n${lines.join('\n')}\n\nHow we work together.\n\n- Ship small, ship often`,
    );
  });

  it('adds and exports a doc of many blocks at once', { timeout: 20_000 }, async () => {
    // Placing each block once scanned every block of the store, and reading a doc scanned it again per block: a
    // request of this size held the emulator for many minutes.
    const { post } = await serve();
    const lines = Array.from({ length: 100_000 }, (_, index) => `p${index}`);
    const added = field<{ block_ids: string[] }>(
      await post('2026-10', ADD, { doc: HANDBOOK, md: lines.join('\n\n') }),
      'add_content_to_doc_from_markdown',
    );
    expect(added.block_ids).toHaveLength(lines.length);
    const exported = await post('2026-10', EXPORT_QUERY, { doc: HANDBOOK });
    expect(field<{ markdown: string }>(exported, 'export_markdown_from_doc').markdown).toBe(
      `# Welcome\n\nHow we work together.\n\n- Ship small, ship often\n\n${lines.join('\n\n')}`,
    );
  });

  it('refuses markdown it does not convert by name and adds nothing', async () => {
    const { post } = await serve();
    for (const md of [
      'intro\n\n| a | b |\n|---|---|',
      '- [ ] todo',
      'a\n\n---\n\nb',
      '![logo](https://x/y.png)',
      '- a\n  - b',
      '<div>raw</div>',
    ]) {
      const refused = await post('2026-10', ADD, { doc: HANDBOOK, md });
      expect(codes(refused)).toEqual(['NOT_MODELLED']);
      expect(refused.errors?.[0]?.message).toMatch(/markdown.* is not modelled by the emulator/);
    }
    const doc = await readDoc((q, v) => post('2026-10', q, v), HANDBOOK);
    expect(doc.blocks).toHaveLength(3);
  });

  it('renames a doc and answers the new name', async () => {
    const { post } = await serve();
    const renamed = await post(
      '2025-10',
      'mutation ($doc: ID!) { update_doc_name(docId: $doc, name: " Team handbook ") }',
      {
        doc: HANDBOOK,
      },
    );
    // JSON answers are sent JSON-encoded, as every JSON field of the emulator (packages/emulator/src/engine/schema/scalars.ts)
    expect(JSON.parse(renamed.data?.update_doc_name as string)).toEqual({ success: true, name: 'Team handbook' });
    const doc = await readDoc((q, v) => post('2025-10', q, v), HANDBOOK);
    expect(doc.name).toBe('Team handbook');
    const empty = await post('2025-10', 'mutation { update_doc_name(docId: 7601, name: "  ") }');
    expect(codes(empty)).toEqual(['INVALID_ARGUMENT']);
  });

  it('answers at once on a line of unclosed marks, keeping the text whole', { timeout: 20_000 }, async () => {
    // Openers that never close (`[`, `[a](b`, `__a `) once made each scan run to the end of the line: a request of
    // this size held the emulator for minutes. The timeout only guards against that hang.
    const { post } = await serve();
    const lines = ['['.repeat(200_000), '[a](b'.repeat(40_000), '__a '.repeat(50_000)];
    const added = field<{ block_ids: string[] }>(
      await post('2026-10', ADD, { doc: HANDBOOK, md: lines.join('\n\n') }),
      'add_content_to_doc_from_markdown',
    );
    expect(added.block_ids).toHaveLength(3);
    const doc = await readDoc((q, v) => post('2026-10', q, v), HANDBOOK);
    const texts = doc.blocks
      .filter((block) => added.block_ids.includes(block.id))
      .map((block) => (JSON.parse(block.content) as { deltaFormat: { insert: string }[] }).deltaFormat);
    expect(texts.map((delta) => delta.map((op) => op.insert).join(''))).toEqual(lines.map((line) => line.trim()));
  });

  it('keeps another account out, needs boards:write to change, and refuses a block of another doc', async () => {
    const { post } = await serve();
    const other = await post('2026-10', EXPORT_QUERY, { doc: HANDBOOK }, DEMO_OTHER_ACCOUNT_TOKEN);
    expect(codes(other)).toEqual(['RESOURCE_NOT_FOUND']);
    const readOnly = await post('2026-10', ADD, { doc: HANDBOOK, md: 'x' }, DEMO_READ_ONLY_TOKEN);
    expect(readOnly.errors).toHaveLength(1);
    expect(readOnly.data?.add_content_to_doc_from_markdown).toBeNull();
    const goals = await readDoc((q, v) => post('2026-10', q, v), '7602');
    const foreign = await post('2026-10', EXPORT_QUERY, { doc: HANDBOOK, blocks: [goals.blocks[0]?.id] });
    expect(codes(foreign)).toEqual(['RESOURCE_NOT_FOUND']);
  });
});
