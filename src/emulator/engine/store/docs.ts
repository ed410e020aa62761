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
    const blocks = this.blocks.where((block) => block.docId === docId);
    const ordered: DocBlockRecord[] = [];
    const visit = (parent: string | null) => {
      for (const block of blocks.filter((b) => b.parentBlockId === parent).sort((a, b) => a.position - b.position)) {
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
    const stamp = this.#stamper.now();
    const block: DocBlockRecord = {
      id: randomUUID(),
      docId: input.doc.id,
      parentBlockId: input.parentBlockId,
      type: input.type,
      content: input.content,
      position: this.#positionFor(input.doc.id, input.parentBlockId, input.after),
      createdById: input.createdById,
      createdAt: stamp,
      updatedAt: stamp,
    };
    this.blocks.insert(block);
    input.doc.updatedAt = stamp;
    return block;
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

  #positionFor(docId: string, parentBlockId: string | null, after: DocBlockRecord | undefined): number {
    const siblings = this.blocks
      .where((block) => block.docId === docId && block.parentBlockId === parentBlockId)
      .sort((a, b) => a.position - b.position);
    if (!after) return (siblings.at(-1)?.position ?? 0) + POSITION_STEP;
    const next = siblings.find((block) => block.position > after.position);
    return next ? (after.position + next.position) / 2 : after.position + POSITION_STEP;
  }
}
