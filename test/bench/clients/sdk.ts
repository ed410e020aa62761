/**
 * This package's client, loaded from the BUILT entry (`dist/index.js`) exactly as an app gets it,
 * with every default on: idempotency, rate-limit parsing, retries and throttling.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BENCH_TOKEN } from '../fixture.js';
import type { ClientAdapter } from './types.js';

const distEntry = fileURLToPath(new URL('../../../dist/index.js', import.meta.url));

/** The part of the built module the bench uses. Loaded at run time, so typed here by hand. */
interface SdkModule {
  PlatformClient?: new (options: {
    token: string;
    baseUrl: string;
  }) => {
    boards(variables: { limit: number }): Promise<unknown>;
  };
}

/** `new PlatformClient({ token, baseUrl }).boards({ limit: 5 })`, all defaults. */
export const sdk: ClientAdapter = {
  id: 'sdk',
  name: 'workspace-platform-sdk',
  unavailable: () =>
    existsSync(distEntry) ? undefined : 'dist/index.js is missing: run `npm run build` first to measure this SDK',
  async setup(baseUrl) {
    const module = (await import(pathToFileURL(distEntry).href)) as SdkModule;
    const { PlatformClient } = module;
    if (typeof PlatformClient !== 'function') throw new Error('dist/index.js does not export PlatformClient');
    const client = new PlatformClient({ token: BENCH_TOKEN, baseUrl });
    return () => client.boards({ limit: 5 });
  },
  importAndConstruct: `
    const { PlatformClient } = await import('./dist/index.js');
    globalThis.constructed = new PlatformClient({ token: 't', baseUrl: BASE_URL });`,
  bundleEntry: 'sdk.js',
};
