import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { eq, sql } from 'drizzle-orm';
import { documents } from './document.table.js';
import type { Lang, SearchHitKind } from '@pencraft/rules';

/** How many of the newest matches a search ranks: 50 pages of 20, the deepest the gateway asks for. */
export const SEARCH_CANDIDATES = 1000;

export type DocumentInput = Omit<typeof documents.$inferInsert, 'revisions' | 'indexedAt' | 'searchVector'>;

export type DocumentHit = {
  id: string;
  kind: SearchHitKind;
  title: string;
  snippet: string;
  language: Lang;
  author_uid: string;
  author_username: string;
  author_fullname: string;
  published_at: Date;
  rank: number;
};

@Injectable()
export class DocumentRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Inserts or replaces a document; each call counts one revision. */
  async upsert(tx: Queryable, doc: DocumentInput) {
    await tx
      .insert(documents)
      .values(doc)
      .onConflictDoUpdate({
        target: documents.id,
        set: {
          title: doc.title,
          description: doc.description,
          body: doc.body,
          language: doc.language,
          category: doc.category,
          authorUsername: doc.authorUsername,
          authorFullname: doc.authorFullname,
          publicationId: doc.publicationId ?? null,
          publishedAt: doc.publishedAt,
          revisions: sql`${documents.revisions} + 1`,
          indexedAt: sql`now()`,
        },
      });
  }

  /** Drops every document of an author (their account was deleted). */
  async removeByAuthor(tx: Queryable, authorUid: string) {
    await tx.delete(documents).where(eq(documents.authorUid, authorUid));
  }

  /**
   * Full-text search in all three language configurations at once, best rank first; the snippet is
   * plain text around the matches.
   *
   * Only the newest SEARCH_CANDIDATES matches are ranked, so a word that most documents contain costs the same at
   * any size (ranking every match read and ranked the whole table). Below that many matches every match is ranked.
   * The tsquery is written out where it is used rather than computed once in a CTE: so the planner sees its value
   * and picks the published_at index, walked newest first, for a common word, and the GIN index for a rare one.
   * The snippets are made only for the page's rows.
   *
   * With a publication (a search made on its subdomain) only its documents are candidates: a plain equality beside
   * the match, so the shape stays the same; documents_publication_idx walks one publication's documents newest first
   * for a common word, as documents_published_idx does for all of them.
   */
  async search(query: string, offset: number, limit: number, publicationId?: string): Promise<DocumentHit[]> {
    const q = sql`(websearch_to_tsquery('simple', ${query}) || websearch_to_tsquery('english', ${query})
                   || websearch_to_tsquery('russian', ${query}))`;
    const inPublication = publicationId ? sql`and d.publication_id = ${publicationId}` : sql``;
    const result = await this.database.db.execute<DocumentHit>(sql`
      with candidates as (
        select d.id, d.search_vector, d.published_at
          from ${documents} d
         where d.search_vector @@ ${q} ${inPublication}
         order by d.published_at desc nulls last
         limit ${SEARCH_CANDIDATES}
      ), hits as (
        select c.id, c.published_at, ts_rank_cd(c.search_vector, ${q}) as rank
          from candidates c
         order by rank desc, c.published_at desc, c.id
        offset ${offset} limit ${limit}
      )
      select d.id, d.kind, d.title, d.language, d.author_uid, d.author_username, d.author_fullname, d.published_at,
             h.rank,
             ts_headline('simple', d.description || ' ' || d.body, ${q},
                         'StartSel="",StopSel="",MaxWords=35,MinWords=12,MaxFragments=2,FragmentDelimiter=" … "') as snippet
        from hits h
        join ${documents} d on d.id = h.id
       order by h.rank desc, h.published_at desc, h.id`);
    return result.rows;
  }
}
