/**
 * A server that names fresh policies on every answer cannot grow the client: the local throttle (alone, or as a
 * fleet's fallback) keeps at most `MAX_TRACKED_POLICIES` window quotas (`src/client/throttle/quota-rules.ts`), as the
 * fleet's store does. Counted after 2,000 answers, each naming policies never seen before; the platform's own
 * policy is kept throughout, and a policy that holds calls is never the one dropped.
 */
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FleetThrottle } from '../../src/client/throttle/fleet-throttle.js';
import { createMemoryStore } from '../../src/client/throttle/memory-store.js';
import { MAX_TRACKED_POLICIES } from '../../src/client/throttle/quota-rules.js';
import {
  createQuotaThrottle,
  createThrottle,
  type QuotaThrottle,
  type ThrottleObservation,
} from '../../src/client/throttle/throttle.js';
import type { RateLimitPolicy } from '../../src/client/types.js';
import { installApi, makeClient, useMockApi } from './client-fixtures.js';

useMockApi();

const ANSWERS = 2_000;
const PER_ANSWER = 3;

/** One answer: the platform's `minuteRate`, and `PER_ANSWER` policies named for the first time. */
function answer(index: number): ThrottleObservation {
  const policies: Record<string, RateLimitPolicy> = {
    minuteRate: { name: 'minuteRate', quota: 1_000_000, window: 60, remaining: 999_000 - index, resetSeconds: 30 },
  };
  for (let k = 0; k < PER_ANSWER; k += 1) {
    const name = `fresh-${index}-${k}`;
    // Room to spare: the test is about what is kept, not about a hold.
    policies[name] = { name, quota: 1_000_000, window: 60, remaining: 999_999, resetSeconds: 30 };
  }
  return { status: 200, rateLimit: { policies } };
}

async function feed(throttle: QuotaThrottle | FleetThrottle, answers: number, from = 0): Promise<void> {
  for (let index = from; index < from + answers; index += 1) {
    const permit = throttle.tryAcquire() ?? (await throttle.acquire({ maxWaitMs: Number.POSITIVE_INFINITY }));
    throttle.observe({ ...answer(index), permit });
    permit.release();
  }
}

describe('fresh policy names on every answer', () => {
  it('the local throttle tracks at most MAX_TRACKED_POLICIES, the platform policy among them', async () => {
    const throttle = createThrottle({}) as QuotaThrottle;
    await feed(throttle, ANSWERS);
    const names = Object.keys(throttle.state().policies);
    expect(names.length).toBeLessThanOrEqual(MAX_TRACKED_POLICIES);
    expect(names).toContain('minuteRate');
  });

  it('a policy that holds calls is not dropped for a fresh name', async () => {
    const throttle = createThrottle({}) as QuotaThrottle;
    const permit = throttle.tryAcquire();
    if (!permit) throw new Error('no permit');
    throttle.observe({
      status: 200,
      rateLimit: { policies: { spent: { name: 'spent', quota: 10, window: 60, remaining: 0, resetSeconds: 50 } } },
      permit,
    });
    permit.release();
    // Answers that do not mention it, each naming fresh policies, fill the table many times over.
    for (let index = 0; index < 200; index += 1) throttle.observe(answer(index));
    expect(throttle.state().policies.spent).toMatchObject({ remaining: 0 });
    expect(throttle.tryAcquire()).toBeUndefined();
  });

  it("a fleet client's fallback throttle holds at most MAX_TRACKED_POLICIES too", async () => {
    const local = createQuotaThrottle({}, undefined, 30_000);
    const fleet = new FleetThrottle({
      store: createMemoryStore(),
      account: async () => 'account',
      initialConcurrency: 4,
      leaseMs: 10_000,
      probeAfterMs: 30_000,
      local,
    });
    await feed(fleet, 300);
    expect(Object.keys(local.state().policies).length).toBeLessThanOrEqual(MAX_TRACKED_POLICIES);
  });

  it('a client holds at most MAX_TRACKED_POLICIES in its throttle state after a server named 600 fresh ones', async () => {
    let index = 0;
    installApi(() => {
      index += 1;
      const names = Array.from({ length: PER_ANSWER }, (_, k) => `fresh-${index}-${k}`);
      return HttpResponse.json(
        { data: { me: { id: '1' } } },
        {
          headers: {
            'RateLimit-Policy': [
              '"minuteRate";q=1000000;w=60',
              ...names.map((name) => `"${name}";q=1000000;w=60`),
            ].join(', '),
            RateLimit: ['"minuteRate";r=999000;t=30', ...names.map((name) => `"${name}";r=999999;t=30`)].join(', '),
          },
        },
      );
    });
    const client = makeClient({ throttle: {} });
    for (let call = 0; call < 200; call += 1) await client.request('query Me { me { id } }');
    const policies = Object.keys(client.throttleState?.policies ?? {});
    expect(policies.length).toBeLessThanOrEqual(MAX_TRACKED_POLICIES + 1); // the windows, and `concurrency` if declared
    expect(policies).toContain('minuteRate');
  });
});
