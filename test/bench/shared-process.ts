/**
 * The per-call measures with every client in ONE process, as an app shares its process with other code: the
 * harness an outside reader writes. Raw fetch, graphql-request, the platform's official client and this SDK each
 * call `boards(limit: 5)` against the bench server in another process. Every round runs each client's slice once,
 * in an order shuffled afresh per round, with a full garbage collection before each slice:
 * - latency: `sharedLatencyCalls` calls one after another per slice, `sharedLatencyRounds` rounds; the figure is
 *   the slice's p50;
 * - throughput and CPU: `sharedThroughputCalls` calls at `inFlight` per slice, `sharedThroughputRounds` rounds; CPU
 *   is `process.cpuUsage()` over the slice.
 * Ratios to raw fetch are medians of per-round ratios (`results.ts`). Unlike `rounds.ts` (slices rotated, no
 * collection between them, kept for `harness-compare.ts`), this is the method of the outside harness, figures and all.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { runSequentialCalls } from './measure/latency.js';
import { runConcurrentCalls } from './measure/throughput.js';
import type { Contender } from './phases.js';
import type { BenchServer } from './server-process.js';
import { percentile } from './stats.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Sizes of the shared-process harness. */
export interface SharedConfig {
  warmupCalls: number;
  sharedLatencyCalls: number;
  sharedLatencyRounds: number;
  sharedThroughputCalls: number;
  sharedThroughputRounds: number;
  inFlight: number;
  /** Whether a full collection runs before each slice (the outside harness's method); false only for probes. */
  collectBeforeSlice?: boolean;
}

/** The outside harness's figures. */
export const SHARED_CONFIG: SharedConfig = {
  warmupCalls: 1000,
  sharedLatencyCalls: 2000,
  sharedLatencyRounds: 10,
  sharedThroughputCalls: 10_000,
  sharedThroughputRounds: 5,
  inFlight: 64,
};

/** A smoke run of the same. */
export const SHARED_QUICK_CONFIG: SharedConfig = {
  warmupCalls: 100,
  sharedLatencyCalls: 200,
  sharedLatencyRounds: 2,
  sharedThroughputCalls: 1000,
  sharedThroughputRounds: 2,
  inFlight: 64,
};

/** `list` in a random order (Fisher-Yates). */
function shuffled<T>(list: readonly T[]): T[] {
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** Warm-up, then the latency rounds and the throughput rounds; fills each contender's samples. */
export async function runSharedProcessRounds(
  contenders: Contender[],
  server: BenchServer,
  config: SharedConfig,
): Promise<void> {
  for (const { call } of contenders) {
    await runSequentialCalls(call, config.warmupCalls);
    await runConcurrentCalls(call, config.warmupCalls * 2, config.inFlight);
  }
  for (let round = 0; round < config.sharedLatencyRounds; round += 1) {
    for (const contender of shuffled(contenders)) {
      if (config.collectBeforeSlice !== false) collectGarbage();
      const run = await runSequentialCalls(contender.call, config.sharedLatencyCalls);
      contender.samples.latencyP50Ms.push(percentile(run.durationsMs, 0.5));
      contender.samples.cpuMicrosPerCallSequential.push(run.cpuMicros / config.sharedLatencyCalls);
    }
  }
  process.stdout.write(`  ${config.sharedLatencyRounds} latency rounds done\n`);
  for (let round = 0; round < config.sharedThroughputRounds; round += 1) {
    for (const contender of shuffled(contenders)) {
      if (config.collectBeforeSlice !== false) collectGarbage();
      const before = await server.stats();
      const run = await runConcurrentCalls(contender.call, config.sharedThroughputCalls, config.inFlight);
      const after = await server.stats();
      const { samples } = contender;
      samples.callsPerSecond.push(config.sharedThroughputCalls / (run.wallMs / 1000));
      samples.cpuMicrosPerCall.push(run.cpuMicros / config.sharedThroughputCalls);
      samples.latencyP50MsConcurrent.push(percentile(run.durationsMs, 0.5));
      samples.serverCpuShare.push((after.cpuMicros - before.cpuMicros) / (run.wallMs * 1000));
    }
  }
  process.stdout.write(`  ${config.sharedThroughputRounds} throughput rounds done\n`);
}
