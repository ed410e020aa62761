/**
 * `Update.original_creation_date` in the engine: the date `create_update` was given, as sent, null when none was;
 * seeded updates have none; `created_at` stays the emulator's clock (src/engine/resolvers/updates.ts).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { dataField, errorCodes, run } from '../../engine-helpers.js';

const CREATE =
  'mutation ($item: ID, $date: String) { create_update(item_id: $item, body: "Imported note", original_creation_date: $date) { id created_at original_creation_date } }';
const READ = 'query ($ids: [ID!]) { updates(ids: $ids) { id original_creation_date } }';

interface Created {
  id: string;
  created_at: string;
  original_creation_date: string | null;
}

describe('original_creation_date', () => {
  it('answers the date create_update was given, as sent, on creation and when read back', async () => {
    const engine = createEngine();
    const created = dataField<Created>(
      await run(engine, CREATE, { version: '2026-10', variables: { item: '4000001', date: '2021-03-04T05:06:07Z' } }),
      'create_update',
    );
    expect(created.original_creation_date).toBe('2021-03-04T05:06:07Z');
    expect(created.created_at).not.toContain('2021');
    const read = dataField<{ id: string; original_creation_date: string }[]>(
      await run(engine, READ, { version: '2026-10', variables: { ids: [created.id] } }),
      'updates',
    );
    expect(read).toEqual([{ id: created.id, original_creation_date: '2021-03-04T05:06:07Z' }]);
  });

  it('answers null when none was given, or a blank one, and for seeded updates', async () => {
    const engine = createEngine();
    for (const date of [undefined, '  ']) {
      const created = dataField<Created>(
        await run(engine, CREATE, { version: '2026-10', variables: { item: '4000001', date } }),
        'create_update',
      );
      expect(created.original_creation_date).toBeNull();
    }
    const seeded = dataField<{ original_creation_date: string | null }[]>(
      await run(engine, READ, { version: '2026-10', variables: { ids: ['9001'] } }),
      'updates',
    );
    expect(seeded).toEqual([{ id: '9001', original_creation_date: null }]);
  });

  it('refuses an unknown item and stores nothing, and is served from 2025-10', async () => {
    const engine = createEngine();
    const before = engine.store.updates.all().length;
    const refused = await run(engine, CREATE, {
      version: '2026-10',
      variables: { item: '999999', date: '2021-01-01' },
    });
    expect(errorCodes(refused)).toEqual(['RESOURCE_NOT_FOUND']);
    expect(engine.store.updates.all()).toHaveLength(before);
    const atOldest = await run(engine, CREATE, {
      version: '2025-04',
      variables: { item: '4000001', date: '2021-01-01' },
    });
    // Both the argument and the field are unknown there.
    expect(new Set(errorCodes(atOldest))).toEqual(new Set(['GRAPHQL_VALIDATION_FAILED']));
    const at202510 = dataField<Created>(
      await run(engine, CREATE, { version: '2025-10', variables: { item: '4000001', date: '2021-01-01' } }),
      'create_update',
    );
    expect(at202510.original_creation_date).toBe('2021-01-01');
  });
});
