import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import SummaryReporter from './test/summary-reporter.js';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One graphql for the whole test run, the CommonJS build that Node itself loads for `import 'graphql'`: the
    // graphql-codegen plugins require() it, and a schema built with the other build is "from another realm".
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The default output, then one plain `N passed, N failed` line for CI logs.
    reporters: ['default', new SummaryReporter()],
  },
});
