import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const GRAPHQL_SHIM = fileURLToPath(new URL('./src/client/graphql-shim.ts', import.meta.url));
const FROM_GRAPHQL_REQUEST = /[\\/]node_modules[\\/]graphql-request[\\/]/;

/**
 * The same redirect the build applies (see tsup.config.ts): `graphql` imported from graphql-request's
 * files resolves to the client's shim, so tests exercise exactly what ships.
 */
const graphqlShimForGraphqlRequest: Plugin = {
  name: 'graphql-shim-for-graphql-request',
  enforce: 'pre',
  resolveId(source, importer) {
    return source === 'graphql' && importer && FROM_GRAPHQL_REQUEST.test(importer) ? GRAPHQL_SHIM : null;
  },
};

export default defineConfig({
  plugins: [graphqlShimForGraphqlRequest],
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Inlined so the redirect above applies to graphql-request (externalised deps bypass plugins).
    server: { deps: { inline: ['graphql-request'] } },
  },
});
