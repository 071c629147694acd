import { Injectable } from '@nestjs/common';
import type {
  Article,
  ArticleCard,
  Author,
  ListAuthorArticlesResponse,
  ListHomeArticlesResponse,
} from '@pencraft/contracts/articles/v1/articles';
import { AppError } from '@pencraft/errors';
import { TransactionManager } from '@pencraft/kit';
import { HOME_MAX_PAGE, draftCapProblem, resolvePaging } from '@pencraft/rules';
import { AuthorRepository } from '../authors/author.repository.js';
import { readingMinutes } from '../content/article-content.js';
import { teaserOf } from '../content/paid-teaser.js';
import { DraftRepository } from '../drafts/draft.repository.js';
import { mediaUrl } from '../drafts/draft.rules.js';
import { ArticleCollaboration } from '../translations/article-collaboration.js';
import { ArticleRepository, type ArticleWithAuthor } from './article.repository.js';
import { checkArticle, type ArticleDraftInput } from './article.rules.js';
import { Entitlement } from './entitlement.js';
import { PublicationDirectory, startingPublication } from '../publications/publication-directory.js';
import { Audience } from '@pencraft/contracts/common/v1/common';
import { audiences, languages } from '@pencraft/contracts/enums';
import { articleStatuses } from '@pencraft/contracts/enums/articles';

@Injectable()
export class ArticleService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly articles: ArticleRepository,
    private readonly authors: AuthorRepository,
    private readonly collaboration: ArticleCollaboration,
    private readonly drafts: DraftRepository,
    private readonly entitlement: Entitlement,
    private readonly publications: PublicationDirectory,
  ) {}

  /**
   * An article created directly, not yet submitted: a draft, so it counts against the owner's DRAFTS_MAX with the
   * editor's drafts (counted under the owner's draft lock, as every route that creates a draft does). Written on a
   * publication's subdomain (`publicationId`), it starts in that publication when the author is its owner or a
   * member, and personal for anyone else (startingPublication); submitting it asks again.
   */
  async create(author: Author | undefined, input: ArticleDraftInput, publicationId?: string): Promise<Article> {
    if (!author?.uid) throw new AppError('Unauthorized');
    const checked = checkArticle(input);
    const publication = await startingPublication(this.publications, publicationId, author.uid);
    return this.transactions.run(async (tx) => {
      await this.authors.upsert(tx, author);
      await this.drafts.lockOwner(tx, author.uid);
      const { drafts } = await this.drafts.countByOwner(tx, author.uid);
      if (draftCapProblem('draft', drafts)) throw new AppError('MaxDraftsCountReached');
      const row = await this.articles.insert(tx, {
        authorId: author.uid,
        title: checked.title,
        description: checked.description,
        language: checked.language,
        category: checked.category,
        subCategories: checked.subCategories,
        content: checked.content,
        bodyText: checked.text,
        wordCount: checked.wordCount,
        symbolCount: checked.symbolCount,
        publicationId: publication,
      });
      const { content, ...rest } = row;
      return toArticle({ article: { ...rest, contentJson: JSON.stringify(content) }, author });
    });
  }

  /**
   * Published articles for anyone; anything else only for its author and accepted co-authors (others learn nothing,
   * not even that it exists). With its co-authors and the published versions of its translation group. A paid article
   * (or a translation of one) is answered in full only to a viewer the entitlement lets read it; anyone else gets its
   * teaser (title, description, cover, the leading blocks the rules allow), locked, with the publication that sells it.
   */
  async get(articleId: string, viewerUid: string): Promise<Article> {
    const found = await this.articles.findForReading(articleId);
    // A deleted article says so (params.deleted): its page answers 410 Gone rather than 404.
    if (!found)
      throw (await this.articles.wasDeleted(articleId))
        ? new AppError('ArticleNotFound', { params: { deleted: 'true' } })
        : new AppError('ArticleNotFound');
    const { article } = found;
    if (
      article.status !== 'published' &&
      article.authorId !== viewerUid &&
      !(await this.collaboration.coWrites(article.id, viewerUid))
    )
      throw new AppError('ArticleNotFound');
    const answer: Article = {
      ...toArticle(found),
      coAuthors: found.coAuthors,
      translations: found.translations.map(({ id, language }) => ({ id, language: languages.toProto(language) })),
      originalId: article.translationOf ?? '',
    };
    const terms = await this.entitlement.paidTerms(article);
    if (!terms) return answer;
    const paid = { ...answer, audience: Audience.AUDIENCE_PAID, publicationId: terms.publicationId ?? '' };
    if (await this.entitlement.mayReadPaid(article, terms, viewerUid)) return paid;
    return { ...paid, contentJson: teaserOf(article.contentJson).contentJson, locked: true };
  }

  async listHome(page: number, pageSize: number): Promise<ListHomeArticlesResponse> {
    const paging = resolvePaging(page, pageSize, HOME_MAX_PAGE);
    if (!paging) throw new AppError('InvalidPage');
    const { page: safePage, pageSize: size, offset } = paging;
    const rows = await this.articles.listPublished(offset, size);
    const items: ArticleCard[] = rows.slice(0, size).map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      language: languages.toProto(row.language),
      category: row.category,
      author: row.author ?? undefined,
      publishedAtMs: row.publishedAt?.getTime() ?? 0,
      readingMinutes: readingMinutes(row.wordCount),
      coverUrl: '',
      votes: 0,
      comments: 0,
      publicationId: row.publicationId ?? '',
    }));
    return { items, page: safePage, pageSize: size, hasMore: rows.length > size };
  }

  /** The articles tab of a public profile: only published articles. */
  async listByAuthor(authorUid: string, page: number, pageSize: number): Promise<ListAuthorArticlesResponse> {
    const paging = resolvePaging(page, pageSize, HOME_MAX_PAGE);
    if (!paging) throw new AppError('InvalidPage');
    const { page: safePage, pageSize: size, offset } = paging;
    const [rows, total] = await Promise.all([
      this.articles.listPublishedByAuthor(authorUid, offset, size),
      this.articles.countPublishedByAuthor(authorUid),
    ]);
    const items: ArticleCard[] = rows.slice(0, size).map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      language: languages.toProto(row.language),
      category: row.category,
      author: row.author ?? undefined,
      publishedAtMs: row.publishedAt?.getTime() ?? 0,
      readingMinutes: readingMinutes(row.wordCount),
      coverUrl: '',
      votes: 0,
      comments: 0,
      publicationId: row.publicationId ?? '',
    }));
    return { items, page: safePage, pageSize: size, hasMore: rows.length > size, total };
  }
}

/** The gRPC Article of a stored one. */
export function toArticle({ article, author }: ArticleWithAuthor): Article {
  return {
    id: article.id,
    title: article.title,
    description: article.description,
    language: languages.toProto(article.language),
    category: article.category,
    subCategories: article.subCategories,
    contentJson: article.contentJson,
    status: articleStatuses.toProto(article.status),
    author: author ?? { uid: article.authorId, username: '', fullname: '', imageUrl: '' },
    createdAtMs: article.createdAt.getTime(),
    updatedAtMs: article.updatedAt.getTime(),
    publishedAtMs: article.publishedAt?.getTime() ?? 0,
    wordCount: article.wordCount,
    symbolCount: article.symbolCount,
    readingMinutes: readingMinutes(article.wordCount),
    reviewNote: article.reviewNote,
    coverUrl: mediaUrl(article.coverKey),
    audience: audiences.toProto(article.audience),
    target: article.target,
    publicationId: article.publicationId ?? '',
    editCount: article.editCount,
    // Set by ArticleService.get when a paid article is answered as its teaser.
    locked: false,
    // Co-authors and the translation group: ArticleService.get fills them from the read's one statement.
    coAuthors: [],
    translations: [],
    originalId: article.translationOf ?? '',
  };
}
