import { index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TokenScope } from '@pencraft/rules';
import { identitySchema } from '../identity.schema.js';
import { users } from '../users/user.table.js';

/**
 * Personal access tokens (issue #18): a writer's own credential for the partner surface. Only the SHA-256 of the
 * token (hex) is kept; `prefix` (pcp_ and 4 more characters) lets its owner tell tokens apart. Scopes are of
 * TOKEN_SCOPES (checked by the service; a text array has no closed-value check). Revoked and expired rows stay, so the
 * list shows them.
 */
export const accessTokens = identitySchema.table(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<TokenScope[]>().notNull(),
    hash: text('hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('access_tokens_hash_key').on(t.hash), index('access_tokens_user_idx').on(t.userId, t.createdAt)],
);

export type AccessTokenRow = typeof accessTokens.$inferSelect;
export type NewAccessToken = typeof accessTokens.$inferInsert;
