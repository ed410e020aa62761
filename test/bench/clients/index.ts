/**
 * Every client the bench compares, raw fetch first (it is the baseline of every ratio).
 * Loaded lazily so a child process measuring one client imports that client alone.
 */
import type { ClientAdapter } from './types.js';

/** Loaders by adapter id, in table order. */
export const ADAPTER_LOADERS: Record<string, () => Promise<ClientAdapter>> = {
  'raw-fetch': async () => (await import('./raw-fetch.js')).rawFetch,
  'graphql-request': async () => (await import('./graphql-request.js')).graphqlRequest,
  'official-client': async () => (await import('./official-client.js')).officialClient,
  sdk: async () => (await import('./sdk.js')).sdk,
};

/** The id of the baseline client. */
export const BASELINE_ID = 'raw-fetch';

/** Loads one adapter by id, failing clearly on an unknown id. */
export async function loadAdapter(id: string): Promise<ClientAdapter> {
  const load = ADAPTER_LOADERS[id];
  if (!load) throw new Error(`unknown bench client "${id}" (known: ${Object.keys(ADAPTER_LOADERS).join(', ')})`);
  return load();
}

/** Loads every adapter, in table order. */
export function loadAllAdapters(): Promise<ClientAdapter[]> {
  return Promise.all(Object.keys(ADAPTER_LOADERS).map(loadAdapter));
}
