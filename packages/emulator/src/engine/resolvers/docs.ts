/**
 * Docs and doc blocks: Query.docs (boards:read), create_doc in a workspace, and create/update/delete of blocks
 * (boards:write), with the Document and DocumentBlock fields. Only the caller's account's docs are visible.
 * Block `content` is JSON (text or object) and must be an object; it is sent back JSON-encoded, as on the platform.
 * create_doc in an item's doc column (`location: { board }`) is not modelled.
 * From 2025-10: `update_doc_name` (answers `{ success, name }`, as the platform's changelog shows),
 * `add_content_to_doc_from_markdown` and `export_markdown_from_doc` (a Mutation in 2025-10, a Query later); the
 * conversion and what it refuses are in doc-markdown.ts. Also from 2025-10: `create_doc_blocks` (typed blocks,
 * doc-blocks-v2.ts), `duplicate_doc` and `delete_doc` (each answering `{ success, id }` as their changelogs show:
 * https://developer.monday.com/api-reference/changelog/new-duplicate_doc-mutation and .../new-delete_doc-mutation;
 * a duplicate is named `Duplicate of <name>`, as duplicated boards are, and has the doc's blocks: the emulator keeps
 * no doc updates, so both duplicate types copy the same); from 2026-01 `import_doc_from_html` (doc-html.ts); from
 * 2026-04 the version history (doc-history.ts) and `set_item_description_content`, which replaces an item's
 * description with the markdown's blocks (`Item.description` reads it, null until one is set); from 2026-07
 * `delete_doc_blocks` (every id checked before any is deleted; a block inside another deleted one goes with it).
 * `Document.updated_at` is the last change to the doc or its blocks; `Document.settings` answers the settings the
 * seed gave the doc (font, cover, width...: https://developer.monday.com/api-reference/reference/docs#settings-field);
 * a doc made through the API (`create_doc`, `import_doc_from_html`) has the plain settings of a doc nobody styled
 * (`unstyledDocSettings`, ../store/docs.ts: the docs do not give the defaults, so the emulator answers the plain
 * values the reference's sample shows); a doc whose seed gives none (one read from a real account without them)
 * answers NOT_MODELLED, and its duplicate too.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { notModelledError } from '../schema/modelled.js';
import { type DocBlockRecord, type DocRecord, unstyledDocSettings } from '../store/docs.js';
import type { CreateBlockInput } from './arguments.generated.js';
import { blockContentV2, typedBlock } from './doc-blocks-v2.js';
import { diffBlockFields, docHistoryQueries } from './doc-history.js';
import { blocksFromHtml } from './doc-html.js';
import { blocksFromMarkdown, markdownFromBlocks, UnsupportedMarkdown } from './doc-markdown.js';
import {
  accountFolder,
  accountItem,
  accountWorkspace,
  boardOf,
  callerId,
  jsonObjectArgument,
  paginate,
  URL_HOST,
} from './lookup.js';
import type { FamilyResolvers } from './types.js';

type Ids = readonly (string | null)[] | null | undefined;

function accountDoc(context: EngineContext, id: string | number): DocRecord {
  const doc = context.store.docs.find(id);
  if (!doc || doc.accountId !== context.accountId || doc.deleted) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Doc ${id} was not found.`, { doc_id: String(id) });
  }
  return doc;
}

function accountBlock(context: EngineContext, id: string, doc?: DocRecord): DocBlockRecord {
  const block = context.store.docs.blocks.find(id);
  const owner = block && context.store.docs.find(block.docId);
  if (!block || !owner || owner.accountId !== context.accountId || owner.deleted || (doc && owner.id !== doc.id)) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Block ${id} was not found${doc ? ` in doc ${doc.id}` : ''}.`, {
      block_id: id,
    });
  }
  return block;
}

function inIds(id: string, ids: Ids): boolean {
  return !ids || ids.includes(id);
}

function docUrl(context: EngineContext, doc: DocRecord): string {
  const slug = context.store.accounts.find(doc.accountId)?.slug ?? 'account';
  return `https://${slug}.${URL_HOST}/docs/${doc.objectId}`;
}

/** Runs a markdown conversion, answering NOT_MODELLED for what it does not convert. */
function converting<T>(convert: () => T): T {
  try {
    return convert();
  } catch (error) {
    if (error instanceof UnsupportedMarkdown) throw engineError(ENGINE_ERROR_CODES.notModelled, error.message);
    throw error;
  }
}

/** `export_markdown_from_doc`: the whole doc, or the listed blocks in document order (boards:read). */
function exportMarkdown(context: EngineContext, docId: string, blockIds: readonly string[] | null | undefined) {
  requireScope(context, 'boards:read');
  const doc = accountDoc(context, docId);
  for (const id of blockIds ?? []) accountBlock(context, id, doc);
  const blocks = context.store.docs.blocksOf(doc.id).filter((block) => !blockIds || blockIds.includes(block.id));
  return { success: true, markdown: converting(() => markdownFromBlocks(blocks)), error: null };
}

/** The caller's workspace (and folder in it) a new doc goes to. */
function docPlace(context: EngineContext, workspaceId: string, folderId: string | null | undefined) {
  const workspace = accountWorkspace(context, workspaceId);
  const folder = folderId == null ? null : accountFolder(context, folderId);
  if (folder && folder.workspaceId !== workspace.id) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `Folder ${folder.id} is not in workspace ${workspace.id}.`);
  }
  return { workspaceId: workspace.id, folderId: folder?.id ?? null };
}

/** `create_doc_blocks`: typed blocks added in order after `afterBlockId` (else last), each under its own parent. */
function createTypedBlocks(
  context: EngineContext,
  docId: string,
  afterBlockId: string | null | undefined,
  inputs: readonly CreateBlockInput[],
) {
  requireScope(context, 'boards:write');
  const doc = accountDoc(context, docId);
  let after = afterBlockId == null ? undefined : accountBlock(context, afterBlockId, doc);
  const specs = inputs.map((input) => {
    const spec = typedBlock(input);
    if (spec.parentBlockId !== null) accountBlock(context, spec.parentBlockId, doc);
    return spec;
  });
  return specs.map((spec) => {
    const anchor = after && after.parentBlockId === spec.parentBlockId ? after : undefined;
    const block = context.store.docs.createBlock({
      doc,
      type: spec.type,
      content: spec.content,
      parentBlockId: spec.parentBlockId,
      ...(anchor ? { after: anchor } : {}),
      createdById: callerId(context),
    });
    after = block;
    return block;
  });
}

/** `set_item_description_content`: the item's description doc, its blocks replaced by the markdown's. */
function setItemDescription(context: EngineContext, itemId: string, markdown: string) {
  requireScope(context, 'boards:write');
  const item = accountItem(context, itemId);
  const board = boardOf(context, item);
  const specs = converting(() => blocksFromMarkdown(markdown));
  const userId = callerId(context);
  const docs = context.store.docs;
  const doc =
    docs.descriptionOf(item.id) ??
    docs.createDoc({
      accountId: board.accountId,
      workspaceId: board.workspaceId ?? '',
      folderId: null,
      name: item.name,
      kind: board.kind,
      createdById: userId,
      itemId: item.id,
    });
  for (const block of docs.blocksOf(doc.id).filter((candidate) => candidate.parentBlockId === null)) {
    docs.deleteBlock(block, userId);
  }
  const created = docs.createBlocks({ doc, parentBlockId: null, createdById: userId }, specs);
  return { success: true, block_ids: created.map((block) => block.id), error: null };
}

/** Resolvers of docs and doc blocks. */
export const docResolvers: FamilyResolvers = {
  Query: {
    ...docHistoryQueries,
    docs: (_source, args, context) => {
      requireScope(context, 'boards:read');
      const found = context.store.docs
        .all()
        .filter(
          (doc) =>
            doc.accountId === context.accountId &&
            !doc.deleted &&
            doc.itemId === undefined &&
            inIds(doc.id, args.ids) &&
            inIds(doc.objectId, args.object_ids) &&
            inIds(doc.workspaceId, args.workspace_ids),
        );
      if (args.order_by === 'created_at')
        found.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id));
      if (args.order_by === 'used_at')
        found.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || Number(b.id) - Number(a.id));
      return paginate(found, args.limit ?? 25, args.page);
    },
    export_markdown_from_doc: (_source, args, context) => exportMarkdown(context, args.docId, args.blockIds),
  },
  Mutation: {
    export_markdown_from_doc: (_source, args, context) => exportMarkdown(context, args.docId, args.blockIds),
    update_doc_name: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const doc = accountDoc(context, args.docId);
      const name = args.name.trim();
      if (name === '') throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'The doc name must not be empty.');
      context.store.docs.rename(doc, name, callerId(context));
      return { success: true, name };
    },
    add_content_to_doc_from_markdown: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const doc = accountDoc(context, args.docId);
      const after = args.afterBlockId == null ? undefined : accountBlock(context, args.afterBlockId, doc);
      const specs = converting(() => blocksFromMarkdown(args.markdown));
      const place = { doc, parentBlockId: after?.parentBlockId ?? null, createdById: callerId(context) };
      const created = context.store.docs.createBlocks(after ? { ...place, after } : place, specs);
      return { success: true, block_ids: created.map((block) => block.id), error: null };
    },
    create_doc: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const { workspace: where, board } = args.location;
      if (board && !where) throw notModelledError('Mutation', 'create_doc(location: { board })');
      if (!where || board) {
        throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'location needs exactly one of workspace or board.');
      }
      const place = docPlace(context, where.workspace_id, where.folder_id);
      if (where.name.trim() === '')
        throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'The doc name must not be empty.');
      return context.store.docs.createDoc({
        accountId: context.accountId,
        ...place,
        name: where.name.trim(),
        kind: where.kind ?? 'public',
        createdById: callerId(context),
        settings: unstyledDocSettings(),
      });
    },
    create_doc_blocks: (_source, args, context) =>
      createTypedBlocks(context, args.docId, args.afterBlockId, args.blocksInput),
    delete_doc_blocks: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const blocks = args.block_ids.map((id) => accountBlock(context, id));
      for (const block of blocks) {
        if (context.store.docs.blocks.find(block.id)) context.store.docs.deleteBlock(block, callerId(context));
      }
      return blocks.map((block) => ({ id: block.id }));
    },
    duplicate_doc: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const source = accountDoc(context, args.docId);
      const copy = context.store.docs.duplicate(source, `Duplicate of ${source.name}`, callerId(context));
      return { success: true, id: copy.id };
    },
    delete_doc: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const doc = context.store.docs.deleteDoc(accountDoc(context, args.docId));
      return { success: true, id: doc.id };
    },
    import_doc_from_html: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const place = docPlace(context, args.workspaceId, args.folderId);
      const { title, blocks } = converting(() => blocksFromHtml(args.html));
      const name = args.title?.trim() || title?.trim();
      if (!name) throw notModelledError('Mutation', 'import_doc_from_html without a title the HTML names');
      const doc = context.store.docs.createDoc({
        accountId: context.accountId,
        ...place,
        name,
        kind: args.kind ?? 'public',
        createdById: callerId(context),
        settings: unstyledDocSettings(),
      });
      context.store.docs.createBlocks({ doc, parentBlockId: null, createdById: callerId(context) }, blocks);
      return { success: true, doc_id: doc.id, error: null };
    },
    set_item_description_content: (_source, args, context) => setItemDescription(context, args.item_id, args.markdown),
    create_doc_block: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const doc = accountDoc(context, args.doc_id);
      const content = jsonObjectArgument(args.content, 'content');
      const parent = args.parent_block_id == null ? null : accountBlock(context, args.parent_block_id, doc);
      const after = args.after_block_id == null ? undefined : accountBlock(context, args.after_block_id, doc);
      if (after && after.parentBlockId !== (parent?.id ?? null)) {
        throw engineError(
          ENGINE_ERROR_CODES.invalidArgument,
          'after_block_id must have the same parent as the new block.',
        );
      }
      return context.store.docs.createBlock({
        doc,
        type: args.type,
        content,
        parentBlockId: parent?.id ?? null,
        ...(after ? { after } : {}),
        createdById: callerId(context),
      });
    },
    update_doc_block: (_source, args, context) => {
      requireScope(context, 'boards:write');
      return context.store.docs.updateBlock(
        accountBlock(context, args.block_id),
        jsonObjectArgument(args.content, 'content'),
        callerId(context),
      );
    },
    delete_doc_block: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const block = accountBlock(context, args.block_id);
      context.store.docs.deleteBlock(block, callerId(context));
      return { id: block.id };
    },
  },
  Document: {
    blocks: (doc: DocRecord, args, context) =>
      paginate(context.store.docs.blocksOf(doc.id), args.limit ?? 25, args.page),
    created_at: (doc: DocRecord) => doc.createdAt,
    created_by: (doc: DocRecord, _args, context) => context.store.users.find(doc.createdById) ?? null,
    doc_folder_id: (doc: DocRecord) => doc.folderId,
    doc_kind: (doc: DocRecord) => doc.kind,
    object_id: (doc: DocRecord) => doc.objectId,
    relative_url: (doc: DocRecord) => `/docs/${doc.objectId}`,
    url: (doc: DocRecord, _args, context) => docUrl(context, doc),
    workspace: (doc: DocRecord, _args, context) => context.store.workspaces.find(doc.workspaceId) ?? null,
    workspace_id: (doc: DocRecord) => doc.workspaceId,
    updated_at: (doc: DocRecord) => doc.updatedAt,
    settings: (doc: DocRecord) => {
      if (!doc.settings) throw notModelledError('Document', 'settings');
      return doc.settings;
    },
  },
  DocumentBlockV2: {
    content: (block: DocBlockRecord) => blockContentV2(block),
    created_at: (block: DocBlockRecord) => block.createdAt,
    created_by: (block: DocBlockRecord, _args, context) => context.store.users.find(block.createdById) ?? null,
    doc_id: (block: DocBlockRecord) => block.docId,
    parent_block_id: (block: DocBlockRecord) => block.parentBlockId,
    updated_at: (block: DocBlockRecord) => block.updatedAt,
  },
  DiffBlock: diffBlockFields,
  ItemDescription: {
    blocks: (doc: DocRecord, args, context) =>
      paginate(context.store.docs.blocksOf(doc.id), args.limit ?? 25, args.page),
  },
  DocumentBlock: {
    created_at: (block: DocBlockRecord) => block.createdAt,
    created_by: (block: DocBlockRecord, _args, context) => context.store.users.find(block.createdById) ?? null,
    doc_id: (block: DocBlockRecord) => block.docId,
    parent_block_id: (block: DocBlockRecord) => block.parentBlockId,
    updated_at: (block: DocBlockRecord) => block.updatedAt,
  },
};
