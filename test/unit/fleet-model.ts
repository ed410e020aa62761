/**
 * An in-process model of a fleet for the fleet throttle's unit tests (not a test file itself): several clients'
 * store throttles over one memory store that a test can take down, against a model of the server's limits (fixed
 * windows counted on arrival, whole-second `t` rounded up, a concurrency limit on requests being executed), on fake
 * time with seeded latencies. Each call acquires, crosses the network, is counted, comes back, is observed with its
 * permit and released in the same turn, as the client's pipeline does.
 */
import { vi } from 'vitest';
import { sleep } from '../../src/client/request/sleep.js';
import { defineThrottleStore, type StoreThrottleFactory } from '../../src/client/throttle/fleet-throttle.js';
import { createMemoryStore } from '../../src/client/throttle/memory-store.js';
import { DEFAULT_PROBE_AFTER_MS, type Throttle, type ThrottleObservation } from '../../src/client/throttle/throttle.js';
import { STORE_THROTTLE, type ThrottleStore } from '../../src/client/throttle/throttle-store.js';
import type { ThrottleEvent } from '../../src/client/types.js';

/** The server's limits. */
export interface ServerLimits {
  quota: number;
  windowMs: number;
  concurrency: number;
}

/** Fixed-window rate limit plus a concurrency limit, answering like the emulator's headers. */
export class ModelServer {
  readonly perWindow = new Map<number, number>();
  /** Refusals by window. */
  readonly refusedPerWindow = new Map<number, number>();
  rejected = 0;
  /** Refusals because the concurrency limit was reached (the window had room). */
  rejectedForConcurrency = 0;
  executing = 0;
  maxExecuting = 0;
  /** When each admitted request arrived. */
  readonly arrivals: number[] = [];
  /** Every arrival: when, from which process, and whether it was admitted. */
  readonly log: { at: number; from: number; admitted: boolean }[] = [];
  constructor(
    readonly limits: ServerLimits,
    readonly epoch: number,
  ) {}

  arrive(now: number, from = 0): ThrottleObservation {
    const { quota, windowMs, concurrency } = this.limits;
    const index = Math.floor((now - this.epoch) / windowMs);
    const used = this.perWindow.get(index) ?? 0;
    const t = Math.ceil((this.epoch + (index + 1) * windowMs - now) / 1000);
    const admitted = used < quota && this.executing < concurrency;
    if (admitted) {
      this.perWindow.set(index, used + 1);
      this.executing += 1;
      this.maxExecuting = Math.max(this.maxExecuting, this.executing);
      this.arrivals.push(now);
    } else {
      this.rejected += 1;
      if (used < quota) this.rejectedForConcurrency += 1;
      this.refusedPerWindow.set(index, (this.refusedPerWindow.get(index) ?? 0) + 1);
    }
    this.log.push({ at: now, from, admitted });
    const remaining = quota - (this.perWindow.get(index) ?? 0);
    return {
      status: admitted ? 200 : 429,
      retryAfterSeconds: admitted ? undefined : 1,
      rateLimit: {
        policies: {
          minuteRate: { name: 'minuteRate', quota, window: windowMs / 1000, remaining, resetSeconds: t },
          concurrency: {
            name: 'concurrency',
            quota: concurrency,
            unit: 'concurrent-requests',
            remaining: concurrency - this.executing,
          },
        },
      },
    };
  }
}

/** Deterministic pseudo-random integers in [1, max] (mulberry32). */
export function random(seed: number): (max: number) => number {
  let x = seed >>> 0;
  return (max: number) => {
    x = (x + 0x6d2b79f5) >>> 0;
    let y = Math.imul(x ^ (x >>> 15), x | 1);
    y ^= y + Math.imul(y ^ (y >>> 7), y | 61);
    return 1 + Math.floor((((y ^ (y >>> 14)) >>> 0) / 4294967296) * max);
  };
}

/** A memory store a test can take down: while down, every step rejects as an unreachable Redis would. */
export function breakableStore(): { store: ThrottleStore; down: { value: boolean } } {
  const inner = createMemoryStore();
  const down = { value: false };
  const guard =
    <A, R>(step: (request: A) => Promise<R>) =>
    (request: A): Promise<R> =>
      down.value ? Promise.reject(new Error('Redis is down')) : step(request);
  const store = defineThrottleStore({
    acquire: guard(inner.acquire),
    settle: guard(inner.settle),
    renew: guard(inner.renew),
  });
  return { store, down };
}

/** The throttle a client with `throttle: { store }` builds (its options as the client resolves them). */
export function fleetThrottleOf(
  store: ThrottleStore,
  onThrottle: (event: ThrottleEvent) => void,
  options: { leaseMs?: number; token?: string } = {},
): Throttle {
  const factory = (store as unknown as Record<symbol, StoreThrottleFactory>)[STORE_THROTTLE] as StoreThrottleFactory;
  return factory({
    throttle: { store, leaseMs: options.leaseMs },
    token: options.token ?? 'model-token',
    baseUrl: 'https://api.model.test',
    probeAfterMs: DEFAULT_PROBE_AFTER_MS,
    onThrottle,
  });
}

/** One process of the fleet: its throttle and what it saw. */
export interface ModelProcess {
  throttle: Throttle;
  events: ThrottleEvent[];
}

/** What a run of the model found. */
export interface ModelRun {
  server: ModelServer;
  /** When the run started (fake time). */
  startedAt: number;
  /** Calls that got a 429. */
  refused: number;
  /** When the last admitted request arrived, after the start. */
  elapsedMs: number;
  processes: ModelProcess[];
}

/** A scenario: the server, the fleet, the network, and when (if ever) the store goes down. */
export interface FleetScenario extends ServerLimits {
  processes: number;
  /** Calls each process runs, `parallel` at a time. */
  callsPerProcess: number;
  parallel: number;
  maxLatencyMs: number;
  /** How far into its first window the server already is at the start. */
  offsetMs: number;
  /** When the store goes down, after the start (and stays down); never when absent. */
  storeDownAtMs?: number;
  leaseMs?: number;
  seed: number;
}

/** Runs the scenario to the end on fake time (the caller has called `vi.useFakeTimers()`). */
export async function runFleetModel(scenario: FleetScenario): Promise<ModelRun> {
  const start = Date.now();
  const server = new ModelServer(scenario, start - scenario.offsetMs);
  const { store, down } = breakableStore();
  const draw = random(scenario.seed);
  let refused = 0;
  const processes: ModelProcess[] = Array.from({ length: scenario.processes }, () => {
    const events: ThrottleEvent[] = [];
    const throttle = fleetThrottleOf(
      store,
      (event) => events.push({ ...event, at: Date.now() - start } as ThrottleEvent),
      {
        leaseMs: scenario.leaseMs,
      },
    );
    return { events, throttle };
  });
  // Each throttle hashes its token on the thread pool (real time, not fake): let those finish first, so the run
  // does not depend on when they land.
  for (let i = 0; i < scenario.processes + 2; i += 1)
    await globalThis.crypto.subtle.digest('SHA-256', new Uint8Array(1));
  if (scenario.storeDownAtMs !== undefined) {
    setTimeout(() => {
      down.value = true;
    }, scenario.storeDownAtMs);
  }
  const call = async (throttle: Throttle, from: number) => {
    const permit =
      throttle.tryAcquire() ?? (await throttle.acquire({ maxWaitMs: Number.POSITIVE_INFINITY, operationName: 'Q' }));
    try {
      await sleep(draw(scenario.maxLatencyMs));
      const response = server.arrive(Date.now(), from);
      if (response.status === 200) {
        await sleep(draw(8));
        server.executing -= 1;
      } else refused += 1;
      await sleep(draw(scenario.maxLatencyMs));
      throttle.observe({ ...response, permit });
    } finally {
      permit.release();
    }
  };
  const loops = processes.flatMap(({ throttle }, from) => {
    let left = scenario.callsPerProcess;
    return Array.from({ length: scenario.parallel }, async () => {
      while (left > 0) {
        left -= 1;
        await call(throttle, from);
      }
    });
  });
  let done = false;
  const all = Promise.all(loops).finally(() => {
    done = true;
  });
  // Step fake time until every call is over (heartbeats keep timers armed, so "run all timers" would not end).
  for (let steps = 0; !done && steps < 1_000_000; steps += 1) await vi.advanceTimersByTimeAsync(5);
  await all;
  return { server, startedAt: start, refused, elapsedMs: Math.max(...server.arrivals) - start, processes };
}
