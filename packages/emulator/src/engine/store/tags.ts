/**
 * Tags of the in-memory store. A tag is public (usable on every board of its account, `boardId` null) or private
 * to one board. create_or_get_tag finds a tag by name (case-insensitive) in the same scope before creating one.
 */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** A tag of one account. */
export interface TagRecord {
  id: string;
  accountId: string;
  name: string;
  color: string;
  /** The board a private tag belongs to; null for a public tag. */
  boardId: string | null;
}

/** Colours given to new tags, in turn. */
export const TAG_COLORS = ['#00c875', '#fdab3d', '#e2445c', '#579bfc', '#a25ddc', '#037f4c'] as const;

/** Tags. */
export class TagStore extends Collection<TagRecord> {
  readonly #stamper: Stamper;

  /** Keeps the seeded `tags`; new ids come from `stamper`. */
  constructor(tags: TagRecord[], stamper: Stamper) {
    super(tags);
    this.#stamper = stamper;
  }

  /** The tag named `name` in the scope (account, board or public), created when there is none. */
  createOrGet(accountId: string, boardId: string | null, name: string): TagRecord {
    const wanted = name.trim().toLowerCase();
    const found = this.all().find(
      (tag) => tag.accountId === accountId && tag.boardId === boardId && tag.name.toLowerCase() === wanted,
    );
    if (found) return found;
    const color = TAG_COLORS[this.all().length % TAG_COLORS.length] ?? TAG_COLORS[0];
    return this.insert({ id: this.#stamper.newId(), accountId, name: name.trim(), color, boardId });
  }
}
