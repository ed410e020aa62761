/**
 * Docs and their blocks in the in-memory store. A doc lives in a workspace (optionally a folder); its blocks are
 * ordered by `position` within their parent block. Block ids are UUID strings, as on the platform.
 */
import { randomUUID } from 'node:crypto';
import type { StoreClock } from './clock.js';

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

/** Docs and blocks. */
export class DocStore {
  readonly #docs: DocRecord[];
  readonly #blocks: DocBlockRecord[];
  readonly #clock: StoreClock;

  constructor(docs: DocRecord[], blocks: DocBlockRecord[], clock: StoreClock) {
    this.#docs = docs;
    this.#blocks = blocks;
    this.#clock = clock;
  }

  /** Every doc, deleted ones included. */
  docs(): readonly DocRecord[] {
    return this.#docs;
  }
  /** The doc with this id, if any (any account). */
  findDoc(id: string | number): DocRecord | undefined {
    return this.#docs.find((doc) => doc.id === String(id));
  }
  /** The block with this id, if any. */
  findBlock(id: string): DocBlockRecord | undefined {
    return this.#blocks.find((block) => block.id === id);
  }
  /** The blocks of a doc in document order (parents before their children, each level by position). */
  blocksOf(docId: string): DocBlockRecord[] {
    const blocks = this.#blocks.filter((block) => block.docId === docId);
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
    const stamp = this.#clock.now();
    const id = this.#clock.newId();
    const doc: DocRecord = {
      ...input,
      id,
      objectId: this.#clock.newId(),
      createdAt: stamp,
      updatedAt: stamp,
      deleted: false,
    };
    this.#docs.push(doc);
    return doc;
  }

  /** Adds a block and moves the doc's `updatedAt`. */
  createBlock(input: NewDocBlock): DocBlockRecord {
    const stamp = this.#clock.now();
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
    this.#blocks.push(block);
    input.doc.updatedAt = stamp;
    return block;
  }

  /** Replaces a block's content. */
  updateBlock(block: DocBlockRecord, content: unknown): DocBlockRecord {
    block.content = content;
    block.updatedAt = this.#clock.now();
    const doc = this.findDoc(block.docId);
    if (doc) doc.updatedAt = block.updatedAt;
    return block;
  }

  /** Removes a block and the blocks nested in it. */
  deleteBlock(block: DocBlockRecord): void {
    const gone = new Set([block.id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const candidate of this.#blocks) {
        if (candidate.parentBlockId !== null && gone.has(candidate.parentBlockId) && !gone.has(candidate.id)) {
          gone.add(candidate.id);
          grew = true;
        }
      }
    }
    for (let index = this.#blocks.length - 1; index >= 0; index -= 1) {
      if (gone.has(this.#blocks[index]?.id ?? '')) this.#blocks.splice(index, 1);
    }
    const doc = this.findDoc(block.docId);
    if (doc) doc.updatedAt = this.#clock.now();
  }

  /** Marks every doc of a workspace deleted. */
  deleteDocsOfWorkspace(workspaceId: string): void {
    for (const doc of this.#docs) if (doc.workspaceId === workspaceId) doc.deleted = true;
  }

  #positionFor(docId: string, parentBlockId: string | null, after: DocBlockRecord | undefined): number {
    const siblings = this.#blocks
      .filter((block) => block.docId === docId && block.parentBlockId === parentBlockId)
      .sort((a, b) => a.position - b.position);
    if (!after) return (siblings.at(-1)?.position ?? 0) + POSITION_STEP;
    const next = siblings.find((block) => block.position > after.position);
    return next ? (after.position + next.position) / 2 : after.position + POSITION_STEP;
  }
}
