/** Facts about the API itself rather than an account's data: the version a call runs on, every version, the cost. */
import { ENGINE_VERSIONS, VERSION_KINDS } from '../versions.js';
import type { FamilyResolvers } from './types.js';

function versionView(value: string) {
  return { value, display_name: value, kind: VERSION_KINDS[value as keyof typeof VERSION_KINDS] };
}

/** Resolvers of Query.complexity, Query.version and Query.versions. */
export const apiResolvers: FamilyResolvers = {
  Query: {
    complexity: (_source, _args, context) => {
      const { before, after, query, resetInSeconds } = context.complexity;
      return { before, after, query, reset_in_x_seconds: resetInSeconds };
    },
    version: (_source, _args, context) => versionView(context.version),
    versions: () => ENGINE_VERSIONS.map(versionView),
  },
};
