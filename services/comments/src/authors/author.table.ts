import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { commentsSchema } from '../comments.schema.js';

/**
 * What comments show of the people who write or vote: written from the session's summary when they act, kept
 * current by identity.user.updated (an older update never overwrites a newer one).
 */
export const authors = commentsSchema.table('authors', {
  uid: uuid('uid').primaryKey(),
  username: text('username').notNull(),
  fullname: text('fullname').notNull(),
  imageUrl: text('image_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
