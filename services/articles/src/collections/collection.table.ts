import { boolean, index, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';
import { articles } from '../articles/article.table.js';

/** A user's collection of articles; a private one is seen only by its owner. */
export const collections = articlesSchema.table(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUid: uuid('owner_uid').notNull(),
    name: text('name').notNull(),
    private: boolean('private').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collections_owner_idx').on(t.ownerUid, t.createdAt.desc())],
);

export const collectionItems = articlesSchema.table(
  'collection_items',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.articleId] }),
    index('collection_items_added_idx').on(t.collectionId, t.addedAt.desc(), t.articleId.desc()),
    index('collection_items_article_idx').on(t.articleId),
  ],
);

/** Someone else's public collection a user saved to their list. */
export const savedCollections = articlesSchema.table(
  'saved_collections',
  {
    uid: uuid('uid').notNull(),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.collectionId] }),
    index('saved_collections_collection_idx').on(t.collectionId),
  ],
);

export type CollectionRow = typeof collections.$inferSelect;
