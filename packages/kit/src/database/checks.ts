import { sql, type SQL } from 'drizzle-orm';

/**
 * What may be written into the DDL as a literal: the rules' identifiers, media types (image/png) and the empty string
 * some columns keep.
 */
const LITERAL = /^[A-Za-z0-9_./-]*$/;

/**
 * A check constraint's condition: the text column holds one of a closed list of @pencraft/rules (the same list the
 * codecs and the gateway use). The names are the rules' own identifiers, written into the DDL as literals, so the
 * migration drizzle-kit generates changes when the list does.
 */
export function oneOf(column: string, values: readonly string[]): SQL {
  if (values.length === 0) throw new Error(`oneOf(${column}): the list is empty`);
  const odd = values.find((value) => !LITERAL.test(value));
  if (odd !== undefined) throw new Error(`oneOf(${column}): ${JSON.stringify(odd)} is not a plain identifier`);
  return sql.raw(`"${column}" in (${values.map((value) => `'${value}'`).join(', ')})`);
}
