/**
 * Files uploaded to items' file columns (the record of each upload, listed in the item's file column value) and to
 * updates (kept with the update's id; no column lists them).
 */

import type { BoardStore } from './boards.js';
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';
import { storedValue, valuesRecord } from './item-values.js';
import type { ItemStore } from './items.js';
import type { AssetRecord, ItemRecord } from './records.js';
import type { UpdateRecord } from './updates.js';

/** A file to attach; the bytes are counted, not kept. */
export interface NewAsset {
  /** The item to attach the file to. */
  item: ItemRecord;
  /** The file column. */
  columnId: string;
  /** File name. */
  filename: string;
  /** Media type. */
  contentType: string;
  /** Size in bytes. */
  size: number;
  /** User id of the uploader. */
  uploadedById: string;
}

/** A file to add to an update; the bytes are counted, not kept. */
export interface NewUpdateAsset extends Omit<NewAsset, 'item' | 'columnId'> {
  /** The update to add the file to. */
  update: UpdateRecord;
}

/** Who added a file column entry, and when (milliseconds since the epoch), as the column's value keeps them. */
interface EntryStamp {
  createdAt: number;
  createdBy: string;
}

/** A file to list in a file column: an uploaded asset, a link to a file kept elsewhere, or a doc. */
export type NewFileEntry =
  | { fileType: 'ASSET'; assetId: number; name: string; isImage: string }
  | { fileType: 'LINK' | 'BOX' | 'DROPBOX' | 'GOOGLE_DRIVE' | 'ONEDRIVE'; linkToFile: string; name: string }
  | { fileType: 'MONDAY_DOC'; objectId: number; name: string };

/** One entry of a file column's value, as stored; links and docs get an id of their own. */
export type FileEntry =
  | (Extract<NewFileEntry, { fileType: 'ASSET' }> & EntryStamp)
  | (Exclude<NewFileEntry, { fileType: 'ASSET' }> & EntryStamp & { fileId: string });

/**
 * What the asset family uses of the rest of the store (the store hands itself in): ids and time, the board of an
 * item a file is added to, and the item's activity log.
 */
export interface AssetCollaborators extends Stamper {
  readonly boards: Pick<BoardStore, 'find'>;
  readonly items: Pick<ItemStore, 'log'>;
}

/** Uploaded files. */
export class AssetStore extends Collection<AssetRecord> {
  readonly #store: AssetCollaborators;

  /** Starts empty; the store attaches the seeded assets with {@link attach} once their items exist. */
  constructor(store: AssetCollaborators) {
    super();
    this.#store = store;
  }

  /**
   * Records an uploaded file and lists it in the item's file column, as one item change: the item's `updated_at`
   * moves and the board's activity log records it, as {@link replaceOnItem} does.
   */
  add(input: NewAsset): AssetRecord {
    const previous = storedValue(input.item, input.columnId);
    const board = this.#store.boards.find(input.item.boardId);
    const asset: AssetRecord = {
      id: this.#store.newId(),
      accountId: board?.accountId ?? '',
      itemId: input.item.id,
      columnId: input.columnId,
      name: input.filename,
      contentType: input.contentType,
      size: input.size,
      uploadedById: input.uploadedById,
      createdAt: this.#store.now(),
    };
    this.attach(input.item, asset);
    input.item.updatedAt = asset.createdAt;
    this.#store.items.log(input.item, input.uploadedById, 'update_column_value', {
      column_id: input.columnId,
      previous_value: previous,
      value: storedValue(input.item, input.columnId),
    });
    return asset;
  }

  /** Records a file uploaded to an update; the update and its item are otherwise unchanged. */
  addToUpdate(input: NewUpdateAsset): AssetRecord {
    return this.insert({
      id: this.#store.newId(),
      accountId: input.update.accountId,
      itemId: input.update.itemId,
      columnId: null,
      updateId: input.update.id,
      name: input.filename,
      contentType: input.contentType,
      size: input.size,
      uploadedById: input.uploadedById,
      createdAt: this.#store.now(),
    });
  }

  /** The files added to `update`, oldest first. */
  ofUpdate(update: UpdateRecord): AssetRecord[] {
    return this.where((asset) => asset.updateId === update.id);
  }

  /** The entry listing `asset` in a file column. */
  entryOf(asset: AssetRecord): Extract<NewFileEntry, { fileType: 'ASSET' }> {
    return {
      fileType: 'ASSET',
      assetId: Number(asset.id),
      name: asset.name,
      isImage: String(asset.contentType.startsWith('image/')),
    };
  }

  /**
   * Makes `entries` the whole list of `item`'s file column `columnId` (an empty list empties it), as one item
   * change: the item's `updated_at` moves and the board's activity log records it, as any value change does.
   */
  replaceOnItem(item: ItemRecord, columnId: string, files: NewFileEntry[], userId: string): ItemRecord {
    const previous = storedValue(item, columnId);
    const stamp: EntryStamp = { createdAt: Date.parse(this.#store.now()), createdBy: userId };
    const entries = files.map(
      (file): FileEntry =>
        file.fileType === 'ASSET' ? { ...file, ...stamp } : { ...file, ...stamp, fileId: this.#store.newId() },
    );
    const values = valuesRecord(item.values);
    if (entries.length === 0) delete values[columnId];
    else values[columnId] = { files: entries };
    item.values = values;
    item.updatedAt = this.#store.now();
    this.#store.items.log(item, userId, 'update_column_value', {
      column_id: columnId,
      previous_value: previous,
      value: storedValue(item, columnId),
    });
    return item;
  }

  /**
   * Makes `entries` the whole list of `item`'s file column `columnId` as they were stored (a seed's `files`, read by
   * a snapshot): no entry is made anew, nothing is logged and the item's `updated_at` stays.
   * @throws Error when the column is not a file column of the item's board, or an entry is not a file entry.
   */
  restoreEntries(item: ItemRecord, columnId: string, entries: readonly Record<string, unknown>[]): void {
    const column = this.#store.boards.find(item.boardId)?.columns.find((candidate) => candidate.id === columnId);
    if (column?.type !== 'file') throw new Error(`Seed item ${item.id} lists files in ${columnId}, not a file column`);
    for (const entry of entries)
      if (typeof entry.fileType !== 'string' || typeof entry.name !== 'string')
        throw new Error(`Seed item ${item.id} lists a malformed file entry in ${columnId}`);
    const values = valuesRecord(item.values);
    if (entries.length === 0) delete values[columnId];
    else values[columnId] = { files: entries.map((entry) => ({ ...entry })) };
    item.values = values;
  }

  /**
   * Keeps a fully formed asset (a seeded one, or one {@link add} made) and lists it in `item`'s file column; a file
   * of an update is kept as it is.
   */
  attach(item: ItemRecord, asset: AssetRecord): AssetRecord {
    this.insert(asset);
    if (asset.columnId === null) return asset;
    const current = (storedValue(item, asset.columnId) as { files?: unknown[] } | null)?.files ?? [];
    const entry: FileEntry = {
      ...this.entryOf(asset),
      createdAt: Date.parse(asset.createdAt),
      createdBy: asset.uploadedById,
    };
    item.values = valuesRecord(item.values);
    item.values[asset.columnId] = { files: [...current, entry] };
    return asset;
  }
}
