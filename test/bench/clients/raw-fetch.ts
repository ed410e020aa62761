/** The floor every other client is compared with: `fetch` with a JSON body, nothing else. */
import { BENCH_API_VERSION, BENCH_TOKEN, BOARDS_QUERY, BOARDS_VARIABLES } from '../fixture.js';
import type { ClientAdapter } from './types.js';

/** Raw `fetch`: one POST, status check, JSON parse. */
export const rawFetch: ClientAdapter = {
  id: 'raw-fetch',
  name: 'raw fetch',
  unavailable: () => undefined,
  async setup(baseUrl) {
    const url = `${baseUrl}/v2`;
    const headers = {
      Authorization: BENCH_TOKEN,
      'API-Version': BENCH_API_VERSION,
      'Content-Type': 'application/json',
    };
    return async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: BOARDS_QUERY, variables: BOARDS_VARIABLES }),
      });
      if (!response.ok) throw new Error(`raw fetch got HTTP ${response.status}`);
      const json = (await response.json()) as { data?: unknown };
      return json.data;
    };
  },
  importAndConstruct: `
    const url = BASE_URL + '/v2';
    const headers = { Authorization: 't', 'API-Version': '2024-10', 'Content-Type': 'application/json' };
    globalThis.constructed = { url, headers, send: globalThis.fetch };`,
  bundleEntry: 'raw-fetch.js',
};
