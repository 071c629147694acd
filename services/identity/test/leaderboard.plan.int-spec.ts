// The week and month leaderboards at scale (issue #17): a board's page is one range of rating_periods_rank_idx in rank
// order, joined to the page's users by primary key. No aggregate over the writers' points and no sort of every total:
// the plan and the buffers read follow the page, not the number of writers. The totals it reads are kept by the
// repository as each rating log row is written: in the row's calendar week and month (Asia/Baku), exactly once.
// make bench SCALE=100000 measures the boards; this checks the plans on 10,000 writers' totals (pages 1, 2 and 50).
import type { Database, DatabaseHandle } from '@pencraft/kit';
import { LEADERBOARD_GAIN_PERIODS, periodStartDay, type LeaderboardGainPeriod } from '@pencraft/rules';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { freshDatabase, type TestDatabase } from '../../../tests/support/stack.ts';
import { StandingRepository } from '../src/standing/standing.repository.ts';

let db: TestDatabase;
let pool: pg.Pool;
const statements: { sql: string; params: unknown[] }[] = [];
const WRITERS = 10_000;
const NOW = Date.now();
const current = (period: LeaderboardGainPeriod) => periodStartDay(period, NOW);

beforeAll(async () => {
  db = await freshDatabase('leaderboard_plan');
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  await pool.query(
    `insert into identity.users (email, username, fullname, password_hash, terms_accepted_at, rating)
     select 'leader' || n || '@example.az', 'leader_' || n, 'Leader ' || n, 'x', now(), (n * 7919) % 5000
       from generate_series(1, $1::int) n`,
    [WRITERS],
  );
  // Every writer has this week's and month's totals and three earlier weeks' and a month's (as a month of the
  // bench's daily points leaves them); some totals are not positive (points lost), which no board shows.
  await pool.query(
    `insert into identity.rating_periods (uid, period, starts, points)
     select u.id, p.period, p.starts, ((abs(hashtext(u.username || p.starts)) % 300) - 20)::float8
       from identity.users u,
            (select 'week' as period, $1::date - 7 * w as starts from generate_series(0, 3) w
             union all select 'month', $2::date union all select 'month', ($2::date - interval '1 month')::date) p`,
    [current('week'), current('month')],
  );
  await pool.query('vacuum analyze identity.users, identity.rating_periods');
}, 60_000);

afterAll(async () => {
  await pool.end();
  await db.drop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

function repository() {
  statements.length = 0;
  const orm = drizzle(pool, { logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
  return { orm: orm as unknown as Database, repo: new StandingRepository({ db: orm } as unknown as DatabaseHandle) };
}

/** The plan (with what it read) of the statement leadersOfPeriod(period, current, offset, 21) runs. */
async function plan(period: LeaderboardGainPeriod, offset: number) {
  const { repo } = repository();
  const rows = await repo.leadersOfPeriod(period, current(period), offset, 21);
  const [statement] = statements;
  const { rows: explained } = await pool.query(
    `explain (analyze, buffers, format json) ${statement!.sql}`,
    statement!.params,
  );
  const root = explained[0]['QUERY PLAN'][0].Plan as PlanNode;
  return { rows, root, nodes: flatten(root) };
}

const scans = (nodes: PlanNode[], relation: string) =>
  nodes.filter((n) => n['Relation Name'] === relation).map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim());
const AGGREGATES = ['Aggregate', 'HashAggregate', 'GroupAggregate', 'WindowAgg'];
/** Sorts of more than the page: any Sort or Incremental Sort with no Limit beneath it. */
const bigSorts = (nodes: PlanNode[]) =>
  nodes.filter(
    (n) =>
      (n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort') &&
      !flatten(n).some((m) => m['Node Type'] === 'Limit'),
  );
const blocks = (root: PlanNode) => (root['Shared Hit Blocks'] ?? 0) + (root['Shared Read Blocks'] ?? 0);

it.each([
  ['week', 0],
  ['month', 20],
  ['week', 980],
] as const)(
  'reads the %s board at offset %i from the rank index in order, no aggregate, no sort',
  async (period, offset) => {
    const { rows, root, nodes } = await plan(period, offset);
    expect(rows).toHaveLength(21);
    expect(scans(nodes, 'rating_periods')).toEqual([
      expect.stringMatching(/^Index (Only )?Scan rating_periods_rank_idx$/),
    ]);
    expect(scans(nodes, 'users')).toEqual(['Index Scan users_pkey']);
    expect(nodes.filter((n) => AGGREGATES.includes(n['Node Type']))).toEqual([]);
    expect(bigSorts(nodes)).toEqual([]);
    // The first pages read what the page needs: its 21 users by primary key (3 blocks each) and its index entries with
    // their rows (the current period's totals are updated all the time, so their heap is visited); summing or sorting
    // every total of the period reads all of them. A deep page also skips `offset` entries of the index.
    if (offset <= 20) expect(blocks(root)).toBeLessThan(150);
    // In rank order: points highest first, all positive.
    const points = rows.map((row) => row.points);
    expect(points.every((p) => p > 0)).toBe(true);
    expect([...points].sort((a, b) => b - a)).toEqual(points);
  },
);

it('reads the all-time board from users_rating_idx in order, no sort', async () => {
  const { repo } = repository();
  const rows = await repo.leadersAllTime(20, 21);
  const [statement] = statements;
  const { rows: explained } = await pool.query(
    `explain (analyze, buffers, format json) ${statement!.sql}`,
    statement!.params,
  );
  const nodes = flatten(explained[0]['QUERY PLAN'][0].Plan as PlanNode);
  expect(rows).toHaveLength(21);
  expect(scans(nodes, 'users')).toEqual(['Index Scan users_rating_idx']);
  expect(bigSorts(nodes)).toEqual([]);
});

it('keeps each log row in its calendar week and month (Asia/Baku), once', async () => {
  const { orm, repo } = repository();
  const { rows } = await pool.query<{ id: string }>(`select id from identity.users where username = 'leader_1'`);
  const uid = rows[0]!.id;
  const totals = async () =>
    (
      await pool.query<{ period: string; starts: string; points: number }>(
        `select period, starts::text, points from identity.rating_periods
          where uid = $1 and starts >= '2030-01-01' order by starts, period`,
        [uid],
      )
    ).rows;
  const change = (sourceId: string, at: string, points: number) => ({
    uid,
    kind: 'articleUpvote' as const,
    points,
    sourceId,
    subjectId: null,
    at: new Date(at),
  });
  // Sunday 23:59 in Baku (19:59 UTC) is still the week of Monday the 21st; 20:00 UTC is Monday the 28th in Baku;
  // the 31st 20:00 UTC is already February in Baku.
  expect(await repo.addRating(orm, change('a', '2030-01-27T19:59:00Z', 2))).toBe(true);
  expect(await repo.addRating(orm, change('b', '2030-01-27T20:00:00Z', 3))).toBe(true);
  expect(await repo.addRating(orm, change('c', '2030-01-31T20:00:00Z', -1))).toBe(true);
  // The same source again (a redelivery) adds nothing anywhere.
  expect(await repo.addRating(orm, change('b', '2030-01-27T20:00:00Z', 3))).toBe(false);
  expect(await totals()).toEqual([
    { period: 'month', starts: '2030-01-01', points: 5 },
    { period: 'week', starts: '2030-01-21', points: 2 },
    { period: 'week', starts: '2030-01-28', points: 2 },
    { period: 'month', starts: '2030-02-01', points: -1 },
  ]);
  expect(LEADERBOARD_GAIN_PERIODS).toEqual(['week', 'month']);
});
