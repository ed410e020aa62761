/**
 * The throttle against an in-process model of the server's limits (fixed windows counted on arrival, a
 * concurrency limit on requests being executed), on fake time with seeded random latencies that reorder requests.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from '../../src/client/request/sleep.js';
import { createThrottle, type ThrottleObservation } from '../../src/client/throttle/throttle.js';

interface Scenario {
  quota: number;
  windowMs: number;
  concurrency: number;
  requests: number;
  /** How far into its first window the server already is when the client starts. */
  offsetMs: number;
  /** Largest one-way network delay; each request draws 1..maxLatencyMs each way, plus 1..8 ms of work. */
  maxLatencyMs: number;
  seed: number;
}

/** Fixed-window rate limit plus a concurrency limit, answering like the real server's headers would. */
class LimitedServer {
  readonly perWindow = new Map<number, number>();
  rejected = 0;
  executing = 0;
  maxExecuting = 0;
  lastArrival = 0;
  constructor(
    private readonly s: Scenario,
    private readonly epoch: number,
  ) {}

  arrive(now: number): ThrottleObservation {
    const index = Math.floor((now - this.epoch) / this.s.windowMs);
    const used = this.perWindow.get(index) ?? 0;
    const t = Math.ceil((this.epoch + (index + 1) * this.s.windowMs - now) / 1000);
    const admitted = used < this.s.quota && this.executing < this.s.concurrency;
    if (admitted) {
      this.perWindow.set(index, used + 1);
      this.executing += 1;
      this.maxExecuting = Math.max(this.maxExecuting, this.executing);
      this.lastArrival = now;
    } else this.rejected += 1;
    const remaining = this.s.quota - (this.perWindow.get(index) ?? 0);
    return {
      status: admitted ? 200 : 429,
      rateLimit: {
        policies: {
          minuteRate: {
            name: 'minuteRate',
            quota: this.s.quota,
            window: this.s.windowMs / 1000,
            remaining,
            resetSeconds: t,
          },
          concurrency: {
            name: 'concurrency',
            quota: this.s.concurrency,
            unit: 'concurrent-requests',
            remaining: this.s.concurrency - this.executing,
          },
        },
      },
    };
  }
}

/** Deterministic pseudo-random integers in [1, max] (mulberry32). */
function random(seed: number) {
  let x = seed >>> 0;
  return (max: number) => {
    x = (x + 0x6d2b79f5) >>> 0;
    let y = Math.imul(x ^ (x >>> 15), x | 1);
    y ^= y + Math.imul(y ^ (y >>> 7), y | 61);
    return 1 + Math.floor((((y ^ (y >>> 14)) >>> 0) / 4294967296) * max);
  };
}

/** Runs every request through the throttle; `linked` passes each response's permit to `observe`, as the client does. */
async function run(s: Scenario, linked = true) {
  const start = Date.now();
  const server = new LimitedServer(s, start - s.offsetMs);
  const throttle = createThrottle({});
  const draw = random(s.seed);
  let failures = 0;
  const call = async () => {
    const permit = await throttle.acquire({ maxWaitMs: Number.POSITIVE_INFINITY });
    try {
      await sleep(draw(s.maxLatencyMs));
      const response = server.arrive(Date.now());
      if (response.status === 200) {
        await sleep(draw(8));
        server.executing -= 1;
      } else failures += 1;
      await sleep(draw(s.maxLatencyMs));
      throttle.observe(linked ? { ...response, permit } : response);
    } finally {
      permit.release();
    }
  };
  const all = Promise.all(Array.from({ length: s.requests }, call));
  await vi.runAllTimersAsync();
  await all;
  const windowsNeeded = Math.ceil(s.requests / s.quota);
  const firstWindowEnd = start + s.windowMs - s.offsetMs;
  // The last request cannot arrive before the window that the quota forces it into begins.
  const minimumMs = firstWindowEnd + (windowsNeeded - 2) * s.windowMs - start;
  return { server, failures, windowsNeeded, minimumMs, elapsedMs: server.lastArrival - start };
}

describe('throttle against a fixed-window server model', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 5_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // The 10 s cases are the end-to-end goodput target: the last request within 10% of the quota-dictated minimum,
  // and every window but the last filled to the quota.
  it.each([
    ['from a window start', 0, 5, 3],
    ['from mid-window, on a reordering network', 6_300, 40, 11],
  ])(
    '600 calls at 100 per 10 s, concurrency 5, %s: nothing beyond quota, within 10%% of the minimum',
    async (_name, offsetMs, maxLatencyMs, seed) => {
      const scenario = { quota: 100, windowMs: 10_000, concurrency: 5, requests: 600, offsetMs, maxLatencyMs, seed };
      const { server, failures, windowsNeeded, minimumMs, elapsedMs } = await run(scenario);
      expect(server.rejected).toBe(0);
      expect(failures).toBe(0);
      expect(server.maxExecuting).toBeLessThanOrEqual(5);
      expect(elapsedMs).toBeLessThanOrEqual(minimumMs * 1.1);
      expect([...server.perWindow.values()].slice(0, windowsNeeded - 1)).toEqual(Array(windowsNeeded - 1).fill(100));
    },
  );

  // With 1 s windows the server's whole-second `t` says almost nothing about when a window ends, so the first reset
  // is found only up to a second late, and each later one a round trip late.
  it.each([
    ['from a window start', 0, 5, 1],
    ['from mid-window, on a reordering network', 430, 60, 7],
  ])(
    '120 calls at 20 per 1 s, concurrency 3, %s: nothing beyond quota, at most one window more',
    async (_name, offsetMs, maxLatencyMs, seed) => {
      const scenario = { quota: 20, windowMs: 1000, concurrency: 3, requests: 120, offsetMs, maxLatencyMs, seed };
      const { server, failures, windowsNeeded, minimumMs, elapsedMs } = await run(scenario);
      expect(server.rejected).toBe(0);
      expect(failures).toBe(0);
      expect(server.maxExecuting).toBeLessThanOrEqual(3);
      expect(server.perWindow.size).toBeLessThanOrEqual(windowsNeeded + 1);
      expect(elapsedMs).toBeLessThanOrEqual(minimumMs + 1000 + windowsNeeded * 2 * maxLatencyMs);
    },
  );

  // A network slow enough to make concurrency, not the quota, the bottleneck: requests straddle every reset and
  // arrive out of order, which is where a careless estimate would send one too many.
  it.each([
    [1000, 20, 3, 150, 5],
    [10_000, 100, 5, 200, 11],
    [2000, 10, 8, 400, 23],
  ])(
    'never exceeds a %i ms window of %i at concurrency %i with up to %i ms latency',
    async (windowMs, quota, concurrency, maxLatencyMs, seed) => {
      const scenario = {
        quota,
        windowMs,
        concurrency,
        requests: quota * 4,
        offsetMs: windowMs / 3,
        maxLatencyMs,
        seed,
      };
      const { server, failures } = await run(scenario);
      expect(server.rejected).toBe(0);
      expect(failures).toBe(0);
      expect(server.maxExecuting).toBeLessThanOrEqual(concurrency);
      expect([...server.perWindow.values()].reduce((a, b) => a + b, 0)).toBe(scenario.requests);
    },
  );

  // Seeded random limits and networks, from tiny quotas to wide windows, from 1 ms to 900 ms of latency; the
  // throttle must never let the server see a request beyond a quota, with or without the permit in observe().
  it.each([
    ['with the permit passed to observe()', true],
    ['without it (oldest request in flight assumed)', false],
  ])('never exceeds a quota across 200 random networks, %s', async (_name, linked) => {
    const problems: unknown[] = [];
    for (let seed = 1; seed <= 200; seed++) {
      const draw = random(linked ? seed * 7919 : seed * 104_729);
      const windowMs = [1000, 2000, 5000, 10_000][draw(4) - 1]!;
      const quota = 5 + draw(60);
      const concurrency = draw(8);
      const maxLatencyMs = draw([5, 50, 300, 900][draw(4) - 1]!);
      const requests = quota * 3 + draw(quota);
      const scenario = { quota, windowMs, concurrency, requests, offsetMs: draw(windowMs) - 1, maxLatencyMs, seed };
      const { server, failures } = await run(scenario, linked as boolean);
      const admitted = [...server.perWindow.values()].reduce((a, b) => a + b, 0);
      if (server.rejected || failures || server.maxExecuting > concurrency || admitted !== requests) {
        problems.push({ scenario, rejected: server.rejected, windows: [...server.perWindow.values()] });
      }
    }
    expect(problems).toEqual([]);
  });
});
