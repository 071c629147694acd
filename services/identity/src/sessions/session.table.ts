import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '@pencraft/kit/schema';
import { identitySchema } from '../identity.schema.js';
import { users } from '../users/user.table.js';

/** A pc_su session. Only the SHA-256 of the token is stored, so a database leak opens no session. */
export const sessions = identitySchema.table(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: bytea('token_hash').notNull().unique('sessions_token_hash_key'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last validation seen by identity, kept to the minute (the gateway caches sessions for a minute). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
