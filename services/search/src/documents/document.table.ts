import { sql } from 'drizzle-orm';
import { customType, index, integer, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { searchSchema } from '../search.schema.js';
import type { Lang, SearchHitKind } from '@pencraft/rules';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/**
 * A column's tsvector in the text search configuration of the document's language: search.az, search.en or search.ru
 * (migration 0004), each unaccent before its dictionary (Russian and English stemmed, Azerbaijani unstemmed), after
 * search.fold (ə → e, which unaccent does not know), so "gozel" finds "gözəl". Both functions are immutable.
 */
function vector(column: string) {
  return sql.raw(`to_tsvector(search.config(language), search.fold(${column}))`);
}

/**
 * One searchable document per article, user, publication and photo (kind). The text search configuration follows the
 * document's language (English and Russian stemming; Azerbaijani has none in PostgreSQL, so "simple" words, folded).
 * A paid article's body (or a translation of one) is only its teaser's text: articles announces no more. A user's
 * title is their full name, description their username; a publication's title its name, description its own, body
 * its slug; a photo's title its caption, description its article's title, body the beginning of the article's text.
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
    /** A user's username or a publication's slug (their address); empty for an article. */
    handle: text('handle').notNull().default(''),
    /** A photo's article and address (under /media); null for the other kinds. */
    articleId: uuid('article_id'),
    imageUrl: text('image_url'),
    /** How many events changed this document: a redelivered event must not count twice. */
    revisions: integer('revisions').notNull().default(1),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(${vector('title')}, 'A') || setweight(${vector('description')}, 'B') || setweight(${vector('body')}, 'C')`,
      ),
    /** The title's words alone, as search_vector has them: what instant suggestions match (issue #17). */
    titleVector: tsvector('title_vector')
      .notNull()
      .generatedAlwaysAs(sql`${vector('title')}`),
  },
  (t) => [
    // RUM (postgresql-15-rum): matches come out of the index already ordered by rank (search_vector <=> query), so
    // the best of every match is found without ranking them all; it also answers rare words as a bitmap.
    index('documents_rum_idx').using('rum', t.searchVector.op('rum_tsvector_ops')),
    index('documents_published_idx').on(t.publishedAt.desc()),
    // Suggestions whose title words are rare among the newest documents: every title match, through GIN.
    index('documents_title_idx').using('gin', t.titleVector),
    // A search on a publication's subdomain walks that publication's documents newest first (personal ones are left out).
    index('documents_publication_idx')
      .on(t.publicationId, t.publishedAt.desc())
      .where(sql`${t.publicationId} is not null`),
    // An account's deletion drops its documents by author.
    index('documents_author_idx').on(t.authorUid),
    // An article announced again replaces its photos.
    index('documents_article_idx')
      .on(t.articleId)
      .where(sql`${t.articleId} is not null`),
  ],
);

/**
 * Every word of letters only (folded, unstemmed, 4 to 40 letters) of the documents, for typo tolerance: a query word
 * no document has is looked up here by trigram similarity (pg_trgm) and the nearest words are searched too. Words with
 * digits are left out (no typo of "zx123" is corrected): the table grows with the vocabulary, not with the numbers and
 * codes of the documents, so a lookup costs the same at 100,000 documents as at a few hundred. Filled by a statement
 * trigger on documents (migrations 0004 and 0006), so rows copied in by SQL (the bench's scale mode) are counted too;
 * words are never removed (a word whose documents went finds nothing more).
 */
export const words = searchSchema.table('words', { word: text('word').primaryKey() }, (t) => [
  // Near words by trigram similarity (word % query word): GIN walks only the words sharing trigrams with it.
  index('words_trgm_gin_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * The best matches of a word many documents have, kept ranked (issue #17): for a one-word search by relevance, the
 * first RANKED_KEEP documents by search_vector <=> query, so a page is read from here in rank order instead of RUM
 * ranking every match again (which grows with the matches: about 70 ms at 100,000). Made the first time such a word
 * is searched with at least RANKED_MIN_MATCHES matches; kept exact by a statement trigger on documents (migration
 * 0007): a changed document leaves the list and comes back only if it ranks before the list's last, the list is cut
 * back to RANKED_KEEP, and a deleted document leaves by the foreign key. The list stays a prefix of the ranking of
 * every match (it may only get shorter), so a page it fills is exactly the page RUM would give.
 */
export const rankedQueries = searchSchema.table('ranked_queries', {
  /** The word and its alternatives as searched (JSON). */
  key: text('key').primaryKey(),
  query: tsquery('query').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ranked = searchSchema.table(
  'ranked',
  {
    key: text('key')
      .notNull()
      .references(() => rankedQueries.key, { onDelete: 'cascade' }),
    id: uuid('id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    distance: real('distance').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.id] }),
    index('ranked_order_idx').on(t.key, t.distance, t.id),
    // A deleted document (an account's deletion drops many) leaves every list by this index.
    index('ranked_document_idx').on(t.id),
  ],
);
