/**
 * Docs and their blocks in the in-memory store. A doc lives in a workspace (optionally a folder); its blocks are
 * ordered by `position` within their parent block. Block ids are UUID strings, as on the platform.
 */
import { randomUUID } from 'node:crypto';
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
export type NewDoc = Pick<DocRecord, 'accountId' | 'workspaceId' | 'folderId' | 'name' | 'kind' | 'createdById'>;

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

/** Gap between the positions of consecutive blocks appended at the end. */
const POSITION_STEP = 10_000;

/** Docs, and the blocks in them. */
export class DocStore extends Collection<DocRecord> {
  /** Every block of every doc. */
  readonly blocks: Collection<DocBlockRecord>;
  readonly #stamper: Stamper;

  /** Keeps the seeded `docs` and `blocks`; new ids and times come from `stamper`. */
  constructor(docs: DocRecord[], blocks: DocBlockRecord[], stamper: Stamper) {
    super(docs);
    this.blocks = new Collection(blocks);
    this.#stamper = stamper;
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
  rename(doc: DocRecord, name: string): DocRecord {
    doc.name = name;
    doc.updatedAt = this.#stamper.now();
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
        id: randomUUID(),
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
    return created;
  }

  /** Replaces a block's content. */
  updateBlock(block: DocBlockRecord, content: unknown): DocBlockRecord {
    block.content = content;
    block.updatedAt = this.#stamper.now();
    const doc = this.find(block.docId);
    if (doc) doc.updatedAt = block.updatedAt;
    return block;
  }

  /** Removes a block and the blocks nested in it. */
  deleteBlock(block: DocBlockRecord): void {
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
    const doc = this.find(block.docId);
    if (doc) doc.updatedAt = this.#stamper.now();
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
   * (test/emulator/doc-markdown.test.ts: "keeps the blocks after afterBlockId in place").
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
