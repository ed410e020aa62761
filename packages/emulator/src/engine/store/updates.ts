/**
 * Updates (the conversation on an item) and their replies, likes and pins. A reply is an update with a
 * `parentId`; it belongs to the same item as its parent.
 */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** A like (reaction) on an update or reply. */
export interface LikeRecord {
  id: string;
  userId: string;
  reactionType: string;
  createdAt: string;
}

/** An update on an item, or a reply to one. */
export interface UpdateRecord {
  id: string;
  accountId: string;
  itemId: string;
  /** The update this one replies to; null for a top-level update. */
  parentId: string | null;
  /** HTML body as written. */
  body: string;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  /** Last edit, or the creation time when never edited. */
  editedAt: string;
  likes: LikeRecord[];
  /** Items this update is pinned to the top of. */
  pinnedToItemIds: string[];
  /**
   * The creation date `create_update` was given for it (`original_creation_date`, as sent); null or absent when none
   * was (optional so that seeds written before the field still load).
   */
  originalCreationDate?: string | null;
}

/** What {@link UpdateStore.create} needs. */
export interface NewUpdate {
  accountId: string;
  itemId: string;
  parentId?: string | null;
  body: string;
  creatorId: string;
  /** The `original_creation_date` given to `create_update`, if any. */
  originalCreationDate?: string | null;
}

/** The plain text of an HTML body: tags dropped, common entities decoded, whitespace collapsed. */
export function textBody(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** Keeps every update and reply of every account. */
export class UpdateStore extends Collection<UpdateRecord> {
  readonly #stamper: Stamper;

  /** Keeps the seeded `updates` as they are (ids and times kept); new ids and times come from `stamper`. */
  constructor(updates: UpdateRecord[], stamper: Stamper) {
    super(updates);
    this.#stamper = stamper;
  }

  /** Top-level updates of an item, newest first. */
  ofItem(itemId: string): UpdateRecord[] {
    return this.where((update) => update.itemId === itemId && update.parentId === null).sort(newestFirst);
  }

  /** Replies to an update, oldest first. */
  repliesTo(updateId: string): UpdateRecord[] {
    return this.where((update) => update.parentId === updateId);
  }

  /** Creates an update (or a reply when `parentId` is set). */
  create(input: NewUpdate): UpdateRecord {
    const stamp = this.#stamper.now();
    const update: UpdateRecord = {
      id: this.#stamper.newId(),
      accountId: input.accountId,
      itemId: input.itemId,
      parentId: input.parentId ?? null,
      body: input.body,
      creatorId: input.creatorId,
      createdAt: stamp,
      updatedAt: stamp,
      editedAt: stamp,
      likes: [],
      pinnedToItemIds: [],
      originalCreationDate: input.originalCreationDate ?? null,
    };
    return this.insert(update);
  }

  /** Replaces the body of an update. */
  edit(update: UpdateRecord, body: string): UpdateRecord {
    const stamp = this.#stamper.now();
    update.body = body;
    update.editedAt = stamp;
    update.updatedAt = stamp;
    return update;
  }

  /** Removes an update with its replies; returns what was removed, the update first. */
  delete(update: UpdateRecord): UpdateRecord[] {
    const gone = new Set([update.id, ...this.repliesTo(update.id).map((reply) => reply.id)]);
    return this.removeWhere((candidate) => gone.has(candidate.id));
  }

  /** Removes every update (and reply) of the given items; returns how many went. */
  removeForItems(itemIds: ReadonlySet<string>): number {
    return this.removeWhere((candidate) => itemIds.has(candidate.itemId)).length;
  }

  /** Adds `userId`'s like unless it is there already (liking twice is one like). */
  like(update: UpdateRecord, userId: string): UpdateRecord {
    if (!update.likes.some((like) => like.userId === userId)) {
      update.likes.push({ id: this.#stamper.newId(), userId, reactionType: 'like', createdAt: this.#stamper.now() });
      update.updatedAt = this.#stamper.now();
    }
    return update;
  }

  /** Removes `userId`'s like, if any. */
  unlike(update: UpdateRecord, userId: string): UpdateRecord {
    const kept = update.likes.filter((like) => like.userId !== userId);
    if (kept.length !== update.likes.length) {
      update.likes = kept;
      update.updatedAt = this.#stamper.now();
    }
    return update;
  }

  /** Pins (or unpins) the update to the top of an item. */
  setPinned(update: UpdateRecord, itemId: string, pinned: boolean): UpdateRecord {
    const others = update.pinnedToItemIds.filter((id) => id !== itemId);
    update.pinnedToItemIds = pinned ? [...others, itemId] : others;
    update.updatedAt = this.#stamper.now();
    return update;
  }

  /** Copies the top-level updates of `fromItemId` (with replies and likes) onto `toItemId`. */
  copyForItem(fromItemId: string, toItemId: string): void {
    for (const update of this.ofItem(fromItemId).reverse()) {
      const copy = { ...structuredClone(update), id: this.#stamper.newId(), itemId: toItemId, pinnedToItemIds: [] };
      this.insert(copy);
      for (const reply of this.repliesTo(update.id)) {
        this.insert({
          ...structuredClone(reply),
          id: this.#stamper.newId(),
          itemId: toItemId,
          parentId: copy.id,
          pinnedToItemIds: [],
        });
      }
    }
  }
}

function newestFirst(a: UpdateRecord, b: UpdateRecord): number {
  return b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id);
}
