/**
 * The emulator serves each version's published schema: its SDL, fetched over a socket, has exactly the committed
 * structure-only copy of that version's published SDL (test/fixtures/published-<version>.structure.graphql) once
 * the emulator's own descriptions are taken out, and every resolver names a field of some served version.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { structureOnly } from '../scripts/published-structure.js';
import { ENGINE_VERSIONS, type EngineVersion } from '../src/engine/index.js';
import { DEMO_TOKEN, type Emulator, startEmulator } from '../src/index.js';
import { diffFacts, sdlFacts } from './schema-facts.js';

function fixture(version: string): string {
  return readFileSync(new URL(`./fixtures/published-${version}.structure.graphql`, import.meta.url), 'utf8');
}

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator.close();
});

async function servedSdl(version: EngineVersion): Promise<string> {
  const response = await fetch(`${emulator.baseUrl}/v2/get_schema?format=sdl&version=${version}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('api-version')).toBe(version);
  return response.text();
}

describe('served schema against the published structure', () => {
  it('serves every version it has a committed published structure of, oldest first', () => {
    const fixtures = readdirSync(new URL('./fixtures/', import.meta.url))
      .map((name) => /^published-(\d{4}-\d{2})\.structure\.graphql$/.exec(name)?.[1])
      .filter((version) => version !== undefined)
      .sort();
    expect(ENGINE_VERSIONS).toEqual(fixtures);
  });

  it.each(ENGINE_VERSIONS)('serves %s as its own published structure, exactly', async (version) => {
    const served = await servedSdl(version);
    const published = fixture(version);
    expect(diffFacts(sdlFacts(published), sdlFacts(served))).toEqual({ missing: [], extra: [], changed: [] });
    expect(structureOnly(served)).toBe(published.trimEnd());
  });

  it('answers POST /v2 with the schema of the version in the API-Version header', async () => {
    const typeOf = async (version: string) => {
      const response = await fetch(`${emulator.baseUrl}/v2`, {
        method: 'POST',
        headers: { authorization: DEMO_TOKEN, 'content-type': 'application/json', 'api-version': version },
        body: JSON.stringify({ query: '{ __type(name: "User") { fields { name type { name ofType { name } } } } }' }),
      });
      const body = (await response.json()) as {
        data: {
          __type: { fields: { name: string; type: { name: string | null; ofType: { name: string } | null } }[] };
        };
      };
      const created = body.data.__type.fields.find((field) => field.name === 'created_at');
      return created?.type.name ?? `${created?.type.ofType?.name}!`;
    };
    // User.created_at changed from Date to ISO8601DateTime! in 2026-07 (a published breaking change).
    expect(await typeOf('2026-04')).toBe('Date');
    expect(await typeOf('2026-07')).toBe('ISO8601DateTime!');
  });

  it('reports a difference in nullability, defaults or enum values', () => {
    const base = 'type Query { a(limit: Int = 25): String! } enum E { X Y }';
    expect(diffFacts(sdlFacts(base), sdlFacts('type Query { a(limit: Int = 10): String } enum E { X }'))).toEqual({
      missing: ['E.Y'],
      extra: [],
      changed: ['Query.a(limit:): expected Int = 25, served Int = 10', 'Query.a: expected String!, served String'],
    });
  });

  it('has a field in some served version for every resolver', async () => {
    const { RESOLVERS } = await import('../src/engine/resolvers/index.js');
    const schemas = ENGINE_VERSIONS.map((version) => buildSchema(fixture(version)));
    const unknown = Object.entries(RESOLVERS).flatMap(([typeName, fields]) =>
      Object.keys(fields)
        .filter((field) =>
          schemas.every((schema) => {
            const type = schema.getType(typeName);
            return !(type && 'getFields' in type && type.getFields()[field]);
          }),
        )
        .map((field) => `${typeName}.${field}`),
    );
    expect(unknown).toEqual([]);
  });
});
