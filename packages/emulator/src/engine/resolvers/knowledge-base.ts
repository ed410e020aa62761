/**
 * `Query.knowledge_base_search` (2026-10): the docs say nothing of it beyond the schema, so the emulator models the
 * part it can answer honestly from what the store holds, and no more. Pinned by
 * packages/emulator/test/engine/resolvers/knowledge-base.test.ts.
 *
 * What is modelled: `raw_snippets`, the blocks of the caller's account's docs (not deleted) whose text holds any
 * word of `query` (three letters or more, case-insensitive), most words matched first, then in document order;
 * at most `limit` (5 by default, 1 to {@link MAX_SNIPPETS}). A snippet's `id` is the block's, `parent_id` its doc's,
 * `title` the doc's name, `text` the block's plain text, `url` the doc's address, and its times the block's.
 * What is not: `answer` (an AI-written reply: the emulator never invents AI output) and a snippet's `distance`
 * (a similarity score of the platform's search) answer NOT_MODELLED. Needs boards:read, as the doc queries do.
 */
import { requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { notModelledError } from '../schema/modelled.js';
import type { DocBlockRecord, DocRecord } from '../store/docs.js';
import { URL_HOST } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The most snippets one search answers. */
export const MAX_SNIPPETS = 100;
/** The longest query, in characters (the emulator's bound). */
export const MAX_QUERY = 1000;

/** A block found by a search, with its doc. */
interface SnippetView {
  block: DocBlockRecord;
  doc: DocRecord;
  text: string;
  url: string;
}

/** The plain text of a block: its delta's text inserts, joined. */
function blockText(content: unknown): string {
  const delta = (content as { deltaFormat?: unknown } | null)?.deltaFormat;
  if (!Array.isArray(delta)) return '';
  return delta
    .map((op: { insert?: unknown }) => (typeof op?.insert === 'string' ? op.insert : ''))
    .join('')
    .trim();
}

/** The distinct words of `query` worth matching: three letters or more, lower-cased. */
function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])];
}

/** Resolvers of the knowledge base search. */
export const knowledgeBaseResolvers: FamilyResolvers = {
  Query: {
    knowledge_base_search: (_source, args, context) => {
      requireScope(context, 'boards:read');
      const limit = args.limit ?? 5;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SNIPPETS) {
        throw engineError(ENGINE_ERROR_CODES.invalidArgument, `limit must be between 1 and ${MAX_SNIPPETS}.`);
      }
      if ([...args.query].length > MAX_QUERY) {
        throw engineError(ENGINE_ERROR_CODES.invalidArgument, `query must have at most ${MAX_QUERY} characters.`);
      }
      const words = queryWords(args.query);
      const slug = context.store.accounts.find(context.accountId)?.slug ?? 'account';
      const found: { view: SnippetView; score: number }[] = [];
      for (const doc of context.store.docs.where(
        (candidate) => candidate.accountId === context.accountId && !candidate.deleted,
      )) {
        for (const block of context.store.docs.blocksOf(doc.id)) {
          const text = blockText(block.content);
          const lower = text.toLowerCase();
          const score = words.filter((word) => lower.includes(word)).length;
          if (score > 0)
            found.push({ view: { block, doc, text, url: `https://${slug}.${URL_HOST}/docs/${doc.objectId}` }, score });
        }
      }
      // A stable sort: equal scores keep document order.
      found.sort((a, b) => b.score - a.score);
      return { raw_snippets: found.slice(0, limit).map((entry) => entry.view) };
    },
  },
  KnowledgeBaseAnswer: {
    answer: () => {
      throw notModelledError('KnowledgeBaseAnswer', 'answer');
    },
  },
  SnippetSearchResult: {
    id: (view: SnippetView) => view.block.id,
    parent_id: (view: SnippetView) => view.doc.id,
    title: (view: SnippetView) => view.doc.name,
    created_at: (view: SnippetView) => view.block.createdAt,
    updated_at: (view: SnippetView) => view.block.updatedAt,
    distance: () => {
      throw notModelledError('SnippetSearchResult', 'distance');
    },
  },
};
