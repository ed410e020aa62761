/**
 * Knowledge base articles over a real socket, at the first version that has them: a draft made, published and read
 * back, and the articles carried whole by a saved state loaded in another emulator.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../src/testing/index.js';
import { askGraphQL } from './server-helpers.js';

const VERSION = '2026-04';
const open: TestEmulator[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((emulator) => emulator.close()));
});

async function started(options: Parameters<typeof createTestEmulator>[0] = {}): Promise<TestEmulator> {
  const emulator = await createTestEmulator(options);
  open.push(emulator);
  return emulator;
}

describe('articles over HTTP', () => {
  it('creates, publishes and reads an article, and a saved state carries it', async () => {
    const first = await started();
    const created = await askGraphQL(
      first,
      VERSION,
      'mutation { create_article(workspace_id: 7001, name: "Runbook") { object_id state } }',
    );
    expect(created.errors).toBeUndefined();
    const object_id = (created.data?.create_article as { object_id?: string } | undefined)?.object_id;
    expect(object_id).toMatch(/^\d+$/);
    expect(created.data?.create_article).toEqual({ object_id, state: 'draft' });
    const published = await askGraphQL(
      first,
      VERSION,
      'mutation ($id: ID!) { publish_article(object_id: $id, privacy_kind: PUBLIC) { state privacy_kind } }',
      { id: object_id },
    );
    expect(published.data?.publish_article).toEqual({ state: 'published', privacy_kind: 'PUBLIC' });
    const read =
      'query ($id: ID!) { articles(object_ids: [$id]) { metadata { name state owners { id } } blocks { id } } }';
    const answer = await askGraphQL(first, VERSION, read, { id: object_id });
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      articles: [{ metadata: { name: 'Runbook', state: 'published', owners: [{ id: '501' }] }, blocks: [] }],
    });

    const folder = await mkdtemp(join(tmpdir(), 'emulator-articles-'));
    try {
      const file = join(folder, 'state.json');
      await first.saveState(file);
      const second = await started({ snapshot: file });
      expect(JSON.stringify(second.store.articles.all())).toBe(JSON.stringify(first.store.articles.all()));
      expect((await askGraphQL(second, VERSION, read, { id: object_id })).data).toEqual(answer.data);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
