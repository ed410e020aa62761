/**
 * Codegen against the emulator equals codegen against the platform: the project's own codegen configuration, run
 * once against a real emulator and once against a tiny HTTP server serving the committed structure-only copy of the
 * published SDL at /v2/get_schema, generates identical files; descriptions a server adds never reach them.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate } from '@graphql-codegen/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCodegenConfig } from 'workspace-platform-codegen';
import { type Emulator, startEmulator } from 'workspace-platform-emulator';
import { API_VERSION } from 'workspace-platform-sdk';
import { schemaUrl } from '../src/settings.js';

const publishedSdl = readFileSync(
  new URL(`../../emulator/test/fixtures/published-${API_VERSION}.structure.graphql`, import.meta.url),
  'utf8',
);
/** The same structure with descriptions on an enum and one of its values, which codegen would copy into comments. */
const describedSdl = publishedSdl
  .replace('enum ColumnType {', '"Kinds of column (a test description)."\nenum ColumnType {')
  .replace('  auto_number\n', '  "Numbers items (a test description)."\n  auto_number\n');

interface SdlServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** A server answering GET /v2/get_schema with `sdl` (any query string) and 404 elsewhere. */
async function serveSdl(sdl: string): Promise<SdlServer> {
  const server = createServer((request, response) => {
    const found = new URL(request.url ?? '/', 'http://localhost').pathname === '/v2/get_schema';
    response.writeHead(found ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(found ? sdl : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let emulator: Emulator;
let published: SdlServer;
let described: SdlServer;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  published = await serveSdl(publishedSdl);
  described = await serveSdl(describedSdl);
});
afterAll(async () => {
  await Promise.all([emulator.close(), published.close(), described.close()]);
});

async function generated(baseUrl: string): Promise<Record<string, string>> {
  const config = platformCodegenConfig({
    documents: 'operations/*.graphql',
    output: 'generated/graphql.ts',
    schema: schemaUrl(baseUrl, API_VERSION),
  });
  const outputs = (await generate(config as Parameters<typeof generate>[0], false)) as {
    filename: string;
    content: string;
  }[];
  return Object.fromEntries(outputs.map((output) => [output.filename, output.content]));
}

describe('codegen parity', () => {
  it('generates the same files from the emulator as from the published schema', async () => {
    const fromEmulator = await generated(emulator.baseUrl);
    expect(Object.keys(fromEmulator)).toEqual(['generated/graphql.ts']);
    expect(fromEmulator).toEqual(await generated(published.baseUrl));
  }, 60_000);

  it("keeps a served schema's descriptions out of the generated files", async () => {
    expect(describedSdl).toContain('(a test description)');
    const fromDescribed = await generated(described.baseUrl);
    expect(fromDescribed['generated/graphql.ts']).not.toContain('a test description');
    expect(fromDescribed).toEqual(await generated(emulator.baseUrl));
  }, 60_000);
});
