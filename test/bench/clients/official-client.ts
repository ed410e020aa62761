/**
 * The platform's official client. Its `endpoint` option points it at the bench server; every
 * other setting is left at its default, as an app would use it.
 */
import { ApiClient } from '@mondaydotcomorg/api';
import { BENCH_API_VERSION, BENCH_TOKEN, BOARDS_QUERY, BOARDS_VARIABLES } from '../fixture.js';
import type { ClientAdapter } from './types.js';

/** `ApiClient.request` with a string document. */
export const officialClient: ClientAdapter = {
  id: 'official-client',
  name: 'official client 14.0',
  unavailable: () => undefined,
  async setup(baseUrl) {
    const client = new ApiClient({ token: BENCH_TOKEN, apiVersion: BENCH_API_VERSION, endpoint: `${baseUrl}/v2` });
    return () => client.request(BOARDS_QUERY, BOARDS_VARIABLES);
  },
  importAndConstruct: `
    const { ApiClient } = await import('@mondaydotcomorg/api');
    globalThis.constructed = new ApiClient({ token: 't', apiVersion: '2024-10', endpoint: BASE_URL + '/v2' });`,
  bundleEntry: 'official-client.js',
};
