/**
 * `workspace-platform-sdk/redis`: a {@link ThrottleStore} on Redis, so every process of an app shares one
 * account's quotas. Pass an already-connected node-redis (`redis` v4 or v5) client or an ioredis instance;
 * neither library is a dependency of this package. Each step is one Lua script (one round trip), atomic,
 * timed by Redis's own clock.
 *
 * @packageDocumentation
 */

import { defineThrottleStore } from '../client/fleet-throttle.js';
import type {
  StoreAcquireRequest,
  StoreAcquireResult,
  StoreRenewRequest,
  StoreSettleRequest,
  ThrottleStore,
} from '../client/throttle-store.js';
import { ACQUIRE_SCRIPT, RENEW_SCRIPT, SETTLE_SCRIPT } from './scripts.js';

/** Options of {@link createRedisStore}. */
export interface RedisStoreOptions {
  /**
   * Prefix of this store's keys. Default: derived per account from the client's base URL and a SHA-256 of its
   * token (never the token itself), so the clients of one account meet and other accounts stay apart.
   * Set it to keep several apps, or environments, apart on one Redis.
   */
  namespace?: string;
  /**
   * How long one Redis command may take before the client gives up on the store and throttles alone for a
   * while (it rejoins by itself). Default 1 000 ms.
   */
  commandTimeoutMs?: number;
}

/**
 * The few members of a node-redis client (v4, v5) this store uses. Any connected client has them.
 */
export interface NodeRedisLike {
  sendCommand(args: string[]): Promise<unknown>;
  readonly isReady: boolean;
}

/** The few members of an ioredis client this store uses. */
export interface IORedisLike {
  call(command: string, ...args: string[]): Promise<unknown>;
  readonly status: string;
}

/** A node-redis (v4, v5) or ioredis client, already connected. */
export type RedisClientLike = NodeRedisLike | IORedisLike;

/** Thrown by the store's commands when Redis is not connected, fails, or answers too late. */
export class RedisStoreError extends Error {
  override readonly name = 'RedisStoreError';
}

interface Commander {
  send(args: string[]): Promise<unknown>;
}

function commanderOf(client: RedisClientLike): Commander {
  const candidate = client as Partial<NodeRedisLike & IORedisLike> | null;
  if (candidate && typeof candidate.call === 'function' && typeof candidate.status === 'string') {
    const io = client as IORedisLike;
    return {
      send: (args) =>
        io.status === 'ready'
          ? io.call(args[0] as string, ...args.slice(1))
          : Promise.reject(new RedisStoreError(`Redis is not ready (${io.status})`)),
    };
  }
  if (candidate && typeof candidate.sendCommand === 'function' && 'isReady' in candidate) {
    const node = client as NodeRedisLike;
    return {
      send: (args) =>
        node.isReady
          ? node.sendCommand(args)
          : Promise.reject(new RedisStoreError('Redis is not ready (not connected)')),
    };
  }
  throw new TypeError('createRedisStore needs a node-redis client (redis v4 or v5) or an ioredis instance');
}

/** SHA-1 of a script, hex: what EVALSHA names it by. */
async function sha1(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RedisStoreError(`Redis did not answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          error instanceof RedisStoreError ? error : new RedisStoreError('Redis command failed', { cause: error }),
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

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
const optional = (value: number | undefined): string => (value === undefined ? '' : String(value));

/**
 * Creates a {@link ThrottleStore} on Redis: give it to every client of an account, in every process, as
 * `throttle: { store }`, and they share its `concurrency`, `minuteRate` and `complexityMinute` quotas.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { createRedisStore } from 'workspace-platform-sdk/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const client = new PlatformClient({ token, baseUrl, throttle: { store: createRedisStore(redis) } });
 * ```
 * @param client - A connected node-redis (v4, v5) client or ioredis instance. The store never closes it.
 * @throws TypeError when `client` is neither.
 */
export function createRedisStore(client: RedisClientLike, options: RedisStoreOptions = {}): ThrottleStore {
  const redis = commanderOf(client);
  const timeoutMs = options.commandTimeoutMs ?? 1000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError('commandTimeoutMs must be a positive number');
  const acquire = new Script(ACQUIRE_SCRIPT, redis);
  const settle = new Script(SETTLE_SCRIPT, redis);
  const renew = new Script(RENEW_SCRIPT, redis);
  const keysOf = (account: string): string[] => {
    const prefix = options.namespace ?? `wps:{${account}}`;
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
      const costs = Object.entries(request.costs).flatMap(([policy, cost]) => [policy, String(cost)]);
      const args = [
        request.leaseId,
        String(request.leaseMs),
        String(request.initialConcurrency),
        String(request.probeAfterMs),
        request.ticket,
        String(costs.length / 2),
        ...costs,
      ];
      const reply = (await withTimeout(acquire.run(keysOf(request.account), args), timeoutMs)) as unknown[];
      if (!Array.isArray(reply)) throw new RedisStoreError('Unexpected answer from the acquire script');
      if (Number(reply[0]) === 1) return { granted: true };
      const reason = text(reply[1]) as 'concurrency' | 'quota-exhausted' | 'backoff';
      const result: StoreAcquireResult = { granted: false, reason };
      if (text(reply[2])) result.policy = text(reply[2]);
      if (text(reply[3])) result.retryInMs = Math.max(0, Number(reply[3]));
      if (text(reply[4])) result.holdMs = Math.max(0, Number(reply[4]));
      return result;
    },

    async settle(request: StoreSettleRequest): Promise<void> {
      const { response } = request;
      const args = [request.leaseId, response ? '1' : '0', String(response?.status ?? 0)];
      args.push(optional(response?.retryAfterMs), optional(response?.concurrencyQuota));
      const windows = response?.windows ?? [];
      args.push(String(windows.length));
      for (const window of windows) {
        args.push(window.name, optional(window.quota), optional(window.windowSeconds), String(window.remaining));
        args.push(optional(window.resetSeconds), window.countsRequests ? '1' : '0', optional(window.cost));
      }
      await withTimeout(settle.run(keysOf(request.account), args), timeoutMs);
    },

    async renew(request: StoreRenewRequest): Promise<number> {
      const args = [String(request.leaseMs), request.memberId, ...request.leaseIds];
      const members = await withTimeout(renew.run(keysOf(request.account), args), timeoutMs);
      return Math.max(1, Number(members) || 1);
    },
  });
}

export type { ThrottleStore } from '../client/throttle-store.js';
