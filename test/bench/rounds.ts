/**
 * The in-process measures: p50 latency and CPU per call at one call in flight, then throughput, p50
 * latency and CPU per call at many in flight. Each round is cut into slices and every slice runs every client, in an order
 * rotated from slice to slice, so background load lands on all clients alike.
 */
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

/** Warm-up (JIT, connections), then `config.rounds` rounds; fills each contender's samples. */
export async function runInProcessRounds(contenders: Contender[], server: BenchServer, config: BenchConfig) {
  for (const { call } of contenders) {
    await runSequentialCalls(call, config.warmupCalls);
    await runConcurrentCalls(call, config.throughputCalls, config.inFlight);
  }
  const sequentialSlice = Math.ceil(config.latencyCalls / config.slices);
  const concurrentSlice = Math.ceil(config.throughputCalls / config.slices);
  for (let round = 0; round < config.rounds; round += 1) {
    collectGarbage();
    const durations = new Map<Contender, number[]>(contenders.map((c) => [c, []]));
    const sequentialCpu = new Map<Contender, number>(contenders.map((c) => [c, 0]));
    for (let slice = 0; slice < config.slices; slice += 1) {
      for (const contender of rotate(contenders, round + slice)) {
        const run = await runSequentialCalls(contender.call, sequentialSlice);
        durations.get(contender)?.push(...run.durationsMs);
        sequentialCpu.set(contender, (sequentialCpu.get(contender) ?? 0) + run.cpuMicros);
      }
    }
    const totals = new Map(contenders.map((c) => [c, { wallMs: 0, cpuMicros: 0, serverCpuMicros: 0 }]));
    const concurrentDurations = new Map<Contender, number[]>(contenders.map((c) => [c, []]));
    for (let slice = 0; slice < config.slices; slice += 1) {
      for (const contender of rotate(contenders, round + slice)) {
        const before = await server.stats();
        const run = await runConcurrentCalls(contender.call, concurrentSlice, config.inFlight);
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
    }
    process.stdout.write(`  round ${round + 1}/${config.rounds} done\n`);
  }
}
