/**
 * `npx tsx test/bench/quota-algorithms.ts`: what the two statements of the quota rules cost on the path every call
 * takes, when nothing is near a limit. The local throttle (`src/client/throttle/throttle.ts`: a grant, the
 * response's headers observed, the release) against the fleet's steps run synchronously on a state in this process
 * (`src/client/throttle/fleet-state.ts`: `fleetAcquire`, the headers turned into the store's report, `fleetSettle`),
 * which is what the local throttle would run were it built on the fleet's steps. Prints nanoseconds and bytes
 * allocated per call, the median of several rounds. Not part of `npm test`: figures, no verdict.
 */
import { emptyFleetState, fleetAcquire, fleetSettle } from '../../src/client/throttle/fleet-state.js';
import { storeReportOf } from '../../src/client/throttle/fleet-throttle.js';
import { createQuotaThrottle, type ThrottleObservation } from '../../src/client/throttle/throttle.js';
import { median } from './stats.js';

const CALLS = Number(process.env.CALLS ?? 200_000);
const ROUNDS = 7;

/**
 * A server far from its limits (a steady state): the platform's three policies, each answer counted in a minute
 * window that resets on the clock, as a real server's would.
 */
function server(): () => ThrottleObservation {
  let windowEnd = Date.now() + 60_000;
  let used = 0;
  return () => {
    const now = Date.now();
    if (now >= windowEnd) {
      windowEnd += 60_000;
      used = 0;
    }
    used += 1;
    const resetSeconds = Math.ceil((windowEnd - now) / 1000);
    return {
      status: 200,
      rateLimit: {
        policies: {
          minuteRate: { name: 'minuteRate', quota: 1e9, window: 60, remaining: 1e9 - used, resetSeconds },
          concurrency: { name: 'concurrency', quota: 64, unit: 'concurrent-requests', remaining: 63 },
          complexityMinute: {
            name: 'complexityMinute',
            quota: 1e12,
            window: 60,
            remaining: 1e12 - used * 10,
            resetSeconds,
            unit: 'content-bytes',
          },
        },
      },
    };
  };
}

const DOCUMENT = '{ boards(limit: 5) { id name } }';

function localRound(): { ns: number; bytes: number } {
  const throttle = createQuotaThrottle({}, undefined, 30_000);
  const answer = server();
  globalThis.gc?.();
  const heap = process.memoryUsage().heapUsed;
  const start = process.hrtime.bigint();
  for (let index = 0; index < CALLS; index += 1) {
    const permit = throttle.tryAcquire(DOCUMENT);
    if (!permit) throw new Error('the local throttle held a call in a steady state');
    throttle.observe({ ...answer(), permit });
    permit.release();
  }
  const ns = Number(process.hrtime.bigint() - start) / CALLS;
  return { ns, bytes: (process.memoryUsage().heapUsed - heap) / CALLS };
}

function fleetRound(): { ns: number; bytes: number } {
  const state = emptyFleetState();
  const answer = server();
  globalThis.gc?.();
  const heap = process.memoryUsage().heapUsed;
  const start = process.hrtime.bigint();
  for (let index = 0; index < CALLS; index += 1) {
    const now = Date.now();
    const leaseId = `l${index}`;
    const result = fleetAcquire(state, now, {
      account: 'a',
      leaseId,
      ticket: `t${index}`,
      leaseMs: 10_000,
      initialConcurrency: 16,
      costs: { complexityMinute: 10 },
      probeAfterMs: 30_000,
    });
    if (!result.granted) throw new Error('the fleet steps held a call in a steady state');
    fleetSettle(state, now, {
      account: 'a',
      leaseId,
      response: storeReportOf(answer()),
    });
  }
  const ns = Number(process.hrtime.bigint() - start) / CALLS;
  return { ns, bytes: (process.memoryUsage().heapUsed - heap) / CALLS };
}

const rows: Record<string, { ns: number[]; bytes: number[] }> = {
  'local throttle': { ns: [], bytes: [] },
  "fleet's steps, in process": { ns: [], bytes: [] },
};
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, run] of [
    ['local throttle', localRound],
    ["fleet's steps, in process", fleetRound],
  ] as const) {
    const { ns, bytes } = run();
    rows[name]?.ns.push(ns);
    rows[name]?.bytes.push(bytes);
  }
}
for (const [name, { ns, bytes }] of Object.entries(rows)) {
  process.stdout.write(
    `${name.padEnd(28)} ${median(ns).toFixed(0).padStart(6)} ns/call  ${median(bytes).toFixed(0).padStart(6)} B/call\n`,
  );
}
