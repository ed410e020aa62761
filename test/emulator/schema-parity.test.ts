/**
 * The emulator serves the platform's published schema: its SDL (fetched over a socket) against the committed
 * structure-only copy of the published 2025-04 SDL differs in nothing but the documented version differences.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absentIn, ENGINE_VERSIONS, type EngineVersion, VERSION_DIFFERENCES } from '../../src/emulator/engine/index.js';
import { type Emulator, startEmulator } from '../../src/emulator/index.js';
import { diffFacts, type SchemaFacts, sdlFacts } from './schema-facts.js';

const published = sdlFacts(
  readFileSync(new URL('../fixtures/published-2025-04.structure.graphql', import.meta.url), 'utf8'),
);
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator.close();
});

async function servedFacts(version: EngineVersion): Promise<SchemaFacts> {
  const response = await fetch(`${emulator.baseUrl}/v2/get_schema?format=sdl&version=${version}`);
  expect(response.status).toBe(200);
  return sdlFacts(await response.text());
}

describe('served schema against the published structure', () => {
  it('is identical for 2025-04, the published version', async () => {
    expect(diffFacts(published, await servedFacts('2025-04'))).toEqual({ missing: [], extra: [], changed: [] });
  });

  it('differs for 2024-10 in exactly the documented differences that arrived later', async () => {
    const diff = diffFacts(published, await servedFacts('2024-10'));
    expect(diff).toEqual({ missing: ['Query.boards(latest:)'], extra: [], changed: [] });
  });

  it('differs for every served version in exactly its absent coordinates', async () => {
    for (const version of ENGINE_VERSIONS) {
      const diff = diffFacts(published, await servedFacts(version));
      expect({ version, ...diff }).toEqual({ version, missing: [...absentIn(version)].sort(), extra: [], changed: [] });
    }
    for (const difference of VERSION_DIFFERENCES) expect(published.has(difference.coordinate)).toBe(true);
  });

  it('reports a difference in nullability, defaults or enum values', () => {
    const base = 'type Query { a(limit: Int = 25): String! } enum E { X Y }';
    expect(diffFacts(sdlFacts(base), sdlFacts('type Query { a(limit: Int = 10): String } enum E { X }'))).toEqual({
      missing: ['E.Y'],
      extra: [],
      changed: ['Query.a(limit:): expected Int = 25, served Int = 10', 'Query.a: expected String!, served String'],
    });
  });
});
