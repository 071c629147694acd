import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';

/** A read model of identity's users: what an article shows of its author. Fed by identity events and by writes. */
export const authors = articlesSchema.table('authors', {
  uid: uuid('uid').primaryKey(),
  username: text('username').notNull(),
  fullname: text('fullname').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AuthorRow = typeof authors.$inferSelect;
