/** Combines the resolver maps of several modules, type by type, so two modules may each add fields to one type. */
import type { ResolverMap } from './types.js';

/** One map holding every field resolver of `maps`; a field given twice is a programming error. */
export function mergeResolvers(...maps: readonly ResolverMap[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) {
      const target = merged[typeName] ?? {};
      merged[typeName] = target;
      for (const [fieldName, resolve] of Object.entries(fields)) {
        if (target[fieldName]) throw new Error(`Two resolvers given for ${typeName}.${fieldName}`);
        target[fieldName] = resolve;
      }
    }
  }
  return merged;
}
