// The home list at scale: its SQL must be served by articles_published_idx in its exact order (a first page that
// reads 21 index entries, not a sort of the table) and a deep page must skip index entries only. make bench
// SCALE=100000 measures it; this checks the plans on a few thousand rows.
import type { DatabaseHandle } from '@pencraft/kit';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { freshDatabase, type TestDatabase } from '../../../tests/support/stack.ts';
import { ArticleRepository } from '../src/articles/article.repository.ts';

let db: TestDatabase;
let pool: pg.Pool;
const statements: { sql: string; params: unknown[] }[] = [];

beforeAll(async () => {
  db = await freshDatabase('home_plan');
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  await pool.query(
    `insert into articles.articles (author_id, title, language, category, content, body_text, status, word_count,
                                    symbol_count, published_at)
     select gen_random_uuid(), 'Article ' || n, 'en', 'tech', '{"blocks":[]}', 'text', 'published', 300, 2000,
            now() - n * interval '1 minute'
       from generate_series(1, 5000) n`,
  );
  await pool.query('vacuum analyze articles.articles');
});

afterAll(async () => {
  await pool.end();
  await db.drop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** Every node of the plan of the statement listPublished(offset, 20) runs. */
async function plan(offset: number): Promise<PlanNode[]> {
  statements.length = 0;
  const orm = drizzle(pool, { logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
  const repository = new ArticleRepository({ db: orm } as unknown as DatabaseHandle);
  expect(await repository.listPublished(offset, 20)).toHaveLength(21);
  const [statement] = statements;
  const { rows } = await pool.query(`explain (format json) ${statement!.sql}`, statement!.params);
  return flatten(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
}

const scans = (nodes: PlanNode[]) =>
  nodes
    .filter((n) => n['Relation Name'] === 'articles')
    .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim());

it('reads the first page from the partial index in its order, without scanning the table', async () => {
  const nodes = await plan(0);
  expect(scans(nodes)).toContain('Index Only Scan articles_published_idx');
  expect(scans(nodes)).not.toContain('Seq Scan');
});

it('skips a deep page in the index and reads only the rows of the page', async () => {
  const nodes = await plan(4000);
  expect(scans(nodes)).toContain('Index Only Scan articles_published_idx');
  expect(scans(nodes)).not.toContain('Seq Scan');
});
