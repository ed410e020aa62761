/**
 * `Document.settings` of a doc made through the API, over a real socket: the plain settings of a doc nobody styled,
 * the same a sample doc answers (the docs give no defaults; see the head of src/engine/resolvers/docs.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { askGraphQL, closeTestEmulators, startTestEmulator } from './server-helpers.js';

afterEach(closeTestEmulators);

describe('Document.settings over HTTP', () => {
  it('answers the plain settings for a doc made with create_doc', async () => {
    const emulator = await startTestEmulator();
    const made = await askGraphQL(
      emulator,
      '2025-10',
      'mutation { create_doc(location: { workspace: { workspace_id: 7001, name: "Notes" } }) { id settings } }',
    );
    expect(made.errors).toBeUndefined();
    const { id, settings } = (made.data?.create_doc ?? {}) as { id?: string; settings?: string };
    expect(JSON.parse(settings ?? 'null')).toMatchObject({ fontSize: 'normal', hasTitle: true, fontFamily: 'Default' });
    const read = await askGraphQL(emulator, '2025-10', 'query ($ids: [ID!]) { docs(ids: $ids) { settings } }', {
      ids: [id],
    });
    expect(read.data?.docs).toEqual([{ settings }]);
  });
});
