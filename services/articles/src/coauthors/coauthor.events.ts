import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type { AuthorSnapshot } from '../authors/author.repository.js';
import type { CoAuthorInvitationRow } from './coauthor.table.js';

/** articles.coauthor.invited for the outbox, in the transaction that records the invitation. */
export function invitedEvent(invitation: CoAuthorInvitationRow, inviter: AuthorSnapshot, title: string) {
  return outboxEvent(EVENTS.coAuthorInvited, {
    invitationId: invitation.id,
    draftId: invitation.draftId ?? '',
    articleId: invitation.articleId ?? '',
    title,
    inviterUid: inviter.uid,
    inviterUsername: inviter.username,
    inviterFullname: inviter.fullname,
    inviteeUid: invitation.inviteeUid,
    invitedAtMs: invitation.createdAt.getTime(),
  });
}
