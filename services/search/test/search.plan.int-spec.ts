// Search at scale: the best match of words every document contains comes out of the RUM index already ordered by
// rank (search_vector <=> query): every match is ranked inside the index, none read from the table but the page's;
// one such word's pages come from its ranked list (search.ranked), made by its first search (concurrent searches wait
// for that one) and kept exact by a trigger; instant suggestions walk the newest documents for a few matching titles
// (the titles of a rare prefix through documents_title_idx), never ranking every match; newest first walks documents_published_idx; a rare word and a typo's correction are found through the RUM index; a
// search on a small publication's subdomain walks that publication's documents.
// make bench SCALE=100000 measures it; this checks the plans on a few thousand documents.
import type { DatabaseHandle } from '@pencraft/kit';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { freshDatabase, type TestDatabase } from '../../../tests/support/stack.ts';
import { DocumentRepository, RANKED_KEEP, SUGGEST_CANDIDATES } from '../src/documents/document.repository.ts';
import { SearchService } from '../src/documents/search.service.ts';

let db: TestDatabase;
let pool: pg.Pool;
const statements: { sql: string; params: unknown[] }[] = [];
const DOCUMENTS = 3000;
const PUBLICATION = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';
const PUBLICATION_DOCUMENTS = 60;

beforeAll(async () => {
  db = await freshDatabase('search_plan');
  pool = new pg.Pool({ connectionString: db.url, max: 2, options: '-c search_path=search,public' });
  await pool.query(
    `insert into search.documents (id, kind, title, description, body, language, category, author_uid,
                                   author_username, author_fullname, published_at)
     select gen_random_uuid(), 'article', 'Notes ' || n, 'About gardens', 'Tomatoes grow in gardens, note zq' || n,
            'en', 'home', gen_random_uuid(), 'writer', 'A Writer', now() - n * interval '1 minute'
       from generate_series(1, $1::int) n`,
    [DOCUMENTS],
  );
  // The oldest document says the word in its title: the most relevant, behind thousands of newer matches.
  await pool.query(
    `insert into search.documents (id, kind, title, description, body, language, category, author_uid,
                                   author_username, author_fullname, published_at)
     values (gen_random_uuid(), 'article', 'Gardens, gardens and gardens', 'Gardens', 'Gardens everywhere', 'en', 'home',
             gen_random_uuid(), 'writer', 'A Writer', now() - interval '10 years')`,
  );
  // A small publication among them, its documents spread over the same time, every one with the common word.
  await pool.query(
    `insert into search.documents (id, kind, title, description, body, language, category, author_uid,
                                   author_username, author_fullname, publication_id, published_at)
     select gen_random_uuid(), 'article', 'Publication gardens ' || n, 'About gardens', 'Gardens of a publication',
            'en', 'home', gen_random_uuid(), 'member', 'A Member', $2::uuid, now() - n * interval '50 minutes'
       from generate_series(1, $1::int) n`,
    [PUBLICATION_DOCUMENTS, PUBLICATION],
  );
  await pool.query('vacuum analyze search.documents');
});

afterAll(async () => {
  await pool.end();
  await db.drop();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

async function search(
  query: string,
  extra: { publicationId?: string; sort?: number; prefix?: boolean; pageSize?: number } = {},
) {
  statements.length = 0;
  const orm = drizzle(pool, { logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
  const service = new SearchService(new DocumentRepository({ db: orm } as unknown as DatabaseHandle));
  const { hits } = await service.searchText({ query, page: 1, pageSize: 20, ...extra });
  const statement = statements.filter((s) => s.sql.includes('ts_headline')).at(-1)!;
  const { rows } = await pool.query(`explain (analyze, format json) ${statement.sql}`, statement.params);
  const nodes = flatten(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
  const scans = nodes.filter((n) => n['Relation Name'] === 'documents' || n['Index Name']);
  return { hits, indexes: nodes.map((n) => n['Index Name']).filter(Boolean), nodes, scans };
}

it('ranks every match of words every document contains inside the RUM index, reading only the page', async () => {
  // Two words (one word's pages come from its ranked list, below).
  const { hits, indexes, nodes } = await search('gardens garden');
  expect(hits).toHaveLength(20);
  expect(hits[0]!.title).toBe('Gardens, gardens and gardens');
  expect(indexes).toContain('documents_rum_idx');
  expect(nodes.some((n) => n['Node Type'] === 'Seq Scan')).toBe(false);
  // The index hands out rows in rank order: no node above it sorts or reads more than a page (a Sort over every
  // match would see DOCUMENTS rows).
  expect(Math.max(...nodes.map((n) => n['Actual Rows']))).toBeLessThanOrEqual(21);
});

it('walks documents newest first for a common word sorted by date', async () => {
  const { hits, indexes, nodes } = await search('gardens', { sort: 2 });
  expect(hits).toHaveLength(20);
  expect(indexes).toContain('documents_published_idx');
  // A page and the row the incremental sort on (published_at, id) reads past it.
  expect(Math.max(...nodes.map((n) => n['Actual Rows']))).toBeLessThanOrEqual(25);
});

it('finds a rare word, and a typo of it, through the RUM index', async () => {
  expect((await search('zq1234')).hits.map((h) => h.title)).toEqual(['Notes 1234']);
  const { hits, indexes } = await search('tomatos zq1234');
  expect(hits.map((h) => h.title)).toEqual(['Notes 1234']);
  expect(indexes).toContain('documents_rum_idx');
});

it("walks only a small publication's documents for a word every document contains", async () => {
  const { hits, indexes } = await search('gardens', { publicationId: PUBLICATION, sort: 2 });
  expect(hits).toHaveLength(20);
  expect(hits.every((h) => h.title.startsWith('Publication gardens '))).toBe(true);
  expect(indexes).toContain('documents_publication_idx');
});

describe('instant suggestions (the last word being typed)', () => {
  it('match titles only, from a bounded list of candidates: never ranking every match of a common prefix', async () => {
    // "note" begins a word of every one of the DOCUMENTS titles ("Notes n"), and "gard" of every body.
    const { hits, indexes, nodes } = await search('note', { prefix: true, pageSize: 5 });
    expect(hits).toHaveLength(5);
    expect(hits.every((h) => h.title.startsWith('Notes '))).toBe(true);
    expect(hits[0]!.titleHighlights).toEqual([{ start: 0, end: 5 }]);
    expect(indexes).toContain('documents_published_idx');
    expect(indexes).not.toContain('documents_rum_idx');
    expect(nodes.some((n) => n['Node Type'] === 'Seq Scan')).toBe(false);
    // The walk stops at SUGGEST_CANDIDATES matching titles (past a few of the publication's): no node sees the
    // thousands of matches.
    expect(Math.max(...nodes.map((n) => n['Actual Rows']))).toBeLessThanOrEqual(2 * SUGGEST_CANDIDATES);
    // Words only bodies have are not suggested.
    expect((await search('tomat', { prefix: true, pageSize: 5 })).hits).toEqual([]);
  });

  it('find a title whose words are rare among the newest documents through documents_title_idx', async () => {
    await pool.query(
      `insert into search.documents (id, kind, title, description, body, language, category, author_uid,
                                     author_username, author_fullname, published_at)
       values (gen_random_uuid(), 'article', 'Quiet orchards of Şəki', 'Notes', 'Notes', 'az', 'home',
               gen_random_uuid(), 'writer', 'A Writer', now() - interval '9 years')`,
    );
    const { hits, indexes } = await search('seki orch', { prefix: true, pageSize: 5 });
    expect(hits.map((h) => [h.title, h.titleHighlights])).toEqual([
      [
        'Quiet orchards of Şəki',
        [
          { start: 6, end: 14 },
          { start: 18, end: 22 },
        ],
      ],
    ]);
    expect(indexes).toContain('documents_title_idx');
  });
});

describe('the ranked list of a word many documents have', () => {
  const ranks = (hits: { rank: number }[]) => hits.map((h) => h.rank.toFixed(6));

  it('is made by the first search and then serves the same pages from ranked_order_idx, not RUM', async () => {
    await pool.query('delete from search.ranked_queries');
    const first = await search('gardens');
    const { rows } = await pool.query(`select key, (select count(*)::int from search.ranked r where r.key = q.key) as n
                                         from search.ranked_queries q`);
    expect(rows).toEqual([{ key: '["gardens"]', n: RANKED_KEEP }]);
    const second = await search('gardens');
    expect(second.indexes).toContain('ranked_order_idx');
    expect(second.indexes).not.toContain('documents_rum_idx');
    expect(second.hits[0]!.title).toBe('Gardens, gardens and gardens');
    expect(ranks(second.hits)).toEqual(ranks(first.hits));
    // Bounded by the list, not by the matches (on a table this small the planner may read the whole list).
    expect(Math.max(...second.nodes.map((n) => n['Actual Rows']))).toBeLessThanOrEqual(2 * RANKED_KEEP);
    expect(second.nodes.some((n) => n['Node Type'] === 'Seq Scan')).toBe(false);
  });

  it('is made once by concurrent first searches, which all read their page from it', async () => {
    await pool.query('delete from search.ranked_queries');
    statements.length = 0;
    const orm = drizzle(pool, { logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
    const service = new SearchService(new DocumentRepository({ db: orm } as unknown as DatabaseHandle));
    const pages = await Promise.all(
      Array.from({ length: 4 }, () => service.searchText({ query: 'gardens', page: 1, pageSize: 20 })),
    );
    expect(pages.map((p) => p.hits[0]!.title)).toEqual(Array(4).fill('Gardens, gardens and gardens'));
    expect(statements.filter((s) => s.sql.includes('insert into "search"."ranked_queries"'))).toHaveLength(1);
    const pageStatements = statements.filter((s) => s.sql.includes('ts_headline'));
    expect(pageStatements).toHaveLength(4);
    expect(pageStatements.every((s) => s.sql.includes('from "search"."ranked" r'))).toBe(true);
  });

  it('stays exact as documents come, change and go (the trigger)', async () => {
    const best = '11111111-1111-4111-8111-111111111111';
    await pool.query(
      `insert into search.documents (id, kind, title, description, body, language, category, author_uid,
                                     author_username, author_fullname, published_at)
       values ($1, 'article', 'Gardens gardens gardens gardens', 'Gardens', 'Gardens', 'en', 'home', gen_random_uuid(),
               'writer', 'A Writer', now() - interval '20 years')`,
      [best],
    );
    expect((await search('gardens')).hits[0]!.id).toBe(best);
    await pool.query(`update search.documents set title = 'Plain', description = '', body = 'gardens' where id = $1`, [
      best,
    ]);
    const after = await search('gardens');
    expect(after.hits.map((h) => h.id)).not.toContain(best);
    expect(after.hits[0]!.title).toBe('Gardens, gardens and gardens');
    await pool.query(`delete from search.documents where title = 'Gardens, gardens and gardens'`);
    const gone = await search('gardens');
    expect(gone.hits.map((h) => h.title)).not.toContain('Gardens, gardens and gardens');
    const { rows } = await pool.query(`select count(*)::int as n from search.ranked`);
    expect(rows[0].n).toBeLessThanOrEqual(RANKED_KEEP);
  });
});
