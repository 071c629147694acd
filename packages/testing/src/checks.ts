import { is, type SQL } from 'drizzle-orm';
import { PgDialect, PgTable, getTableConfig } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * Every text column of a service's tables (`table.column`) with the condition of its check named
 * `<table>_<column>_known`, or null when it has none: what a spec compares with the rules' lists, so a closed-value
 * column without its check, or a new text column nobody classified, fails.
 */
export function textColumnChecks(schema: Record<string, unknown>): Map<string, string | null> {
  const found = new Map<string, string | null>();
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    const checks = new Map(config.checks.map((c) => [c.name, dialect.sqlToQuery(c.value).sql]));
    for (const column of config.columns) {
      if (column.getSQLType() !== 'text') continue;
      found.set(`${config.name}.${column.name}`, checks.get(`${config.name}_${column.name}_known`) ?? null);
    }
  }
  return found;
}

/** A condition as the DDL writes it (to compare with what `oneOf` of @pencraft/kit builds from a rules list). */
export function sqlText(condition: SQL): string {
  return dialect.sqlToQuery(condition).sql;
}
