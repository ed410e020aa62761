/**
 * The two twins of the shared throttle: the TypeScript steps (`src/client/throttle/fleet-state.ts`, run by the in-memory
 * store) and their Lua scripts (`src/redis/scripts.ts`, run by a real redis-server). One scripted sequence of
 * acquires, settles and renews goes through both and every decision must match (times within a few ms: each twin
 * reads its own clock). Then what only Redis could get wrong: policy names holding `,` `|` `=`, a server naming
 * hundreds of policies, a 1e308 s wait, and `namespace` prefixing the per-account key instead of replacing it.
 */
import IORedis from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_MAX_HOLD_MS } from '../../src/client/throttle/fleet-state.js';
import { MAX_TRACKED_POLICIES } from '../../src/client/throttle/quota-rules.js';
import type {
  StoreAcquireRequest,
  StoreAcquireResult,
  StoreResponseReport,
  StoreWindowReport,
  ThrottleStore,
} from '../../src/client/throttle/throttle-store.js';
import { createMemoryThrottleStore } from '../../src/index.js';
import { createRedisThrottleStore } from '../../src/redis/index.js';
import { startRedis, stopAllRedis, type TestRedis } from './redis-harness.js';

const ODD = 'odd,name|x=y%';

let redis: TestRedis;
const connections: IORedis[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(stopAllRedis);
afterEach(() => {
  for (const connection of connections.splice(0)) connection.disconnect();
});

async function redisStore(namespace?: string): Promise<{ store: ThrottleStore; spy: IORedis }> {
  const connection = new IORedis(redis.url);
  connections.push(connection);
  await connection.ping();
  return { store: createRedisThrottleStore(connection, namespace ? { namespace } : {}), spy: connection };
}

let account = 0;
const acquireOf = (leaseId: string, ticket = `t-${leaseId}`): Omit<StoreAcquireRequest, 'account'> => ({
  leaseId,
  ticket,
  leaseMs: 10_000,
  initialConcurrency: 16,
  costs: {},
  probeAfterMs: 60_000,
  memberId: 'member-1',
});
const window = (name: string, remaining: number, extra: Partial<StoreWindowReport> = {}): StoreWindowReport => ({
  name,
  quota: 100,
  windowSeconds: 60,
  remaining,
  resetSeconds: 30,
  countsRequests: true,
  ...extra,
});
const answer = (windows: StoreWindowReport[], extra: Partial<StoreResponseReport> = {}): StoreResponseReport => ({
  status: 200,
  concurrencyQuota: 2,
  windows,
  ...extra,
});

type Step =
  | { acquire: Omit<StoreAcquireRequest, 'account'>; expect: Partial<StoreAcquireResult> }
  | { settle: string; response?: StoreResponseReport }
  | { renew: string[]; expect: number };

/** The sequence: learn, fill the slots, exhaust a window (well before its last few requests, where timing requests
 * would begin), a 429 asking for 1e308 s. */
const SEQUENCE: Step[] = [
  { acquire: acquireOf('l1'), expect: { granted: true, members: 1 } },
  { acquire: acquireOf('l2'), expect: { granted: false, reason: 'concurrency' } }, // one at a time until learned
  { acquire: acquireOf('l2b', 't-l2b'), expect: { granted: false, reason: 'concurrency' } },
  { settle: 'l1', response: answer([window('minuteRate', 50), window(ODD, 50)]) },
  { acquire: acquireOf('l2'), expect: { granted: true } }, // ahead of l2b: asked first
  { acquire: { ...acquireOf('l2b', 't-l2b'), memberId: 'member-2' }, expect: { granted: true, members: 2 } },
  { acquire: acquireOf('l3'), expect: { granted: false, reason: 'concurrency' } },
  { renew: ['l2', 'l2b'], expect: 2 }, // member-1 renews; member-2 counts from its acquire
  { settle: 'l2', response: answer([window('minuteRate', 49), window(ODD, 0)]) },
  // A minute window spent, its reset within its length: pacing, which the client waits out whatever its maxWaitMs.
  {
    acquire: acquireOf('l3'),
    expect: { granted: false, reason: 'quota-exhausted', policy: ODD, holdMs: 30_010, paced: true },
  },
  { settle: 'l2b', response: answer([window('minuteRate', 48)], { status: 429, retryAfterMs: 1e308 * 1000 }) },
  { acquire: acquireOf('l3'), expect: { granted: false, reason: 'backoff', holdMs: FLEET_MAX_HOLD_MS } },
];

/**
 * The daily limit: one answer says the daily quota is spent; every acquire is then held until the reset as
 * `daily-limit` with the whole hold (never a probe, however stale), a shorter 429 pause leaves it standing, and a
 * longer one takes over as a backoff.
 */
const DAILY_SEQUENCE: Step[] = [
  { acquire: acquireOf('d1'), expect: { granted: true } },
  { settle: 'd1', response: answer([], { status: 200, dailyResetMs: 5000 }) },
  {
    acquire: { ...acquireOf('d2'), probeAfterMs: 0 },
    expect: { granted: false, reason: 'daily-limit', policy: 'daily', retryInMs: 5000, holdMs: 5000 },
  },
  { acquire: acquireOf('d3'), expect: { granted: false, reason: 'daily-limit', policy: 'daily', holdMs: 5000 } },
  { settle: 'd-stale', response: answer([], { status: 429, retryAfterMs: 1000 }) },
  { acquire: { ...acquireOf('d3'), probeAfterMs: 0 }, expect: { granted: false, reason: 'daily-limit', holdMs: 5000 } },
  { settle: 'd-late', response: answer([], { status: 429, retryAfterMs: 20_000 }) },
  { acquire: acquireOf('d3'), expect: { granted: false, reason: 'backoff', holdMs: 20_000 } },
];

/**
 * Timing a window's reset: with 3 requests left of a 2 s window whose reset is known to within a second, a member
 * whose waiting fits in what is left is not held back; one whose waiting does not is held for a timing request.
 */
const TIMING_SEQUENCE: Step[] = [
  { acquire: acquireOf('t1'), expect: { granted: true } },
  {
    settle: 't1',
    response: answer([window('minuteRate', 3, { quota: 40, windowSeconds: 2, resetSeconds: 2 })]),
  },
  { acquire: { ...acquireOf('t2'), backlog: 1 }, expect: { granted: true } },
  {
    acquire: { ...acquireOf('t3', 't-t3'), memberId: 'member-2', backlog: 5 },
    expect: { granted: false, reason: 'quota-exhausted', policy: 'minuteRate' },
  },
];

/** Runs one step; acquire answers are returned for comparison. */
async function run(store: ThrottleStore, account: string, step: Step): Promise<unknown> {
  if ('acquire' in step) return store.acquire({ account, ...step.acquire });
  if ('settle' in step) return store.settle({ account, leaseId: step.settle, response: step.response });
  return store.renew({ account, leaseIds: step.renew, leaseMs: 10_000, memberId: 'member-1' });
}

/** Times read from two clocks a few ms apart: compared within 50 ms. */
function close(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 50;
  return a === b;
}

describe('the in-memory and the Redis twin of the fleet state', () => {
  it('one scripted acquire/settle/renew sequence: the same decision at every step', async () => {
    await compare(SEQUENCE, 'twins');
  });

  it('a daily limit: the same hold until the reset from both, never probed', async () => {
    await compare(DAILY_SEQUENCE, 'daily');
  });

  it('timing a reset: the same decision from both on what the members have waiting', async () => {
    await compare(TIMING_SEQUENCE, 'timing');
  });

  async function compare(sequence: Step[], prefix: string): Promise<void> {
    const memory = createMemoryThrottleStore();
    const { store } = await redisStore();
    const name = `${prefix}-${++account}`;
    for (const [index, step] of sequence.entries()) {
      const fromMemory = await run(memory, name, step);
      const fromRedis = await run(store, name, step);
      const label = `step ${index}: ${JSON.stringify(step).slice(0, 60)}`;
      if ('settle' in step) continue;
      for (const key of new Set([...Object.keys(fromMemory as object), ...Object.keys(fromRedis as object)])) {
        const a = (fromMemory as Record<string, unknown>)[key];
        const b = (fromRedis as Record<string, unknown>)[key];
        expect(close(a, b), `${label}: ${key} ${String(a)} (memory) vs ${String(b)} (Redis)`).toBe(true);
      }
      if ('renew' in step) expect(fromMemory, label).toBe(step.expect);
      else {
        for (const [key, value] of Object.entries(step.expect)) {
          const got = (fromMemory as Record<string, unknown>)[key];
          expect(close(got, value), `${label}: ${key} ${String(got)}, expected ${String(value)}`).toBe(true);
        }
      }
    }
  }

  it('a server naming hundreds of policies: the scripts keep working and the state stays bounded', async () => {
    const { store, spy } = await redisStore();
    const memory = createMemoryThrottleStore();
    const name = `names-${++account}`;
    for (const target of [store, memory]) {
      for (let round = 0; round < 4; round += 1) {
        await target.acquire({ account: name, ...acquireOf(`n${round}`) });
        const windows = Array.from({ length: 150 }, (_, i) =>
          window(`p,${round}-${i}|=`, 2, { resetSeconds: undefined }),
        );
        await target.settle({ account: name, leaseId: `n${round}`, response: answer(windows) });
      }
      await expect(target.acquire({ account: name, ...acquireOf('last') })).resolves.toEqual({
        granted: true,
        members: 1,
      });
    }
    const [stateKey] = await spy.keys(`wps:{${name}}:state`);
    const fields = await spy.hkeys(stateKey as string);
    expect(fields.filter((field) => field.startsWith('w:')).length).toBeLessThanOrEqual(MAX_TRACKED_POLICIES);
    expect(fields.length).toBeLessThanOrEqual(MAX_TRACKED_POLICIES + 10);
  });

  it('a state in the earlier layout (a field per figure) is dropped, not read', async () => {
    const { store, spy } = await redisStore();
    const name = `layout-${++account}`;
    const old = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`p${i}.used`, '1']));
    await spy.hset(`wps:{${name}}:state`, { wins: 'minuteRate', 'minuteRate.used': '5', blocked: '1e300', ...old });
    await expect(store.acquire({ account: name, ...acquireOf('fresh') })).resolves.toEqual({
      granted: true,
      members: 1,
    });
    const fields = await spy.hkeys(`wps:{${name}}:state`);
    expect(fields.some((field) => field.endsWith('.used'))).toBe(false);
  });

  it('namespace prefixes the per-account key: two accounts in one namespace stay apart', async () => {
    const { store, spy } = await redisStore('app-one');
    const first = `ns-a-${++account}`;
    const second = `ns-b-${account}`;
    // Unlearned, an account lets one request go at a time: the second account's first must not wait for it.
    await expect(store.acquire({ account: first, ...acquireOf('a1') })).resolves.toEqual({ granted: true, members: 1 });
    await expect(store.acquire({ account: second, ...acquireOf('b1') })).resolves.toEqual({
      granted: true,
      members: 1,
    });
    const keys = await spy.keys('app-one:*');
    expect(keys.some((key) => key.startsWith(`app-one:{${first}}:`))).toBe(true);
    expect(keys.some((key) => key.startsWith(`app-one:{${second}}:`))).toBe(true);
  });
});
