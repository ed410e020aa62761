/**
 * Runs fleets of worker processes (`fixtures/fleet-worker.ts`) against one emulator: starts them, lets them
 * go together, collects their reports and exit codes.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { WorkerConfig, WorkerReport } from './fixtures/fleet-worker.js';
import { closeEmulators } from './harness.js';
import { startRedis, stopAllRedis, type TestRedis } from './redis-harness.js';

const WORKER = fileURLToPath(new URL('./fixtures/fleet-worker.ts', import.meta.url));

/** One worker process. */
export interface FleetWorker {
  child: ChildProcess;
  /** Resolves with the report (undefined if the worker died first) and the exit code or signal. */
  finished: Promise<{ report?: WorkerReport; code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `configs.length` workers and resolves once all are ready (connected, client built). */
export async function startFleet(configs: WorkerConfig[]): Promise<FleetWorker[]> {
  const workers = configs.map((config) => {
    const child = fork(WORKER, [JSON.stringify(config)], { execArgv: ['--import', 'tsx'], stdio: 'pipe' });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (process.env.FLEET_DEBUG) process.stderr.write(chunk);
    });
    child.stdout?.resume();
    let report: WorkerReport | undefined;
    const ready = new Promise<void>((resolve, reject) => {
      child.on('message', (message: unknown) => {
        if (message === 'ready') resolve();
        if (typeof message === 'object' && message && (message as { type?: string }).type === 'done') {
          report = (message as { report: WorkerReport }).report;
        }
      });
      child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready: ${stderr}`)));
    });
    const finished = new Promise<{ report?: WorkerReport; code: number | null; signal: NodeJS.Signals | null }>(
      (resolve) => child.once('exit', (code, signal) => resolve({ report, code, signal })),
    );
    return { child, ready, finished };
  });
  await Promise.all(workers.map((worker) => worker.ready));
  return workers.map(({ child, finished }) => ({ child, finished }));
}

/** Tells every worker to start its calls. */
export function go(workers: FleetWorker[]): void {
  for (const worker of workers) worker.child.send('go');
}

/** Resolves once every worker (started with `holdAfter`) has run its first calls and waits to resume. */
export function held(workers: FleetWorker[]): Promise<void> {
  return Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          const onMessage = (message: unknown) => {
            if (message !== 'held') return;
            worker.child.off('message', onMessage);
            resolve();
          };
          worker.child.on('message', onMessage);
        }),
    ),
  ).then(() => undefined);
}

/** Tells every held worker to run the rest of its calls. */
export function resume(workers: FleetWorker[]): void {
  for (const worker of workers) worker.child.send('resume');
}

/** Kills every worker still running. */
export function killFleet(workers: FleetWorker[]): void {
  for (const { child } of workers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** What a fleet test file gets from {@link useFleetTestbed}. */
export interface FleetTestbed {
  /** The file's redis-server (started before its first test). */
  redis(): TestRedis;
  /** {@link startFleet}, with the workers killed after the test whatever happens. */
  startFleet(configs: WorkerConfig[]): Promise<FleetWorker[]>;
}

/**
 * Registers the hooks every fleet test file needs: one redis-server for the file, and after each test every
 * worker killed and every emulator closed.
 */
export function useFleetTestbed(): FleetTestbed {
  let redis: TestRedis | undefined;
  const started: FleetWorker[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(stopAllRedis);
  afterEach(async () => {
    killFleet(started.splice(0));
    await closeEmulators();
  });
  return {
    redis() {
      if (!redis) throw new Error('the redis-server of this file is not started yet');
      return redis;
    },
    async startFleet(configs) {
      const workers = await startFleet(configs);
      started.push(...workers);
      return workers;
    },
  };
}
