/**
 * Many processes on one account: the fleet goodput (4 worker processes sharing a token through a real
 * redis-server, 200 calls at `minuteRate` 40 per 2 s and `concurrency` 4, as a ratio to the quota-dictated
 * minimum) and the per-call cost of the Redis store against the in-memory one (same calls, one client, against
 * the bench server), with the Redis round trips each call costs. Workers run the SDK from source (through tsx).
 */
import IORedis from 'ioredis';
import { DEMO_TOKEN, startEmulator } from 'workspace-platform-emulator';
import { createMemoryThrottleStore, PlatformClient, type ThrottleStore } from '../../src/index.js';
import { createRedisThrottleStore } from '../../src/redis/index.js';
import { go, killFleet, startFleet } from '../e2e/fleet-harness.js';
import { startRedis, type TestRedis } from '../e2e/redis-harness.js';

/** What the fleet phase measured. */
export interface FleetBenchResult {
  goodput: { calls: number; elapsedMs: number; minimumMs: number; ratio: number; rejected429: number; failed: number };
  overhead: {
    calls: number;
    inFlight: number;
    memoryMicrosPerCall: number;
    redisMicrosPerCall: number;
    redisRoundTripsPerCall: number;
  };
}

async function fleetGoodput(redis: TestRedis): Promise<FleetBenchResult['goodput']> {
  const calls = 200;
  const windowMs = 2000;
  const emulator = await startEmulator({
    limits: { minuteRate: { quota: 40, windowSeconds: 2 }, concurrency: { quota: 4 } },
  });
  const fleet = await startFleet(
    Array.from({ length: 4 }, () => ({
      baseUrl: emulator.baseUrl,
      token: DEMO_TOKEN,
      redisUrl: redis.url,
      library: 'redis' as const,
      calls: calls / 4,
      parallel: 8,
      document: '{ boards(limit: 1) { id name } }',
    })),
  );
  try {
    // The emulator's windows start with its rate limiter, which a reset realigns to now: the alignment below is then
    // exact. (Timed from before the emulator started, a slow start put the run just before a reset, whose first
    // window then held a request or two: one window more than the minimum, 10 s against 8.1 s.)
    emulator.reset();
    const emulatorStart = Date.now();
    // Start just after a window opens, so the minimum is whole windows.
    await new Promise((resolve) =>
      setTimeout(resolve, (windowMs - ((Date.now() - emulatorStart) % windowMs) + 20) % windowMs),
    );
    const first = Date.now();
    go(fleet);
    const results = await Promise.all(fleet.map((worker) => worker.finished));
    const finished = Math.max(...results.map((result) => result.report?.finishedAt ?? Number.NaN));
    const k0 = Math.floor((first - emulatorStart) / windowMs);
    const minimumMs = emulatorStart + (k0 + Math.ceil(calls / 40) - 1) * windowMs - first;
    const elapsedMs = finished - first;
    const failed = results.reduce((sum, result) => sum + (result.report?.failures.length ?? calls / 4), 0);
    return {
      calls,
      elapsedMs,
      minimumMs,
      ratio: elapsedMs / minimumMs,
      rejected429: emulator.stats.rejected429,
      failed,
    };
  } finally {
    killFleet(fleet);
    await emulator.close();
  }
}

async function timeCalls(baseUrl: string, store: ThrottleStore, calls: number, inFlight: number): Promise<number> {
  const client = new PlatformClient({ token: DEMO_TOKEN, baseUrl, throttle: { store, initialConcurrency: inFlight } });
  const run = async (count: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < count) {
          next += 1;
          await client.boards({ limit: 5 });
        }
      }),
    );
  };
  await run(Math.min(200, calls)); // warm-up
  const started = performance.now();
  await run(calls);
  return ((performance.now() - started) * 1000) / calls;
}

async function storeOverhead(redis: TestRedis, baseUrl: string, quick: boolean): Promise<FleetBenchResult['overhead']> {
  const calls = quick ? 500 : 3000;
  const inFlight = 8;
  const io = new IORedis(redis.url);
  try {
    const memoryMicrosPerCall = await timeCalls(baseUrl, createMemoryThrottleStore(), calls, inFlight);
    const stats = async () =>
      Number(
        /calls=(\d+)/.exec(
          await io.info('commandstats').then((text) => /cmdstat_evalsha:.*/.exec(text)?.[0] ?? ''),
        )?.[1] ?? 0,
      );
    const store = createRedisThrottleStore(io);
    await timeCalls(baseUrl, store, 50, inFlight); // loads the scripts
    const before = await stats();
    const redisMicrosPerCall = await timeCalls(baseUrl, store, calls, inFlight);
    const roundTrips = (await stats()) - before;
    return {
      calls,
      inFlight,
      memoryMicrosPerCall,
      redisMicrosPerCall,
      // The warm-up of the timed run is counted too: per call over both.
      redisRoundTripsPerCall: roundTrips / (calls + Math.min(200, calls)),
    };
  } finally {
    io.disconnect();
  }
}

/** Runs both measures against `baseUrl` (the bench server) and a fresh redis-server. */
export async function runFleetBench(baseUrl: string, quick: boolean): Promise<FleetBenchResult> {
  const redis = await startRedis();
  try {
    const goodput = await fleetGoodput(redis);
    const overhead = await storeOverhead(redis, baseUrl, quick);
    return { goodput, overhead };
  } finally {
    await redis.stop();
  }
}

/** Lines for the report. */
export function formatFleet(result: FleetBenchResult): string {
  const { goodput, overhead } = result;
  const verdict = goodput.failed === 0 && goodput.rejected429 === 0 && goodput.ratio <= 1.15 ? 'MET   ' : 'MISSED';
  return (
    `${verdict}  fleet goodput: 4 processes sharing one token through Redis, ${goodput.calls} calls at minuteRate 40/2s, ` +
    `concurrency 4: ${(goodput.elapsedMs / 1000).toFixed(2)} s against a minimum of ${(goodput.minimumMs / 1000).toFixed(2)} s ` +
    `= ${goodput.ratio.toFixed(3)}x (target <= 1.15x); ${goodput.failed} failed, ${goodput.rejected429} 429s issued\n` +
    `        store overhead, ${overhead.inFlight} in flight: in-memory ${overhead.memoryMicrosPerCall.toFixed(0)} us/call, ` +
    `Redis ${overhead.redisMicrosPerCall.toFixed(0)} us/call (+${(overhead.redisMicrosPerCall - overhead.memoryMicrosPerCall).toFixed(0)} us), ` +
    `${overhead.redisRoundTripsPerCall.toFixed(2)} Redis round trips per call\n`
  );
}
