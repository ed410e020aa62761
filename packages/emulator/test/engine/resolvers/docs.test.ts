/** Docs and doc blocks in the engine: listing, block order, changes, scopes and account isolation. */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, run } from '../../engine-helpers.js';

const B = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
type Block = { id: string; type: string; content: string };

async function blocksOf(engine: ReturnType<typeof createEngine>, docId: string): Promise<Block[]> {
  const body = await run(engine, `{ docs(ids: [${docId}]) { blocks(limit: 100) { id type content } } }`);
  return dataField<{ blocks: Block[] }[]>(body, 'docs')[0]?.blocks ?? [];
}

describe('docs', () => {
  it('lists the account docs by workspace, object id and order, with their workspace and author', async () => {
    const engine = createEngine();
    const body = await run(
      engine,
      '{ docs(workspace_ids: [7002]) { id object_id name doc_folder_id url workspace { name } created_by { name } } }',
    );
    expect(dataField(body, 'docs')).toEqual([
      {
        id: '7602',
        object_id: '7652',
        name: 'Campaign brief',
        doc_folder_id: '7102',
        url: 'https://acme.platform.example/docs/7652',
        workspace: { name: 'Marketing' },
        created_by: { name: 'Grace Hopper' },
      },
    ]);
    expect(dataField(await run(engine, '{ docs(object_ids: [7651, 7653]) { id } }'), 'docs')).toEqual([{ id: '7601' }]);
    expect(errorCodes(await run(engine, '{ docs { id } }', { grant: acmeGrant(['me:read']) }))).toEqual([
      'USER_UNAUTHORIZED',
    ]);
  });

  it('answers blocks in document order with their content as JSON text', async () => {
    const engine = createEngine();
    const blocks = await blocksOf(engine, '7601');
    expect(blocks.map((block) => block.id)).toEqual([B(7611), B(7612), B(7613)]);
    expect(JSON.parse(blocks[0]?.content ?? 'null')).toMatchObject({ deltaFormat: [{ insert: 'Welcome' }] });
  });

  it('creates a doc in a workspace folder, then adds, updates and deletes blocks', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const engine = createEngine({ clock: { now: () => now } });
    const made = await run(
      engine,
      'mutation { create_doc(location: { workspace: { workspace_id: 7001, name: "Notes", folder_id: 7101, kind: private } }) { id doc_kind doc_folder_id } }',
    );
    const doc = dataField<{ id: string; doc_kind: string }>(made, 'create_doc');
    expect(doc).toMatchObject({ doc_kind: 'private', doc_folder_id: '7101' });
    const first = await run(
      engine,
      `mutation { create_doc_block(doc_id: ${doc.id}, type: normal_text, content: "{\\"deltaFormat\\":[{\\"insert\\":\\"one\\"}]}") { id } }`,
    );
    const third = await run(
      engine,
      `mutation { create_doc_block(doc_id: ${doc.id}, type: normal_text, content: {deltaFormat: [{insert: "three"}]}) { id } }`,
    );
    const firstId = dataField<{ id: string }>(first, 'create_doc_block').id;
    const second = await run(
      engine,
      `mutation { create_doc_block(doc_id: ${doc.id}, type: quote, content: "{}", after_block_id: "${firstId}") { id } }`,
    );
    const ids = [first, second, third].map((body) => dataField<{ id: string }>(body, 'create_doc_block').id);
    expect((await blocksOf(engine, doc.id)).map((block) => block.id)).toEqual(ids);
    const before = engine.store.docs.blocks.find(ids[0] as string)?.updatedAt;
    now += 5; // the update lands later on the engine's clock
    const updated = await run(
      engine,
      `mutation { update_doc_block(block_id: "${ids[0]}", content: "{\\"x\\":1}") { content updated_at } }`,
    );
    const change = dataField<{ content: string; updated_at: string }>(updated, 'update_doc_block');
    expect(JSON.parse(change.content)).toEqual({ x: 1 });
    expect(change.updated_at > (before ?? '')).toBe(true);
    const deleted = await run(engine, `mutation { delete_doc_block(block_id: "${ids[1]}") { id } }`);
    expect(dataField(deleted, 'delete_doc_block')).toEqual({ id: ids[1] });
    expect((await blocksOf(engine, doc.id)).map((block) => block.id)).toEqual([ids[0], ids[2]]);
  });

  it('refuses bad content, foreign docs and blocks, and the unmodelled board location', async () => {
    const engine = createEngine();
    const notObject = await run(
      engine,
      'mutation { create_doc_block(doc_id: 7601, type: normal_text, content: "[1]") { id } }',
    );
    expect(errorCodes(notObject)).toEqual(['INVALID_ARGUMENT']);
    const foreignDoc = await run(
      engine,
      'mutation { create_doc_block(doc_id: 7603, type: normal_text, content: "{}") { id } }',
    );
    expect(errorCodes(foreignDoc)).toEqual(['RESOURCE_NOT_FOUND']);
    const foreignBlock = await run(
      engine,
      `mutation { update_doc_block(block_id: "${B(7631)}", content: "{}") { id } }`,
    );
    expect(errorCodes(foreignBlock)).toEqual(['RESOURCE_NOT_FOUND']);
    const board = await run(
      engine,
      'mutation { create_doc(location: { board: { item_id: 4000001, column_id: "text" } }) { id } }',
    );
    expect(errorCodes(board)).toEqual(['NOT_MODELLED']);
    const noScope = await run(engine, 'mutation { delete_doc_block(block_id: "x") { id } }', {
      grant: acmeGrant(['boards:read']),
    });
    expect(errorCodes(noScope)).toEqual(['USER_UNAUTHORIZED']);
    expect(await blocksOf(engine, '7601')).toHaveLength(3);
  });
});
