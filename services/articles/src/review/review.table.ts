import {
  ARTICLE_STATUSES,
  AUDIENCES,
  CATEGORY_IDS,
  LANGS,
  type ArticleStatus,
  type Audience,
  type Lang,
} from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '@pencraft/kit/schema';
import { articlesSchema } from '../articles.schema.js';
import type { ArticleContent } from '../content/article-content.js';

/** The review timeline of an article (SPEC.md section 4): one row per state it entered, with the reviewer's note. */
export const articleReviews = articlesSchema.table(
  'article_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id').notNull(),
    status: text('status').$type<ArticleStatus>().notNull(),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('article_reviews_article_idx').on(t.articleId, t.at),
    check('article_reviews_status_known', oneOf('status', ARTICLE_STATUSES)),
  ],
);

/** Deletions of pending articles, counted per author over 24 hours (SPEC.md section 9: at most 3). */
export const articleDeletions = articlesSchema.table(
  'article_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id').notNull(),
    articleId: uuid('article_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('article_deletions_author_idx').on(t.authorId, t.at),
    // A missing article's page asks whether its id was deleted (410) or never existed (404).
    index('article_deletions_article_idx').on(t.articleId),
  ],
);

export type ArticleReviewRow = typeof articleReviews.$inferSelect;

/**
 * An edit of a published article waiting for (or decided by) review: the published version stays live until the edit
 * is approved, which writes these fields over it. `status` walks the road of SPEC.md section 4 like an article's
 * (accepted, initialReview, underModeration, then published, rejected or revisionRequested). One open edit per
 * article at a time.
 */
export const articleEdits = articlesSchema.table(
  'article_edits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id').notNull(),
    authorId: uuid('author_id').notNull(),
    status: text('status').$type<ArticleStatus>().notNull().default('accepted'),
    reviewNote: text('review_note').notNull().default(''),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').$type<Lang>().notNull(),
    category: text('category').notNull(),
    subCategories: text('sub_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    content: jsonb('content').$type<ArticleContent>().notNull(),
    bodyText: text('body_text').notNull(),
    wordCount: integer('word_count').notNull(),
    symbolCount: integer('symbol_count').notNull(),
    coverKey: text('cover_key'),
    target: text('target').notNull().default('personal'),
    /** The publication the approved edit leaves the article in (null: the personal blog). */
    publicationId: uuid('publication_id'),
    audience: text('audience').$type<Audience>().notNull().default('free'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('article_edits_open_idx')
      .on(t.articleId)
      .where(sql`status in ('accepted', 'initialReview', 'underModeration')`),
    index('article_edits_article_idx').on(t.articleId, t.submittedAt),
    index('article_edits_publication_idx').on(t.publicationId),
    check('article_edits_status_known', oneOf('status', ARTICLE_STATUSES)),
    check('article_edits_language_known', oneOf('language', LANGS)),
    check('article_edits_audience_known', oneOf('audience', AUDIENCES)),
    check('article_edits_category_known', oneOf('category', CATEGORY_IDS)),
  ],
);

export type ArticleEditRow = typeof articleEdits.$inferSelect;
export type NewArticleEdit = typeof articleEdits.$inferInsert;
