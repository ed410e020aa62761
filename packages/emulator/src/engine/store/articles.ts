/**
 * Knowledge base articles in the in-memory store (../resolvers/articles.ts answers for them). An article is one
 * object with a draft and, once published, a published version, each with its own id. The blocks kept are the
 * published version's content: the seed gives them; the API offers no call that adds a block to an article, so one
 * made through it has none. Callers have checked the account, the workspace, the folder and the users and teams.
 */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** The lifecycle states an article goes through. */
export type ArticleState = 'draft' | 'published' | 'deleted';

/** Who may see a published article (`PrivacyKind`). */
export type ArticlePrivacy = 'PRIVATE' | 'PUBLIC';

/** A content block of an article's published version. `content` is the decoded JSON content. */
export interface ArticleBlockRecord {
  id: string;
  parentBlockId: string | null;
  type: string;
  content: unknown;
  position: number;
  createdById: string;
  createdAt: string;
  updatedAt: string;
}

/** A knowledge base article. `id` is its object id. */
export interface ArticleRecord {
  id: string;
  accountId: string;
  workspaceId: string;
  folderId: string | null;
  /** The name the caller gave; null when none was given. */
  name: string | null;
  creatorId: string;
  /** The id of the article's draft. */
  draftId: string;
  /** The id of its published version; null until it is first published. */
  publishedId: string | null;
  /** Null until it is first published (the privacy is chosen when publishing). */
  privacyKind: ArticlePrivacy | null;
  state: ArticleState;
  ownerIds: string[];
  subscriberIds: string[];
  subscriberTeamIds: string[];
  updatedAt: string;
  /** The published version's blocks, in order (see the head of this module). */
  blocks: ArticleBlockRecord[];
}

/** What a publication changes. */
export interface ArticlePublication {
  privacyKind: ArticlePrivacy;
  folderId?: string | null;
  addSubscriberIds: readonly string[];
  addSubscriberTeamIds: readonly string[];
  removeSubscriberIds: readonly string[];
  removeSubscriberTeamIds: readonly string[];
}

/** Articles. */
export class ArticleStore extends Collection<ArticleRecord> {
  readonly #store: Stamper;

  /** Keeps the seeded `articles`; ids and times come from `store`. */
  constructor(articles: ArticleRecord[], store: Stamper) {
    super(articles);
    this.#store = store;
  }

  /** Adds a draft article owned by its creator. */
  create(fields: Pick<ArticleRecord, 'accountId' | 'workspaceId' | 'folderId' | 'name' | 'creatorId'>): ArticleRecord {
    const id = this.#store.newId();
    return this.insert({
      ...fields,
      id,
      draftId: this.#store.newId(),
      publishedId: null,
      privacyKind: null,
      state: 'draft',
      ownerIds: [fields.creatorId],
      subscriberIds: [],
      subscriberTeamIds: [],
      updatedAt: this.#store.now(),
      blocks: [],
    });
  }

  /** Publishes `article` (again): its published version keeps its id once it has one. */
  publish(article: ArticleRecord, publication: ArticlePublication): ArticleRecord {
    article.publishedId ??= this.#store.newId();
    article.state = 'published';
    article.privacyKind = publication.privacyKind;
    if (publication.folderId !== undefined) article.folderId = publication.folderId;
    article.subscriberIds = changed(
      article.subscriberIds,
      publication.addSubscriberIds,
      publication.removeSubscriberIds,
    );
    article.subscriberTeamIds = changed(
      article.subscriberTeamIds,
      publication.addSubscriberTeamIds,
      publication.removeSubscriberTeamIds,
    );
    article.updatedAt = this.#store.now();
    return article;
  }

  /** Marks `article` deleted; it is kept so the deletion can answer its metadata. */
  delete(article: ArticleRecord): ArticleRecord {
    article.state = 'deleted';
    article.updatedAt = this.#store.now();
    return article;
  }
}

/** `ids` with `added` appended (once each) and `removed` taken out. */
function changed(ids: readonly string[], added: readonly string[], removed: readonly string[]): string[] {
  const gone = new Set(removed);
  return [...new Set([...ids, ...added])].filter((id) => !gone.has(id));
}
