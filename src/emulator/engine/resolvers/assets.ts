/** Assets: Query.assets(ids) (assets:read) returns the caller's account's files with those ids, in the order asked. */
import { requireScope } from '../context.js';
import type { ResolverMap } from './types.js';

/** Resolvers of assets (the Asset fields are in objects.ts). */
export const assetResolvers: ResolverMap = {
  Query: {
    assets: (_source: unknown, args: { ids: string[] }, context) => {
      requireScope(context, 'assets:read');
      return args.ids
        .map((id) => context.store.findAsset(id))
        .filter((asset) => asset !== undefined && asset.accountId === context.accountId);
    },
  },
};
