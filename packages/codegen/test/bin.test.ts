/**
 * The `workspace-platform-codegen` command, run in-process on scratch apps (and once as a process from the
 * build, without the graphql-codegen plugins installed): exit codes of `--check`, `file:line:column`
 * errors for invalid documents, the schema from an SDL file, a URL, WORKSPACE_PLATFORM_BASE_URL or the
 * built-in emulator offline, and the one-line install command when the toolchain is missing.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from 'workspace-platform-emulator';
import { API_VERSION } from 'workspace-platform-sdk';
import { INSTALL_COMMAND } from '../src/settings.js';
import { app, codegen } from './scratch-app.js';

const ME = '# The signed-in user.\nquery Me {\n  me {\n    id\n    name\n  }\n}\n';
const root = join(import.meta.dirname, '..', '..', '..');
const codegenPackage = join(import.meta.dirname, '..');
const ARGS = ['--documents', 'src/**/*.graphql', '--output', 'src/platform.generated.ts'];

let emulator: Emulator;
let sdlServer: Server;
let sdlUrl: string;
beforeAll(async () => {
  // Strict, so an unsupported version is refused (the platform itself would route it).
  emulator = await startEmulator({ port: 0, versionRouting: 'refuse' });
  const sdl = await (await fetch(`${emulator.baseUrl}/v2/get_schema?format=sdl&version=${API_VERSION}`)).text();
  sdlServer = createServer((request, response) => {
    const ok = request.method === 'GET' && request.url === '/schema.graphql';
    response.writeHead(ok ? 200 : 404, { 'content-type': 'text/plain' }).end(ok ? sdl : 'no such schema');
  });
  await new Promise<void>((resolve) => sdlServer.listen(0, '127.0.0.1', resolve));
  sdlUrl = `http://127.0.0.1:${(sdlServer.address() as AddressInfo).port}/schema.graphql`;
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => sdlServer.close(resolve));
});

describe('workspace-platform-codegen', () => {
  it("generates typed documents offline, from the emulator's published schema, and --check then exits 0", async () => {
    const dir = app({ 'src/me.graphql': ME });
    const first = await codegen(dir, ARGS);
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(
      new RegExp(
        `wrote src/platform\\.generated\\.ts \\(1 operations, API version ${API_VERSION}, schema from the emulator's published schema`,
      ),
    );
    const generated = readFileSync(join(dir, 'src/platform.generated.ts'), 'utf8');
    expect(generated).toContain('export const MeDocument');
    expect(generated).toContain('export type MeQuery = { me: { id: string, name: string } | null };');
    expect(generated).toContain('export type MeQueryVariables');
    expect(generated).toContain(`{"apiVersion":"${API_VERSION}"}`);
    expect(generated).toMatch(/\/\*\*\n \* The signed-in user\.\n \*\n \* The document of the `Me` query/);
    expect((await codegen(dir, [...ARGS, '--check'])).code).toBe(0);
  });

  it('--check exits 1 when the output is stale or missing, and writes nothing', async () => {
    const dir = app({ 'src/me.graphql': ME });
    const missing = await codegen(dir, [...ARGS, '--check']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('src/platform.generated.ts is out of date');
    expect(existsSync(join(dir, 'src/platform.generated.ts'))).toBe(false);
    await codegen(dir, ARGS);
    writeFileSync(join(dir, 'src/me.graphql'), ME.replace('name', 'email'));
    expect((await codegen(dir, [...ARGS, '--check'])).code).toBe(1);
  });

  it('an invalid document exits 1 with file:line:column and the GraphQL error, generating nothing', async () => {
    const dir = app({ 'src/ok.graphql': ME, 'src/boards.graphql': 'query Names {\n  boards {\n    nmae\n  }\n}\n' });
    const result = await codegen(dir, ARGS);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      'src/boards.graphql:3:5: Cannot query field "nmae" on type "Board". Did you mean "name"?',
    );
    expect(existsSync(join(dir, 'src/platform.generated.ts'))).toBe(false);
    const syntax = await codegen(app({ 'src/bad.graphql': 'query {\n  me { id \n' }), ARGS);
    expect(syntax.code).toBe(1);
    expect(syntax.err).toMatch(/^src\/bad\.graphql:3:1: Syntax Error: Expected Name, found <EOF>\./m);
    const anonymous = await codegen(app({ 'src/anon.graphql': '{ me { id } }\n' }), ARGS);
    expect(anonymous.err).toContain('src/anon.graphql:1:1: Every operation needs a name');
  });

  it('reads --schema from an SDL file or a URL (GET, as SDL), and says which one failed', async () => {
    const sdl = 'type Query { hello(name: String!): String }\n';
    const dir = app({
      'src/hello.graphql': 'query Hello($name: String!) { hello(name: $name) }\n',
      'schema.graphql': sdl,
    });
    expect((await codegen(dir, [...ARGS, '--schema', 'schema.graphql'])).code).toBe(0);
    expect(readFileSync(join(dir, 'src/platform.generated.ts'), 'utf8')).toContain(
      'export type HelloQuery = { hello: string | null };',
    );
    const fromUrl = await codegen(app({ 'src/me.graphql': ME }), [...ARGS, '--schema', sdlUrl]);
    expect(fromUrl).toMatchObject({ code: 0, err: '' });
    expect(fromUrl.out).toContain(`schema from ${sdlUrl}`);
    const badFile = await codegen(dir, [...ARGS, '--schema', 'nope.graphql']);
    expect(badFile).toMatchObject({ code: 1, err: 'workspace-platform-codegen: --schema nope.graphql: no such file' });
    const badUrl = await codegen(dir, [...ARGS, '--schema', sdlUrl.replace('schema.graphql', 'other')]);
    expect(badUrl.err).toMatch(/--schema: GET http:\/\/127\.0\.0\.1:\d+\/other answered 404: no such schema/);
  });

  it('reads the schema from WORKSPACE_PLATFORM_BASE_URL at the requested --api-version', async () => {
    const dir = app({ 'src/me.graphql': ME });
    const result = await codegen(dir, [...ARGS, '--api-version', '2025-04'], {
      WORKSPACE_PLATFORM_BASE_URL: emulator.baseUrl,
    });
    expect(result.code).toBe(0);
    expect(result.out).toContain(`schema from ${emulator.baseUrl}/v2/get_schema?format=sdl&version=2025-04`);
    expect(readFileSync(join(dir, 'src/platform.generated.ts'), 'utf8')).toContain('{"apiVersion":"2025-04"}');
    const unsupported = await codegen(dir, [...ARGS, '--api-version', '2019-01'], {
      WORKSPACE_PLATFORM_BASE_URL: emulator.baseUrl,
    });
    // Refused before asking the host: a version this package does not know as published is a usage error.
    expect(unsupported.code).toBe(2);
    expect(unsupported.err).toContain('API version 2019-01 is not published');
    // A schema host that refuses is exit 1, with its answer.
    const refused = await codegen(dir, [
      ...ARGS,
      '--schema',
      `${emulator.baseUrl}/v2/get_schema?format=sdl&version=2019-01`,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('answered 400');
  });

  it('WORKSPACE_PLATFORM_BASE_URL set for another tool, its host down: exit 1 saying how to generate offline', async () => {
    const dir = app({ 'src/me.graphql': ME });
    // A port nothing listens on: the emulator the variable was exported for has stopped.
    const down = await codegen(dir, ARGS, { WORKSPACE_PLATFORM_BASE_URL: 'http://127.0.0.1:9' });
    expect(down.code).toBe(1);
    expect(down.err).toMatch(/WORKSPACE_PLATFORM_BASE_URL: GET http:\/\/127\.0\.0\.1:9\/v2\/get_schema.* failed/);
    expect(down.err).toContain('unset it (env -u WORKSPACE_PLATFORM_BASE_URL ...), or pass --schema');
  });

  it('answers bad arguments with exit 2 and the usage', async () => {
    const dir = app({});
    expect(await codegen(dir, ['--output', 'x.ts'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('Missing --documents.'),
    });
    expect((await codegen(dir, [...ARGS, '--api-version', '2024-13'])).err).toContain('--api-version must be YYYY-MM');
    expect((await codegen(dir, [...ARGS, '--frobnicate'])).code).toBe(2);
    expect((await codegen(dir, ['src/*.graphql'])).code).toBe(2);
    const none = await codegen(dir, ARGS);
    expect(none).toMatchObject({
      code: 1,
      err: expect.stringContaining('No file matches --documents src/**/*.graphql'),
    });
  });

  it('without the graphql-codegen plugins, the built bin fails with one line holding the install command', () => {
    const cli = join(codegenPackage, 'dist', 'cli.js');
    expect(existsSync(cli), 'run `npm run build` first').toBe(true);
    // An app whose node_modules holds the package, its dependencies and the SDK, but not the graphql-codegen plugins.
    const dir = app({ 'src/me.graphql': ME });
    const installed = join(dir, 'node_modules', 'workspace-platform-codegen');
    mkdirSync(installed, { recursive: true });
    cpSync(join(codegenPackage, 'package.json'), join(installed, 'package.json'));
    cpSync(join(codegenPackage, 'dist'), join(installed, 'dist'), { recursive: true });
    for (const [name, target] of [
      ['graphql', join(root, 'node_modules', 'graphql')],
      ['workspace-platform-emulator', join(root, 'packages', 'emulator')],
      ['workspace-platform-sdk', root],
    ] as const)
      symlinkSync(target, join(dir, 'node_modules', name), 'dir');
    const result = spawnSync(process.execPath, [join(installed, 'dist', 'cli.js'), ...ARGS], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `workspace-platform-codegen: @graphql-codegen/typescript-operations is not installed; run: ${INSTALL_COMMAND}`,
    ]);
    expect(INSTALL_COMMAND).toBe(
      'npm install -D @graphql-codegen/typescript-operations@^6.1.9 @graphql-codegen/typed-document-node@^7.1.1',
    );
  });
});
