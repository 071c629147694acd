import { oneOf } from '@pencraft/kit/schema';
import { INVITATION_STATUSES, type InvitationStatus } from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { check, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';
import { articles } from '../articles/article.table.js';
import { drafts } from '../drafts/draft.table.js';

export { INVITATION_STATUSES, type InvitationStatus } from '@pencraft/rules';

/**
 * A co-author invitation (SPEC.md section 4: invited, then accepted or rejected). It belongs to exactly one of a
 * draft of a new article or an article: a draft's invitations move to its article when the draft is submitted, and
 * an invitation sent from a draft that edits an article belongs to that article at once. Deleting the draft or the
 * article deletes its invitations.
 */
export const coAuthorInvitations = articlesSchema.table(
  'co_author_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id').references(() => drafts.id, { onDelete: 'cascade' }),
    articleId: uuid('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    inviterUid: uuid('inviter_uid').notNull(),
    inviteeUid: uuid('invitee_uid').notNull(),
    status: text('status').$type<InvitationStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('co_author_invitations_one_target', sql`num_nonnulls(draft_id, article_id) = 1`),
    check('co_author_invitations_status_known', oneOf('status', INVITATION_STATUSES)),
    // One invitation per person and draft or article, whatever its state: a refusal is not answered by asking again.
    uniqueIndex('co_author_invitations_draft_idx')
      .on(t.draftId, t.inviteeUid)
      .where(sql`draft_id is not null`),
    uniqueIndex('co_author_invitations_article_idx')
      .on(t.articleId, t.inviteeUid)
      .where(sql`article_id is not null`),
    index('co_author_invitations_invitee_idx').on(t.inviteeUid, t.status, t.createdAt.desc()),
  ],
);

export type CoAuthorInvitationRow = typeof coAuthorInvitations.$inferSelect;
