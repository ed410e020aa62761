/**
 * Favorites in the in-memory store: each user's list of favorite boards and workspaces, in the order the user set
 * (`position`, renumbered 1, 2, 3... after each change so the order stays exact). Callers check that the object is
 * the caller's; this family keeps each list consistent (an object is in a user's list once).
 */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** The kinds of object the emulator keeps favorites of. */
export type FavoriteObjectType = 'Board' | 'Workspace';

/** One object in one user's favorites. */
export interface FavoriteRecord {
  /** Favorite id (a numeric string). */
  id: string;
  /** The account of the user and the object. */
  accountId: string;
  /** The user whose favorite it is. */
  userId: string;
  /** What kind of object it is. */
  objectType: FavoriteObjectType;
  /** The object's id. */
  objectId: string;
  /** The name given when it was added, if any. */
  name: string | null;
  /** Its place in the user's list, from 1. */
  position: number;
  /** ISO 8601 time it was added. */
  createdAt: string;
  /** ISO 8601 time it last moved. */
  updatedAt: string;
}

/** Where a favorite goes: right after `after`, right before `before`, else at the end. */
export interface FavoritePlace {
  after?: FavoriteRecord;
  before?: FavoriteRecord;
}

/** Favorites of every user. */
export class FavoriteStore extends Collection<FavoriteRecord> {
  readonly #stamper: Stamper;

  /** Keeps the seeded `favorites`; new ids and times come from `stamper`. */
  constructor(favorites: FavoriteRecord[], stamper: Stamper) {
    super(favorites);
    this.#stamper = stamper;
  }

  /** A user's favorites, in their order. */
  ofUser(userId: string): FavoriteRecord[] {
    return this.where((favorite) => favorite.userId === userId).sort((a, b) => a.position - b.position);
  }

  /** The user's favorite of this object, if it is one. */
  findObject(userId: string, objectType: FavoriteObjectType, objectId: string): FavoriteRecord | undefined {
    return this.ofUser(userId).find((favorite) => favorite.objectType === objectType && favorite.objectId === objectId);
  }

  /** Adds an object to a user's favorites at `place`. */
  add(
    input: Omit<FavoriteRecord, 'id' | 'position' | 'createdAt' | 'updatedAt'>,
    place: FavoritePlace,
  ): FavoriteRecord {
    const stamp = this.#stamper.now();
    const favorite = this.insert({
      ...input,
      id: this.#stamper.newId(),
      position: 0,
      createdAt: stamp,
      updatedAt: stamp,
    });
    this.#place(favorite, place);
    return favorite;
  }

  /** Moves a favorite to `place` in its user's list. */
  move(favorite: FavoriteRecord, place: FavoritePlace): FavoriteRecord {
    favorite.updatedAt = this.#stamper.now();
    this.#place(favorite, place);
    return favorite;
  }

  /** Takes a favorite out of its user's list and renumbers the rest. */
  delete(favorite: FavoriteRecord): FavoriteRecord {
    this.remove(favorite);
    this.ofUser(favorite.userId).forEach((entry, index) => {
      entry.position = index + 1;
    });
    return favorite;
  }

  /** Puts `favorite` at `place` and renumbers its user's list. */
  #place(favorite: FavoriteRecord, place: FavoritePlace): void {
    const others = this.ofUser(favorite.userId).filter((candidate) => candidate !== favorite);
    const anchor = place.after ?? place.before;
    const at = anchor ? others.indexOf(anchor) + (place.after ? 1 : 0) : others.length;
    others.splice(at, 0, favorite);
    others.forEach((entry, index) => {
      entry.position = index + 1;
    });
  }
}
