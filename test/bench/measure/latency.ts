/** Calls made one after another: one call in flight. */
import type { BoardsCall } from '../clients/types.js';

/** What one sequential run took. */
export interface SequentialRun {
  /** Duration of each call in milliseconds. */
  durationsMs: number[];
  /** Process CPU time (user + system) of the whole run in microseconds, waiting included. */
  cpuMicros: number;
}

/** Makes `calls` calls one after another, timing each. */
export async function runSequentialCalls(call: BoardsCall, calls: number): Promise<SequentialRun> {
  const durationsMs: number[] = new Array(calls);
  const cpuBefore = process.cpuUsage();
  for (let index = 0; index < calls; index += 1) {
    const start = performance.now();
    await call();
    durationsMs[index] = performance.now() - start;
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { durationsMs, cpuMicros: cpu.user + cpu.system };
}
