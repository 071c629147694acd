import { bigint, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '@pencraft/kit/schema';
import { identitySchema } from '../identity.schema.js';
import { users } from '../users/user.table.js';

/**
 * A user's TOTP secret: pending while `enabledAt` is null (enrolment started, not confirmed). `lastStep` is the
 * newest time step a code was accepted for, so a code cannot be used twice within its window.
 */
export const mfaSecrets = identitySchema.table('mfa_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The Base32 secret sealed by SecretBox (AES-256-GCM); never logged, never sent again after enrolment. */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time recovery codes (80 random bits each), stored as HMAC-SHA-256 under RECOVERY_CODE_HMAC_KEY; rows made before
 * that hold the plain SHA-256 of a 50-bit code, accepted until used or replaced (RecoveryCodeHasher).
 */
export const recoveryCodes = identitySchema.table(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: bytea('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A scheduled account deletion: one per user; cancelling removes the row, the job deletes the user when due. */
export const deletionRequests = identitySchema.table(
  'deletion_requests',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    /** SHA-256 of the cancel link's token. */
    cancelTokenHash: bytea('cancel_token_hash').notNull().unique('deletion_requests_cancel_token_key'),
  },
  (t) => [index('deletion_requests_due_idx').on(t.scheduledFor)],
);

export type DeletionRequestRow = typeof deletionRequests.$inferSelect;
