import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SummaryReporter from './test/summary-reporter.js';

const require = createRequire(import.meta.url);
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The fast layer: the SDK's unit tests, the webhook receiver's, and the emulator engine's (no socket, no build). */
const UNIT = [
  'test/unit/**/*.test.ts',
  'test/webhooks/**/*.test.ts',
  'packages/emulator/test/engine/**/*.test.ts',
  'packages/emulator/test/engine-*.test.ts',
];
/** Unit tests that need fresh module state (what loads on demand, and when). */
const ISOLATED = ['test/unit/multipart.test.ts'];

export default defineConfig({
  resolve: {
    alias: [
      // One graphql for the whole test run, the CommonJS build that Node itself loads for `import 'graphql'`: the
      // graphql-codegen plugins require() it, and a schema built with the other build is "from another realm".
      { find: /^graphql$/, replacement: require.resolve('graphql') },
      // The three packages by name, from their sources (as tsconfig.json's paths have them), so a test needs no build.
      { find: /^workspace-platform-sdk$/, replacement: source('./src/index.ts') },
      { find: /^workspace-platform-sdk\/webhooks$/, replacement: source('./src/webhooks/index.ts') },
      { find: /^workspace-platform-sdk\/webhooks\/node$/, replacement: source('./src/webhooks/node.ts') },
      { find: /^workspace-platform-sdk\/redis$/, replacement: source('./src/redis/index.ts') },
      { find: /^workspace-platform-sdk\/bulk$/, replacement: source('./src/bulk/index.ts') },
      { find: /^workspace-platform-sdk\/boards$/, replacement: source('./src/boards/index.ts') },
      { find: /^workspace-platform-emulator$/, replacement: source('./packages/emulator/src/index.ts') },
      {
        find: /^workspace-platform-emulator\/testing$/,
        replacement: source('./packages/emulator/src/testing/index.ts'),
      },
      { find: /^workspace-platform-emulator\/schemas$/, replacement: source('./packages/emulator/src/schemas.ts') },
      { find: /^workspace-platform-codegen$/, replacement: source('./packages/codegen/src/index.ts') },
    ],
  },
  test: {
    exclude: ['test/bench/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Built files (dist/) run as Node runs them for an app: not transformed, so the aliases above never reach them
    // and a built entry's own `import 'workspace-platform-sdk'` finds the built SDK.
    server: { deps: { external: [/\/dist\//] } },
    // The default output, then one plain `N passed, N failed` line for CI logs.
    reporters: ['default', new SummaryReporter()],
    // The test layers. `npm run test:unit` runs the first two, the fast loop (no socket, no build, no child process);
    // `npm test` runs them all.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [...UNIT],
          exclude: [...ISOLATED],
          // One module graph for every file: their modules hold no state a test depends on (ISOLATED lists those).
          pool: 'threads',
          isolate: false,
        },
      },
      { extends: true, test: { name: 'unit-isolated', include: [...ISOLATED] } },
      {
        extends: true,
        test: { name: 'emulator', include: ['packages/emulator/test/**/*.test.ts'], exclude: [...UNIT] },
      },
      { extends: true, test: { name: 'codegen', include: ['packages/codegen/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts', 'test/api/**/*.test.ts'] } },
      { extends: true, test: { name: 'browser', include: ['test/browser/**/*.test.ts'] } },
      { extends: true, test: { name: 'runtimes', include: ['test/runtimes/**/*.test.ts'] } },
    ],
  },
});
