/** The whole published surface is served; fields the emulator does not model fail clearly with NOT_MODELLED. */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { dataField, errorCodes, run } from './engine-helpers.js';

const engine = createEngine();

describe('fields the emulator does not model', () => {
  it('answer NOT_MODELLED naming the field, with partial data for the rest', async () => {
    const body = await run(engine, 'query Mixed { me { id name } app_installs(app_id: 8501) { app_id } }');
    expect(dataField<{ id: string; name: string }>(body, 'me')).toEqual({ id: '501', name: 'Ada Lovelace' });
    expect(body.data?.app_installs).toBeNull();
    expect(errorCodes(body)).toEqual(['NOT_MODELLED']);
    expect(body.errors?.[0]?.message).toBe('Query.app_installs is not modelled by the emulator');
    expect(body.errors?.[0]?.path).toEqual(['app_installs']);
    expect(body.errors?.[0]?.extensions).toMatchObject({ type_name: 'Query', field_name: 'app_installs' });
  });

  it('name a nested field of a modelled record and keep its siblings', async () => {
    const body = await run(engine, 'query Me { me { id name custom_field_metas { id } account { slug } } }');
    expect(dataField(body, 'me')).toEqual({
      id: '501',
      name: 'Ada Lovelace',
      custom_field_metas: null,
      account: { slug: 'acme' },
    });
    expect(body.errors?.map((error) => error.message)).toEqual([
      'User.custom_field_metas is not modelled by the emulator',
    ]);
    expect(body.errors?.[0]?.path).toEqual(['me', 'custom_field_metas']);
  });

  it('null the nearest nullable parent when the field is non-null, as GraphQL does', async () => {
    const body = await run(engine, 'query Discounts { marketplace_app_discounts(app_id: 1) { discount } }');
    expect(body.data).toBeNull();
    expect(errorCodes(body)).toEqual(['NOT_MODELLED']);
    expect(body.errors?.[0]?.message).toContain('Query.marketplace_app_discounts');
  });

  it('do not stop a mutation of a modelled field from running', async () => {
    const before = engine.store.items.created;
    const body = await run(engine, 'mutation Make { create_item(board_id: 3001, item_name: "Kept") { id name } }');
    expect(body.errors).toBeUndefined();
    expect(engine.store.items.created).toBe(before + 1);
  });
});

describe('custom scalars of the published schema', () => {
  it('coerce CompareValue from a variable of any JSON shape and from a literal', async () => {
    const query = `query Filtered($value: CompareValue!) {
      boards(ids: [3001]) { items_page(limit: 1, query_params: { rules: [{ column_id: "status", compare_value: $value }] }) { cursor } }
    }`;
    for (const value of [[1, 2], 'Done', 3, { from: 1, to: 2 }]) {
      const prepared = engine.prepare({
        query,
        variables: { value },
        grant: { kind: 'personal', accountId: 1001, userId: 501, scopes: ['boards:read'] },
        version: '2025-04',
      });
      expect(prepared.ok).toBe(true);
    }
    const literal = await run(
      engine,
      'query L { boards(ids: [3001]) { items_page(limit: 1, query_params: { rules: [{ column_id: "status", compare_value: [1] }] }) { cursor } } }',
    );
    expect(literal.errors ?? []).toEqual([]);
  });

  it('serialise Date and ISO8601DateTime as strings and JSON as JSON text', async () => {
    const body = await run(
      engine,
      'query Stamps { boards(ids: [3001]) { updated_at items_page(limit: 1) { items { created_at column_values(ids: ["status"]) { value } } } } }',
    );
    expect(body.errors).toBeUndefined();
    const board = dataField<
      { updated_at: unknown; items_page: { items: { created_at: unknown; column_values: { value: unknown }[] }[] } }[]
    >(body, 'boards')[0];
    expect(typeof board?.updated_at).toBe('string');
    expect(typeof board?.items_page.items[0]?.created_at).toBe('string');
    expect(JSON.parse(String(board?.items_page.items[0]?.column_values[0]?.value))).toHaveProperty('index');
  });
});
