import { describe, expect, it } from 'vitest';
import { createEngine, LEAF_COST, MUTATION_COST, OBJECT_COST } from '../src/engine/index.js';
import { acmeGrant, errorCodes, run } from './engine-helpers.js';

const engine = createEngine();

function prepare(
  query: string,
  extra: { operationName?: string; variables?: Record<string, unknown>; version?: string } = {},
) {
  return engine.prepare({ query, grant: acmeGrant(), version: extra.version ?? engine.defaultVersion, ...extra });
}

function costOf(query: string, variables?: Record<string, unknown>): number {
  const prepared = prepare(query, variables ? { variables } : {});
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.body));
  return prepared.complexity;
}

describe('engine request errors', () => {
  it('reports a syntax error with its location', () => {
    const prepared = prepare('{ boards { id ');
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    const [error] = prepared.body.errors ?? [];
    expect(error?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(error?.locations).toEqual([{ line: 1, column: 15 }]);
    expect(prepared.body.data).toBeUndefined();
  });

  it('reports validation errors with locations', () => {
    const prepared = prepare('{ boards { id nope } }');
    if (prepared.ok) throw new Error('should not validate');
    expect(prepared.body.errors).toEqual([
      expect.objectContaining({
        locations: [{ line: 1, column: 15 }],
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      }),
    ]);
    // User.greeting was removed in 2025-10 (a published breaking change): each version validates against its own schema.
    expect(prepare('{ me { greeting } }', { version: '2025-04' }).ok).toBe(true);
    expect(prepare('{ me { greeting } }', { version: '2025-10' }).ok).toBe(false);
  });

  it('selects the operation by operationName and explains a wrong or missing one', async () => {
    const query = 'query A { me { id } } mutation B { delete_item(item_id: 4000001) { id } }';
    const a = prepare(query, { operationName: 'A' });
    const b = prepare(query, { operationName: 'B' });
    expect(a.ok && a.kind).toBe('query');
    expect(b.ok && b.kind).toBe('mutation');
    for (const [name, message] of [
      ['C', /Unknown operation named "C"/],
      [undefined, /operationName/],
    ] as const) {
      const prepared = prepare(query, name ? { operationName: name } : {});
      if (prepared.ok) throw new Error('should not resolve');
      expect(prepared.body.errors?.[0]?.message).toMatch(message);
      expect(prepared.body.errors?.[0]?.extensions?.code).toBe('OPERATION_RESOLUTION_FAILURE');
    }
    const anonymous = prepare('{ me { id } }');
    expect(anonymous.ok && anonymous.kind).toBe('query');
  });

  it('rejects variables of the wrong type before running anything', async () => {
    const body = await run(engine, 'query ($ids: [ID!]) { boards(ids: $ids) { id } }', { variables: { ids: [{}] } });
    expect(errorCodes(body)).toEqual(['BAD_USER_INPUT']);
    expect(body.data).toBeUndefined();
  });

  it('refuses an unserved version and an empty query', () => {
    const old = prepare('{ me { id } }', { version: '2019-01' });
    expect(!old.ok && old.body.errors?.[0]?.extensions?.code).toBe('UNSUPPORTED_API_VERSION');
    const empty = prepare('  ');
    expect(!empty.ok && empty.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });
});

describe('engine complexity', () => {
  it('follows the documented formula', () => {
    expect(costOf('{ boards(limit: 5) { id name owner { account { slug } } } }')).toBe(1250);
    expect(costOf('{ me { id } }')).toBe(OBJECT_COST + LEAF_COST);
    expect(costOf('{ boards { id } }')).toBe(OBJECT_COST + 25 * LEAF_COST);
    expect(costOf('{ __typename boards(ids: [1, 2]) { id } }')).toBe(OBJECT_COST + 2 * LEAF_COST);
    expect(costOf('mutation { create_item(board_id: 1, item_name: "x") { id } }')).toBe(
      MUTATION_COST + OBJECT_COST + LEAF_COST,
    );
  });

  it('counts limits given by variables and fragments, and is the same every time', () => {
    const query =
      'query ($n: Int) { boards(limit: $n) { ...B } } fragment B on Board { id items_page(limit: 3) { items { id } } }';
    const cost = costOf(query, { n: 4 });
    expect(cost).toBe(OBJECT_COST + 4 * (LEAF_COST + OBJECT_COST + 3 * (OBJECT_COST + LEAF_COST)));
    expect(costOf(query, { n: 4 })).toBe(cost);
    expect(costOf(query, { n: 8 })).toBeGreaterThan(cost);
  });
});
