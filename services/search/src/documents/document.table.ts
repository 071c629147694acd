import { sql } from 'drizzle-orm';
import { customType, index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { searchSchema } from '../search.schema.js';
import type { Lang, SearchHitKind } from '@pencraft/rules';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A column's tsvector in the configuration of the document's language (constant configurations keep it immutable). */
function vector(column: string) {
  const c = sql.raw(`coalesce(${column}, '')`);
  return sql`(case language when 'en' then to_tsvector('english', ${c}) when 'ru' then to_tsvector('russian', ${c}) else to_tsvector('simple', ${c}) end)`;
}

/**
 * One searchable document per article. The text search configuration follows the article's language
 * (English and Russian stemming; Azerbaijani has none in PostgreSQL, so "simple"). A paid article's body (or a
 * translation of one) is only its teaser's text: articles announces no more.
 */
export const documents = searchSchema.table(
  'documents',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<SearchHitKind>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    body: text('body').notNull(),
    language: text('language').$type<Lang>().notNull(),
    category: text('category').notNull(),
    authorUid: uuid('author_uid').notNull(),
    authorUsername: text('author_username').notNull(),
    authorFullname: text('author_fullname').notNull(),
    /** The publication the article belongs to (a translation's original's when it has none); null for a personal one. */
    publicationId: uuid('publication_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** How many events changed this document: a redelivered event must not count twice. */
    revisions: integer('revisions').notNull().default(1),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(${vector('title')}, 'A') || setweight(${vector('description')}, 'B') || setweight(${vector('body')}, 'C')`,
      ),
  },
  (t) => [
    index('documents_search_idx').using('gin', t.searchVector),
    index('documents_published_idx').on(t.publishedAt.desc()),
    // A search on a publication's subdomain walks that publication's documents newest first (personal ones are left out).
    index('documents_publication_idx')
      .on(t.publicationId, t.publishedAt.desc())
      .where(sql`${t.publicationId} is not null`),
    // An account's deletion drops its documents by author.
    index('documents_author_idx').on(t.authorUid),
  ],
);
