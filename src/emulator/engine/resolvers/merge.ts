/** Combines the resolver maps of every family into one; two resolvers for the same field is a programming error. */
import type { ResolverMap } from './types.js';

/** One map holding every type's resolvers from `maps`; throws when two maps resolve the same field. */
export function mergeResolverMaps(...maps: readonly ResolverMap[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) {
      const into = merged[typeName] ?? {};
      merged[typeName] = into;
      for (const [fieldName, resolve] of Object.entries(fields)) {
        if (into[fieldName]) throw new Error(`Two resolvers given for ${typeName}.${fieldName}`);
        into[fieldName] = resolve;
      }
    }
  }
  return merged;
}
