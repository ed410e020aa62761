/**
 * Build: the client entry (platform-neutral, ESM + CJS + .d.ts) and the Node-only emulator.
 *
 * The client bundles graphql-request and uuid, and redirects every `graphql` import made from
 * graphql-request's files to `src/client/graphql-shim.ts`: the client hands graphql-request documents
 * it analysed itself, so shipping it loads none of `graphql` (about 160 ms of import time in Node).
 * The emulator keeps the real `graphql` as an external dependency.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { defineConfig, type Options } from 'tsup';

const GRAPHQL_SHIM = fileURLToPath(new URL('./src/client/graphql-shim.ts', import.meta.url));
const FROM_GRAPHQL_REQUEST = /[\\/]node_modules[\\/]graphql-request[\\/]/;

/**
 * Resolves `graphql` to the shim when graphql-request imports it, and keeps every other `graphql`
 * import (the client's lazy `import('graphql')` for AST documents without source text) external.
 * tsup's own externals plugin runs before this one, so `graphql` is listed in `noExternal` to reach it.
 */
const graphqlShimForGraphqlRequest: Plugin = {
  name: 'graphql-shim-for-graphql-request',
  setup(build) {
    build.onResolve({ filter: /^graphql$/ }, (args) =>
      FROM_GRAPHQL_REQUEST.test(args.importer) ? { path: GRAPHQL_SHIM } : { path: args.path, external: true },
    );
  },
};

const client: Options = {
  name: 'client',
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  // Removes everything in dist but the emulator's folder, which the emulator builds clean themselves.
  clean: ['!emulator/**'],
  noExternal: ['graphql-request', 'uuid', 'graphql'],
  esbuildPlugins: [graphqlShimForGraphqlRequest],
};

const emulatorEntries = ['index', 'cli'].filter((name) => existsSync(`src/emulator/${name}.ts`));

// One config for both emulator entries, so its clean can never race the bin's build. The bin keeps
// its shebang; package.json points at the ESM file.
const emulator: Options = {
  name: 'emulator',
  entry: Object.fromEntries(emulatorEntries.map((name) => [name, `src/emulator/${name}.ts`])),
  outDir: 'dist/emulator',
  format: ['esm', 'cjs'],
  platform: 'node',
  target: 'es2022',
  dts: true,
  clean: true,
};

/** The client build, plus the emulator's when its entries exist. */
export default defineConfig(emulatorEntries.length > 0 ? [client, emulator] : [client]);
