import { queueKinds } from '@pencraft/contracts/enums';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type { Actor } from '../audit/audit.repository.js';
import type { QueueItemRow } from './queue-item.table.js';

export type FinalState = 'approved' | 'rejected' | 'revisionRequested';

/** moderation.review.decided for an item that reached a decision. */
export function reviewDecidedEvent(item: QueueItemRow, decision: FinalState, note: string, actor: Actor, at: Date) {
  return outboxEvent(EVENTS.reviewDecided, {
    itemId: item.id,
    kind: queueKinds.toProto(item.kind),
    subjectId: item.subjectId,
    articleId: item.articleId,
    authorUid: item.authorUid,
    decision,
    note,
    automatic: actor.sub === 'system',
    moderatorUsername: actor.username,
    decidedAtMs: at.getTime(),
  });
}
