import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';

/** A read model of identity's users: what an article shows of its author. Fed by identity events and by writes. */
export const authors = articlesSchema.table('authors', {
  uid: uuid('uid').primaryKey(),
  username: text('username').notNull(),
  fullname: text('fullname').notNull(),
  /** The profile picture's URL (identity.user.updated), null when none. */
  imageUrl: text('image_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AuthorRow = typeof authors.$inferSelect;
