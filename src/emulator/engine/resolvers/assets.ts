/**
 * Assets (files): `Query.assets(ids)` (assets:read) returns the caller's account's files with those ids, in the
 * order asked; `add_file_to_column` (boards:write) attaches an uploaded file to an item's file column; the Asset
 * fields.
 */
import { requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { AssetRecord } from '../store/records.js';
import { accountBoard, accountItem, callerId, storedUser, URL_HOST } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** Resolvers of assets. */
export const assetResolvers: FamilyResolvers = {
  Query: {
    assets: (_source, args, context) => {
      requireScope(context, 'assets:read');
      return args.ids
        .map((id) => context.store.assets.find(id))
        .filter((asset) => asset !== undefined && asset.accountId === context.accountId);
    },
  },
  Mutation: {
    add_file_to_column: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const item = accountItem(context, args.item_id);
      const board = accountBoard(context, item.boardId);
      const column = board.columns.find((candidate) => candidate.id === args.column_id);
      if (column?.type !== 'file') {
        throw engineError(
          ENGINE_ERROR_CODES.invalidColumnValue,
          `Column "${args.column_id}" is not a file column on board ${board.id}.`,
          { column_id: args.column_id },
        );
      }
      return context.store.assets.add({
        item,
        columnId: column.id,
        filename: args.file.filename,
        contentType: args.file.contentType,
        size: args.file.bytes.byteLength,
        uploadedById: callerId(context),
      });
    },
  },
  Asset: {
    file_extension: (asset: AssetRecord) => {
      const dot = asset.name.lastIndexOf('.');
      return dot > 0 ? asset.name.slice(dot) : '';
    },
    file_size: (asset: AssetRecord) => asset.size,
    url: (asset: AssetRecord) => `https://files.${URL_HOST}/resources/${asset.id}/${encodeURIComponent(asset.name)}`,
    public_url: (asset: AssetRecord) =>
      `https://files.${URL_HOST}/public/${asset.id}/${encodeURIComponent(asset.name)}`,
    url_thumbnail: () => null,
    original_geometry: () => null,
    created_at: (asset: AssetRecord) => asset.createdAt,
    uploaded_by: (asset: AssetRecord, _args, context) => storedUser(context, asset.uploadedById),
  },
};
