import { eventTables } from '@pencraft/kit/schema';
import { sql, type SQL } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the articles service owns lives in this schema; no other service reads it. */
export const articlesSchema = pgSchema('articles');
export const articlesEvents = eventTables(articlesSchema);

/**
 * A check constraint's condition: the text column holds one of a closed list of @pencraft/rules (the same list the
 * codecs and the gateway use). The names are the rules' own identifiers, written into the DDL as literals.
 */
export function oneOf(column: string, values: readonly string[]): SQL {
  return sql.raw(`"${column}" in (${values.map((value) => `'${value}'`).join(', ')})`);
}
