/**
 * The account's daily call limit, as the platform reports it: its `platform_api { daily_limit { base total } }`
 * query (https://developer.monday.com/api-reference/docs/rate-limits, "Daily call limit"). The platform sends no
 * daily figure in its response headers; a server that does (a `daily` policy in `RateLimit`) shows it in
 * `RateLimitState.daily` instead.
 *
 * Rule map:
 * - The daily quota spent is exactly when an app asks, and then the query itself is refused (held unsent by the
 *   throttle, or a `DAILY_LIMIT_EXCEEDED` from the server): the answer comes from memory instead, the figures this
 *   client last read and the reset the refusal named, marked `source: 'memory'` with when they were read
 *   (test/e2e/daily-limit-status.test.ts). The docs do not say whether `platform_api` counts against the quota;
 *   the emulator counts it, the least surprising reading.
 * - The memory is per client (a WeakMap on the client object), so a client that is dropped takes it with it.
 */
import type { PlatformClient } from '../client.js';
import { DailyLimitError } from '../errors/errors.js';
import { nextMidnightUtc } from '../rate-limit/daily-reset.js';
import type { ApiResult, CallOptions } from '../types.js';

/** What {@link dailyLimitStatus} found out. */
export interface DailyLimitStatus {
  /** The plan's daily call limit; undefined when the server did not say. */
  base: number | undefined;
  /** The daily call limit in force (the base and any add-on); undefined when the server did not say. */
  total: number | undefined;
  /**
   * When the daily count resets: the next midnight UTC, as the platform resets it; from memory, the reset the
   * server's refusal named.
   */
  resetsAt: Date;
  /**
   * Where the answer comes from: `'server'`, the server answered this call; `'memory'`, the daily quota is spent
   * (the call was held unsent, or refused), so `base` and `total` are the figures this client last read (at
   * `observedAt`; undefined when it never read them) and `resetsAt` the reset the refusal named.
   */
  source: 'server' | 'memory';
  /** When `base` and `total` were read from the server; undefined when this client never read them. */
  observedAt: Date | undefined;
  /** True when the daily quota is spent: calls fail with `DailyLimitError` (or wait for it) until `resetsAt`. */
  exhausted: boolean;
}

/** The figures each client last read from the server. */
const lastRead = new WeakMap<object, { base: number | undefined; total: number | undefined; observedAt: Date }>();

const DAILY_LIMIT_QUERY = 'query DailyLimitStatus { platform_api { daily_limit { base total } } }';

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/**
 * Asks the server for the account's daily call limit. Once the daily quota is spent (when the client holds calls
 * unsent, or the server refuses this one), it answers from memory instead of failing: the figures this client last
 * read, the reset the refusal named, `source: 'memory'` and `exhausted: true`.
 *
 * @example
 * ```ts
 * const { total, resetsAt, source } = await dailyLimitStatus(client);
 * console.log(`daily limit ${total ?? 'unknown'} (${source}), resets at ${resetsAt.toISOString()}`);
 * ```
 * @throws {@link PlatformError} any other error of the call itself (network, auth, rate limit), as `client.request`
 * throws.
 */
export async function dailyLimitStatus(
  client: Pick<PlatformClient, 'request'>,
  options?: CallOptions,
): Promise<DailyLimitStatus> {
  let result: ApiResult<{ platform_api?: { daily_limit?: { base?: unknown; total?: unknown } | null } | null }>;
  try {
    result = await client.request(DAILY_LIMIT_QUERY, {}, options);
  } catch (error) {
    if (!(error instanceof DailyLimitError)) throw error;
    const known = lastRead.get(client);
    return {
      base: known?.base,
      total: known?.total,
      resetsAt: error.resetsAt,
      source: 'memory',
      observedAt: known?.observedAt,
      exhausted: true,
    };
  }
  const limit = result.data.platform_api?.daily_limit ?? {};
  const observedAt = new Date();
  const read = { base: count(limit.base), total: count(limit.total), observedAt };
  lastRead.set(client, read);
  return {
    base: read.base,
    total: read.total,
    resetsAt: new Date(nextMidnightUtc(observedAt.getTime())),
    source: 'server',
    observedAt,
    exhausted: false,
  };
}
