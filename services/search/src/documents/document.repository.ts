import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { sql } from 'drizzle-orm';
import { documents } from './document.table.js';

export type DocumentInput = Omit<typeof documents.$inferInsert, 'revisions' | 'indexedAt' | 'searchVector'>;

export type DocumentHit = {
  id: string;
  kind: string;
  title: string;
  snippet: string;
  language: string;
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
          publishedAt: doc.publishedAt,
          revisions: sql`${documents.revisions} + 1`,
          indexedAt: sql`now()`,
        },
      });
  }

  /**
   * Full-text search in all three language configurations at once, best rank first; the snippet is
   * plain text around the matches.
   */
  async search(query: string, offset: number, limit: number): Promise<DocumentHit[]> {
    const result = await this.database.db.execute<DocumentHit>(sql`
      with q as (
        select websearch_to_tsquery('simple', ${query}) || websearch_to_tsquery('english', ${query})
            || websearch_to_tsquery('russian', ${query}) as query
      )
      select d.id, d.kind, d.title, d.language, d.author_uid, d.author_username, d.author_fullname, d.published_at,
             ts_rank_cd(d.search_vector, q.query) as rank,
             ts_headline('simple', d.description || ' ' || d.body, q.query,
                         'StartSel="",StopSel="",MaxWords=35,MinWords=12,MaxFragments=2,FragmentDelimiter=" … "') as snippet
        from ${documents} d, q
       where d.search_vector @@ q.query
       order by rank desc, d.published_at desc, d.id
       offset ${offset} limit ${limit}`);
    return result.rows;
  }
}
