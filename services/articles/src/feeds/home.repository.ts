import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle } from '@pencraft/kit';
import { LANGS, type Lang } from '@pencraft/rules';
import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { authors } from '../authors/author.table.js';
import { bookmarks } from '../bookmarks/bookmark.table.js';
import { categoryFollows } from '../categories/category-follow.table.js';
import { articleVotes } from '../votes/vote.table.js';
import { CARD_COLUMNS, type CardRow } from './article-cards.js';
import { articleEngagement as e } from './article-engagement.table.js';
import { articleTrends } from './article-trend.table.js';
import { userFollows } from './user-follow.table.js';

/** Where the rows of a home list come from. */
export type HomeSource =
  | { kind: 'all'; excludeAuthors: readonly string[]; excludePublications: readonly string[] }
  | {
      kind: 'sources';
      authors: readonly string[];
      categories: readonly string[];
      publications: readonly string[];
      excludeAuthors: readonly string[];
      excludePublications: readonly string[];
    };

export interface HomeQuery {
  lang: Lang;
  /** l: the reader's language; o: the others (originals without a translation in the reader's language). */
  phase: 'l' | 'o';
  after?: { at: Date; id: string } | undefined;
  limit: number;
  source: HomeSource;
}

export interface HomeRow {
  id: string;
  at: Date;
}

export interface AuthorStanding {
  uid: string;
  username: string;
  fullname: string;
  imageUrl: string;
  articles: number;
  score: number;
}

const uuids = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;
const texts = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;
const NEWEST = sql`e.published_at desc nulls last, e.article_id desc nulls last`;

/** The languages a phase of a home list walks: the reader's, or each of the others. */
const phaseLanguages = (query: HomeQuery): Lang[] =>
  query.phase === 'l' ? [query.lang] : LANGS.filter((lang) => lang !== query.lang);

/**
 * The home page's queries. Every list walks article_engagement indexes from a position (the cursor: published time
 * and id), never an offset: one short range per language of the phase (the all tab: article_engagement_language_idx)
 * or per followed source and language (following and suggestions: author, category or publication, then language),
 * each stopping after a page, merged; so a deep page costs what the first does, whatever the size of the table. What
 * a range leaves out is decided on the row it reads (an original translated into the reader's language is left out of
 * the others by its translation_languages), never by a look into other rows.
 */
@Injectable()
export class HomeRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** The predicate of one phase of a list on the row `e` (beside its range): the exclusions and the position. */
  private rowFilter(query: HomeQuery): SQL {
    const parts: SQL[] = [sql`a.status = 'published'`];
    if (query.phase === 'o')
      parts.push(sql`e.translation_of is null`, sql`${query.lang} <> all(e.translation_languages)`);
    if (query.after)
      parts.push(
        sql`(e.published_at, e.article_id) < (${query.after.at.toISOString()}::timestamptz, ${query.after.id}::uuid)`,
      );
    const { excludeAuthors, excludePublications } = query.source;
    if (excludeAuthors.length) parts.push(sql`e.author_id <> all(${uuids(excludeAuthors)})`);
    if (excludePublications.length)
      parts.push(sql`(e.publication_id is null or e.publication_id <> all(${uuids(excludePublications)}))`);
    return sql.join(parts, sql` and `);
  }

  /**
   * Whether a category has an article in a language by an author not among `excluded`: its authors in order from
   * the smallest, one probe of article_engagement_category_language_author_idx each, stopping at the first one not
   * excluded (at most one probe per excluded author and one more), whatever the number of their articles. A condition
   * on the range's own parameters only, so PostgreSQL checks it once before walking the range.
   */
  private someoneElseIn(category: SQL, lang: Lang, excluded: SQL): SQL {
    return sql`exists (
      with recursive w(author) as (
        (select e2.author_id from ${e} e2 where e2.category = ${category} and e2.language = ${lang}
          order by e2.author_id limit 1)
        union all
        select (select e3.author_id from ${e} e3
                 where e3.category = ${category} and e3.language = ${lang} and e3.author_id > w.author
                 order by e3.author_id limit 1)
          from w where w.author = any(${excluded}))
      select 1 from w where w.author <> all(${excluded}))`;
  }

  /** One page (limit rows; ask one more to learn whether more follow) of a phase of a home list: ids in order. */
  async ids(query: HomeQuery): Promise<HomeRow[]> {
    const where = this.rowFilter(query);
    // One range per language, each its own branch with the language bound (not a joined list): the planner then sees
    // which languages have rows at all, and a language without any costs one index probe.
    const perLanguage = (range: (lang: Lang) => SQL) => sql.join(phaseLanguages(query).map(range), sql` union all `);
    /** The newest rows of one range (an index's equality prefix and a language) from the position, a page at most. */
    const range = (prefix: SQL, lang: Lang) => sql`
      select e.article_id as id, e.published_at as at from ${e} e join ${articles} a on a.id = e.article_id
       where ${prefix} and e.language = ${lang} and ${where} order by ${NEWEST} limit ${query.limit}`;
    let statement: SQL;
    if (query.source.kind === 'all') {
      statement = sql`select x.id, x.at from (${perLanguage((lang) => sql`(${range(sql`true`, lang)})`)}) x
        order by x.at desc, x.id desc limit ${query.limit}`;
    } else {
      const { authors: people, categories, publications } = query.source;
      const ranges = (values: SQL, column: SQL, gate?: (lang: Lang) => SQL) =>
        perLanguage(
          (lang) => sql`select x.id, x.at from unnest(${values}) as s(v)
            cross join lateral (${range(gate ? sql`${gate(lang)} and ${column} = s.v` : sql`${column} = s.v`, lang)}) x`,
        );
      const { excludeAuthors } = query.source;
      // A category range with authors left out (suggestions: the people followed, oneself) is walked only when
      // someone else wrote in it: else every row of the range would be read to find none.
      const someoneElse = excludeAuthors.length
        ? (lang: Lang) => this.someoneElseIn(sql`s.v`, lang, uuids(excludeAuthors))
        : undefined;
      const branches: SQL[] = [];
      if (people.length) branches.push(ranges(uuids(people), sql`e.author_id`));
      if (categories.length) branches.push(ranges(texts(categories), sql`e.category`, someoneElse));
      if (publications.length) branches.push(ranges(uuids(publications), sql`e.publication_id`));
      if (branches.length === 0) return [];
      // An article can come through more than one source: union, each branch in parentheses (a union all of its own).
      const merged = sql.join(
        branches.map((branch) => sql`(${branch})`),
        sql` union `,
      );
      statement = sql`select u.id, u.at from (${merged}) u
        order by u.at desc, u.id desc limit ${query.limit}`;
    }
    const result = await this.database.db.execute<{ id: string; at: string | Date }>(statement);
    return result.rows.map((row) => ({ id: row.id, at: new Date(row.at) }));
  }

  /** The cards of these published articles, in the order of the ids. */
  async cards(ids: readonly string[]): Promise<CardRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.db
      .select(CARD_COLUMNS)
      .from(e)
      .innerJoin(articles, and(eq(articles.id, e.articleId), sql`${articles.status} = 'published'`))
      .leftJoin(authors, eq(authors.uid, articles.authorId))
      .where(inArray(e.articleId, [...ids]));
    const found = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** The users the reader follows (identity's follows as this service heard them). */
  async followedUsers(uid: string): Promise<string[]> {
    const rows = await this.database.db
      .select({ uid: userFollows.followeeUid })
      .from(userFollows)
      .where(and(eq(userFollows.followerUid, uid), eq(userFollows.following, true)));
    return rows.map((row) => row.uid);
  }

  async followedCategories(uid: string): Promise<string[]> {
    const rows = await this.database.db
      .select({ category: categoryFollows.category })
      .from(categoryFollows)
      .where(eq(categoryFollows.uid, uid));
    return rows.map((row) => row.category);
  }

  /**
   * The categories the reader read: those of the articles they voted on or bookmarked, most often first (the
   * platform keeps no per-reader history of reads, which are counted anonymously).
   */
  async readCategories(uid: string, limit: number): Promise<string[]> {
    const result = await this.database.db.execute<{ category: string }>(sql`
      select e.category from (
        select article_id from ${articleVotes} where uid = ${uid}
        union select article_id from ${bookmarks} where uid = ${uid}) r
      join ${e} e on e.article_id = r.article_id
      group by e.category order by count(*) desc, e.category limit ${limit}`);
    return result.rows.map((row) => row.category);
  }

  /** The articles with the most heat whose last activity is since `since`, hottest first. */
  async trending(since: Date, limit: number): Promise<Array<{ id: string; heat: number }>> {
    const rows = await this.database.db
      .select({ id: articleTrends.articleId, heat: articleTrends.heat })
      .from(articleTrends)
      .innerJoin(articles, and(eq(articles.id, articleTrends.articleId), sql`${articles.status} = 'published'`))
      .where(gte(articleTrends.lastAt, since))
      .orderBy(sql`${articleTrends.heat} desc nulls last`)
      .limit(limit);
    return rows;
  }

  /** A category's counts: its published articles (all, and since `weekAgo`) and its followers. */
  async categoryCounts(category: string, weekAgo: Date) {
    const result = await this.database.db.execute<{ articles: number; week: number; followers: number }>(sql`
      select (select count(*)::int from ${e} e join ${articles} a on a.id = e.article_id and a.status = 'published'
               where e.category = ${category}) as articles,
             (select count(*)::int from ${e} e join ${articles} a on a.id = e.article_id and a.status = 'published'
               where e.category = ${category} and e.published_at >= ${weekAgo.toISOString()}::timestamptz) as week,
             (select count(*)::int from ${categoryFollows} f where f.category = ${category}) as followers`);
    const row = result.rows[0]!;
    return { articles: Number(row.articles), week: Number(row.week), followers: Number(row.followers) };
  }

  /**
   * The authors with the best score over their published articles since `since`, in these categories (none: all),
   * leaving out some; ties by the number of articles.
   */
  async topAuthors(
    categories: readonly string[],
    since: Date | undefined,
    exclude: readonly string[],
    limit: number,
  ): Promise<AuthorStanding[]> {
    const parts: SQL[] = [sql`a.status = 'published'`];
    if (categories.length) parts.push(sql`e.category = any(${texts(categories)})`);
    if (since) parts.push(sql`e.published_at >= ${since.toISOString()}::timestamptz`);
    if (exclude.length) parts.push(sql`e.author_id <> all(${uuids(exclude)})`);
    const result = await this.database.db.execute<{
      uid: string;
      username: string | null;
      fullname: string | null;
      image_url: string | null;
      articles: number;
      score: number;
    }>(sql`
      select s.uid, au.username, au.fullname, au.image_url, s.articles, s.score from (
        select e.author_id as uid, count(*)::int as articles, sum(e.score)::int as score
          from ${e} e join ${articles} a on a.id = e.article_id
         where ${sql.join(parts, sql` and `)}
         group by e.author_id order by sum(e.score) desc, count(*) desc, e.author_id limit ${limit}) s
      left join ${authors} au on au.uid = s.uid
      order by s.score desc, s.articles desc, s.uid`);
    return result.rows.map((row) => ({
      uid: row.uid,
      username: row.username ?? '',
      fullname: row.fullname ?? '',
      imageUrl: row.image_url ?? '',
      articles: Number(row.articles),
      score: Number(row.score),
    }));
  }

  /** The newest (`new`) or best since `since` (`top`) published articles of a category. */
  async categoryCards(category: string, order: 'new' | 'top', since: Date, limit: number): Promise<CardRow[]> {
    const top = [
      sql`${e.score} desc nulls last`,
      sql`${e.publishedAt} desc nulls last`,
      sql`${e.articleId} desc nulls last`,
    ];
    const newest = [sql`${e.publishedAt} desc nulls last`, sql`${e.articleId} desc nulls last`];
    return this.database.db
      .select(CARD_COLUMNS)
      .from(e)
      .innerJoin(articles, and(eq(articles.id, e.articleId), sql`${articles.status} = 'published'`))
      .leftJoin(authors, eq(authors.uid, articles.authorId))
      .where(order === 'top' ? and(eq(e.category, category), gte(e.publishedAt, since)) : eq(e.category, category))
      .orderBy(...(order === 'top' ? top : newest))
      .limit(limit);
  }

  /** Categories by their articles published since `since`, leaving out some, most first. */
  async activeCategories(since: Date, exclude: readonly string[], limit: number) {
    const result = await this.database.db.execute<{ category: string; articles: number }>(sql`
      select e.category, count(*)::int as articles from ${e} e
       where e.published_at >= ${since.toISOString()}::timestamptz
         ${exclude.length ? sql`and e.category <> all(${texts(exclude)})` : sql``}
       group by e.category order by count(*) desc, e.category limit ${limit}`);
    return result.rows.map((row) => ({ category: row.category, articles: Number(row.articles) }));
  }

  /** Publications by their articles published since `since` in these categories (none: all), leaving out some. */
  async activePublications(categories: readonly string[], since: Date, exclude: readonly string[], limit: number) {
    const result = await this.database.db.execute<{ publication_id: string; articles: number }>(sql`
      select e.publication_id, count(*)::int as articles from ${e} e
       where e.publication_id is not null and e.published_at >= ${since.toISOString()}::timestamptz
         ${categories.length ? sql`and e.category = any(${texts(categories)})` : sql``}
         ${exclude.length ? sql`and e.publication_id <> all(${uuids(exclude)})` : sql``}
       group by e.publication_id order by count(*) desc, e.publication_id limit ${limit}`);
    return result.rows.map((row) => ({ publicationId: row.publication_id, articles: Number(row.articles) }));
  }
}
