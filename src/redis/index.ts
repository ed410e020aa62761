/**
 * `workspace-platform-sdk/redis`: a {@link ThrottleStore} on Redis, so every process of an app shares one
 * account's quotas. Pass a node-redis (`redis` v4 or v5) client or an ioredis instance, connected or still
 * connecting; neither library is a dependency of this package. Each step is one Lua script (one round trip),
 * atomic, timed by Redis's own clock. Every reply is checked: an answer of the wrong shape is a store failure.
 *
 * @packageDocumentation
 * @module workspace-platform-sdk/redis
 */

import type {
  ThrottleStore as MainThrottleStore,
  StoreAcquireRequest,
  StoreAcquireResult,
  StoreRenewRequest,
  StoreSettleRequest,
} from '../client/throttle/throttle-store.js';
// The main entry's own throttle (the build keeps this import as `workspace-platform-sdk`): one copy of the throttle
// and its errors across both entries. Pinned by `test/api/redis-entry.test.ts`.
import { defineThrottleStore } from '../index.js';
import { parseAcquireReply, parseRenewReply, RedisThrottleStoreError } from './replies.js';
import { ACQUIRE_SCRIPT, encodePolicyName, RENEW_SCRIPT, SETTLE_SCRIPT } from './scripts.js';

/** Options of {@link createRedisThrottleStore}. */
export interface RedisThrottleStoreOptions {
  /**
   * Prefix of this store's keys, before the per-account part (derived from the client's base URL and a SHA-256 of
   * its token, never the token itself), so the clients of one account meet and other accounts stay apart.
   * Default `wps`. Set it to keep several apps, or environments, apart on one Redis.
   */
  namespace?: string;
  /**
   * How long one Redis command may take before the client gives up on the store and throttles alone for a
   * while (it rejoins by itself). A client still making its first connection is waited for this long too.
   * Default 1 000 ms.
   */
  commandTimeoutMs?: number;
}

/**
 * The few members of a node-redis client (v4, v5) this store uses. Any client has them.
 */
export interface NodeRedisLike {
  /** Sends one command, its name first. */
  sendCommand(args: string[]): Promise<unknown>;
  /** True while the client is connected and ready for commands. */
  readonly isReady: boolean;
}

/** The few members of an ioredis client this store uses. */
export interface IORedisLike {
  /** Sends one command with its arguments. */
  call(command: string, ...args: string[]): Promise<unknown>;
  /** The connection's state; `ready` when commands can be sent. */
  readonly status: string;
}

/** A node-redis (v4, v5) or ioredis client, connected or connecting. */
export type RedisClientLike = NodeRedisLike | IORedisLike;

export { RedisThrottleStoreError } from './replies.js';

/**
 * @deprecated Use {@link RedisThrottleStoreError}. The same class under its old name, kept through 0.x; its
 * instances' `name` is now `'RedisThrottleStoreError'`.
 */
export const RedisStoreError = RedisThrottleStoreError;
/** @deprecated Use {@link RedisThrottleStoreError}. */
export type RedisStoreError = RedisThrottleStoreError;

/** @deprecated Use {@link RedisThrottleStoreOptions}. The same options under their old name, kept through 0.x. */
export type RedisStoreOptions = RedisThrottleStoreOptions;

interface Commander {
  send(args: string[]): Promise<unknown>;
}

/** How often a store waiting for the client's first connection looks again. */
const CONNECT_POLL_MS = 5;

/**
 * Sends through a client when it is ready. A client that has not been ready yet (`new Redis(url)` not awaited,
 * node-redis before `connect()` resolves) is waited for, up to `waitMs` once; after that, or once it was ready
 * and lost its connection, a command fails at once (the throttle goes on alone) instead of queueing inside the
 * client, where it would run late and hold a slot nobody uses.
 */
function readyCommander(isReady: () => boolean, describe: () => string, call: Commander['send'], waitMs: number) {
  let firstWait: Promise<void> | undefined;
  let waited = false;
  const notReady = () => Promise.reject(new RedisThrottleStoreError(`Redis is not ready (${describe()})`));
  return {
    send(args: string[]): Promise<unknown> {
      if (isReady()) {
        waited = true;
        return call(args);
      }
      if (waited) return notReady();
      firstWait ??= new Promise<void>((resolve) => {
        const deadline = Date.now() + waitMs;
        const look = (): void => {
          if (isReady() || Date.now() >= deadline) {
            waited = true;
            resolve();
          } else setTimeout(look, CONNECT_POLL_MS);
        };
        look();
      });
      return firstWait.then(() => (isReady() ? call(args) : notReady()));
    },
  };
}

function commanderOf(client: RedisClientLike, waitMs: number): Commander {
  const candidate = client as Partial<NodeRedisLike & IORedisLike> | null;
  if (candidate && typeof candidate.call === 'function' && typeof candidate.status === 'string') {
    const io = client as IORedisLike;
    return readyCommander(
      () => io.status === 'ready',
      () => io.status,
      (args) => io.call(args[0] as string, ...args.slice(1)),
      waitMs,
    );
  }
  if (candidate && typeof candidate.sendCommand === 'function' && 'isReady' in candidate) {
    const node = client as NodeRedisLike;
    return readyCommander(
      () => node.isReady,
      () => 'not connected',
      (args) => node.sendCommand(args),
      waitMs,
    );
  }
  throw new TypeError('createRedisThrottleStore needs a node-redis client (redis v4 or v5) or an ioredis instance');
}

/** SHA-1 of a script, hex: what EVALSHA names it by. */
async function sha1(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RedisThrottleStoreError(`Redis did not answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          error instanceof RedisThrottleStoreError
            ? error
            : new RedisThrottleStoreError('Redis command failed', { cause: error }),
        );
      },
    );
  });
}

/** A script run by EVALSHA, loaded with EVAL when Redis does not know it (first use, or after a restart). */
class Script {
  #sha: Promise<string> | undefined;
  constructor(
    private readonly source: string,
    private readonly redis: Commander,
  ) {}

  async run(keys: string[], args: string[]): Promise<unknown> {
    this.#sha ??= sha1(this.source);
    const tail = [String(keys.length), ...keys, ...args];
    try {
      return await this.redis.send(['EVALSHA', await this.#sha, ...tail]);
    } catch (error) {
      if (!/NOSCRIPT/i.test(String((error as Error)?.message ?? error))) throw error;
      return this.redis.send(['EVAL', this.source, ...tail]);
    }
  }
}

const optional = (value: number | undefined): string => (value === undefined ? '' : String(value));
/**
 * Creates a {@link ThrottleStore} on Redis: give it to every client of an account, in every process, as
 * `throttle: { store }`, and they share its `concurrency`, `minuteRate` and `complexityMinute` quotas.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { createRedisThrottleStore } from 'workspace-platform-sdk/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const client = new PlatformClient({ token, baseUrl, throttle: { store: createRedisThrottleStore(redis) } });
 * ```
 * @param client - A node-redis (v4, v5) client or ioredis instance, connected or connecting. The store never
 *   closes it.
 * @throws TypeError when `client` is neither.
 * @throws RangeError when `commandTimeoutMs` is not a positive number.
 */
export function createRedisThrottleStore(
  client: RedisClientLike,
  options: RedisThrottleStoreOptions = {},
): MainThrottleStore {
  const timeoutMs = options.commandTimeoutMs ?? 1000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError('commandTimeoutMs must be a positive number');
  const redis = commanderOf(client, timeoutMs);
  const acquire = new Script(ACQUIRE_SCRIPT, redis);
  const settle = new Script(SETTLE_SCRIPT, redis);
  const renew = new Script(RENEW_SCRIPT, redis);
  const namespace = options.namespace ?? 'wps';
  const keysOf = (account: string): string[] => {
    const prefix = `${namespace}:{${account}}`;
    return [
      `${prefix}:state`,
      `${prefix}:leases`,
      `${prefix}:lease-data`,
      `${prefix}:members`,
      `${prefix}:line`,
      `${prefix}:line-seen`,
    ];
  };

  return defineThrottleStore({
    async acquire(request: StoreAcquireRequest): Promise<StoreAcquireResult> {
      const costs = Object.entries(request.costs).flatMap(([policy, cost]) => [encodePolicyName(policy), String(cost)]);
      const args = [
        request.leaseId,
        String(request.leaseMs),
        String(request.initialConcurrency),
        String(request.probeAfterMs),
        request.ticket,
        request.memberId ?? '',
        String(costs.length / 2),
        ...costs,
        request.backlog === undefined ? '' : String(request.backlog),
      ];
      return parseAcquireReply(await withTimeout(acquire.run(keysOf(request.account), args), timeoutMs));
    },

    async settle(request: StoreSettleRequest): Promise<void> {
      const { response } = request;
      const args = [request.leaseId, response ? '1' : '0', String(response?.status ?? 0)];
      args.push(
        optional(response?.retryAfterMs),
        optional(response?.concurrencyQuota),
        optional(response?.dailyResetMs),
      );
      const windows = response?.windows ?? [];
      args.push(String(windows.length));
      for (const window of windows) {
        args.push(encodePolicyName(window.name), optional(window.quota), optional(window.windowSeconds));
        args.push(String(window.remaining), optional(window.resetSeconds), window.countsRequests ? '1' : '0');
        args.push(optional(window.cost));
      }
      await withTimeout(settle.run(keysOf(request.account), args), timeoutMs);
    },

    async renew(request: StoreRenewRequest): Promise<number> {
      const args = [String(request.leaseMs), request.memberId, ...request.leaseIds];
      return parseRenewReply(await withTimeout(renew.run(keysOf(request.account), args), timeoutMs));
    },
  });
}

/**
 * @deprecated Import `ThrottleStore` from `workspace-platform-sdk`, its one home; this re-export leaves at 1.0.
 */
export type ThrottleStore = MainThrottleStore;

/**
 * @deprecated Use {@link createRedisThrottleStore}. The same function under its old name, kept through 0.x.
 * @throws TypeError when `client` is neither a node-redis client nor an ioredis instance.
 * @throws RangeError when `commandTimeoutMs` is not a positive number.
 */
export const createRedisStore = createRedisThrottleStore;
