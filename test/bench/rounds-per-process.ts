/**
 * The per-call measures of `npm run bench`, each client in its own process (as an app runs it): p50 latency and CPU
 * per call at one call in flight, then throughput, p50 latency and CPU per call at many in flight. One long-lived
 * child per client (`measure/calls-child.ts`) warms up once; each round is cut into slices, and every slice asks each
 * child in turn, in an order rotated from slice to slice, to run its share while the others wait. So background load
 * still lands on every client alike, and no client's garbage is collected, or shared code deoptimised, in another
 * client's slice.
 *
 * Why per process: run in one process, the clients share one heap. A collection is triggered by whoever allocates
 * when the young generation is full, so part of each client's garbage is collected (and its CPU counted) during the
 * next client's slice; and Node's fetch and stream code, shared by every client, is compiled for all of their
 * shapes at once. Both move the ratios towards 1 (see test/bench/README.md, "One process per client").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BenchConfig } from './config.js';
import { compiledChild } from './measure/compiled-child.js';
import type { Contender } from './phases.js';
import type { BenchServer } from './server-process.js';
import { percentile, rotate } from './stats.js';

/** What a child answers for a slice. */
interface SliceAnswer {
  durationsMs: number[];
  cpuMicros: number;
  wallMs?: number;
  gcMs: number;
  gcCount: number;
}

/** A client's process. */
interface CallsChild {
  ask(command: object): Promise<SliceAnswer>;
  close(): Promise<void>;
}

const childSource = fileURLToPath(new URL('./measure/calls-child.ts', import.meta.url));

function readLine(lines: Interface, child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${what} exited (code ${code})`));
    child.once('exit', onExit);
    lines.once('line', (line) => {
      child.off('exit', onExit);
      resolve(line);
    });
  });
}

/** Starts the process of client `id` and waits until it made its first call. */
async function startChild(id: string, baseUrl: string): Promise<CallsChild> {
  const childPath = await compiledChild(childSource);
  const child = spawn(process.execPath, ['--expose-gc', childPath, id, baseUrl], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = JSON.parse(await readLine(lines, child, `the process of ${id}`)) as { ready?: boolean };
  if (!ready.ready) throw new Error(`the process of ${id} did not start`);
  return {
    async ask(command) {
      const answer = readLine(lines, child, `the process of ${id}`);
      child.stdin?.write(`${JSON.stringify(command)}\n`);
      return JSON.parse(await answer) as SliceAnswer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin?.end();
      }),
  };
}

/** GC time per call of each client in its own process, per round (a diagnosis the report prints). */
export type GcPerCall = Map<string, { sequential: number[]; concurrent: number[] }>;

/** Warm-up, then `config.rounds` rounds; fills each contender's samples. Resolves with each client's GC per call. */
export async function runPerProcessRounds(
  contenders: Contender[],
  server: BenchServer,
  config: BenchConfig,
): Promise<GcPerCall> {
  const children = new Map<Contender, CallsChild>();
  const gc: GcPerCall = new Map(contenders.map((c) => [c.adapter.id, { sequential: [], concurrent: [] }]));
  try {
    for (const contender of contenders) {
      const child = await startChild(contender.adapter.id, server.baseUrl);
      children.set(contender, child);
      // The same warm-up as the in-process rounds, in the child's own process.
      await child.ask({ op: 'sequential', calls: config.warmupCalls });
      await child.ask({ op: 'concurrent', calls: config.throughputCalls, inFlight: config.inFlight });
    }
    const sequentialSlice = Math.ceil(config.latencyCalls / config.slices);
    const concurrentSlice = Math.ceil(config.throughputCalls / config.slices);
    for (let round = 0; round < config.rounds; round += 1) {
      for (const child of children.values()) await child.ask({ op: 'gc' });
      const durations = new Map<Contender, number[]>(contenders.map((c) => [c, []]));
      const sequential = new Map(contenders.map((c) => [c, { cpuMicros: 0, gcMs: 0 }]));
      for (let slice = 0; slice < config.slices; slice += 1) {
        for (const contender of rotate(contenders, round + slice)) {
          const run = await children.get(contender)!.ask({ op: 'sequential', calls: sequentialSlice });
          durations.get(contender)?.push(...run.durationsMs);
          const total = sequential.get(contender)!;
          total.cpuMicros += run.cpuMicros;
          total.gcMs += run.gcMs;
        }
      }
      const totals = new Map(contenders.map((c) => [c, { wallMs: 0, cpuMicros: 0, serverCpuMicros: 0, gcMs: 0 }]));
      const concurrentDurations = new Map<Contender, number[]>(contenders.map((c) => [c, []]));
      for (let slice = 0; slice < config.slices; slice += 1) {
        for (const contender of rotate(contenders, round + slice)) {
          const before = await server.stats();
          const run = await children
            .get(contender)!
            .ask({ op: 'concurrent', calls: concurrentSlice, inFlight: config.inFlight });
          const after = await server.stats();
          const total = totals.get(contender)!;
          total.wallMs += run.wallMs ?? Number.NaN;
          total.cpuMicros += run.cpuMicros;
          total.gcMs += run.gcMs;
          total.serverCpuMicros += after.cpuMicros - before.cpuMicros;
          concurrentDurations.get(contender)?.push(...run.durationsMs);
        }
      }
      const sequentialCalls = sequentialSlice * config.slices;
      const concurrentCalls = concurrentSlice * config.slices;
      for (const contender of contenders) {
        const { samples } = contender;
        const total = totals.get(contender)!;
        const seq = sequential.get(contender)!;
        samples.latencyP50Ms.push(percentile(durations.get(contender) ?? [], 0.5));
        samples.latencyP50MsConcurrent.push(percentile(concurrentDurations.get(contender) ?? [], 0.5));
        samples.cpuMicrosPerCallSequential.push(seq.cpuMicros / sequentialCalls);
        samples.callsPerSecond.push(concurrentCalls / (total.wallMs / 1000));
        samples.cpuMicrosPerCall.push(total.cpuMicros / concurrentCalls);
        samples.serverCpuShare.push(total.serverCpuMicros / (total.wallMs * 1000));
        gc.get(contender.adapter.id)?.sequential.push((seq.gcMs * 1000) / sequentialCalls);
        gc.get(contender.adapter.id)?.concurrent.push((total.gcMs * 1000) / concurrentCalls);
      }
      process.stdout.write(`  round ${round + 1}/${config.rounds} done\n`);
    }
  } finally {
    await Promise.all([...children.values()].map((child) => child.close()));
  }
  return gc;
}
