/**
 * The two throttles keep one set of quota rules (`src/client/throttle/quota-rules.ts`): the local throttle
 * (`throttle.ts`) and the fleet's (`fleet-throttle.ts` over `fleet-state.ts`, here on the memory store). Each scenario
 * sends the same calls through both, one after another, with the same server answers on the same fake clock, and
 * the decisions must match: whether a call waits, for how long, what `onThrottle` names as holding it, and whether it
 * is refused (with which reason, policy and wait). No wall clock: every wait is a fake timer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FleetThrottle } from '../../src/client/throttle/fleet-throttle.js';
import { createMemoryThrottleStore } from '../../src/client/throttle/memory-store.js';
import { COST_POLICY, DAILY_POLICY, RESET_MARGIN_MS } from '../../src/client/throttle/quota-rules.js';
import {
  createQuotaThrottle,
  type Permit,
  type Throttle,
  ThrottleQueueTimeout,
  ThrottleWaitTooLongError,
} from '../../src/client/throttle/throttle.js';
import type { RateLimitPolicy, ThrottleEvent } from '../../src/client/types.js';

const START = 1_700_000_000_000;
/** How long each request is out (sent to answered). */
const LATENCY_MS = 100;
const PROBE_AFTER_MS = 30_000;

/** What the server answers one call (a function of the instant it answers). */
interface Answer {
  status?: number;
  policies?: Record<string, Omit<RateLimitPolicy, 'name'>>;
  retryAfterSeconds?: number;
  /** `DAILY_LIMIT_EXCEEDED`: the daily quota resets this long after the answer. */
  dailyResetInMs?: number;
  /** The exact complexity cost, as `complexity { query }` reports it. */
  complexityCost?: number;
}

interface Step {
  /** Time that passes before the call. */
  after?: number;
  maxWaitMs?: number;
  queueTimeoutMs?: number;
  document?: string;
  answer: (now: number) => Answer;
}

/** What one throttle decided for one call. */
interface Decision {
  waitedMs?: number;
  refused?: { reason: string; policy?: string; waitMs: number };
  gaveUp?: { reason: string; policy?: string; queuedMs: number; position: number; queued: number };
  held: Omit<ThrottleEvent, 'operationName'>[];
}

type Make = (onThrottle: (event: ThrottleEvent) => void) => Throttle;

const makeLocal: Make = (onThrottle) => createQuotaThrottle({ initialConcurrency: 4 }, onThrottle, PROBE_AFTER_MS);

const makeFleet: Make = (onThrottle) =>
  new FleetThrottle({
    store: createMemoryThrottleStore(),
    account: async () => 'account',
    initialConcurrency: 4,
    leaseMs: 10_000,
    probeAfterMs: PROBE_AFTER_MS,
    local: createQuotaThrottle({ initialConcurrency: 4 }, onThrottle, PROBE_AFTER_MS),
    onThrottle,
  });

/** Runs `steps` one call at a time through a fresh throttle from `make`, on a fake clock that starts at `START`. */
async function run(make: Make, steps: Step[]): Promise<Decision[]> {
  vi.setSystemTime(START);
  let events: ThrottleEvent[] = [];
  const throttle = make((event) => events.push(event));
  const decisions: Decision[] = [];
  for (const step of steps) {
    if (step.after) await vi.advanceTimersByTimeAsync(step.after);
    events = [];
    const start = Date.now();
    const outcome: { permit?: Permit; error?: unknown } = {};
    const maxWaitMs = step.maxWaitMs ?? Number.POSITIVE_INFINITY;
    throttle.acquire({ maxWaitMs, queueTimeoutMs: step.queueTimeoutMs, document: step.document }).then(
      (permit) => {
        outcome.permit = permit;
      },
      (error: unknown) => {
        outcome.error = error;
      },
    );
    await vi.advanceTimersByTimeAsync(0);
    // Waits by jumping to each timer in turn (the fleet's re-asks, the local throttle's one timer), at most a day.
    while (!outcome.permit && !outcome.error && Date.now() - start < 86_400_000) {
      await vi.advanceTimersToNextTimerAsync();
    }
    const held = events.map(({ operationName: _, ...event }) => event);
    if (outcome.error instanceof ThrottleQueueTimeout) {
      const { reason, policy, queuedMs, position, queued } = outcome.error;
      decisions.push({ gaveUp: { reason, policy, queuedMs, position, queued }, held });
      continue;
    }
    if (outcome.error) {
      const error = outcome.error as ThrottleWaitTooLongError;
      expect(error).toBeInstanceOf(ThrottleWaitTooLongError);
      decisions.push({ refused: { reason: error.reason, policy: error.policy, waitMs: error.waitMs }, held });
      continue;
    }
    const permit = outcome.permit as Permit;
    decisions.push({ waitedMs: Date.now() - start, held });
    await vi.advanceTimersByTimeAsync(LATENCY_MS);
    const now = Date.now();
    const answer = step.answer(now);
    const policies = Object.fromEntries(
      Object.entries(answer.policies ?? {}).map(([name, fields]) => [name, { name, ...fields }]),
    );
    throttle.observe({
      status: answer.status ?? 200,
      rateLimit: { policies },
      retryAfterSeconds: answer.retryAfterSeconds,
      complexityCost: answer.complexityCost,
      dailyResetAt: answer.dailyResetInMs === undefined ? undefined : now + answer.dailyResetInMs,
      permit,
    });
    permit.release();
    await vi.advanceTimersByTimeAsync(0); // the fleet's settle reaches the store
  }
  return decisions;
}

/** The decisions of both throttles for the steps `script` makes (once per throttle: a server model starts afresh). */
async function agreed(script: () => Step[]): Promise<Decision[]> {
  const local = await run(makeLocal, script());
  const fleet = await run(makeFleet, script());
  expect(fleet).toEqual(local);
  return local;
}

/**
 * A server's fixed window quota: `quota` per `windowMs`, the first window ending `firstEndsIn` after `START`; each
 * answer counts one request (or `cost` units) and reports what is left and the whole seconds to the reset.
 */
function windowQuota(quota: number, windowMs: number, firstEndsIn: number) {
  let windowEnd = START + firstEndsIn;
  let used = 0;
  return (now: number, cost = 1): Omit<RateLimitPolicy, 'name'> => {
    while (now >= windowEnd) {
      windowEnd += windowMs;
      used = 0;
    }
    used += cost;
    return {
      quota,
      window: windowMs / 1000,
      remaining: Math.max(0, quota - used),
      resetSeconds: Math.ceil((windowEnd - now) / 1000),
    };
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the local and the fleet throttle decide alike', () => {
  it('a request window spent: the next call waits for its reset, then goes', async () => {
    const decisions = await agreed(() => {
      const minute = windowQuota(3, 60_000, 30_000);
      const answer = (now: number): Answer => ({ policies: { minuteRate: minute(now) } });
      return [{ answer }, { answer }, { answer }, { answer }, { answer }]; // the fourth waits for the reset
    });
    expect(decisions.map((decision) => decision.waitedMs !== undefined)).toEqual([true, true, true, true, true]);
    expect(decisions.slice(0, 3).map((decision) => decision.waitedMs)).toEqual([0, 0, 0]);
    // The first answer (at START + 100) said 30 s left: the reset is by START + 30 100, waited past with the margin
    // from START + 300, when the fourth call asks.
    const wait = 30_000 + LATENCY_MS - 3 * LATENCY_MS + RESET_MARGIN_MS;
    expect(decisions[3]).toEqual({
      waitedMs: wait,
      held: [{ reason: 'quota-exhausted', policy: 'minuteRate', delayMs: wait }],
    });
    expect(decisions[4]).toEqual({ waitedMs: 0, held: [] });
  });

  it("a request window spent, its reset beyond the call's maxWaitMs: pacing, so the call still waits", async () => {
    const decisions = await agreed(() => {
      const minute = windowQuota(2, 60_000, 45_000);
      const answer = (now: number): Answer => ({ policies: { minuteRate: minute(now) } });
      return [{ answer }, { answer }, { answer, maxWaitMs: 5_000 }];
    });
    expect(decisions[2]?.refused).toBeUndefined();
    expect(decisions[2]?.waitedMs).toBe(45_000 + LATENCY_MS - 2 * LATENCY_MS + RESET_MARGIN_MS);
  });

  it("a request window spent, its reset beyond the call's queueTimeoutMs: the call gives up in line", async () => {
    const decisions = await agreed(() => {
      const minute = windowQuota(2, 60_000, 45_000);
      const answer = (now: number): Answer => ({ policies: { minuteRate: minute(now) } });
      return [{ answer }, { answer }, { answer, queueTimeoutMs: 5_000 }, { answer, after: 45_000 }];
    });
    expect(decisions[2]?.gaveUp).toEqual({
      reason: 'quota-exhausted',
      policy: 'minuteRate',
      queuedMs: 5_000,
      position: 1,
      queued: 1,
    });
    expect(decisions[3]).toEqual({ waitedMs: 0, held: [] });
  });

  it('a request window spent, its reset further off than probeAfterMs: pacing, never probed', async () => {
    const decisions = await agreed(() => {
      const minute = windowQuota(2, 60_000, 45_000);
      const answer = (now: number): Answer => ({ policies: { minuteRate: minute(now) } });
      return [{ answer }, { answer }, { answer }];
    });
    expect(decisions[2]?.waitedMs).toBe(45_000 + LATENCY_MS - 2 * LATENCY_MS + RESET_MARGIN_MS);
    expect(decisions[2]?.waitedMs).toBeGreaterThan(PROBE_AFTER_MS);
  });

  it('a 429 with Retry-After pauses the next call for that long; a longer pause than maxWaitMs refuses it', async () => {
    const ok: Answer = {};
    const decisions = await agreed(() => [
      { answer: () => ok },
      { answer: () => ({ status: 429, retryAfterSeconds: 5 }) },
      { answer: () => ({ status: 429, retryAfterSeconds: 20 }) },
      { answer: () => ok, maxWaitMs: 10_000 },
      { answer: () => ok, after: 20_000 },
    ]);
    expect(decisions[2]).toEqual({ waitedMs: 5_000, held: [{ reason: 'backoff', delayMs: 5_000 }] });
    expect(decisions[3]).toEqual({
      refused: { reason: 'backoff', policy: undefined, waitMs: 20_000 },
      held: [],
    });
    expect(decisions[4]).toEqual({ waitedMs: 0, held: [] });
  });

  it('a 429 naming no wait pauses for the reset of the spent window, else for the default backoff', async () => {
    const decisions = await agreed(() => [
      { answer: () => ({}) },
      {
        answer: () => ({
          status: 429,
          policies: { minuteRate: { quota: 10, window: 60, remaining: 0, resetSeconds: 3 } },
        }),
      },
      { answer: () => ({ status: 429 }) },
      { answer: () => ({}) },
    ]);
    expect(decisions.map((decision) => decision.waitedMs)).toEqual([0, 0, 3_000 + RESET_MARGIN_MS, 1_000]);
  });

  it('the daily limit: a call that may not wait until its reset is refused at once; one that may waits', async () => {
    const decisions = await agreed(() => [
      { answer: () => ({}) },
      { answer: () => ({ status: 429, dailyResetInMs: 600_000 }) },
      { answer: () => ({}), maxWaitMs: 60_000 },
      { answer: () => ({}) },
    ]);
    expect(decisions[2]).toEqual({
      refused: { reason: 'daily-limit', policy: DAILY_POLICY, waitMs: 600_000 },
      held: [],
    });
    expect(decisions[3]?.waitedMs).toBeGreaterThanOrEqual(600_000);
    expect(decisions[3]?.held).toEqual([
      { reason: 'daily-limit', policy: DAILY_POLICY, delayMs: decisions[3]?.waitedMs },
    ]);
  });

  it('a daily policy at 0 in the headers holds as the daily limit, never probed', async () => {
    const decisions = await agreed(() => [
      { answer: () => ({}) },
      {
        answer: () => ({
          policies: { [DAILY_POLICY]: { quota: 100, window: 86_400, remaining: 0, resetSeconds: 40 } },
        }),
      },
      { answer: () => ({}) },
    ]);
    expect(decisions[2]).toEqual({
      waitedMs: 40_000 + RESET_MARGIN_MS,
      held: [{ reason: 'daily-limit', policy: DAILY_POLICY, delayMs: 40_000 + RESET_MARGIN_MS }],
    });
  });

  it('cost learning: a document whose learned cost exceeds the budget left waits for the reset', async () => {
    const decisions = await agreed(() => {
      const budget = windowQuota(1000, 60_000, 20_000);
      const answer = (now: number): Answer => ({
        // The unit the emulator declares for the budget (`qu="content-bytes"`): not one per request.
        policies: { [COST_POLICY]: { ...budget(now, 300), unit: 'content-bytes' } },
        complexityCost: 300,
      });
      const document = 'query A';
      // After three, 100 is left: the fourth (300) waits.
      return [
        { document, answer },
        { document, answer },
        { document, answer },
        { document, answer },
      ];
    });
    expect(decisions.slice(0, 3).map((decision) => decision.waitedMs)).toEqual([0, 0, 0]);
    expect(decisions[3]?.held).toEqual([
      { reason: 'quota-exhausted', policy: COST_POLICY, delayMs: decisions[3]?.waitedMs },
    ]);
    // The first answer (at START + 100) bounds the reset by START + 20 100; the fourth call asks at START + 300.
    expect(decisions[3]?.waitedMs).toBe(20_000 + LATENCY_MS - 3 * LATENCY_MS + RESET_MARGIN_MS);
  });

  it('a fresh policy name: spent, it holds for its reset; with room, it holds nothing', async () => {
    const decisions = await agreed(() => [
      { answer: () => ({ policies: { minuteRate: { quota: 100, window: 60, remaining: 99, resetSeconds: 50 } } }) },
      {
        answer: () => ({
          policies: {
            minuteRate: { quota: 100, window: 60, remaining: 98, resetSeconds: 50 },
            burst: { quota: 5, window: 10, remaining: 4, resetSeconds: 8 },
          },
        }),
      },
      {
        answer: () => ({
          policies: {
            minuteRate: { quota: 100, window: 60, remaining: 97, resetSeconds: 50 },
            'burst-2': { quota: 1, window: 10, remaining: 0, resetSeconds: 4 },
          },
        }),
      },
      { answer: () => ({}) },
    ]);
    expect(decisions.slice(0, 3).map((decision) => decision.waitedMs)).toEqual([0, 0, 0]);
    expect(decisions[3]).toEqual({
      waitedMs: 4_000 + RESET_MARGIN_MS,
      held: [{ reason: 'quota-exhausted', policy: 'burst-2', delayMs: 4_000 + RESET_MARGIN_MS }],
    });
  });

  it('a pause longer than probeAfterMs lets one probe through; its answer lifts the pause', async () => {
    const decisions = await agreed(() => [
      { answer: () => ({}) },
      { answer: () => ({ status: 429, retryAfterSeconds: 120 }) },
      { answer: () => ({}) }, // the probe
      { answer: () => ({}) },
    ]);
    expect(decisions[2]?.waitedMs).toBe(PROBE_AFTER_MS);
    expect(decisions[3]).toEqual({ waitedMs: 0, held: [] });
  });
});
