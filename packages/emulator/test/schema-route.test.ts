/**
 * GET /v2/get_schema, probed with raw fetch: no auth, SDL or introspection JSON, version honoured.
 */
import { buildClientSchema, buildSchema, type IntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from 'workspace-platform-sdk';
import { createEngine } from '../src/engine/index.js';
import type { Emulator } from '../src/index.js';
import { startTestEmulator } from './server-helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

const schemaUrl = (query: string) => `${emulator.baseUrl}/v2/get_schema${query}`;

describe('GET /v2/get_schema', () => {
  it('serves SDL as text/plain without authentication', async () => {
    const res = await fetch(schemaUrl('?format=sdl'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const schema = buildSchema(await res.text());
    expect(schema.getQueryType()?.getFields().boards).toBeDefined();
    expect(schema.getMutationType()?.getFields().create_item).toBeDefined();
  });

  it('serves introspection JSON by default', async () => {
    const res = await fetch(schemaUrl(''));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { data: IntrospectionQuery };
    const schema = buildClientSchema(body.data);
    expect(schema.getQueryType()?.getFields().boards).toBeDefined();
  });

  it('serves the pinned version by default and any supported version on request', async () => {
    const pinned = await fetch(schemaUrl('?format=sdl'));
    expect(pinned.headers.get('api-version')).toBe(API_VERSION);
    const pinnedSdl = await pinned.text();
    expect(pinnedSdl).toBe(await (await fetch(schemaUrl(`?format=sdl&version=${API_VERSION}`))).text());
    const newest = emulator.versions.at(-1)!;
    const other = await fetch(schemaUrl(`?format=sdl&version=${newest}`));
    expect(other.status).toBe(200);
    expect(other.headers.get('api-version')).toBe(newest);
    expect(await other.text()).toBe(createEngine().sdl(newest));
  });

  it('takes the version from API-Version when the query names none', async () => {
    const oldest = emulator.versions[0]!;
    const res = await fetch(schemaUrl('?format=sdl'), { headers: { 'api-version': oldest } });
    expect(res.headers.get('api-version')).toBe(oldest);
    expect(await res.text()).toBe(createEngine().sdl(oldest));
  });

  it('with strict versions, answers 400 listing the supported versions to an unknown version', async () => {
    const strict = await startTestEmulator({ versionRouting: 'refuse' });
    try {
      const res = await fetch(`${strict.baseUrl}/v2/get_schema?version=2099-12`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(body.errors[0]?.extensions.code).toBe('UNSUPPORTED_API_VERSION');
      expect(body.errors[0]?.message).toContain(API_VERSION);
    } finally {
      await strict.close();
    }
  });

  it('answers a deprecated version with the schema of the version the platform routes it to', async () => {
    const res = await fetch(schemaUrl('?format=sdl&version=2024-10'));
    expect(res.status).toBe(200);
    expect(res.headers.get('api-version')).toBe('2025-04');
    expect(await res.text()).toBe(createEngine().sdl('2025-04'));
  });
});
