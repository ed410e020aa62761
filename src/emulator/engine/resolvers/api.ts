/** Facts about the API itself rather than an account's data: the version a call runs on, every version, the cost. */
import { ENGINE_VERSIONS, kindDisplayName, versionKind } from '../versions.js';
import type { FamilyResolvers } from './types.js';

/** A version as `Version` shows it, dated by the engine's clock (rules in ../versions.ts). */
function versionView(value: string, at: Date) {
  const kind = versionKind(value, at) ?? 'release_candidate';
  return { value, display_name: kindDisplayName(kind), kind };
}

/** Resolvers of Query.complexity, Query.version and Query.versions. */
export const apiResolvers: FamilyResolvers = {
  Query: {
    complexity: (_source, _args, context) => {
      const { before, after, query, resetInSeconds } = context.complexity;
      return { before, after, query, reset_in_x_seconds: resetInSeconds };
    },
    version: (_source, _args, context) => versionView(context.version, new Date(context.store.clock.now())),
    versions: (_source, _args, context) => {
      const at = new Date(context.store.clock.now());
      return ENGINE_VERSIONS.filter((value) => versionKind(value, at) !== undefined).map((v) => versionView(v, at));
    },
  },
};
