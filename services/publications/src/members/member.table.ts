import { oneOf } from '@pencraft/kit/schema';
import { PUBLICATION_ROLES, type PublicationRole } from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { check, index, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { publications } from '../publications/publication.table.js';
import { publicationsSchema } from '../publications.schema.js';

/** Who belongs to a publication: its owner (one row, role owner) and its members. */
export const members = publicationsSchema.table(
  'members',
  {
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    role: text('role').$type<PublicationRole>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.uid] }),
    index('members_uid_idx').on(t.uid, t.joinedAt),
    // One owner per publication.
    uniqueIndex('members_one_owner_key')
      .on(t.publicationId)
      .where(sql`role = 'owner'`),
    check('members_role_known', oneOf('role', PUBLICATION_ROLES)),
  ],
);

/** Pending invitations only: accepting makes a member, rejecting or cancelling removes the row. */
export const invitations = publicationsSchema.table(
  'invitations',
  {
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    invitedByUid: uuid('invited_by_uid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.uid] }), index('invitations_uid_idx').on(t.uid, t.createdAt)],
);

export type MemberRow = typeof members.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
