// Scale mode of the bench: grows the published articles to a target count by copying the articles the bench
// published through the API, straight into the tables the reads use (articles.articles, the article read;
// articles.article_engagement, the home tabs; search.documents, the search). A few SQL statements, not the API:
// 100,000 articles in about a minute.
//
// Each copy gets a fresh id, a publication time spread at random over two years (so the table's physical order is
// not the order of the home list), and two extra words in its body so searches have every frequency:
//   - "benchmarks" is in every article (the bench articles say it in every paragraph): the common word;
//   - "topic<n % 100>" is in 1% of the copies: a middling word;
//   - "zx<n>" is in exactly one copy: a rare word, as rare at 300 articles as at 100,000.
import pg from 'pg';

export const COMMON_WORD = 'benchmarks';
export const rareWord = (n: number) => `zx${n}`;

export interface Grown {
  /** Published articles now in the database. */
  total: number;
  /** Numbers n of the copies made so far (each has the rare word rareWord(n)). */
  copies: number;
  seconds: number;
}

/**
 * Adds copies of `templates` until `target` published articles exist. Copies are numbered from `from`
 * (the number of copies already made + 1).
 */
export async function growArticles(url: string, templates: string[], from: number, target: number): Promise<Grown> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const published = async () =>
      Number(
        (await client.query<{ n: string }>(`select count(*) as n from articles.articles where status = 'published'`))
          .rows[0]!.n,
      );
    const missing = target - (await published());
    const to = from + Math.max(0, missing) - 1;
    if (to >= from) {
      await client.query('begin');
      // One row per copy: its id, its number, the article it copies and when it was published.
      await client.query(
        `create temp table copies on commit drop as
         select gen_random_uuid() as id, n, t.id as template,
                now() - random() * interval '730 days' as published_at
           from generate_series($1::int, $2::int) as n
           join unnest($3::uuid[]) with ordinality as t(id, i) on t.i = 1 + n % cardinality($3::uuid[])`,
        [from, to, templates],
      );
      const extra = `' Filed under topic' || (c.n % 100) || ' as zx' || c.n || '.'`;
      await client.query(
        `insert into articles.articles
           (id, author_id, title, description, language, category, sub_categories, content, body_text, status,
            word_count, symbol_count, created_at, updated_at, published_at)
         select c.id, a.author_id, a.title || ' (' || c.n || ')', a.description, a.language, a.category,
                a.sub_categories, a.content, a.body_text || ${extra}, 'published', a.word_count, a.symbol_count,
                c.published_at, c.published_at, c.published_at
           from copies c join articles.articles a on a.id = c.template`,
      );
      // The home lists' read model (article_engagement: what the tabs walk by cursor), as publishing writes it.
      await client.query(
        `insert into articles.article_engagement (article_id, author_id, category, language, published_at)
         select c.id, a.author_id, a.category, a.language, c.published_at
           from copies c join articles.articles a on a.id = c.template`,
      );
      await client.query(
        `insert into search.documents
           (id, kind, title, description, body, language, category, author_uid, author_username, author_fullname,
            published_at)
         select c.id, d.kind, d.title || ' (' || c.n || ')', d.description, d.body || ${extra}, d.language,
                d.category, d.author_uid, d.author_username, d.author_fullname, c.published_at
           from copies c join search.documents d on d.id = c.template`,
      );
      await client.query('commit');
      // Fresh statistics and visibility map, as autovacuum would leave them after a while. A transaction of a
      // service still open during the first pass keeps pages from being marked all-visible: then once more.
      for (const table of ['articles.articles', 'articles.article_engagement', 'search.documents']) {
        for (let pass = 0; pass < 5; pass += 1) {
          await client.query(`vacuum analyze ${table}`);
          const { rows } = await client.query<{ visible: number; pages: number }>(
            `select relallvisible as visible, relpages as pages from pg_class where oid = $1::regclass`,
            [table],
          );
          if (rows[0]!.visible >= rows[0]!.pages * 0.99) break;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    }
    return { total: await published(), copies: Math.max(from - 1, to), seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/** Ids of every published article (for reads by random id). */
export async function publishedIds(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ id: string }>(`select id from articles.articles where status = 'published'`);
    return result.rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

/** Waits until search has indexed `count` documents (it indexes published articles from their events). */
export async function waitForDocuments(url: string, count: number, timeoutMs = 30_000): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ n: string }>('select count(*) as n from search.documents');
      if (Number(rows[0]!.n) >= count) return;
      if (Date.now() > deadline) throw new Error(`only ${rows[0]!.n} of ${count} documents were indexed in time`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await client.end();
  }
}

/**
 * Grows the writers the leaderboard ranks with the articles: one rated account per 20 published articles, each with
 * a rating and a day of points on each of the last 30 days, summed into the totals of the Baku calendar weeks and
 * months they fall in (identity.rating_periods, what the week and month boards read), copied from the bench writer's
 * row with a fresh id, username and address. Returns the accounts now rated.
 */
export async function growRaters(url: string, articles: number, templateUsername: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const target = Math.max(1, Math.floor(articles / 20));
    const have = Number(
      (await client.query<{ n: string }>(`select count(*) as n from identity.users where username like 'rater_%'`))
        .rows[0]!.n,
    );
    if (have >= target) return have;
    await client.query('begin');
    await client.query(
      `insert into identity.users (email, username, fullname, password_hash, terms_accepted_at, rating)
       select 'rater' || n || '@example.az', 'rater_' || n, 'Rater ' || n, u.password_hash, now(), (n * 7919) % 5000
         from identity.users u, generate_series($1::int, $2::int) as n
        where u.username = $3`,
      [have + 1, target, templateUsername],
    );
    await client.query(
      `insert into identity.rating_periods (uid, period, starts, points)
       select u.id, p.period, date_trunc(p.period, ((now() at time zone 'Asia/Baku')::date - g)::timestamp)::date,
              sum(1 + (abs(hashtext(u.username)) + g) % 9)
         from identity.users u, generate_series(0, 29) as g, (values ('week'), ('month')) as p(period)
        where u.username like 'rater_%' and not exists (select 1 from identity.rating_periods r where r.uid = u.id)
        group by 1, 2, 3`,
    );
    await client.query('commit');
    return target;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
