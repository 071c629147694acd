// Search at scale: a word most documents contain must not rank every match (only the newest SEARCH_CANDIDATES,
// found by walking documents_published_idx newest first), and a rare word is found through the GIN index. A search
// on a small publication's subdomain walks that publication's documents (documents_publication_idx), not the table.
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
const PUBLICATION = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';
const PUBLICATION_DOCUMENTS = 60;

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
  'Actual Rows': number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

async function search(query: string, publicationId?: string) {
  statements.length = 0;
  const orm = drizzle(pool, { logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
  const repository = new DocumentRepository({ db: orm } as unknown as DatabaseHandle);
  const hits = await repository.search(query, 0, 21, publicationId);
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

it("walks only a small publication's documents for a word every document contains", async () => {
  const { hits, indexes, nodes } = await search('gardens', PUBLICATION);
  expect(hits).toHaveLength(21);
  expect(hits.every((h) => h.title.startsWith('Publication gardens '))).toBe(true);
  expect(indexes).toContain('documents_publication_idx');
  // No node reads more than the publication's documents (walking the whole table newest first would).
  expect(Math.max(...nodes.map((n) => n['Actual Rows']))).toBeLessThanOrEqual(PUBLICATION_DOCUMENTS);
});
