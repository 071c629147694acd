import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, count, desc, eq, getTableColumns, inArray, ne, or, sql } from 'drizzle-orm';
import { authors } from '../authors/author.table.js';
import { drafts } from '../drafts/draft.table.js';
import { articleReports } from '../reports/article-report.table.js';
import { articleDeletions, articleEdits, articleReviews } from '../review/review.table.js';
import { articles, PENDING_STATUSES, type ArticleRow } from './article.table.js';
import type { ArticleStatus, Lang } from '@pencraft/rules';
import { isUuid, LANGS } from '@pencraft/rules';

export type NewArticle = typeof articles.$inferInsert;

/** An article as it is read: the content stays JSON text, as stored, for the response. */
export type ArticleRecord = Omit<ArticleRow, 'content'> & { contentJson: string };

export interface ArticleWithAuthor {
  article: ArticleRecord;
  author: { uid: string; username: string; fullname: string; imageUrl: string } | null;
}

/** An article as a reader reads it: with its accepted co-authors and its translation group's published versions. */
export interface ArticleForReading extends ArticleWithAuthor {
  /** In the order they were invited. */
  coAuthors: { uid: string; username: string; fullname: string; imageUrl: string }[];
  /** The original and its translations that are published (itself included when published), az, en, ru. */
  translations: { id: string; language: Lang }[];
}

const { content, ...articleColumns } = getTableColumns(articles);

/**
 * The read's collaboration fields as JSON beside the article row (one round trip instead of three): the accepted
 * co-authors in the order they were invited (CoAuthorRepository.acceptedOfArticle) and the published versions of the
 * translation group in the product's language order (TranslationRepository.publishedVersions).
 */
const CO_AUTHORS_JSON = sql<ArticleForReading['coAuthors']>`coalesce((
  select json_agg(json_build_object('uid', a.uid, 'username', a.username, 'fullname', a.fullname,
                                    'imageUrl', coalesce(a.image_url, '')) order by i.created_at)
    from articles.co_author_invitations i join articles.authors a on a.uid = i.invitee_uid
   where i.article_id = ${articles.id} and i.status = 'accepted'), '[]'::json)`;
const TRANSLATIONS_JSON = sql<ArticleForReading['translations']>`coalesce((
  select json_agg(json_build_object('id', v.id, 'language', v.language)
                  order by array_position(array[${sql.raw(LANGS.map((lang) => `'${lang}'`).join(', '))}]::text[], v.language),
                           v.published_at)
    from articles.articles v
   where (v.id = coalesce(${articles.translationOf}, ${articles.id})
          or v.translation_of = coalesce(${articles.translationOf}, ${articles.id}))
     and v.status = 'published'), '[]'::json)`;

/** What an article shows of its author (an unknown picture reads as empty). */
const AUTHOR_COLUMNS = {
  uid: authors.uid,
  username: authors.username,
  fullname: authors.fullname,
  imageUrl: sql<string>`coalesce(${authors.imageUrl}, '')`,
};

/** An article with what the read model knows of its author; the content is read as text, never parsed here. */
function withAuthor(q: Queryable) {
  return q
    .select({
      article: { ...articleColumns, contentJson: sql<string>`${content}::text` },
      author: AUTHOR_COLUMNS,
    })
    .from(articles)
    .leftJoin(authors, eq(authors.uid, articles.authorId));
}

@Injectable()
export class ArticleRepository {
  /** The two hot reads as named prepared statements: built and planned once per connection, not per request. */
  private readonly byId;
  private readonly forReading;
  private readonly publishedPage;

  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {
    const db = database.db;
    this.byId = withAuthor(db)
      .where(eq(articles.id, sql.placeholder('id')))
      .limit(1)
      .prepare('articles_by_id');
    this.forReading = db
      .select({
        article: { ...articleColumns, contentJson: sql<string>`${content}::text` },
        author: AUTHOR_COLUMNS,
        coAuthors: CO_AUTHORS_JSON,
        translations: TRANSLATIONS_JSON,
      })
      .from(articles)
      .leftJoin(authors, eq(authors.uid, articles.authorId))
      .where(eq(articles.id, sql.placeholder('id')))
      .limit(1)
      .prepare('articles_for_reading');
    // The exact order of articles_published_idx (drizzle-kit writes DESC as DESC NULLS LAST; a bare DESC would mean
    // NULLS FIRST and make PostgreSQL sort the whole table on every request).
    const newestFirst = [sql`${articles.publishedAt} desc nulls last`, sql`${articles.id} desc nulls last`];
    // The page's ids first, from the partial index alone (an index-only scan: a deep offset skips index entries,
    // not rows), then only those rows with their authors. `= any(array(...))` keeps the generic plan of the
    // prepared statement on the primary key whatever the offset (a join to a subquery would be planned for a guessed
    // LIMIT of 10% of the table, as a sequential scan).
    const pageIds = db
      .select({ id: articles.id })
      .from(articles)
      // A literal (not a parameter) so the generic plan of the prepared statement can use the partial index.
      .where(and(sql`${articles.status} = 'published'`, sql`${articles.publishedAt} is not null`))
      .orderBy(...newestFirst)
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit'));
    this.publishedPage = db
      .select({
        id: articles.id,
        title: articles.title,
        description: articles.description,
        language: articles.language,
        category: articles.category,
        wordCount: articles.wordCount,
        publishedAt: articles.publishedAt,
        publicationId: articles.publicationId,
        author: AUTHOR_COLUMNS,
      })
      .from(articles)
      .leftJoin(authors, eq(authors.uid, articles.authorId))
      .where(sql`${articles.id} = any(array(${pageIds}))`)
      .orderBy(...newestFirst)
      .prepare('articles_published_page');
  }

  /**
   * Every article of an author, whatever its status, with what hangs off them: their review timelines, their edits
   * waiting for review and readers' reports of them, the author's drafts (preview links die with them), the reports
   * the author sent and pending-deletion counts; how many articles there were.
   */
  async deleteByAuthor(tx: Queryable, authorId: string): Promise<number> {
    const mine = tx.select({ id: articles.id }).from(articles).where(eq(articles.authorId, authorId));
    await tx.delete(articleReviews).where(inArray(articleReviews.articleId, mine));
    await tx.delete(articleEdits).where(eq(articleEdits.authorId, authorId));
    await tx
      .delete(articleReports)
      .where(or(eq(articleReports.reporterUid, authorId), inArray(articleReports.articleId, mine)));
    await tx.delete(drafts).where(eq(drafts.ownerId, authorId));
    await tx.delete(articleDeletions).where(eq(articleDeletions.authorId, authorId));
    const rows = await tx.delete(articles).where(eq(articles.authorId, authorId)).returning({ id: articles.id });
    return rows.length;
  }

  async insert(tx: Queryable, article: NewArticle): Promise<ArticleRow> {
    const [row] = await tx.insert(articles).values(article).returning();
    return row!;
  }

  async findWithAuthor(id: string, tx?: Queryable): Promise<ArticleWithAuthor | undefined> {
    if (!isUuid(id)) return undefined;
    if (!tx) return (await this.byId.execute({ id }))[0];
    const [row] = await withAuthor(tx).where(eq(articles.id, id)).limit(1);
    return row;
  }

  /** The article read (GET /api/articles/{id}) in one prepared statement: the row, its author and collaboration. */
  async findForReading(id: string): Promise<ArticleForReading | undefined> {
    if (!isUuid(id)) return undefined;
    return (await this.forReading.execute({ id }))[0];
  }

  /** Whether an article of this id was deleted by its author (article_deletions keeps the id): gone, not unknown. */
  async wasDeleted(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const rows = await this.database.db
      .select({ id: articleDeletions.id })
      .from(articleDeletions)
      .where(eq(articleDeletions.articleId, id))
      .limit(1);
    return rows.length > 0;
  }

  /** Locks the row for a state change. */
  async lockForUpdate(tx: Queryable, id: string): Promise<ArticleRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update').limit(1);
    return row;
  }

  /**
   * Moves the article to a state of review with the reviewer's note; becoming published sets publishedAt the first
   * time (an article published again after an edit keeps its first publication time).
   */
  async setStatus(tx: Queryable, id: string, status: ArticleStatus, note: string, at: Date): Promise<ArticleRow> {
    const [row] = await tx
      .update(articles)
      .set({
        status,
        reviewNote: note,
        updatedAt: at,
        ...(status === 'published' ? { publishedAt: sql`coalesce(${articles.publishedAt}, ${at})` } : {}),
      })
      .where(eq(articles.id, id))
      .returning();
    return row!;
  }

  /** Writes a submitted draft over its article (an edit, or the author's revision). */
  async replaceContent(
    tx: Queryable,
    id: string,
    changes: Omit<NewArticle, 'id' | 'authorId' | 'createdAt'>,
  ): Promise<ArticleRow> {
    const [row] = await tx.update(articles).set(changes).where(eq(articles.id, id)).returning();
    return row!;
  }

  /** The author's articles waiting for review (MaxArticlePublishCount). */
  async countPending(tx: Queryable, authorId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(articles)
      .where(and(eq(articles.authorId, authorId), inArray(articles.status, [...PENDING_STATUSES, 'approved'])));
    return row?.n ?? 0;
  }

  /** The author's submitted articles with their state, newest first; one extra row tells whether more exist. */
  async listSubmittedByAuthor(authorId: string, offset: number, limit: number) {
    if (!isUuid(authorId)) return [];
    return this.database.db
      .select({
        id: articles.id,
        title: articles.title,
        language: articles.language,
        status: articles.status,
        reviewNote: articles.reviewNote,
        translationOf: articles.translationOf,
        createdAt: articles.createdAt,
        updatedAt: articles.updatedAt,
      })
      .from(articles)
      .where(and(eq(articles.authorId, authorId), ne(articles.status, 'draft')))
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .offset(offset)
      .limit(limit + 1);
  }

  async delete(tx: Queryable, id: string): Promise<void> {
    await tx.delete(articles).where(eq(articles.id, id));
  }

  /** One author's published articles, newest first (articles_author_idx); one extra row tells whether more exist. */
  async listPublishedByAuthor(authorId: string, offset: number, limit: number) {
    if (!isUuid(authorId)) return [];
    return this.database.db
      .select({
        id: articles.id,
        title: articles.title,
        description: articles.description,
        language: articles.language,
        category: articles.category,
        wordCount: articles.wordCount,
        publishedAt: articles.publishedAt,
        publicationId: articles.publicationId,
        author: AUTHOR_COLUMNS,
      })
      .from(articles)
      .leftJoin(authors, eq(authors.uid, articles.authorId))
      .where(and(eq(articles.authorId, authorId), sql`${articles.status} = 'published'`))
      .orderBy(sql`${articles.publishedAt} desc nulls last`, sql`${articles.id} desc`)
      .offset(offset)
      .limit(limit + 1);
  }

  async countPublishedByAuthor(authorId: string): Promise<number> {
    if (!isUuid(authorId)) return 0;
    const [row] = await this.database.db
      .select({ n: count() })
      .from(articles)
      .where(and(eq(articles.authorId, authorId), sql`${articles.status} = 'published'`));
    return row?.n ?? 0;
  }

  /** The ids of an original's published translations (articles_translation_of_idx). */
  /** The ids of an author's published articles (those whose removal is announced). */
  async listPublishedIdsByAuthor(tx: Queryable, authorId: string): Promise<string[]> {
    if (!isUuid(authorId)) return [];
    const rows = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.authorId, authorId), sql`${articles.status} = 'published'`));
    return rows.map((row) => row.id);
  }

  async listPublishedTranslationIds(tx: Queryable, originalId: string): Promise<string[]> {
    if (!isUuid(originalId)) return [];
    const rows = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.translationOf, originalId), sql`${articles.status} = 'published'`));
    return rows.map((row) => row.id);
  }

  /** Published articles, newest first; one extra row tells whether a next page exists. */
  async listPublished(offset: number, limit: number) {
    return this.publishedPage.execute({ offset, limit: limit + 1 });
  }
}
