/**
 * Goodput under rate limits: N `boards` calls fired together at the emulator with a small
 * `minuteRate` window quota and a `concurrency` quota. The end-to-end suite asserts the counts (no 429
 * reaches the caller, none is ever issued); this phase times the run and prints it as a ratio to the
 * quota-dictated minimum. The SDK is the built one, as in every other phase.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_TOKEN, startEmulator } from 'workspace-platform-emulator';

/** The shape of one goodput run. */
export interface GoodputConfig {
  calls: number;
  /** `minuteRate` quota per window. */
  quota: number;
  windowSeconds: number;
  concurrency: number;
}

/** What one run measured. */
export interface GoodputResult extends GoodputConfig {
  elapsedMs: number;
  /** The earliest the last call could have been sent, given the fixed windows: from the first call. */
  minimumMs: number;
  ratio: number;
  succeeded: number;
  failed: number;
  rejected429: number;
  maxConcurrent: number;
}

const distEntry = pathToFileURL(fileURLToPath(new URL('../../dist/index.js', import.meta.url))).href;

interface SdkModule {
  PlatformClient: new (options: {
    token: string;
    baseUrl: string;
  }) => { boards(v: { limit: number }): Promise<unknown> };
}

/** Runs the calls and compares their duration with the fixed-window minimum. */
export async function runGoodput(config: GoodputConfig): Promise<GoodputResult> {
  const { PlatformClient } = (await import(distEntry)) as SdkModule;
  const windowMs = config.windowSeconds * 1000;
  const emulatorStart = Date.now(); // the emulator's windows start when it does (within a millisecond or two)
  const emulator = await startEmulator({
    limits: {
      minuteRate: { quota: config.quota, windowSeconds: config.windowSeconds },
      concurrency: { quota: config.concurrency },
    },
  });
  try {
    const client = new PlatformClient({ token: DEMO_TOKEN, baseUrl: emulator.baseUrl });
    const first = Date.now();
    const outcomes = await Promise.allSettled(Array.from({ length: config.calls }, () => client.boards({ limit: 5 })));
    const elapsedMs = Date.now() - first;
    // The first call lands in window k0; the last of ceil(calls/quota) windows opens (rounds - 1) windows later.
    const k0 = Math.floor((first - emulatorStart) / windowMs);
    const rounds = Math.ceil(config.calls / config.quota);
    const minimumMs = emulatorStart + (k0 + rounds - 1) * windowMs - first;
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    return {
      ...config,
      elapsedMs,
      minimumMs,
      ratio: elapsedMs / minimumMs,
      succeeded,
      failed: config.calls - succeeded,
      rejected429: emulator.stats.rejected429,
      maxConcurrent: emulator.stats.maxConcurrent,
    };
  } finally {
    await emulator.close();
  }
}

/** One line for the report. */
export function formatGoodput(result: GoodputResult): string {
  const verdict = result.failed === 0 && result.rejected429 === 0 && result.ratio <= 1.1 ? 'MET   ' : 'MISSED';
  return (
    `${verdict}  goodput: ${result.calls} boards calls at minuteRate ${result.quota}/${result.windowSeconds}s, ` +
    `concurrency ${result.concurrency}: ${(result.elapsedMs / 1000).toFixed(2)} s against a minimum of ` +
    `${(result.minimumMs / 1000).toFixed(2)} s = ${result.ratio.toFixed(3)}x (target <= 1.10x); ` +
    `${result.succeeded} succeeded, ${result.rejected429} 429s issued, at most ${result.maxConcurrent} in flight\n`
  );
}
