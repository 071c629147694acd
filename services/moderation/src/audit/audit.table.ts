import { oneOf } from '@pencraft/kit/schema';
import { check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { moderationSchema } from '../moderation.schema.js';

import { AUDIT_ACTIONS, AUDIT_SUBJECT_KINDS, type AuditAction, type AuditSubjectKind } from '@pencraft/rules';

export { AUDIT_ACTIONS, type AuditAction, type AuditSubjectKind } from '@pencraft/rules';

/** Every action taken in moderation, by a staff member or the automatic review; written with the action's effect. */
export const auditLog = moderationSchema.table(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorSub: text('actor_sub').notNull(),
    actorUsername: text('actor_username').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    subjectKind: text('subject_kind').$type<AuditSubjectKind>().notNull(),
    subjectId: text('subject_id').notNull(),
    itemId: uuid('item_id'),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_item_idx').on(t.itemId),
    check('audit_log_action_known', oneOf('action', AUDIT_ACTIONS)),
    check('audit_log_subject_kind_known', oneOf('subject_kind', AUDIT_SUBJECT_KINDS)),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
