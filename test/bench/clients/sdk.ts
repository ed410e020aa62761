/**
 * This package's client, loaded from the BUILT entry (`dist/index.js`) exactly as an app gets it,
 * with every default on: idempotency, rate-limit parsing, retries and throttling. With `BENCH_SDK_APP` set to an
 * app's directory, the package installed in that app is measured instead (the packed tarball or the published
 * package: `npm run bench -- --harnesses --packed` or `--sdk-app <dir>`).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BENCH_TOKEN } from '../fixture.js';
import type { ClientAdapter } from './types.js';

const sdkApp = process.env.BENCH_SDK_APP;

/**
 * The module to import: the repository's build, or a file in the app that re-exports the installed package, so the
 * package resolves from the app as the app's own imports do.
 */
function entryPath(): string {
  if (!sdkApp) return fileURLToPath(new URL('../../../dist/index.js', import.meta.url));
  const reexport = join(sdkApp, 'bench-sdk-entry.mjs');
  if (!existsSync(reexport)) writeFileSync(reexport, "export * from 'workspace-platform-sdk';\n");
  return reexport;
}

const distEntry = entryPath();
const installed = sdkApp ? join(sdkApp, 'node_modules', 'workspace-platform-sdk', 'package.json') : distEntry;

/** The part of the built module the bench uses. Loaded at run time, so typed here by hand. */
interface SdkModule {
  PlatformClient?: new (options: {
    token: string;
    baseUrl: string;
  }) => {
    boards(variables: { limit: number }): Promise<unknown>;
  };
}

/**
 * The boards call of the SDK built at `entry` (a `dist/index.js`, or a module re-exporting the package):
 * `new PlatformClient({ token, baseUrl }).boards({ limit: 5 })`, all defaults. `builds-compare.ts` sets several builds
 * side by side with it.
 */
export async function sdkBoardsCall(entry: string, baseUrl: string): Promise<() => Promise<unknown>> {
  const { PlatformClient } = (await import(pathToFileURL(entry).href)) as SdkModule;
  if (typeof PlatformClient !== 'function') throw new Error(`${entry} does not export PlatformClient`);
  const client = new PlatformClient({ token: BENCH_TOKEN, baseUrl });
  return () => client.boards({ limit: 5 });
}

/** This repository's build (or the package installed in `BENCH_SDK_APP`), through {@link sdkBoardsCall}. */
export const sdk: ClientAdapter = {
  id: 'sdk',
  name: 'workspace-platform-sdk',
  unavailable: () => {
    if (existsSync(installed)) return undefined;
    return sdkApp
      ? `workspace-platform-sdk is not installed in ${sdkApp}`
      : 'dist/index.js is missing: run `npm run build` first to measure this SDK';
  },
  setup: (baseUrl) => sdkBoardsCall(distEntry, baseUrl),
  importAndConstruct: `
    const { PlatformClient } = await import('./dist/index.js');
    globalThis.constructed = new PlatformClient({ token: 't', baseUrl: BASE_URL });`,
  bundleEntry: 'sdk.js',
};
