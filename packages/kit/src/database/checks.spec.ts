import { PgDialect } from 'drizzle-orm/pg-core';
import { oneOf } from './checks.js';

const dialect = new PgDialect();
const text = (condition: ReturnType<typeof oneOf>) => dialect.sqlToQuery(condition).sql;

describe('oneOf', () => {
  it('writes the list as literals in its order', () => {
    expect(text(oneOf('status', ['draft', 'published']))).toBe(`"status" in ('draft', 'published')`);
  });

  it('keeps the empty string, dotted names and media types', () => {
    expect(text(oneOf('action', ['', 'item.approve']))).toBe(`"action" in ('', 'item.approve')`);
    expect(text(oneOf('type', ['image/jpeg']))).toBe(`"type" in ('image/jpeg')`);
  });

  it('refuses what is not a plain identifier, and an empty list', () => {
    expect(() => oneOf('reason', ["spam'); drop table x; --"])).toThrow('is not a plain identifier');
    expect(() => oneOf('reason', ['has space'])).toThrow('is not a plain identifier');
    expect(() => oneOf('reason', [])).toThrow('the list is empty');
  });
});
