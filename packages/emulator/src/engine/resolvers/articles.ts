/**
 * Knowledge base articles (2026-04 on): `create_article`, `publish_article`, `delete_article`, `articles` and
 * `article_blocks`, as https://developer.monday.com/api-reference/reference/articles and
 * https://developer.monday.com/api-reference/reference/articles-other-types describe them. Pinned by
 * packages/emulator/test/engine/resolvers/articles.test.ts and packages/emulator/test/articles-server.test.ts.
 *
 * Rule map:
 * - Scopes: the docs name docs:read for the queries; the emulator's token scopes hold no docs scopes, so the
 *   queries need boards:read and the mutations boards:write, as the emulator's doc family does (docs.ts).
 * - create_article makes a draft in `workspace_id` (and `folder_id`, which must be a folder of that workspace):
 *   `state` "draft", the caller its creator and only owner, no subscribers, a new `draft_article_id`, and
 *   `published_article_id` and `privacy_kind` null until it is published (the privacy is chosen when publishing).
 *   `name` is what the caller gave (null when none: the docs give no default name).
 * - publish_article sets `state` "published", the `privacy_kind` given, `folder_id` when given (a folder of the
 *   article's workspace), and adds then removes the subscribers and subscriber teams named (users and teams of the
 *   account). The published version gets its id the first time and keeps it on later publications. The docs do
 *   not say who may publish or delete: the emulator lets the article's owners and account admins do it, and
 *   refuses anyone else with USER_UNAUTHORIZED.
 * - delete_article answers the article's metadata with `state` "deleted" (the docs do not name the state); a
 *   deleted article is then not found.
 * - `articles` answers the published articles among `object_ids` (the docs: "Returns published articles"), in the
 *   `workspace_ids` when given, paged by `limit` and `page`. `article_blocks` answers the blocks of a published
 *   article. A PRIVATE article is seen only by its owners, its subscribers and the members of its subscriber teams
 *   ("subscribed to the article when it is private"); for anyone else it is not found, as an unknown id is.
 * - Blocks are the published version's content, as the seed gives them (../store/articles.ts): the API has no call
 *   that adds a block to an article, so one made through it has none. `Article.blocks` is their first page (the
 *   size `article_blocks` pages by default, 25), `article_blocks` pages them by `limit` and `page`, and a draft,
 *   which has no published version, answers an empty list. A block's `content` is sent JSON-encoded, as doc
 *   blocks' is. `update_article_block` stays NOT_MODELLED (the docs pages found do not describe it).
 * - `subscribers` lists users only (the schema's type is `[User!]`); the subscriber teams are kept for access.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { ArticleBlockRecord, ArticleRecord } from '../store/articles.js';
import {
  accountFolder,
  accountTeams,
  accountUsers,
  accountWorkspace,
  callerId,
  paginate,
  storedUser,
} from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The caller's live article `id` (any state but deleted), or RESOURCE_NOT_FOUND. */
function accountArticle(context: EngineContext, id: string): ArticleRecord {
  const article = context.store.articles.find(id);
  if (!article || article.accountId !== context.accountId || article.state === 'deleted') {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Article ${id} was not found.`, { object_id: String(id) });
  }
  return article;
}

/** True when the caller may read `article`'s published version (see the rule map). */
function canRead(context: EngineContext, article: ArticleRecord): boolean {
  if (article.privacyKind !== 'PRIVATE') return true;
  const me = callerId(context);
  if (article.ownerIds.includes(me) || article.subscriberIds.includes(me)) return true;
  return article.subscriberTeamIds.some((id) => context.store.teams.find(id)?.userIds.includes(me) ?? false);
}

/** The caller's article `id`, which they may change (an owner or an admin), or an error. */
function changeableArticle(context: EngineContext, id: string): ArticleRecord {
  const article = accountArticle(context, id);
  if (!canRead(context, article)) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Article ${id} was not found.`, { object_id: String(id) });
  }
  const me = callerId(context);
  if (!article.ownerIds.includes(me) && context.store.users.find(me)?.isAdmin !== true) {
    throw engineError(ENGINE_ERROR_CODES.unauthorized, `Only the owners of article ${id} may change it.`, {
      object_id: String(id),
    });
  }
  return article;
}

/** The folder `id` of `workspaceId`, or an error. */
function folderIn(context: EngineContext, id: string, workspaceId: string): string {
  const folder = accountFolder(context, id);
  if (folder.workspaceId !== workspaceId) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `Folder ${id} is not in workspace ${workspaceId}.`, {
      folder_id: String(id),
    });
  }
  return folder.id;
}

/** How many blocks `Article.blocks` answers: the first page of `article_blocks` at its default limit. */
const FIRST_BLOCKS = 25;

/** A block with the article it belongs to, as `ArticleBlock` resolves it. */
interface ArticleBlockView {
  article: ArticleRecord;
  block: ArticleBlockRecord;
}

/** The blocks of `article`'s published version (none for a draft), as views. */
function publishedBlocks(article: ArticleRecord): ArticleBlockView[] {
  if (article.publishedId === null) return [];
  return article.blocks.map((block) => ({ article, block }));
}

const idsOf = (list: readonly string[] | null | undefined): string[] => [...new Set((list ?? []).map(String))];

/** Resolvers of knowledge base articles. */
export const articleResolvers: FamilyResolvers = {
  Query: {
    articles: (_source, args, context) => {
      requireScope(context, 'boards:read');
      const wanted = new Set(idsOf(args.object_ids));
      const workspaces = args.workspace_ids ? new Set(idsOf(args.workspace_ids)) : null;
      const found = context.store.articles.where(
        (article) =>
          wanted.has(article.id) &&
          article.accountId === context.accountId &&
          article.state === 'published' &&
          (!workspaces || workspaces.has(article.workspaceId)) &&
          canRead(context, article),
      );
      return paginate(found, args.limit, args.page).map((article) => ({
        metadata: article,
        blocks: publishedBlocks(article).slice(0, FIRST_BLOCKS),
      }));
    },
    article_blocks: (_source, args, context) => {
      requireScope(context, 'boards:read');
      const article = accountArticle(context, args.object_id);
      if (!canRead(context, article)) {
        throw engineError(ENGINE_ERROR_CODES.notFound, `Article ${args.object_id} was not found.`, {
          object_id: String(args.object_id),
        });
      }
      return paginate(publishedBlocks(article), args.limit, args.page);
    },
  },
  Mutation: {
    create_article: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const workspace = accountWorkspace(context, args.workspace_id);
      const folderId = args.folder_id == null ? null : folderIn(context, args.folder_id, workspace.id);
      return context.store.articles.create({
        accountId: context.accountId,
        workspaceId: workspace.id,
        folderId,
        name: args.name ?? null,
        creatorId: callerId(context),
      });
    },
    publish_article: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const article = changeableArticle(context, args.object_id);
      const addSubscriberIds = accountUsers(context, idsOf(args.add_subscriber_ids)).map((user) => user.id);
      const removeSubscriberIds = accountUsers(context, idsOf(args.remove_subscriber_ids)).map((user) => user.id);
      const addSubscriberTeamIds = accountTeams(context, idsOf(args.add_subscriber_team_ids)).map((team) => team.id);
      const removeSubscriberTeamIds = accountTeams(context, idsOf(args.remove_subscriber_team_ids)).map(
        (team) => team.id,
      );
      const folderId = args.folder_id == null ? undefined : folderIn(context, args.folder_id, article.workspaceId);
      return context.store.articles.publish(article, {
        privacyKind: args.privacy_kind,
        ...(folderId === undefined ? {} : { folderId }),
        addSubscriberIds,
        addSubscriberTeamIds,
        removeSubscriberIds,
        removeSubscriberTeamIds,
      });
    },
    delete_article: (_source, args, context) => {
      requireScope(context, 'boards:write');
      return context.store.articles.delete(changeableArticle(context, args.object_id));
    },
  },
  ArticleMetadata: {
    creator: (article: ArticleRecord) => article.creatorId,
    draft_article_id: (article: ArticleRecord) => article.draftId,
    folder_id: (article: ArticleRecord) => article.folderId,
    name: (article: ArticleRecord) => article.name,
    object_id: (article: ArticleRecord) => article.id,
    owners: (article: ArticleRecord, _args, context) => article.ownerIds.map((id) => storedUser(context, id)),
    privacy_kind: (article: ArticleRecord) => article.privacyKind,
    published_article_id: (article: ArticleRecord) => article.publishedId,
    state: (article: ArticleRecord) => article.state,
    subscribers: (article: ArticleRecord, _args, context) => article.subscriberIds.map((id) => storedUser(context, id)),
    updated_at: (article: ArticleRecord) => article.updatedAt,
    workspace_id: (article: ArticleRecord) => article.workspaceId,
  },
  ArticleBlock: {
    content: ({ block }: ArticleBlockView) => block.content,
    created_at: ({ block }: ArticleBlockView) => block.createdAt,
    created_by: ({ block }: ArticleBlockView, _args, context) => context.store.users.find(block.createdById) ?? null,
    id: ({ block }: ArticleBlockView) => block.id,
    parent_block_id: ({ block }: ArticleBlockView) => block.parentBlockId,
    position: ({ block }: ArticleBlockView) => block.position,
    published_article_id: ({ article }: ArticleBlockView) => article.publishedId,
    type: ({ block }: ArticleBlockView) => block.type,
    updated_at: ({ block }: ArticleBlockView) => block.updatedAt,
  },
};
