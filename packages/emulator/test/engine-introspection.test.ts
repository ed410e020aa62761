/**
 * Introspection is capped per request rather than charged: the standard introspection query works, and so do a
 * few `__schema` / `__type` selections, but 300 aliased `__schema` selections (each small, 6.8 MiB together) are
 * refused before anything is resolved.
 */
import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { MAX_INTROSPECTION_ROOTS } from '../src/engine/complexity.js';
import { createEngine } from '../src/engine/index.js';
import { errorCodes, run } from './engine-helpers.js';

const VERSION = '2025-04';

describe('aliased introspection', () => {
  it('300 aliased __schema selections are refused', async () => {
    const aliases = Array.from({ length: 300 }, (_, i) => `s${i}: __schema { types { name kind } }`).join('\n');
    const body = await run(createEngine(), `{ ${aliases} }`, { version: VERSION });
    expect(body.data).toBeUndefined();
    expect(errorCodes(body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(body.errors?.[0]?.message).toMatch(/introspection/);
  });

  it(`up to ${MAX_INTROSPECTION_ROOTS} are served, and so is the standard introspection query`, async () => {
    const engine = createEngine();
    const aliases = Array.from({ length: MAX_INTROSPECTION_ROOTS }, (_, i) => `s${i}: __schema { queryType { name } }`);
    const few = await run(engine, `{ ${aliases.join('\n')} }`, { version: VERSION });
    expect(few.errors).toBeUndefined();
    expect(Object.keys(few.data ?? {})).toHaveLength(MAX_INTROSPECTION_ROOTS);
    const standard = await run(engine, getIntrospectionQuery(), { version: VERSION });
    expect(standard.errors).toBeUndefined();
    expect(standard.data?.__schema).toBeDefined();
  });
});
