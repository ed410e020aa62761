/**
 * The `workspace-platform-codegen` command against hostile or unusual input: strings in `.graphql` files that hold
 * backticks, `${...}` or escapes (the output compiles under `tsc --strict`, runs nothing on import and carries the
 * exact document); names that would collide in the output (reported as `file:line:column`, nothing written);
 * selections nested too deep (a `file:line:column` problem, never a stack overflow); thousands of operations
 * (finish within a generous bound: a hang is the defect); credentials in schema URLs (refused or redacted, never
 * printed); and a schema host that trickles or sends too much (bounded).
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Kind, type OperationDefinitionNode, parse } from 'graphql';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCodegenConfig } from '../src/config.js';
import { readSchema, SchemaSourceError } from '../src/schema-source.js';
import { app, codegen } from './scratch-app.js';

const root = join(import.meta.dirname, '..', '..', '..');
const SDL = `
input ItemsQuery { limit: Int }
type Node { id: Int, child: Node }
type Query {
  echo(text: String!): String
  items(query: ItemsQuery): Int
  node: Node
}
`;
const ARGS = ['--documents', 'src/**/*.graphql', '--output', 'src/platform.generated.ts', '--schema', 'schema.graphql'];

/** A scratch app with the test schema beside `files`. */
function appWithSchema(files: Record<string, string>): string {
  return app({ 'schema.graphql': SDL, ...files });
}

/** Runs the command in `cwd` with the test schema's arguments unless told otherwise. */
function run(cwd: string, args: string[] = ARGS, env: NodeJS.ProcessEnv = {}) {
  return codegen(cwd, args, env);
}

/** Type-checks `file` as `tsc --strict` would; returns the diagnostics as text (empty when it compiles). */
function typeErrors(dir: string, file: string): string {
  // The generated file imports its type marker from the SDK; the same type comes from the marker package.
  const text = readFileSync(file, 'utf8').replace(
    "from 'workspace-platform-sdk';",
    "from '@graphql-typed-document-node/core';",
  );
  writeFileSync(file, text);
  mkdirSync(join(dir, 'node_modules', '@graphql-typed-document-node'), { recursive: true });
  symlinkSync(
    join(root, 'node_modules', '@graphql-typed-document-node', 'core'),
    join(dir, 'node_modules', '@graphql-typed-document-node', 'core'),
    'dir',
  );
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noImplicitOverride: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    .join('\n');
}

/** The `text` argument of the first `echo` in `source`, as GraphQL reads it. */
function echoText(source: string): string {
  const operation = parse(source).definitions[0] as OperationDefinitionNode;
  const field = operation.selectionSet.selections[0];
  if (field?.kind !== Kind.FIELD) throw new Error('no echo field');
  const value = field.arguments?.[0]?.value;
  if (value?.kind !== Kind.STRING) throw new Error('no text argument');
  return value.value;
}

describe('documents holding backticks, interpolations and escapes', () => {
  const documents = {
    Backtick: 'query Backtick { echo(text: "`) + String((globalThis as any).__codegenInjected = 1) + (`") }\n',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a `${...}` inside a GraphQL string is the point
    Interpolation: 'query Interpolation { echo(text: "${(globalThis as any).__codegenInterpolated = 1}") }\n',
    Quote: 'query Quote { echo(text: "say \\"hi\\" \\\\ and \\u00e9 \\n done") }\n',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a `${...}` inside a GraphQL string is the point
    Block: 'query Block { echo(text: """a ` b ${c} \\""" d \\ e""") }\n',
  };

  it('compiles under tsc --strict, runs nothing on import, and each document is the exact operation', async () => {
    const dir = appWithSchema(
      Object.fromEntries(Object.entries(documents).map(([name, text]) => [`src/${name}.graphql`, text])),
    );
    const result = await run(dir);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const file = join(dir, 'src/platform.generated.ts');
    expect(typeErrors(dir, file)).toBe('');
    const generated = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const global = globalThis as { __codegenInjected?: unknown; __codegenInterpolated?: unknown };
    expect(global.__codegenInjected).toBeUndefined();
    expect(global.__codegenInterpolated).toBeUndefined();
    for (const [name, text] of Object.entries(documents)) {
      const document = String(generated[`${name}Document`]);
      expect(echoText(document)).toBe(echoText(text));
    }
  });
});

describe('names that would collide in the generated file', () => {
  it('an operation whose result type is also a schema type: file:line:column, nothing written', async () => {
    const dir = appWithSchema({ 'src/items.graphql': '# Items.\nquery Items($q: ItemsQuery) { items(query: $q) }\n' });
    const result = await run(dir);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^src\/items\.graphql:2:1: .*`ItemsQuery`.*schema/m);
    expect(() => readFileSync(join(dir, 'src/platform.generated.ts'))).toThrow();
  });

  it('operations foo and Foo: file:line:column, nothing written', async () => {
    const dir = appWithSchema({
      'src/a.graphql': 'query Foo { echo(text: "a") }\n',
      'src/b.graphql': '\n\nquery foo { echo(text: "b") }\n',
    });
    const result = await run(dir);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^src\/b\.graphql:3:1: .*`FooQuery`.*src\/a\.graphql:1:1/m);
    expect(() => readFileSync(join(dir, 'src/platform.generated.ts'))).toThrow();
  });
});

describe('size and depth', () => {
  it('selections nested deeper than the limit: file:line:column, not a stack overflow', async () => {
    const depth = 5000;
    const deep = `query Deep {\n  node { ${'child { '.repeat(depth)}id${' }'.repeat(depth)} }\n}\n`;
    const result = await run(appWithSchema({ 'src/deep.graphql': deep }));
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^src\/deep\.graphql:2:\d+: .*nest/m);
    expect(result.err).not.toMatch(/Maximum call stack/);
  });

  it('2,000 operations finish (a hang is the defect; figures: test/bench/codegen-scale.ts)', async () => {
    const count = 2000;
    // Each a page of items with their column values, against the built-in emulator's schema (as an app has them).
    const operation = (i: number) =>
      `# Page ${i}.\nquery Op${i}($id: ID!) { boards(ids: [$id]) { id items_page(limit: 5) { cursor items { id name column_values { id text value } } } } }\n`;
    const dir = appWithSchema({ 'src/many.graphql': Array.from({ length: count }, (_, i) => operation(i)).join('\n') });
    const started = performance.now();
    const result = await run(dir, ARGS.slice(0, 4));
    expect(result.err).toBe('');
    expect(result.out).toContain(`(${count} operations`);
    // A generous bound that only catches a hang (most of the test's 90 s); the figures are the bench's.
    expect(performance.now() - started).toBeLessThan(80_000);
    const generated = readFileSync(join(dir, 'src/platform.generated.ts'), 'utf8');
    expect(generated.match(/\* The document of the `Op\d+` query/g)).toHaveLength(count);
  }, 90_000);
});

describe('credentials and hostile schema hosts', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname === '/schema.graphql') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end(SDL);
      } else if (url.pathname === '/trickle') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => response.write('#'), 50);
        response.on('close', () => clearInterval(timer));
      } else if (url.pathname === '/huge') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(`${'#'.repeat(2 * 1024 * 1024)}\n${SDL}`);
      } else {
        response.writeHead(404, { 'content-type': 'text/plain' }).end(`no such schema: ${request.url}`);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const args = ['--documents', 'src/**/*.graphql', '--output', 'src/platform.generated.ts'];
  const ECHO = { 'src/echo.graphql': 'query Echo { echo(text: "x") }\n' };

  it('a ?token= in --schema is never printed, on success or failure', async () => {
    const ok = await run(appWithSchema(ECHO), [...args, '--schema', `${base}/schema.graphql?token=s3cr3t-t0k3n`]);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain(`${base}/schema.graphql`);
    const missing = await run(appWithSchema(ECHO), [...args, '--schema', `${base}/nothing?token=s3cr3t-t0k3n&x=1`]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('answered 404');
    for (const printed of [ok.out, ok.err, missing.out, missing.err]) expect(printed).not.toContain('s3cr3t');
  });

  it('credentials in WORKSPACE_PLATFORM_BASE_URL or a --schema URL are refused without being printed', async () => {
    const userinfo = base.replace('http://', 'http://someone:s3cr3t-pw@');
    const fromEnv = await run(appWithSchema(ECHO), args, { WORKSPACE_PLATFORM_BASE_URL: userinfo });
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.err).toMatch(/WORKSPACE_PLATFORM_BASE_URL must not carry credentials/);
    const fromArg = await run(appWithSchema(ECHO), [...args, '--schema', `${userinfo}/schema.graphql`]);
    expect(fromArg.code).toBe(1);
    expect(fromArg.err).toMatch(/--schema must not carry credentials/);
    const tokenInEnv = await run(appWithSchema(ECHO), args, {
      WORKSPACE_PLATFORM_BASE_URL: `${base}/?token=s3cr3t-pw`,
    });
    for (const printed of [fromEnv.err, fromArg.err, fromEnv.out, fromArg.out, tokenInEnv.out, tokenInEnv.err])
      expect(printed).not.toContain('s3cr3t');
  });

  it('platformCodegenConfig refuses credentials in its schema URL without printing them', () => {
    const options = { documents: 'src/*.graphql', output: 'out.ts' };
    expect(() => platformCodegenConfig({ ...options, schema: 'https://me:s3cr3t@host.test/schema.graphql' })).toThrow(
      /^schema must not carry credentials \(user:password@\)\.$/,
    );
    expect(platformCodegenConfig({ ...options, schema: 'https://host.test/schema.graphql' }).schema).toHaveLength(1);
  });

  it('a schema host that trickles is cut at the deadline; one that sends too much, at the size cap', async () => {
    const options = {
      apiVersion: '2024-10',
      cwd: tmpdir(),
      env: {},
      limits: { timeoutMs: 300, maxBytes: 1024 * 1024 },
    };
    const started = performance.now();
    const trickle = readSchema({ ...options, schema: `${base}/trickle` });
    await expect(trickle).rejects.toThrow(SchemaSourceError);
    await expect(trickle).rejects.toThrow(/no answer within 0\.3 s/);
    // A generous bound that only catches a hang (a trickle read to its end); the deadline is 0.3 s.
    expect(performance.now() - started).toBeLessThan(20_000);
    // The size cap, on a deadline generous enough that a loaded machine reaches the cap before it.
    const huge = readSchema({ ...options, limits: { ...options.limits, timeoutMs: 30_000 }, schema: `${base}/huge` });
    await expect(huge).rejects.toThrow(/larger than 1048576 bytes/);
  });
});
