// Search at scale: a word most documents contain must not rank every match (only the newest SEARCH_CANDIDATES,
// found by walking documents_published_idx newest first), and a rare word is found through the GIN index.
// make bench SCALE=100000 measures it; this checks the plans on a few thousand documents.
import type { DatabaseHandle } from '@pencraft/kit';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { freshDatabase, type TestDatabase } from '../../../tests/support/stack.ts';
import { DocumentRepository, SEARCH_CANDIDATES } from '../src/documents/document.repository.ts';

let db: TestDatabase;
let pool: pg.Pool;
const statements: { sql: string; params: unknown[] }[] = [];
const DOCUMENTS = 3 * SEARCH_CANDIDATES;

beforeAll(async () => {
  db = await freshDatabase('search_plan');
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  await pool.query(
    `insert into search.documents (id, kind, title, description, body, language, category, author_uid,
                                   author_username, author_fullname, published_at)
     select gen_random_uuid(), 'article', 'Gardens ' || n, 'About gardens', 'Tomatoes grow in gardens, note ' || n,
            'en', 'home', gen_random_uuid(), 'writer', 'A Writer', now() - n * interval '1 minute'
       from generate_series(1, $1::int) n`,
    [DOCUMENTS],
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
  'Actual Rows': number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

async function search(query: string) {
  statements.length = 0;
  const orm = drizzle(pool, { logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
  const hits = await new DocumentRepository({ db: orm } as unknown as DatabaseHandle).search(query, 0, 21);
  const [statement] = statements;
  const { rows } = await pool.query(`explain (analyze, format json) ${statement!.sql}`, statement!.params);
  const nodes = flatten(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
  return { hits, indexes: nodes.map((n) => n['Index Name']).filter(Boolean), nodes };
}

it('ranks only the newest matches of a word every document contains', async () => {
  const { hits, indexes, nodes } = await search('gardens');
  expect(hits).toHaveLength(21);
  expect(indexes).toContain('documents_published_idx');
  // No node of the plan handles more rows than the candidates (every match would be DOCUMENTS).
  expect(Math.max(...nodes.map((n) => n['Actual Rows']))).toBeLessThanOrEqual(SEARCH_CANDIDATES);
});

it('finds a rare word through the full-text index', async () => {
  const { hits, indexes } = await search('note 1234');
  expect(hits.map((h) => h.title)).toEqual(['Gardens 1234']);
  expect(indexes).toContain('documents_search_idx');
});
