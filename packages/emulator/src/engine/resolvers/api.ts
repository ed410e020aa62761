/**
 * Facts about the API itself rather than an account's data: the version a call runs on, every version, the cost.
 *
 * `complexity` answers the same snapshot beside a query and beside a mutation: the platform added the field to
 * mutations so a write can read its own cost and the budget left
 * (https://developer.monday.com/api-reference/changelog/added-complexity-field-to-mutations; the figures as the rate
 * limits page describes them, https://developer.monday.com/api-reference/docs/rate-limits).
 */

import type { EngineContext } from '../context.js';
import { ENGINE_VERSIONS, kindDisplayName, versionKind } from '../versions.js';
import type { FamilyResolvers } from './types.js';

/** A version as `Version` shows it, dated by the engine's clock (rules in ../versions.ts). */
function versionView(value: string, at: Date) {
  const kind = versionKind(value, at) ?? 'release_candidate';
  return { value, display_name: kindDisplayName(kind), kind };
}

/**
 * `platform_api.daily_limit`: the account's daily call quota (base and total: the emulator models no add-on, so
 * both are the quota) and `daily_analytics.by_day` with today's calls, from the server's daily counter. The
 * platform's rate limits page documents the daily call limit and this query
 * (https://developer.monday.com/api-reference/docs/rate-limits). Pinned by `test/e2e/daily-limit-status.test.ts`.
 */
function platformApiView(context: EngineContext): {
  daily_limit?: { base: number; total: number };
  daily_analytics?: { by_day: { day: string; usage: number }[] };
} {
  const daily = context.complexity.daily;
  if (!daily) return {};
  const day = new Date(context.store.clock.now()).toISOString().slice(0, 10);
  return {
    daily_limit: { base: daily.quota, total: daily.quota },
    daily_analytics: { by_day: [{ day, usage: daily.used }] },
  };
}

/** The call's `Complexity`: the budget before and after it, its cost and when the budget resets. */
function complexityView(context: EngineContext) {
  const { before, after, query, resetInSeconds } = context.complexity;
  return { before, after, query, reset_in_x_seconds: resetInSeconds };
}

/** Resolvers of Query.complexity, Mutation.complexity, Query.version, Query.versions and Query.platform_api. */
export const apiResolvers: FamilyResolvers = {
  Mutation: {
    complexity: (_source, _args, context) => complexityView(context),
  },
  Query: {
    complexity: (_source, _args, context) => complexityView(context),
    version: (_source, _args, context) => versionView(context.version, new Date(context.store.clock.now())),
    versions: (_source, _args, context) => {
      const at = new Date(context.store.clock.now());
      return ENGINE_VERSIONS.filter((value) => versionKind(value, at) !== undefined).map((v) => versionView(v, at));
    },
    platform_api: (_source, _args, context) => platformApiView(context),
  },
};
