/**
 * The account's daily call limit, as the platform reports it: its `platform_api { daily_limit { base total } }`
 * query (https://developer.monday.com/api-reference/docs/rate-limits, "Daily call limit"). The platform sends no
 * daily figure in its response headers; a server that does (a `daily` policy in `RateLimit`) shows it in
 * `RateLimitState.daily` instead.
 */
import type { PlatformClient } from '../client.js';
import { nextMidnightUtc } from '../rate-limit/daily-reset.js';
import type { CallOptions } from '../types.js';

/** What {@link dailyLimitStatus} found out. */
export interface DailyLimitStatus {
  /** The plan's daily call limit; undefined when the server did not say. */
  base: number | undefined;
  /** The daily call limit in force (the base and any add-on); undefined when the server did not say. */
  total: number | undefined;
  /** When the daily count resets: the next midnight UTC, as the platform resets it. */
  resetsAt: Date;
}

const DAILY_LIMIT_QUERY = 'query DailyLimitStatus { platform_api { daily_limit { base total } } }';

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/**
 * Asks the server for the account's daily call limit.
 *
 * @example
 * ```ts
 * const { total, resetsAt } = await dailyLimitStatus(client);
 * console.log(`daily limit ${total ?? 'unknown'}, resets at ${resetsAt.toISOString()}`);
 * ```
 * @throws {PlatformError} any error of the call itself (network, auth, rate limit), as `client.request` throws.
 */
export async function dailyLimitStatus(
  client: Pick<PlatformClient, 'request'>,
  options?: CallOptions,
): Promise<DailyLimitStatus> {
  const result = await client.request(DAILY_LIMIT_QUERY, {}, options);
  const api = (result.data.platform_api ?? {}) as { daily_limit?: { base?: unknown; total?: unknown } | null };
  const limit = api.daily_limit ?? {};
  return { base: count(limit.base), total: count(limit.total), resetsAt: new Date(nextMidnightUtc(Date.now())) };
}
