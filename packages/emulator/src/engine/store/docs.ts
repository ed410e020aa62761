/**
 * Docs and their blocks in the in-memory store. A doc lives in a workspace (optionally a folder), or holds an item's
 * description (`itemId`, listed by no `docs` query); its blocks are ordered by `position` within their parent block.
 * Block ids are UUID-shaped strings, as on the platform, made from the store's id counter so a replayed journal
 * (the testing kit's restore) gives every block its id again.
 *
 * Every change to a doc's blocks or name is journalled ({@link DocChangeRecord}: who, when, and the block's state
 * after it), so the doc's state at any past time can be rebuilt: `doc_version_history` groups the journal into
 * restoring points and `doc_version_diff` compares two of them (../resolvers/doc-history.ts). Seeded blocks enter
 * the journal at their creation time.
 */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** A doc of one account. */
export interface DocRecord {
  id: string;
  /** The id of the doc as a board-like object (what `object_ids` filters on and URLs use). */
  objectId: string;
  accountId: string;
  workspaceId: string;
  folderId: string | null;
  name: string;
  kind: 'public' | 'private' | 'share';
  createdById: string;
  createdAt: string;
  updatedAt: string;
  deleted: boolean;
  /** The doc's settings (`Document.settings`: font, cover, width...), when the seed gives them; absent: not known. */
  settings?: Record<string, unknown>;
  /** For an item's description: the item it describes (such docs are in no workspace listing). */
  itemId?: string;
}

/** A block as a journal entry keeps it: its place, type and content after the change; null once deleted. */
export interface DocBlockState {
  parentBlockId: string | null;
  type: string;
  content: unknown;
}

/** One change to a doc: a block's new state (or its deletion), or a rename (no block). */
export interface DocChangeRecord {
  docId: string;
  /** ISO 8601 time of the change. */
  at: string;
  /** The user who made it. */
  userId: string;
  /** The block changed; null for a change to the doc itself (its name). */
  blockId: string | null;
  /** The block after the change; null when it was deleted (or for a rename). */
  state: DocBlockState | null;
}

/** One block of a doc. `content` is the decoded JSON content. */
export interface DocBlockRecord {
  id: string;
  docId: string;
  parentBlockId: string | null;
  type: string;
  content: unknown;
  position: number;
  createdById: string;
  createdAt: string;
  updatedAt: string;
}

/** Fields a new doc takes. */
export type NewDoc = Pick<DocRecord, 'accountId' | 'workspaceId' | 'folderId' | 'name' | 'kind' | 'createdById'> &
  Partial<Pick<DocRecord, 'settings' | 'itemId'>>;

/** Fields a new block takes. */
export interface NewDocBlock {
  doc: DocRecord;
  type: string;
  content: unknown;
  parentBlockId: string | null;
  /** Insert right after this block (same parent); default: last under the parent. */
  after?: DocBlockRecord;
  createdById: string;
}

/**
 * The settings of a doc nobody has styled, in the shape of the docs reference's settings field
 * (https://developer.monday.com/api-reference/reference/docs#settings-field): normal font size, the Default font,
 * a title, no cover photo, no background, not full width, no page layout, no table of contents. The docs do not
 * state what a doc made through the API starts with; the emulator gives it these plain values, the ones the
 * reference's sample shows, as the least surprising answer. A fresh copy each call.
 */
export function unstyledDocSettings(): Record<string, unknown> {
  return {
    fontSize: 'normal',
    hasTitle: true,
    coverPhoto: { isEnabled: false, imageUrl: '', fromTop: 0 },
    fontFamily: 'Default',
    isPageLayout: false,
    backgroundColor: null,
    isFullWidthMode: false,
    backgroundPattern: null,
    showTableOfContent: false,
  };
}

/** Gap between the positions of consecutive blocks appended at the end. */
const POSITION_STEP = 10_000;

/** A block id (UUID-shaped) made from a store id. */
function blockId(id: string): string {
  return `00000000-0000-4000-8000-${id.padStart(12, '0')}`;
}

function stateOf(block: DocBlockRecord): DocBlockState {
  return { parentBlockId: block.parentBlockId, type: block.type, content: structuredClone(block.content) };
}

/** Docs, and the blocks in them. */
export class DocStore extends Collection<DocRecord> {
  /** Every block of every doc. */
  readonly blocks: Collection<DocBlockRecord>;
  readonly #stamper: Stamper;
  readonly #journal: DocChangeRecord[];

  /** Keeps the seeded `docs` and `blocks`; new ids and times come from `stamper`. */
  constructor(docs: DocRecord[], blocks: DocBlockRecord[], stamper: Stamper) {
    super(docs);
    this.blocks = new Collection(blocks);
    this.#stamper = stamper;
    this.#journal = blocks
      .map((block) => ({
        docId: block.docId,
        at: block.createdAt,
        userId: block.createdById,
        blockId: block.id,
        state: stateOf(block),
      }))
      .sort((a, b) => a.at.localeCompare(b.at));
  }

  /** The journal of a doc's changes, oldest first. */
  changesOf(docId: string): DocChangeRecord[] {
    return this.#journal.filter((change) => change.docId === docId);
  }

  /** The item description doc of `itemId`, if it has one. */
  descriptionOf(itemId: string): DocRecord | undefined {
    return this.all().find((doc) => doc.itemId === itemId && !doc.deleted);
  }

  /** The blocks of a doc in document order (parents before their children, each level by position). */
  blocksOf(docId: string): DocBlockRecord[] {
    // Children grouped by parent once, so a doc of many blocks is ordered in one pass, not one scan per block.
    const children = new Map<string | null, DocBlockRecord[]>();
    for (const block of this.blocks.where((candidate) => candidate.docId === docId)) {
      const siblings = children.get(block.parentBlockId);
      if (siblings) siblings.push(block);
      else children.set(block.parentBlockId, [block]);
    }
    const ordered: DocBlockRecord[] = [];
    const visit = (parent: string | null) => {
      for (const block of (children.get(parent) ?? []).sort((a, b) => a.position - b.position)) {
        ordered.push(block);
        visit(block.id);
      }
    };
    visit(null);
    return ordered;
  }

  /** Creates an empty doc. */
  createDoc(input: NewDoc): DocRecord {
    const stamp = this.#stamper.now();
    const id = this.#stamper.newId();
    const doc: DocRecord = {
      ...input,
      id,
      objectId: this.#stamper.newId(),
      createdAt: stamp,
      updatedAt: stamp,
      deleted: false,
    };
    return this.insert(doc);
  }

  /** Renames a doc and moves its `updatedAt`. */
  rename(doc: DocRecord, name: string, userId: string): DocRecord {
    doc.name = name;
    doc.updatedAt = this.#stamper.now();
    this.#journal.push({ docId: doc.id, at: doc.updatedAt, userId, blockId: null, state: null });
    return doc;
  }

  /** Marks a doc deleted (its blocks stay, unreachable). */
  deleteDoc(doc: DocRecord): DocRecord {
    doc.deleted = true;
    doc.updatedAt = this.#stamper.now();
    return doc;
  }

  /** A copy of `source` (same place, kind and settings) with a copy of each of its blocks, made by `userId`. */
  duplicate(source: DocRecord, name: string, userId: string): DocRecord {
    const doc = this.createDoc({
      accountId: source.accountId,
      workspaceId: source.workspaceId,
      folderId: source.folderId,
      name,
      kind: source.kind,
      createdById: userId,
      ...(source.settings ? { settings: structuredClone(source.settings) } : {}),
    });
    const stamp = doc.createdAt;
    const copies = new Map<string, string>();
    for (const block of this.blocksOf(source.id)) {
      const copy = this.blocks.insert({
        ...structuredClone(block),
        id: blockId(this.#stamper.newId()),
        docId: doc.id,
        parentBlockId: block.parentBlockId === null ? null : (copies.get(block.parentBlockId) ?? null),
        createdById: userId,
        createdAt: stamp,
        updatedAt: stamp,
      });
      copies.set(block.id, copy.id);
      this.#record(copy, userId, stamp);
    }
    return doc;
  }

  /** Adds a block and moves the doc's `updatedAt`. */
  createBlock(input: NewDocBlock): DocBlockRecord {
    const [block] = this.createBlocks(input, [input]);
    return block as DocBlockRecord;
  }

  /**
   * Adds `blocks` in order where `place` says (right after `place.after`, else last under the parent) and moves the
   * doc's `updatedAt`; their positions are worked out once for the whole run.
   */
  createBlocks(
    place: Omit<NewDocBlock, 'type' | 'content'>,
    blocks: readonly { type: string; content: unknown }[],
  ): DocBlockRecord[] {
    const stamp = this.#stamper.now();
    const positions = this.#positionsFor(place.doc.id, place.parentBlockId, place.after, blocks.length);
    const created = blocks.map(({ type, content }, index) =>
      this.blocks.insert({
        id: blockId(this.#stamper.newId()),
        docId: place.doc.id,
        parentBlockId: place.parentBlockId,
        type,
        content,
        position: positions[index] as number,
        createdById: place.createdById,
        createdAt: stamp,
        updatedAt: stamp,
      }),
    );
    place.doc.updatedAt = stamp;
    for (const block of created) this.#record(block, place.createdById, stamp);
    return created;
  }

  /** Replaces a block's content. */
  updateBlock(block: DocBlockRecord, content: unknown, userId: string): DocBlockRecord {
    block.content = content;
    block.updatedAt = this.#stamper.now();
    const doc = this.find(block.docId);
    if (doc) doc.updatedAt = block.updatedAt;
    this.#record(block, userId, block.updatedAt);
    return block;
  }

  /** Removes a block and the blocks nested in it. */
  deleteBlock(block: DocBlockRecord, userId: string): void {
    const gone = new Set([block.id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const candidate of this.blocks.all()) {
        if (candidate.parentBlockId !== null && gone.has(candidate.parentBlockId) && !gone.has(candidate.id)) {
          gone.add(candidate.id);
          grew = true;
        }
      }
    }
    this.blocks.removeWhere((candidate) => gone.has(candidate.id));
    const stamp = this.#stamper.now();
    const doc = this.find(block.docId);
    if (doc) doc.updatedAt = stamp;
    for (const id of gone) this.#journal.push({ docId: block.docId, at: stamp, userId, blockId: id, state: null });
  }

  /** Journals a block's state after a change. */
  #record(block: DocBlockRecord, userId: string, at: string): void {
    this.#journal.push({ docId: block.docId, at, userId, blockId: block.id, state: stateOf(block) });
  }

  /** Marks every doc of a workspace deleted. */
  deleteDocsOfWorkspace(workspaceId: string): void {
    for (const doc of this.all()) if (doc.workspaceId === workspaceId) doc.deleted = true;
  }

  /** Marks deleted the docs of `accountId` in any of the `folderIds`. */
  deleteDocsInFolders(accountId: string, folderIds: ReadonlySet<string>): void {
    for (const doc of this.all()) {
      if (doc.accountId === accountId && doc.folderId !== null && folderIds.has(doc.folderId)) doc.deleted = true;
    }
  }

  /**
   * Positions for `count` new blocks, in order, right after `after` (else after the parent's last block). When the
   * gap before the next block is too narrow to split `count + 1` ways (halving it again and again runs out of float
   * precision), the siblings are renumbered first, so the new blocks never land beside or past the next one
   * (packages/emulator/test/doc-markdown.test.ts: "keeps the blocks after afterBlockId in place").
   */
  #positionsFor(
    docId: string,
    parentBlockId: string | null,
    after: DocBlockRecord | undefined,
    count: number,
  ): number[] {
    const siblings = this.blocks
      .where((block) => block.docId === docId && block.parentBlockId === parentBlockId)
      .sort((a, b) => a.position - b.position);
    const from = after ?? siblings.at(-1);
    const start = from?.position ?? 0;
    const next = after && siblings.find((block) => block.position > after.position);
    const step = next ? (next.position - start) / (count + 1) : POSITION_STEP;
    const positions = Array.from({ length: count }, (_, index) => start + (index + 1) * step);
    const fits = positions.every((position, index) => position > (index === 0 ? start : (positions[index - 1] ?? 0)));
    if (!next || (fits && (positions.at(-1) ?? start) < next.position)) return positions;
    let at = 0;
    for (const sibling of siblings) {
      at += POSITION_STEP;
      sibling.position = at;
      if (sibling === after) at += count * POSITION_STEP;
    }
    return positions.map((_, index) => (after?.position ?? 0) + (index + 1) * POSITION_STEP);
  }
}
