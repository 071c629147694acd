import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { documents, ranked, rankedQueries, words as words_ } from './document.table.js';
import { MARK_END, MARK_START, TYPO_ALTERNATIVES, type QueryGroup, type WordLookup } from './query.js';
import type { Lang, SearchHitKind, SearchSort } from '@pencraft/rules';

export type DocumentInput = Omit<typeof documents.$inferInsert, 'revisions' | 'indexedAt' | 'searchVector'>;

export type DocumentHit = {
  id: string;
  kind: SearchHitKind;
  title: string;
  language: Lang;
  category: string;
  handle: string;
  publication_id: string | null;
  article_id: string | null;
  image_url: string | null;
  /** A photo's article's title (its description column). */
  article_title: string | null;
  author_uid: string;
  author_username: string;
  author_fullname: string;
  published_at: Date;
  rank: number;
  /** The folded title and snippet with ts_headline's marks (MARK_START, MARK_END) around matched words. */
  title_marked: string;
  snippet_marked: string;
  /** The snippet's span of the text as written (ə where the folded one has e); null when it was not found. */
  snippet_original: string | null;
};

/** What a search is narrowed to (every filter optional). */
export interface SearchFilters {
  kinds: SearchHitKind[];
  publicationId?: string;
  category?: string;
  language?: Lang;
  authorUid?: string;
  authorUsername?: string;
  from?: Date;
  to?: Date;
}

export interface SearchOptions {
  filters: SearchFilters;
  sort: SearchSort;
  offset: number;
  limit: number;
}

/** How many of a common word's best matches its ranked list keeps (50 pages of 20, and room for changes). */
export const RANKED_KEEP = 1100;
/** How many matches make a word common enough for a ranked list (fewer are ranked by RUM as fast). */
export const RANKED_MIN_MATCHES = 2000;
/** How many ranked lists are kept (each costs a little on every change of a document). */
export const RANKED_LISTS_MAX = 200;
/**
 * Instant suggestions walk at most this many of the newest documents (the filters applied) for titles that match, and
 * rank the first SUGGEST_CANDIDATES matches they meet: a prefix most titles begin a word with costs a few rows.
 */
export const SUGGEST_WALK = 1000;
export const SUGGEST_CANDIDATES = 20;

/** The ranked list's key of a query: one word (with its near spellings), not being typed; none for others. */
export function rankedKey(groups: QueryGroup[]): string | undefined {
  if (groups.length !== 1 || groups[0]!.prefix) return undefined;
  return JSON.stringify([groups[0]!.word, ...groups[0]!.alternatives]);
}

/** The options of ts_headline: marks that never occur in a folded text (search.fold blanks them), no markup. */
const TITLE_HEADLINE = `HighlightAll=true,StartSel=${MARK_START},StopSel=${MARK_END}`;
const SNIPPET_HEADLINE = `StartSel=${MARK_START},StopSel=${MARK_END},MaxWords=35,MinWords=15,MaxFragments=1`;

/** A word in every language's configuration: its folded form, and its stem in English and in Russian. */
function anyLanguage(word: string): SQL {
  return sql`(plainto_tsquery('search.az', ${word}) || plainto_tsquery('search.en', ${word}) || plainto_tsquery('search.ru', ${word}))`;
}

/**
 * The tsquery of a query's groups: every group must match (&&); within a group the word in any language's form, its
 * near spellings, or (being typed) anything it begins. Words are letters and digits only (queryWords), and each is a
 * bound parameter; to_tsquery sees only a prefix written as 'word':*.
 */
export function tsquery(groups: QueryGroup[]): SQL {
  const parts = groups.map((group) => {
    const options = [group.word, ...group.alternatives].map(anyLanguage);
    if (group.prefix) options.push(sql`to_tsquery('search.az', ${`'${group.word}':*`})`);
    return sql`(${sql.join(options, sql` || `)})`;
  });
  return sql`(${sql.join(parts, sql` && `)})`;
}

/** The filters of a search as conditions on documents d (its words apart). */
function filtered(filters: SearchFilters): SQL {
  const where: SQL[] = [sql`d.kind = any(${sql.param(filters.kinds)}::text[])`];
  if (filters.publicationId) where.push(sql`d.publication_id = ${filters.publicationId}`);
  if (filters.category) where.push(sql`d.category = ${filters.category}`);
  if (filters.language) where.push(sql`d.language = ${filters.language}`);
  if (filters.authorUid) where.push(sql`d.author_uid = ${filters.authorUid}`);
  if (filters.authorUsername) where.push(sql`lower(d.author_username) = lower(${filters.authorUsername})`);
  if (filters.from) where.push(sql`d.published_at >= ${filters.from.toISOString()}`);
  if (filters.to) where.push(sql`d.published_at < ${filters.to.toISOString()}`);
  return sql.join(where, sql` and `);
}

@Injectable()
export class DocumentRepository {
  /** The ranked lists being made by this process, by key. */
  private readonly making = new Map<string, Promise<boolean>>();

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
          handle: doc.handle ?? '',
          revisions: sql`${documents.revisions} + 1`,
          indexedAt: sql`now()`,
        },
      });
  }

  /** Drops every document of an author (their account was deleted). */
  async removeByAuthor(tx: Queryable, authorUid: string) {
    await tx.delete(documents).where(eq(documents.authorUid, authorUid));
  }

  /** An article's photos as announced now: those it no longer has go, the others are written again. */
  async replacePhotos(tx: Queryable, articleId: string, photos: DocumentInput[]) {
    await tx.delete(documents).where(and(eq(documents.articleId, articleId), eq(documents.kind, 'photo')));
    if (photos.length) await tx.insert(documents).values(photos);
  }

  /** Drops one document (a deleted publication). */
  async remove(tx: Queryable, id: string) {
    await tx.delete(documents).where(eq(documents.id, id));
  }

  /** A user's own document's names (nothing when identity announced an update before the registration arrived). */
  async updateUser(tx: Queryable, uid: string, username: string, fullname: string) {
    await tx
      .update(documents)
      .set({
        title: fullname,
        description: username,
        handle: username,
        authorUsername: username,
        authorFullname: fullname,
        revisions: sql`${documents.revisions} + 1`,
        indexedAt: sql`now()`,
      })
      .where(and(eq(documents.id, uid), eq(documents.kind, 'user')));
  }

  /** A publication's document as announced, keeping when it was created; inserted when it was not there yet. */
  async updatePublication(tx: Queryable, doc: DocumentInput) {
    await tx
      .insert(documents)
      .values(doc)
      .onConflictDoUpdate({
        target: documents.id,
        set: {
          title: doc.title,
          description: doc.description,
          body: doc.body,
          handle: doc.handle ?? '',
          authorUid: doc.authorUid,
          revisions: sql`${documents.revisions} + 1`,
          indexedAt: sql`now()`,
        },
      });
  }

  /** A user's new username and full name on the documents of their articles and publications (not their own). */
  async renameAuthor(tx: Queryable, authorUid: string, username: string, fullname: string) {
    await tx
      .update(documents)
      .set({ authorUsername: username, authorFullname: fullname, indexedAt: sql`now()` })
      .where(
        and(
          eq(documents.authorUid, authorUid),
          ne(documents.kind, 'user'),
          or(ne(documents.authorUsername, username), ne(documents.authorFullname, fullname)),
        ),
      );
  }

  /**
   * Whether documents have each word, and for one they do not, the nearest words of the index by trigram similarity
   * (pg_trgm's % through words_trgm_gin_idx, most similar first). Words are folded by PostgreSQL as the documents
   * were (search.fold, unaccent, lower).
   */
  async lookUp(words: string[]): Promise<WordLookup[]> {
    if (words.length === 0) return [];
    const result = await this.database.db.execute<{
      word: string;
      known: boolean;
      near: WordLookup['near'] | null;
    }>(sql`
      select q.word, k.known,
             case when k.known then null else
               (select json_agg(json_build_object('word', n.word, 'similarity', n.similarity))
                  from (select w.word, similarity(w.word, q.folded) as similarity
                          from ${words_} w
                         where w.word % q.folded
                         order by similarity desc, w.word
                         limit ${TYPO_ALTERNATIVES + 1}) n)
             end as near
        from (select word, lower(public.unaccent(search.fold(word))) as folded
                from unnest(${sql.param(words)}::text[]) as word) q
        cross join lateral (select exists (select 1 from ${words_} w where w.word = q.folded) as known) k`);
    return result.rows.map((row) => ({ word: row.word, known: row.known, near: row.near ?? [] }));
  }

  /**
   * The documents matching every group, best first or newest first, with the title and a snippet highlighted by
   * ts_headline on the folded text (for the page's rows only).
   *
   * Best first: the RUM index returns matches ordered by search_vector <=> query without reading the table, but it
   * ranks every match, so a word most documents have costs more as they grow. For one word (with its near spellings)
   * that many documents have, the page comes from its ranked list (the best RANKED_KEEP, kept exact by a trigger):
   * the list is a prefix of the ranking of every match, so a page it fills (filters applied to it in order) is the page
   * RUM would give; one it cannot fill is asked of RUM. The list is made the first time such a word is searched with at
   * least RANKED_MIN_MATCHES matches (counted before ranking). Newest first walks documents_published_idx for a common word and uses the RUM
   * index as a bitmap for a rare one.
   */
  async search(groups: QueryGroup[], { filters, sort, offset, limit }: SearchOptions): Promise<DocumentHit[]> {
    const q = tsquery(groups);
    const conditions = sql`d.search_vector @@ ${q} and ${filtered(filters)}`;
    if (sort === 'date') {
      return this.page(
        q,
        sql`select d.id, d.search_vector <=> ${q} as distance from ${documents} d where ${conditions}
             order by d.published_at desc nulls last, d.id offset ${offset} limit ${limit}`,
      );
    }
    const byRank = sql`select d.id, d.search_vector <=> ${q} as distance from ${documents} d where ${conditions}
                        order by d.search_vector <=> ${q} offset ${offset} limit ${limit}`;
    const key = rankedKey(groups);
    if (!key) return this.page(q, byRank);
    const listed = await this.database.db.execute<{ listed: boolean }>(
      sql`select exists (select 1 from ${rankedQueries} where key = ${key}) as listed`,
    );
    // A word not listed yet is counted before it is ranked: a common one's list is made first (it costs about what
    // RUM ranking its every match for this one page would) and serves the page, and every search of it from then on.
    if (listed.rows[0]?.listed || (await this.ranking(key, q))) {
      const rows = await this.page(
        q,
        sql`select d.id, r.distance from ${ranked} r join ${documents} d on d.id = r.id
             where r.key = ${key} and ${conditions}
             order by r.distance, r.id offset ${offset} limit ${limit}`,
      );
      if (rows.length === limit) return rows;
    }
    return this.page(q, byRank);
  }

  /**
   * Instant suggestions (the last word being typed): titles only, from a bounded list of candidates, so the cost does
   * not grow with the matches. The newest SUGGEST_WALK documents (the filters applied, through documents_published_idx
   * or a publication's documents_publication_idx) are walked newest first until SUGGEST_CANDIDATES titles match; when
   * fewer do, the words are rare there and every title that matches is found through documents_title_idx. The
   * candidates are ranked by their title (title_vector <=> query), the newest first among equals.
   */
  async suggest(groups: QueryGroup[], { filters, offset, limit }: Omit<SearchOptions, 'sort'>): Promise<DocumentHit[]> {
    const q = tsquery(groups);
    const where = filtered(filters);
    const wanted = Math.max(SUGGEST_CANDIDATES, offset + limit);
    // The query once (an InitPlan), not once per title the walk reads.
    const once = sql`(select ${q})`;
    return this.page(
      q,
      sql`with recent as materialized (
            select w.* from (select d.id, d.title_vector, d.published_at from ${documents} d where ${where}
                              order by d.published_at desc nulls last limit ${SUGGEST_WALK}) w
             where w.title_vector @@ ${once} limit ${wanted}
          ), enough as (
            select count(*) >= ${wanted} as enough from recent
          ), candidates as (
            select * from recent where (select enough from enough)
            union all
            select d.id, d.title_vector, d.published_at from ${documents} d
             where not (select enough from enough) and d.title_vector @@ ${once} and ${where}
          )
          select c.id, c.title_vector <=> ${once} as distance from candidates c
           order by c.title_vector <=> ${once}, c.published_at desc, c.id offset ${offset} limit ${limit}`,
    );
  }

  /**
   * Whether a word has its ranked list now: made here when it has at least RANKED_MIN_MATCHES matches. Searches of a
   * word whose list is being made wait for it (one maker per word in this process) instead of each ranking every
   * match by RUM.
   */
  ranking(key: string, q: SQL): Promise<boolean> {
    let made = this.making.get(key);
    if (!made) {
      made = this.rankIfCommon(key, q).finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    return made;
  }

  /** Makes the ranked list of a word with at least RANKED_MIN_MATCHES matches (once; a concurrent maker wins). */
  async rankIfCommon(key: string, q: SQL): Promise<boolean> {
    // The query once (an InitPlan): plainto_tsquery is only stable, so a scan's filter would make it again per row.
    const once = sql`(select ${q})`;
    const counted = await this.database.db.execute<{ common: boolean }>(sql`
      select count(*) >= ${RANKED_MIN_MATCHES} as common
        from (select 1 from ${documents} d where d.search_vector @@ ${once} limit ${RANKED_MIN_MATCHES}) m`);
    if (!counted.rows[0]?.common) return false;
    await this.database.db.transaction(async (tx) => {
      // Writers wait the moment the list is made, so none is missed: what committed before is in the list, what
      // commits after finds it (the trigger).
      await tx.execute(sql`lock table ${documents} in share mode`);
      const made = await tx.execute<{ key: string }>(
        sql`insert into ${rankedQueries} (key, query) values (${key}, ${q}) on conflict do nothing returning key`,
      );
      if (made.rows.length === 0) return;
      // The best RANKED_KEEP as the RUM index orders them (ranked inside the index, as a page by RUM is; equals at
      // the last distance in the index's order). Ranking in the table by (distance, id) instead costs 2-4 times as
      // much at 100,000 matches, and every search of the word waits for the list.
      await tx.execute(sql`
        insert into ${ranked} (key, id, distance)
        select ${key}, m.id, m.distance::real
          from (select d.id, d.search_vector <=> ${q} as distance from ${documents} d where d.search_vector @@ ${q}
                 order by d.search_vector <=> ${q} limit ${RANKED_KEEP}) m`);
      // Every list is kept up by every change of a document: the oldest go past RANKED_LISTS_MAX.
      await tx.execute(sql`
        delete from ${rankedQueries}
         where key in (select key from ${rankedQueries} order by built_at desc, key offset ${RANKED_LISTS_MAX})`);
      // Fresh statistics: the planner then walks ranked_order_idx for a page instead of reading the whole list.
      await tx.execute(sql`analyze ${ranked}`);
    });
    return true;
  }

  /** A page's rows from `source` (id and distance, in order), each with its highlighted title and snippet. */
  private async page(q: SQL, source: SQL): Promise<DocumentHit[]> {
    const result = await this.database.db.execute<DocumentHit>(sql`
      with hits as (
        select s.id, s.distance, row_number() over () as position from (${source}) s
      ), shown as (
        select d.*, h.distance, h.position,
               ts_headline(search.config(d.language), search.fold(d.title), ${q}, ${TITLE_HEADLINE}) as title_marked,
               ts_headline(search.config(d.language), search.fold(btrim(d.description || ' ' || d.body)), ${q},
                           ${SNIPPET_HEADLINE}) as snippet_marked
          from hits h join ${documents} d on d.id = h.id
      )
      select s.id, s.kind, s.title, s.language, s.category, s.handle, s.publication_id, s.article_id, s.image_url,
             case when s.kind = 'photo' then s.description end as article_title, s.author_uid,
             s.author_username, s.author_fullname, s.published_at, 1 / (1 + s.distance) as rank,
             s.title_marked, s.snippet_marked,
             (select case when p.at > 0 then substr(btrim(s.description || ' ' || s.body), p.at, length(p.plain)) end
                from (select plain, strpos(search.fold(btrim(s.description || ' ' || s.body)), plain) as at
                        from (select translate(s.snippet_marked, ${MARK_START + MARK_END}, '') as plain) x) p)
               as snippet_original
        from shown s
       order by s.position`);
    return result.rows;
  }
}
