// The home tabs at scale (issue #17): every page of a tab (all, following, suggestions; first and deep) must be a few
// article_engagement index ranges walked from the cursor that stop after a page, whatever the size of the table:
// no sequential scan, no look into other articles per card (the NOT EXISTS over articles.articles that made the
// other languages cost a scan of every article at 100,000), no sort of a whole range. make bench SCALE=100000
// measures the tabs through the gateway; this checks the plans (EXPLAIN ANALYZE: rows actually read) on 20,000 rows
// shaped like the bench's (English articles, an Azerbaijani reader), with a mix of writers, categories,
// translations and a publication. Also: translation_languages, what the other languages filter by, follows the
// translations as they are published, unpublished and deleted (the triggers of migration 0019).
import { LANGS } from '@pencraft/rules';
import type { DatabaseHandle } from '@pencraft/kit';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { freshDatabase, type TestDatabase } from '../../../tests/support/stack.ts';
import { HomeRepository, type HomeQuery, type HomeSource } from '../src/feeds/home.repository.ts';

const ARTICLES = 20_000;
const PAGE = 21;
/** The followed writer (half of the articles), the reader, the other writers, the publication. */
const WRITER = '11111111-1111-4111-8111-111111111111';
const READER = '22222222-2222-4222-8222-222222222222';
const PUBLICATION = '33333333-3333-4333-8333-333333333333';
const OTHER = (n: number) => `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`;

let db: TestDatabase;
let pool: pg.Pool;
const statements: { sql: string; params: unknown[] }[] = [];

beforeAll(async () => {
  db = await freshDatabase('home_feed_plan');
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  // Article n: by the followed writer for half of them (else one of 40 others), English but for every 10th (Russian) and
  // every 25th (Azerbaijani), tech or science by n % 3, every 7th in the publication; one a minute going back.
  await pool.query(
    `insert into articles.articles (id, author_id, title, language, category, content, body_text, status, word_count,
                                    symbol_count, publication_id, published_at)
     select ('55555555-5555-4555-8555-' || lpad(n::text, 12, '0'))::uuid,
            case when (n % 11) % 2 = 0 then $1::uuid else ('44444444-4444-4444-8444-' || lpad((n % 40)::text, 12, '0'))::uuid end,
            'Article ' || n,
            case when n % 25 = 0 then 'az' when n % 10 = 0 then 'ru' else 'en' end,
            case when n % 3 = 0 then 'science' else 'tech' end,
            '{"blocks":[]}', 'text', 'published', 300, 2000,
            case when n % 7 = 0 then $2::uuid end,
            now() - n * interval '1 minute'
       from generate_series(1, ${ARTICLES}) n`,
    [WRITER, PUBLICATION],
  );
  await pool.query(
    `insert into articles.article_engagement (article_id, author_id, category, language, publication_id, published_at)
     select id, author_id, category, language, publication_id, published_at from articles.articles`,
  );
  // Every 9th English article has a published Azerbaijani translation (its engagement row's translation_languages
  // written by the trigger): an az reader sees the translation, not the original among the others.
  await pool.query(
    `insert into articles.articles (author_id, title, language, category, content, body_text, status, word_count,
                                    symbol_count, translation_of, published_at)
     select author_id, title || ' (az)', 'az', category, content, body_text, 'published', word_count, symbol_count,
            id, published_at + interval '1 second'
       from articles.articles where language = 'en' and right(id::text, 12)::int % 9 = 0 and translation_of is null`,
  );
  await pool.query(
    `insert into articles.article_engagement
            (article_id, author_id, category, language, publication_id, translation_of, published_at)
     select id, author_id, category, language, publication_id, translation_of, published_at
       from articles.articles where translation_of is not null`,
  );
  await pool.query('vacuum analyze articles.articles');
  await pool.query('vacuum analyze articles.article_engagement');
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

const repository = () => {
  const orm = drizzle(pool, { logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
  return new HomeRepository({ db: orm } as unknown as DatabaseHandle);
};

/** The rows of one page and the nodes of the plan its statement ran with (EXPLAIN ANALYZE). */
async function run(query: Omit<HomeQuery, 'limit'>) {
  statements.length = 0;
  const rows = await repository().ids({ ...query, limit: PAGE });
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  expect(rows.map((row) => row.at.getTime())).toEqual(rows.map((row) => row.at.getTime()).sort((x, y) => y - x));
  expect(statements).toHaveLength(1);
  const [statement] = statements;
  const { rows: plan } = await pool.query(`explain (analyze, format json) ${statement!.sql}`, statement!.params);
  return { rows, nodes: flatten(plan[0]['QUERY PLAN'][0].Plan as PlanNode) };
}

/** Rows a node read from its relation: those it returned and those its filter dropped, over all its loops. */
const read = (node: PlanNode) => (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];

/**
 * The plan walked ranges that stopped after a page: article_engagement only through an index, reading at most
 * `pagesEach` pages per range (a page and what its filter dropped) or `most` rows; articles only by primary key, once
 * per row kept; nothing else read from either table.
 */
function expectPagedRanges(nodes: PlanNode[], ranges: number, pagesEach = 2, most = ranges * PAGE * pagesEach) {
  const engagement = nodes.filter((n) => n['Relation Name'] === 'article_engagement');
  const articles = nodes.filter((n) => n['Relation Name'] === 'articles');
  expect(engagement.length).toBeGreaterThan(0);
  for (const node of engagement) {
    expect(node['Node Type']).toMatch(/^Index (Only )?Scan$/);
    expect(node['Index Name']).toMatch(/^article_engagement_\w+_idx$/);
  }
  const scanned = engagement.reduce((sum, node) => sum + read(node), 0);
  expect(scanned).toBeLessThanOrEqual(most);
  // The status of each row kept: a primary key probe; no other look into articles (the anti-join of old).
  for (const node of articles) expect(`${node['Node Type']} ${node['Index Name']}`).toBe('Index Scan articles_pkey');
  expect(articles.reduce((sum, node) => sum + node['Actual Loops'], 0)).toBeLessThanOrEqual(scanned);
}

const all: HomeSource = { kind: 'all', excludeAuthors: [], excludePublications: [] };
/** Ranges of a phase of the others: one per language but the reader's. */
const OTHERS = LANGS.length - 1;

describe('the all tab', () => {
  it("reads the reader's language as one range", async () => {
    const { rows, nodes } = await run({ lang: 'az', phase: 'l', source: all });
    expect(rows).toHaveLength(PAGE);
    expectPagedRanges(nodes, 1);
  });

  it('reads the other languages as one range each, translated originals dropped on the row, not by a look-up', async () => {
    const { rows, nodes } = await run({ lang: 'az', phase: 'o', source: all });
    expect(rows).toHaveLength(PAGE);
    expectPagedRanges(nodes, OTHERS);
    const { rows: translated } = await pool.query<{ id: string }>(
      `select translation_of as id from articles.articles where translation_of is not null and language = 'az'`,
    );
    const hidden = new Set(translated.map((row) => row.id));
    expect(rows.filter((row) => hidden.has(row.id))).toEqual([]);
  });

  it('reads a deep page from its cursor, not from the top', async () => {
    const { rows: deep } = await pool.query<{ at: Date; id: string }>(
      `select published_at as at, article_id as id from articles.article_engagement where language = 'en'
        order by published_at desc, article_id desc offset 15000 limit 1`,
    );
    const { rows, nodes } = await run({ lang: 'az', phase: 'o', source: all, after: deep[0]! });
    expect(rows).toHaveLength(PAGE);
    expect(rows[0]!.at.getTime()).toBeLessThan(deep[0]!.at.getTime());
    expectPagedRanges(nodes, OTHERS);
  });
});

describe('the following tab', () => {
  const following: HomeSource = {
    kind: 'sources',
    authors: [WRITER, OTHER(1)],
    categories: ['science'],
    publications: [PUBLICATION],
    excludeAuthors: [],
    excludePublications: [],
  };

  it('reads one range per followed source and language, in either phase', async () => {
    for (const phase of ['l', 'o'] as const) {
      const { rows, nodes } = await run({ lang: 'az', phase, source: following });
      expect(rows).toHaveLength(PAGE);
      expectPagedRanges(nodes, 4 * (phase === 'l' ? 1 : OTHERS));
    }
  });
});

describe('the suggestions tab', () => {
  it("reads one range per category and language, skipping the followed writer's rows on the way", async () => {
    const suggestions: HomeSource = {
      kind: 'sources',
      authors: [],
      categories: ['tech', 'science'],
      publications: [],
      excludeAuthors: [READER, WRITER],
      excludePublications: [PUBLICATION],
    };
    const { rows, nodes } = await run({ lang: 'az', phase: 'o', source: suggestions });
    expect(rows).toHaveLength(PAGE);
    // About a third of the rows are kept (not the followed writer's, not the publication's, not translated): each
    // range reads about three pages' worth, not the thousands of rows of its category and language.
    expectPagedRanges(nodes, 2 * OTHERS, 6);
  });

  it('costs a probe per author left out, not a walk of the category, when every article is by them', async () => {
    const everyone = [READER, WRITER, ...Array.from({ length: 40 }, (_, n) => OTHER(n))];
    const followsAll: HomeSource = {
      kind: 'sources',
      authors: [],
      categories: ['tech', 'science'],
      publications: [],
      excludeAuthors: everyone,
      excludePublications: [],
    };
    for (const phase of ['l', 'o'] as const) {
      const { rows, nodes } = await run({ lang: 'az', phase, source: followsAll });
      expect(rows).toEqual([]);
      const ranges = 2 * (phase === 'l' ? 1 : OTHERS);
      // Each range: its authors from the smallest, one index probe each, then nothing walked.
      expectPagedRanges(nodes, ranges, 0, ranges * (everyone.length + 1));
    }
  });
});

describe('translation_languages', () => {
  const languagesOf = async (id: string) =>
    (
      await pool.query<{ languages: string[] }>(
        `select translation_languages as languages from articles.article_engagement where article_id = $1`,
        [id],
      )
    ).rows[0]!.languages;

  it('follows the translations of an original as they are published, unpublished and deleted', async () => {
    const original = '55555555-5555-4555-8555-000000000001';
    expect(await languagesOf(original)).toEqual([]);
    const translate = async (language: string, status: string) =>
      (
        await pool.query<{ id: string }>(
          `insert into articles.articles (author_id, title, language, category, content, body_text, status,
                                          word_count, symbol_count, translation_of)
           select author_id, title, $2, category, content, body_text, $3, 1, 1, id from articles.articles where id = $1
           returning id`,
          [original, language, status],
        )
      ).rows[0]!.id;
    const ru = await translate('ru', 'published');
    const az = await translate('az', 'underModeration');
    expect(await languagesOf(original)).toEqual(['ru']);
    await pool.query(`update articles.articles set status = 'published' where id = $1`, [az]);
    expect(await languagesOf(original)).toEqual(['az', 'ru']);
    await pool.query(`update articles.articles set status = 'revisionRequested' where id = $1`, [ru]);
    expect(await languagesOf(original)).toEqual(['az']);
    await pool.query(`delete from articles.articles where id = $1`, [az]);
    expect(await languagesOf(original)).toEqual([]);
  });
});
