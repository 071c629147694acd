import { check, index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, oneOf } from '@pencraft/kit/schema';
import { identitySchema } from '../identity.schema.js';
import { users } from '../users/user.table.js';

/** What a code proves; identity's own (no other service or page names them). */
export const VERIFICATION_PURPOSES = ['register', 'reset', 'email', 'phone', 'deletion'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

/**
 * A one-time code and its link token, for one purpose of one user. Only hashes are stored: the code's with the
 * row's own salt, the link token's (256 random bits) plainly.
 */
export const verificationCodes = identitySchema.table(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<VerificationPurpose>().notNull(),
    /** What the code proves: the address or phone it was sent to. */
    target: text('target').notNull(),
    salt: bytea('salt').notNull(),
    codeHash: bytea('code_hash').notNull(),
    linkHash: bytea('link_hash').notNull().unique('verification_codes_link_hash_key'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, replaced by a newer code, or killed by too many wrong attempts. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    check('verification_codes_purpose_known', oneOf('purpose', VERIFICATION_PURPOSES)),
  ],
);

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
