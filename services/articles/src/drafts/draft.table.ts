import { AUDIENCES, CATEGORY_IDS, LANGS, type Audience, type Lang } from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '@pencraft/kit/schema';
import { articlesSchema } from '../articles.schema.js';

export const DRAFT_TARGETS = ['personal'] as const;
export type DraftTarget = (typeof DRAFT_TARGETS)[number];

/**
 * A writer's work in progress, kept on the server (autosaved by the editor). A draft is checked loosely while it is
 * written (sizes only, content sanitized) and strictly (SPEC.md sections 5 and 9) when it is submitted for review.
 * `version` grows by one on every save: a save that names an older version is a conflict (two tabs), never an
 * overwrite.
 */
export const drafts = articlesSchema.table(
  'drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull(),
    /** The published (or revision-requested) article this draft edits; null for a new article. */
    articleId: uuid('article_id'),
    /** The original article this draft translates; null for an original. */
    translationOf: uuid('translation_of'),
    language: text('language').$type<Lang>().notNull().default('az'),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Editor.js output, sanitized on every save; null until the first block is written. */
    content: jsonb('content'),
    category: text('category').notNull().default(''),
    subCategories: text('sub_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** An object-store key of an uploaded editor image (articles/<uid>/...), or null. */
    coverKey: text('cover_key'),
    target: text('target').$type<DraftTarget>().notNull().default('personal'),
    /**
     * The publication the owner will publish it into (a member or the owner there, as publications answered when it
     * was set and again when it is submitted); null for the personal blog. `target` stays personal, and with it the
     * refusal of paid readers, until paid access is enforced on every route.
     */
    publicationId: uuid('publication_id'),
    audience: text('audience').$type<Audience>().notNull().default('free'),
    version: integer('version').notNull().default(1),
    /**
     * The SHA-256 (hex) of the preview token: anyone holding the token reads the draft (read-only) at /preview/{token}
     * until PREVIEW_LINK_DAYS after it was made; refreshing replaces it. The token itself is never stored.
     */
    previewTokenHash: text('preview_token_hash'),
    previewTokenCreatedAt: timestamp('preview_token_created_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('drafts_owner_idx').on(t.ownerId, t.updatedAt.desc()),
    index('drafts_article_idx').on(t.articleId),
    index('drafts_translation_of_idx').on(t.translationOf),
    index('drafts_publication_idx').on(t.publicationId),
    uniqueIndex('drafts_preview_token_hash_idx').on(t.previewTokenHash),
    check('drafts_language_known', oneOf('language', LANGS)),
    check('drafts_audience_known', oneOf('audience', AUDIENCES)),
    // Empty until the writer picks one.
    check('drafts_category_known', oneOf('category', ['', ...CATEGORY_IDS])),
  ],
);

export type DraftRow = typeof drafts.$inferSelect;
export type NewDraft = typeof drafts.$inferInsert;
