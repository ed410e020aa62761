/**
 * Build: the client entry (platform-neutral, ESM + CJS + .d.ts), the Redis store, and the Node-only emulator and codegen.
 *
 * The client talks to the API over `fetch` directly and has no runtime dependency of its own (its
 * Idempotency-Keys come from Web Crypto, its RateLimit parser is its own). The emulator keeps
 * `graphql` and `structured-headers` as external dependencies.
 */
import { defineConfig, type Options } from 'tsup';

const client: Options = {
  name: 'client',
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  // Removes everything in dist but the emulator's, codegen's and the Redis store's folders, which those builds clean themselves.
  clean: ['!emulator/**', '!codegen/**', '!redis/**', '!webhooks/**', '!testing/**'],
};

// The Redis store: platform-neutral like the client (it talks to Redis only through the client it is given);
// redis and ioredis are never imported. Its import of the main entry stays an import of this package's own
// main entry, so both entries share one throttle and one set of error classes (`test/api/redis-entry.test.ts`).
const redis: Options = {
  name: 'redis',
  entry: { index: 'src/redis/index.ts' },
  outDir: 'dist/redis',
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  clean: true,
  esbuildPlugins: [
    {
      name: 'main-entry-external',
      setup(build) {
        build.onResolve({ filter: /^\.\.\/index\.js$/ }, () => ({ path: 'workspace-platform-sdk', external: true }));
      },
    },
  ],
};

// The webhook receiver: platform-neutral (Web Crypto, Request and Response only), for any runtime.
const webhooks: Options = {
  name: 'webhooks',
  entry: { index: 'src/webhooks/index.ts' },
  outDir: 'dist/webhooks',
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  clean: true,
};

// The testing kit: an emulator for an app's own test suite, for Node like the emulator it starts.
const testing: Options = {
  name: 'testing',
  entry: { index: 'src/testing/index.ts' },
  outDir: 'dist/testing',
  format: ['esm', 'cjs'],
  platform: 'node',
  target: 'es2022',
  dts: true,
  clean: true,
};

// One config for both emulator entries, so its clean can never race the bin's build. The bin keeps
// its shebang; package.json points at the ESM file. Declarations only for the library entry: the bin
// has no types to offer, and a second entry costs the declaration build a third of its CPU time.
const emulator: Options = {
  name: 'emulator',
  entry: { index: 'src/emulator/index.ts', cli: 'src/emulator/cli.ts' },
  outDir: 'dist/emulator',
  format: ['esm', 'cjs'],
  platform: 'node',
  target: 'es2022',
  dts: { entry: { index: 'src/emulator/index.ts' } },
  clean: true,
};

// The codegen entry (`workspace-platform-sdk/codegen`) and the `workspace-platform-codegen` bin, for Node.
// The graphql-codegen plugins are optional peer dependencies, loaded at run time, never bundled.
const codegen: Options = {
  name: 'codegen',
  entry: { index: 'src/codegen/index.ts', cli: 'src/codegen/cli.ts' },
  outDir: 'dist/codegen',
  format: ['esm', 'cjs'],
  platform: 'node',
  target: 'es2022',
  dts: { entry: { index: 'src/codegen/index.ts' } },
  external: [/^@graphql-codegen\//],
  clean: true,
};

/** The client build, the Redis store's, the webhook receiver's, the testing kit's, the emulator's and codegen's. */
export default defineConfig([client, redis, webhooks, testing, emulator, codegen]);
