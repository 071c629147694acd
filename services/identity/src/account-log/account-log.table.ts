import { check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '@pencraft/kit/schema';
import { ACCOUNT_LOG_TYPES, type AccountLogType } from '@pencraft/rules';
import { identitySchema } from '../identity.schema.js';
import { users } from '../users/user.table.js';

/** The account operation log the user reads in settings (SPEC.md section 2). */
export const accountLog = identitySchema.table(
  'account_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<AccountLogType>().notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** A token's name, or the operation done with a token (issue #18); empty for the other types. */
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_log_user_idx').on(t.userId, t.createdAt),
    check('account_log_type_known', oneOf('type', ACCOUNT_LOG_TYPES)),
  ],
);

export type AccountLogRow = typeof accountLog.$inferSelect;
