/** Calls made by many workers at once: a fixed number of calls in flight. */
import type { BoardsCall } from '../clients/types.js';

/** What one concurrent run took. */
export interface ConcurrentRun {
  /** Wall time of the run in milliseconds. */
  wallMs: number;
  /** Process CPU time (user + system) of the run in microseconds. */
  cpuMicros: number;
  /** Duration of each call in milliseconds, from its start to its end, waiting in line included. */
  durationsMs: number[];
}

/** Runs `total` calls with `inFlight` workers, each starting its next call as soon as one ends. */
export async function runConcurrentCalls(call: BoardsCall, total: number, inFlight: number): Promise<ConcurrentRun> {
  let started = 0;
  const durationsMs: number[] = [];
  const worker = async () => {
    while (started < total) {
      started += 1;
      const callStart = performance.now();
      await call();
      durationsMs.push(performance.now() - callStart);
    }
  };
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.min(inFlight, total) }, worker));
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  return { wallMs, cpuMicros: cpu.user + cpu.system, durationsMs };
}
