/**
 * The per-call measures with every client in this one process (how `npm run bench` measured them before it ran each
 * client in its own process, `rounds-per-process.ts`): p50 latency and CPU per call at one call in flight, then
 * throughput, p50 latency and CPU per call at many in flight. Each round is cut into slices and every slice runs every
 * client, in an order rotated from slice to slice, so background load lands on all clients alike. Kept for
 * `harness-compare.ts`, which sets the two harnesses side by side and says where their difference goes: the
 * garbage-collection time each slice pays here is counted per client, to compare with each client's own.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { BenchConfig } from './config.js';
import { runSequentialCalls } from './measure/latency.js';
import { runConcurrentCalls } from './measure/throughput.js';
import type { Contender } from './phases.js';
import type { BenchServer } from './server-process.js';
import { percentile, rotate } from './stats.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Garbage-collection time of this process, summed as performance entries arrive. */
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

/** The GC time since the last reading, once the entries of the slice have arrived. */
async function takeGcMs(): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  const taken = gcMs;
  gcMs = 0;
  return taken;
}

/** GC time per call (µs) paid in each client's slices, per round. */
export type SliceGc = Map<string, { sequential: number[]; concurrent: number[] }>;

/**
 * Warm-up (JIT, connections), then `config.rounds` rounds; fills each contender's samples. Resolves with the GC time
 * per call paid during each client's slices.
 */
export async function runInProcessRounds(
  contenders: Contender[],
  server: BenchServer,
  config: BenchConfig,
): Promise<SliceGc> {
  const gc: SliceGc = new Map(contenders.map((c) => [c.adapter.id, { sequential: [], concurrent: [] }]));
  for (const { call } of contenders) {
    await runSequentialCalls(call, config.warmupCalls);
    await runConcurrentCalls(call, config.throughputCalls, config.inFlight);
  }
  const sequentialSlice = Math.ceil(config.latencyCalls / config.slices);
  const concurrentSlice = Math.ceil(config.throughputCalls / config.slices);
  for (let round = 0; round < config.rounds; round += 1) {
    collectGarbage();
    await takeGcMs();
    const durations = new Map<Contender, number[]>(contenders.map((c) => [c, []]));
    const sequentialCpu = new Map<Contender, number>(contenders.map((c) => [c, 0]));
    const sliceGc = new Map(contenders.map((c) => [c, { sequential: 0, concurrent: 0 }]));
    for (let slice = 0; slice < config.slices; slice += 1) {
      for (const contender of rotate(contenders, round + slice)) {
        const run = await runSequentialCalls(contender.call, sequentialSlice);
        durations.get(contender)?.push(...run.durationsMs);
        sequentialCpu.set(contender, (sequentialCpu.get(contender) ?? 0) + run.cpuMicros);
        sliceGc.get(contender)!.sequential += await takeGcMs();
      }
    }
    const totals = new Map(contenders.map((c) => [c, { wallMs: 0, cpuMicros: 0, serverCpuMicros: 0 }]));
    const concurrentDurations = new Map<Contender, number[]>(contenders.map((c) => [c, []]));
    for (let slice = 0; slice < config.slices; slice += 1) {
      for (const contender of rotate(contenders, round + slice)) {
        const before = await server.stats();
        const run = await runConcurrentCalls(contender.call, concurrentSlice, config.inFlight);
        sliceGc.get(contender)!.concurrent += await takeGcMs();
        const after = await server.stats();
        const total = totals.get(contender);
        if (!total) continue;
        total.wallMs += run.wallMs;
        total.cpuMicros += run.cpuMicros;
        total.serverCpuMicros += after.cpuMicros - before.cpuMicros;
        concurrentDurations.get(contender)?.push(...run.durationsMs);
      }
    }
    for (const contender of contenders) {
      const { samples } = contender;
      const total = totals.get(contender) ?? { wallMs: Number.NaN, cpuMicros: Number.NaN, serverCpuMicros: Number.NaN };
      const sequentialCalls = sequentialSlice * config.slices;
      const concurrentCalls = concurrentSlice * config.slices;
      samples.latencyP50Ms.push(percentile(durations.get(contender) ?? [], 0.5));
      samples.latencyP50MsConcurrent.push(percentile(concurrentDurations.get(contender) ?? [], 0.5));
      samples.cpuMicrosPerCallSequential.push((sequentialCpu.get(contender) ?? Number.NaN) / sequentialCalls);
      samples.callsPerSecond.push(concurrentCalls / (total.wallMs / 1000));
      samples.cpuMicrosPerCall.push(total.cpuMicros / concurrentCalls);
      samples.serverCpuShare.push(total.serverCpuMicros / (total.wallMs * 1000));
      const paid = sliceGc.get(contender)!;
      gc.get(contender.adapter.id)?.sequential.push((paid.sequential * 1000) / sequentialCalls);
      gc.get(contender.adapter.id)?.concurrent.push((paid.concurrent * 1000) / concurrentCalls);
    }
    process.stdout.write(`  round ${round + 1}/${config.rounds} done\n`);
  }
  return gc;
}
