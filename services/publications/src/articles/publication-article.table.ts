import { boolean, index, timestamp, uuid } from 'drizzle-orm/pg-core';
import { publications } from '../publications/publication.table.js';
import { publicationsSchema } from '../publications.schema.js';

/**
 * What the publication decided about one of its articles (the articles service owns the articles): pinned by the
 * owner, or detached (it stays under its author and is never pinned again here).
 */
export const publicationArticles = publicationsSchema.table(
  'publication_articles',
  {
    articleId: uuid('article_id').primaryKey(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    authorUid: uuid('author_uid').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    detachedAt: timestamp('detached_at', { withTimezone: true }),
    detachedByUid: uuid('detached_by_uid'),
  },
  (t) => [index('publication_articles_pinned_idx').on(t.publicationId, t.pinnedAt.desc())],
);

export type PublicationArticleRow = typeof publicationArticles.$inferSelect;
