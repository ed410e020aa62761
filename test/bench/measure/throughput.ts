/** Throughput and CPU per call with many calls in flight. */
import type { BoardsCall } from '../clients/types.js';

/** Result of one concurrent run. */
export interface ThroughputSample {
  /** Completed calls per second of wall time. */
  callsPerSecond: number;
  /** Process CPU time (user + system) per call in microseconds. */
  cpuMicrosPerCall: number;
  /** Wall time of the run in milliseconds. */
  wallMs: number;
}

/** Runs `total` calls with `inFlight` workers, each starting its next call as soon as one ends. */
export async function measureThroughput(call: BoardsCall, total: number, inFlight: number): Promise<ThroughputSample> {
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started += 1;
      await call();
    }
  };
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    callsPerSecond: total / (wallMs / 1000),
    cpuMicrosPerCall: (cpu.user + cpu.system) / total,
    wallMs,
  };
}
