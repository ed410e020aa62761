/**
 * Build of workspace-platform-sdk: the client entry (platform-neutral, ESM + CJS + .d.ts), the Redis store, the
 * webhook receiver, the bulk jobs and the `workspace-platform` command (Node only). The forwarders of the subpaths
 * that moved to the emulator and codegen packages build after those packages (tsup.moved.config.ts); `npm run build` (scripts/build.mjs) runs it all. Nothing of theirs is bundled here.
 *
 * The client talks to the API over `fetch` directly and has no runtime dependency of its own (its
 * Idempotency-Keys come from Web Crypto, its RateLimit parser is its own).
 */
import { defineConfig, type Options } from 'tsup';

const client: Options = {
  name: 'client',
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  // The declarations of all three entries in one program (types they share, such as the throttle store's, go to one
  // declaration chunk): one program instead of three took the SDK's build from 11.5 to 8 s here.
  dts: {
    entry: {
      index: 'src/index.ts',
      'redis/index': 'src/redis/index.ts',
      'webhooks/index': 'src/webhooks/index.ts',
      'webhooks/node': 'src/webhooks/node.ts',
      'bulk/index': 'src/bulk/index.ts',
      'boards/index': 'src/boards/index.ts',
    },
  },
  // Removes everything in dist but the other entries' folders, which those builds clean themselves.
  clean: [
    '!emulator/**',
    '!codegen/**',
    '!redis/**',
    '!webhooks/**',
    '!testing/**',
    '!bulk/**',
    '!boards/**',
    '!cli/**',
  ],
};

/**
 * The SDK's own entries a separately built entry imports by their package name, so that it shares their classes
 * (one `PlatformError`, one client) instead of bundling copies: the main entry (the specifier '../index.js' in a
 * built file) and the bulk entry ('../bulk/index.js').
 */
const sdkEntriesExternal: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'sdk-entries-external',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/index\.js$/ }, () => ({ path: 'workspace-platform-sdk', external: true }));
    build.onResolve({ filter: /^\.\.\/bulk\/index\.js$/ }, () => ({
      path: 'workspace-platform-sdk/bulk',
      external: true,
    }));
  },
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
  dts: false, // with the client's
  clean: true,
  esbuildPlugins: [sdkEntriesExternal],
};

// The webhook receiver: platform-neutral (Web Crypto, Request and Response only), for any runtime; and its Node
// adapter (`workspace-platform-sdk/webhooks/node`), an entry of its own since its types name node:http's (the
// receiver's must not need @types/node). The adapter imports the receiver's entry, never a copy of it, and nothing
// of Node at run time.
const webhooks: Options = {
  name: 'webhooks',
  entry: { index: 'src/webhooks/index.ts', node: 'src/webhooks/node.ts' },
  outDir: 'dist/webhooks',
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: false, // with the client's
  clean: true,
  esbuildPlugins: [
    {
      name: 'receiver-entry-external',
      setup(build) {
        build.onResolve({ filter: /^\.\/handler\.js$/ }, (args) =>
          args.importer.endsWith('node.ts') ? { path: 'workspace-platform-sdk/webhooks', external: true } : undefined,
        );
      },
    },
  ],
};

// The bulk jobs: platform-neutral (fetch only, no `node:` import). Like the Redis store, its import of the main entry
// stays an import of this package's main entry, so both share one set of error classes (a `BulkJobError` is a
// `PlatformError` of the client's) and the client's own code is not bundled twice.
const bulk: Options = {
  name: 'bulk',
  entry: { index: 'src/bulk/index.ts' },
  outDir: 'dist/bulk',
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: false, // with the client's
  clean: true,
  esbuildPlugins: [sdkEntriesExternal],
};

// The typed boards: platform-neutral, like the bulk jobs; its import of the main entry stays an import of this
// package's main entry (one client, one set of error classes), so a typed board call adds only its own code.
const boards: Options = {
  name: 'boards',
  entry: { index: 'src/boards/index.ts' },
  outDir: 'dist/boards',
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: false, // with the client's
  clean: true,
  esbuildPlugins: [sdkEntriesExternal],
};

// The `workspace-platform` command: Node only (files, streams, signals), ESM, no declarations. It imports the main
// and bulk entries by their package names, so nothing of it reaches the platform-neutral entries.
const cli: Options = {
  name: 'cli',
  entry: { 'workspace-platform': 'src/cli/workspace-platform.ts' },
  outDir: 'dist/cli',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: false,
  clean: true,
  esbuildPlugins: [sdkEntriesExternal],
};

/** The client build, the Redis store's, the webhook receiver's, the bulk and boards entries' and the command's. */
/**
 * What an install unpacks is held to 700 kB (`npm run check:install`), README and declarations included (820 kB
 * unminified, measured on the built package with the bulk entry and the command in). So:
 * - the CommonJS builds are minified whole, names kept (`keepNames`: a stack trace names the SDK's functions and
 *   classes, and `error.name` reads as written);
 * - the ES modules for Node (the bulk entry, the command, the Redis store) have whitespace and syntax minified,
 *   every identifier as written;
 * - the ES modules that browser apps bundle (the client, the webhook receiver) have their syntax minified only:
 *   esbuild drops `@__PURE__` annotations when it minifies whitespace, and without them an app's bundler keeps code
 *   a boards call does not use (measured: 16.72 against 16.32 kB min+gzip for one boards call).
 * The figure now is what `check:install` prints.
 */
function compact(options: Options): Options {
  const bundledByBrowserApps = options.name === 'client' || options.name === 'webhooks';
  return {
    ...options,
    esbuildOptions(esbuild, context) {
      const commonJs = context.format === 'cjs';
      esbuild.minifySyntax = true;
      esbuild.minifyWhitespace = commonJs || !bundledByBrowserApps;
      esbuild.minifyIdentifiers = commonJs;
      esbuild.keepNames = commonJs;
    },
  };
}

export default defineConfig([client, redis, webhooks, bulk, boards, cli].map(compact));
