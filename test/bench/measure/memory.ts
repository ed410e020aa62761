/**
 * Peak resident memory of one client over many concurrent calls, each client in its own process.
 *
 * The child runs as plain JavaScript, compiled once by esbuild, never through the TypeScript loader: the loader
 * transforms every module a process imports, the SDK's built files included, and its caches held about 11 MB more
 * RSS for the SDK than for raw fetch (whose code is a few lines) before a single call was timed. Measured with one
 * call each and a full GC: 10-13 MB more for the SDK under the loader, the same RSS within 2 MB without it.
 */
import { fileURLToPath } from 'node:url';
import { compiledChild } from './compiled-child.js';
import { runJsonChild } from './json-child.js';

/** Result of one child-process run, in bytes. */
export interface MemorySample {
  /** RSS after import, construction, one call and a full GC. */
  baselineRss: number;
  /** Highest RSS seen while the calls ran. */
  peakRss: number;
}

const childSource = fileURLToPath(new URL('./memory-child.ts', import.meta.url));

/** Spawns `memory-child.ts` for one client and returns what it measured. */
export async function measureMemory(
  id: string,
  baseUrl: string,
  calls: number,
  inFlight: number,
): Promise<MemorySample> {
  const childPath = await compiledChild(childSource);
  return runJsonChild<MemorySample>(
    ['--expose-gc', childPath, id, baseUrl, String(calls), String(inFlight)],
    `memory run of ${id}`,
  );
}
