/** graphql-request used on its own, with a string document, as an app would without an SDK. */
import { GraphQLClient } from 'graphql-request';
import { BENCH_API_VERSION, BENCH_TOKEN, BOARDS_QUERY, BOARDS_VARIABLES } from '../fixture.js';
import type { ClientAdapter } from './types.js';

/** `GraphQLClient.request` with its default configuration. */
export const graphqlRequest: ClientAdapter = {
  id: 'graphql-request',
  name: 'graphql-request 7.4 alone',
  unavailable: () => undefined,
  async setup(baseUrl) {
    const client = new GraphQLClient(`${baseUrl}/v2`, {
      headers: { Authorization: BENCH_TOKEN, 'API-Version': BENCH_API_VERSION },
    });
    return () => client.request(BOARDS_QUERY, BOARDS_VARIABLES);
  },
  importAndConstruct: `
    const { GraphQLClient } = await import('graphql-request');
    globalThis.constructed = new GraphQLClient(BASE_URL + '/v2', { headers: { Authorization: 't', 'API-Version': '2024-10' } });`,
  bundleEntry: 'graphql-request.js',
};
