/**
 * Assets (files): `Query.assets(ids)` (assets:read) returns the caller's account's files with those ids, in the
 * order asked; `add_file_to_column` (boards:write) attaches an uploaded file to an item's file column;
 * `update_assets_on_item` (boards:write) makes the given files the column's whole list: the caller's own assets
 * (`asset`), links (`link`, `box`, `dropbox`, `google_drive`, `onedrive`, with `linkToFile`) and docs (`doc`, with
 * `objectId`); an unknown or another account's asset, board or item is RESOURCE_NOT_FOUND and changes nothing; the
 * Asset fields.
 *
 * `add_file_to_update` (updates:write) adds an uploaded file to an update or a reply
 * (https://developer.monday.com/api-reference/changelog/add_file_to_update-mutation; files and their fields:
 * https://developer.monday.com/api-reference/reference/assets). Rule map:
 * - The update must be of the caller's account, its item not deleted, else RESOURCE_NOT_FOUND, changing nothing.
 * - The docs do not name the scope; the emulator asks updates:write, as every other change to an update does.
 * - The file is answered as an Asset, listed by the update's `assets` (oldest first) and found by `Query.assets`;
 *   no file column lists it, so the item's `assets` (the files of its columns) leaves it out. The update's body and
 *   `updated_at` do not change (the docs say nothing of either).
 * - The file arrives through the multipart upload path, as add_file_to_column's does.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { NewFileEntry } from '../store/assets.js';
import type { AssetRecord, BoardRecord } from '../store/records.js';
import type { FileInput } from './arguments.generated.js';
import { accountBoard, accountItem, callerId, storedUser, URL_HOST } from './lookup.js';
import type { FamilyResolvers } from './types.js';
import { accountUpdate } from './updates.js';

/** `board`'s file column `columnId`, or an INVALID_COLUMN_VALUE error. */
function fileColumn(board: BoardRecord, columnId: string): string {
  const column = board.columns.find((candidate) => candidate.id === columnId);
  if (column?.type !== 'file') {
    throw engineError(
      ENGINE_ERROR_CODES.invalidColumnValue,
      `Column "${columnId}" is not a file column on board ${board.id}.`,
      { column_id: columnId },
    );
  }
  return column.id;
}

const LINK_TYPES = {
  link: 'LINK',
  box: 'BOX',
  dropbox: 'DROPBOX',
  google_drive: 'GOOGLE_DRIVE',
  onedrive: 'ONEDRIVE',
} as const;

/** The column entry `file` stands for; throws (changing nothing) when it names no file of the caller's. */
function fileEntry(context: EngineContext, file: FileInput): NewFileEntry {
  if (file.fileType === 'asset') {
    const asset = file.assetId ? context.store.assets.find(file.assetId) : undefined;
    if (!asset || asset.accountId !== context.accountId) {
      throw engineError(ENGINE_ERROR_CODES.notFound, `Asset ${file.assetId ?? '(none)'} was not found.`, {
        asset_id: file.assetId ?? null,
      });
    }
    return { ...context.store.assets.entryOf(asset), name: file.name };
  }
  if (file.fileType === 'doc') {
    const doc = context.store.docs
      .all()
      .find((candidate) => candidate.objectId === file.objectId && candidate.accountId === context.accountId);
    if (!doc || doc.deleted) {
      throw engineError(ENGINE_ERROR_CODES.notFound, `Doc ${file.objectId ?? '(none)'} was not found.`, {
        object_id: file.objectId ?? null,
      });
    }
    return { fileType: 'MONDAY_DOC', objectId: Number(doc.objectId), name: file.name };
  }
  if (!file.linkToFile) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `A ${file.fileType} file needs linkToFile.`);
  }
  return { fileType: LINK_TYPES[file.fileType], linkToFile: file.linkToFile, name: file.name };
}

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
      return context.store.assets.add({
        item,
        columnId: fileColumn(board, args.column_id),
        filename: args.file.filename,
        contentType: args.file.contentType,
        size: args.file.bytes.byteLength,
        uploadedById: callerId(context),
      });
    },
    add_file_to_update: (_source, args, context) => {
      requireScope(context, 'updates:write');
      return context.store.assets.addToUpdate({
        update: accountUpdate(context, String(args.update_id)),
        filename: args.file.filename,
        contentType: args.file.contentType,
        size: args.file.bytes.byteLength,
        uploadedById: callerId(context),
      });
    },
    update_assets_on_item: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const board = accountBoard(context, args.board_id);
      const item = accountItem(context, args.item_id, board);
      const columnId = fileColumn(board, args.column_id);
      // Every file is checked before anything changes: one bad file leaves the item as it was.
      const entries = args.files.map((file) => fileEntry(context, file));
      return context.store.assets.replaceOnItem(item, columnId, entries, callerId(context));
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
