/** Latency with one call in flight. */
import type { BoardsCall } from '../clients/types.js';
import { percentile } from '../stats.js';

/** Result of one sequential run. */
export interface LatencySample {
  /** Median call duration in milliseconds. */
  p50Ms: number;
  /** Process CPU time (user + system) per call in microseconds, waiting included. */
  cpuMicrosPerCall: number;
}

/** Makes `calls` calls one after another and reports the median duration and CPU per call. */
export async function measureLatency(call: BoardsCall, calls: number): Promise<LatencySample> {
  const durations = new Float64Array(calls);
  const cpuBefore = process.cpuUsage();
  for (let index = 0; index < calls; index += 1) {
    const start = performance.now();
    await call();
    durations[index] = performance.now() - start;
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { p50Ms: percentile(durations, 0.5), cpuMicrosPerCall: (cpu.user + cpu.system) / calls };
}
