import { oneOf } from '@pencraft/kit/schema';
import { CATEGORY_IDS, DEFAULT_LANG, LANGS, type Lang } from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { check, index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';
import { articles } from '../articles/article.table.js';

/**
 * One row per published article: its counters, kept in the transaction of each vote and bookmark, beside copies of
 * what the reading lists filter and sort by (author, category, publication time), so every list is one index scan.
 * Written when the article is published (articles.article.published, read by this service too) and, should a vote
 * come first, by that vote; removed with the article.
 *
 * Every index is DESC NULLS LAST as drizzle-kit writes it; the lists order by exactly the same (engagement.sql.ts).
 */
export const articleEngagement = articlesSchema.table(
  'article_engagement',
  {
    articleId: uuid('article_id')
      .primaryKey()
      .references(() => articles.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').notNull(),
    category: text('category').notNull(),
    /** The article's language, publication and original (for a translation): what the home lists filter by. */
    /** Defaults to the platform's default language for rows written without one (only by hand). */
    language: text('language').$type<Lang>().notNull().default(DEFAULT_LANG),
    publicationId: uuid('publication_id'),
    translationOf: uuid('translation_of'),
    /**
     * An original's published translations, by language (sorted, no repeats): what keeps an original out of the
     * others of a reader whose language it was translated into, checked on the row the home list scans. Kept by
     * triggers on articles.articles in the transaction that publishes, unpublishes or deletes a translation
     * (migration 0019, articles.engagement_translations_changed); empty for a translation.
     */
    translationLanguages: text('translation_languages')
      .array()
      .$type<Lang[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    upVotes: integer('up_votes').notNull().default(0),
    downVotes: integer('down_votes').notNull().default(0),
    /** Upvotes minus downvotes: what "top" sorts by. */
    score: integer('score')
      .notNull()
      .generatedAlwaysAs(sql`up_votes - down_votes`),
    bookmarks: integer('bookmarks').notNull().default(0),
    /** Published comments (all depths), counted from the comments service's published and deleted events. */
    comments: integer('comments').notNull().default(0),
  },
  (t) => [
    index('article_engagement_newest_idx').on(t.publishedAt.desc(), t.articleId.desc()),
    index('article_engagement_top_idx').on(t.score.desc(), t.publishedAt.desc(), t.articleId.desc()),
    index('article_engagement_category_new_idx').on(t.category, t.publishedAt.desc(), t.articleId.desc()),
    index('article_engagement_category_top_idx').on(
      t.category,
      t.score.desc(),
      t.publishedAt.desc(),
      t.articleId.desc(),
    ),
    index('article_engagement_author_idx').on(t.authorId, t.publishedAt.desc(), t.articleId.desc()),
    // The home lists: one range per source and language (home.repository.ts), walked from the cursor.
    index('article_engagement_language_idx').on(t.language, t.publishedAt.desc(), t.articleId.desc()),
    index('article_engagement_author_language_idx').on(
      t.authorId,
      t.language,
      t.publishedAt.desc(),
      t.articleId.desc(),
    ),
    index('article_engagement_category_language_idx').on(
      t.category,
      t.language,
      t.publishedAt.desc(),
      t.articleId.desc(),
    ),
    // Whether a category has, in a language, an article by anyone but some authors: one probe per author left out.
    index('article_engagement_category_language_author_idx').on(t.category, t.language, t.authorId),
    index('article_engagement_publication_idx')
      .on(t.publicationId, t.language, t.publishedAt.desc(), t.articleId.desc())
      .where(sql`publication_id is not null`),
    check('article_engagement_category_known', oneOf('category', CATEGORY_IDS)),
    check('article_engagement_language_known', oneOf('language', LANGS)),
    check(
      'article_engagement_translation_languages_known',
      sql.raw(`"translation_languages" <@ array[${LANGS.map((lang) => `'${lang}'`).join(', ')}]::text[]`),
    ),
  ],
);

export type ArticleEngagementRow = typeof articleEngagement.$inferSelect;
