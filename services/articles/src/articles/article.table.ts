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
import { check, index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '@pencraft/kit/schema';
import { articlesSchema } from '../articles.schema.js';
import type { ArticleContent } from '../content/article-content.js';

/** Submitted and not yet decided: the states a pending article can be deleted in (within 6 hours). */
export const PENDING_STATUSES: readonly ArticleStatus[] = ['accepted', 'initialReview', 'underModeration'];

export const articles = articlesSchema.table(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').$type<Lang>().notNull(),
    category: text('category').notNull(),
    subCategories: text('sub_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    content: jsonb('content').$type<ArticleContent>().notNull(),
    /** The visible text of the content, one block a line: what search indexes. */
    bodyText: text('body_text').notNull(),
    status: text('status').$type<ArticleStatus>().notNull().default('draft'),
    /** The reviewer's reason (rejected) or revision notes (revisionRequested); empty otherwise. */
    reviewNote: text('review_note').notNull().default(''),
    /** The original article this one translates (its own row per language); null for an original. */
    translationOf: uuid('translation_of'),
    /** An object-store key of the cover image, or null. */
    coverKey: text('cover_key'),
    target: text('target').notNull().default('personal'),
    /**
     * The publication it belongs to (publications owns the publication and its pins); null for the personal blog.
     * Becomes null when the publication detaches it or is deleted: it stays under its author.
     */
    publicationId: uuid('publication_id'),
    audience: text('audience').$type<Audience>().notNull().default('free'),
    /** How many times the published article was edited (SPEC.md: EditArticleCount). */
    editCount: integer('edit_count').notNull().default(0),
    wordCount: integer('word_count').notNull(),
    symbolCount: integer('symbol_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    // The home list: drizzle-kit writes these as DESC NULLS LAST, and the home list's ORDER BY says so too (with a
    // bare DESC, meaning NULLS FIRST, PostgreSQL would scan and sort the whole table on every request).
    index('articles_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`status = 'published'`),
    index('articles_author_idx').on(t.authorId, t.createdAt.desc()),
    index('articles_translation_of_idx').on(t.translationOf),
    index('articles_publication_idx').on(t.publicationId),
    // A publication's list (newest first, paged after a card): one range of this index.
    index('articles_publication_published_idx')
      .on(t.publicationId, t.publishedAt.desc(), t.id.desc())
      .where(sql`status = 'published'`),
    check('articles_status_known', oneOf('status', ARTICLE_STATUSES)),
    check('articles_language_known', oneOf('language', LANGS)),
    check('articles_audience_known', oneOf('audience', AUDIENCES)),
    check('articles_category_known', oneOf('category', CATEGORY_IDS)),
  ],
);

export type ArticleRow = typeof articles.$inferSelect;
