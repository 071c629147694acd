import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Metrics } from '../metrics/metrics.js';

export type Database = NodePgDatabase<Record<string, never>>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Database | Transaction;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Postgres identifiers that come from configuration are checked, never interpolated blindly. */
export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`"${name}" is not a safe SQL identifier`);
  return name;
}

export interface DatabaseHandle {
  pool: pg.Pool;
  db: Database;
  schema: string;
  close(): Promise<void>;
}

/** One pool per process; every connection sees only its service's schema first on the search path. */
export function createDatabase(options: {
  url: string;
  schema: string;
  poolMax: number;
  service: string;
  metrics?: Metrics;
}): DatabaseHandle {
  const schema = assertIdentifier(options.schema);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: options.service,
    options: `-c search_path=${schema},public`,
  });
  if (options.metrics) {
    const { metrics } = options;
    const labels = { service: options.service };
    const sample = () => {
      metrics.dbPoolTotal.set(labels, pool.totalCount);
      metrics.dbPoolIdle.set(labels, pool.idleCount);
      metrics.dbPoolWaiting.set(labels, pool.waitingCount);
    };
    metrics.dbPoolMax.set(labels, options.poolMax);
    const timer = setInterval(sample, 5_000);
    timer.unref();
    pool.on('connect', sample);
    pool.on('remove', sample);
  }
  const db = drizzle(pool) as Database;
  return {
    pool,
    db,
    schema,
    close: () => pool.end(),
  };
}

/** Applies the migrations drizzle-kit generated for one service, recording them in that service's schema. */
export async function runMigrations(options: { url: string; schema: string; migrationsFolder: string }) {
  const schema = assertIdentifier(options.schema);
  const pool = new pg.Pool({ connectionString: options.url, max: 1 });
  try {
    await migrate(drizzle(pool), {
      migrationsFolder: options.migrationsFolder,
      migrationsSchema: schema,
      migrationsTable: '__drizzle_migrations',
    });
  } finally {
    await pool.end();
  }
}

/** The migrate entry point of every service image: DATABASE_URL from the environment, non-zero exit on failure. */
export async function runMigrationsFromEnv(options: { schema: string; migrationsFolder: string }) {
  const url = process.env.DATABASE_URL;
  const log = (level: string, msg: string, extra: object = {}) =>
    process.stdout.write(
      `${JSON.stringify({ level, time: new Date().toISOString(), service: options.schema, msg, ...extra })}\n`,
    );
  if (!url) {
    log('fatal', 'DATABASE_URL is missing');
    process.exit(78);
  }
  try {
    await runMigrations({ url, ...options });
    log('info', 'migrations applied');
  } catch (error) {
    log('fatal', 'migrations failed', {
      err: { message: (error as Error).message, cause: String((error as Error).cause ?? '') },
    });
    process.exit(1);
  }
}
