import { describe, expect, it } from '@jest/globals';
import { ReviewDecision } from '@pencraft/contracts/articles/v1/articles';
import { EVENTS } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX } from '@pencraft/testing';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { ArticlesClient, CommentsClient } from '../upstreams/upstreams.js';
import { DecisionService } from './decision.service.js';
import type { QueueItemRow } from './queue-item.table.js';
import type { QueueRepository } from './queue.repository.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const STAFF = { sub: 'kc-1', username: 'moderator' };

function itemRow(overrides: Partial<QueueItemRow> = {}): QueueItemRow {
  return {
    id: 'i-1',
    kind: 'article',
    subjectId: 'a-1',
    articleId: 'a-1',
    authorUid: 'u-1',
    authorUsername: 'leyla',
    title: 'Title',
    description: '',
    content: 'Text',
    excerpt: 'Text',
    language: 'az',
    isEdit: false,
    previousTitle: '',
    previousDescription: '',
    previousContent: '',
    state: 'underModeration',
    score: 5,
    autoDecision: 'pass',
    signals: [],
    decidedBySub: null,
    decidedByUsername: null,
    note: '',
    submittedAt: new Date('2026-11-26T10:00:00Z'),
    decidedAt: null,
    updatedAt: new Date('2026-11-26T10:00:00Z'),
    ...overrides,
  };
}

function setup(item: QueueItemRow | undefined) {
  const transactions = fakeTransactions();
  const queue = strictMock<QueueRepository>('QueueRepository');
  const audit = strictMock<AuditRepository>('AuditRepository');
  const outbox = strictMock<Outbox>('Outbox');
  const clock = strictMock<Clock>('Clock');
  const articles = strictMock<ArticlesClient>('ArticlesClient');
  const comments = strictMock<CommentsClient>('CommentsClient');
  queue.lockForUpdate.mockResolvedValue(item);
  queue.update.mockImplementation(async (_tx, _id, patch) => ({ ...item!, ...patch }) as QueueItemRow);
  audit.record.mockResolvedValue(undefined);
  outbox.add.mockResolvedValue('e-1');
  clock.now.mockReturnValue(NOW);
  const service = new DecisionService(
    transactions as unknown as TransactionManager,
    queue,
    audit,
    outbox,
    clock,
    articles,
    comments,
  );
  return { service, transactions, queue, audit, outbox, articles, comments };
}

describe('DecisionService', () => {
  it('approves an article through DecideReview, then records the item, the audit entry and the event together', async () => {
    const { service, queue, audit, outbox, articles, transactions } = setup(itemRow());
    articles.decideReview.mockResolvedValue({ article: undefined });

    const decided = await service.decide('i-1', 'approve', 'ignored for approvals', STAFF);

    expect(articles.decideReview).toHaveBeenCalledWith({
      articleId: 'a-1',
      decision: ReviewDecision.REVIEW_DECISION_APPROVE,
      note: '',
    });
    expect(queue.update).toHaveBeenCalledWith(TX, 'i-1', {
      state: 'approved',
      note: '',
      decidedBySub: 'kc-1',
      decidedByUsername: 'moderator',
      decidedAt: NOW,
      updatedAt: NOW,
    });
    expect(audit.record).toHaveBeenCalledWith(TX, {
      actor: STAFF,
      action: 'item.approve',
      subjectKind: 'article',
      subjectId: 'a-1',
      itemId: 'i-1',
      note: '',
      at: NOW,
    });
    const event = outbox.add.mock.calls[0]![1];
    expect(event.subject).toBe(EVENTS.reviewDecided.subject);
    expect(EVENTS.reviewDecided.message.decode(event.payload)).toMatchObject({
      itemId: 'i-1',
      decision: 'approved',
      automatic: false,
      moderatorUsername: 'moderator',
    });
    expect(decided.state).toBe('approved');
    expect(transactions.committed).toBe(1);
  });

  it('rejects and requests revisions with the trimmed note the author reads', async () => {
    const { service, articles } = setup(itemRow());
    articles.decideReview.mockResolvedValue({ article: undefined });
    await service.decide('i-1', 'requestRevision', '  Add sources.  ', STAFF);
    expect(articles.decideReview).toHaveBeenCalledWith({
      articleId: 'a-1',
      decision: ReviewDecision.REVIEW_DECISION_REQUEST_REVISION,
      note: 'Add sources.',
    });
  });

  it('decides comments through DecideComment and refuses a revision request for them', async () => {
    const { service, comments } = setup(itemRow({ kind: 'comment', subjectId: 'c-1' }));
    comments.decideComment.mockResolvedValue({ comment: undefined, changed: true });
    await service.decide('i-1', 'reject', 'Insults', STAFF);
    expect(comments.decideComment).toHaveBeenCalledWith({
      commentId: 'c-1',
      decision: 'reject',
      note: 'Insults',
      moderator: 'moderator',
    });
    await expect(service.decide('i-1', 'requestRevision', 'Fix', STAFF)).rejects.toMatchObject({
      code: 'InvalidModerationDecision',
    });
  });

  it('needs a note to reject or request a revision, before touching anything', async () => {
    const { service, transactions } = setup(itemRow());
    await expect(service.decide('i-1', 'reject', '   ', STAFF)).rejects.toMatchObject({
      code: 'ModerationNoteRequired',
    });
    await expect(service.decide('i-1', 'publish', '', STAFF)).rejects.toMatchObject({
      code: 'InvalidModerationDecision',
    });
    expect(transactions.run).not.toHaveBeenCalled();
  });

  it('answers the same decision again with the item as it is, and refuses a different one', async () => {
    const decided = itemRow({ state: 'rejected', note: 'Spam', decidedBySub: 'kc-2', decidedByUsername: 'other' });
    const { service, articles } = setup(decided);
    await expect(service.decide('i-1', 'reject', 'Spam again', STAFF)).resolves.toBe(decided);
    await expect(service.decide('i-1', 'approve', '', STAFF)).rejects.toMatchObject({ code: 'AlreadyDecided' });
    expect(articles.decideReview).not.toHaveBeenCalled();
  });

  it('answers ModerationItemNotFound for an unknown item', async () => {
    const { service, queue } = setup(undefined);
    queue.remove.mockResolvedValue(undefined);
    await expect(service.decide('i-9', 'approve', '', STAFF)).rejects.toMatchObject({ code: 'ModerationItemNotFound' });
  });

  it('drops the item of a comment its author deleted meanwhile', async () => {
    const { service, comments, queue } = setup(itemRow({ kind: 'comment', subjectId: 'c-1' }));
    comments.decideComment.mockRejectedValue(new AppError('CommentNotFound'));
    queue.remove.mockResolvedValue(undefined);
    await expect(service.decide('i-1', 'approve', '', STAFF)).rejects.toMatchObject({ code: 'ModerationItemNotFound' });
    expect(queue.remove).toHaveBeenCalledWith(TX, 'i-1');
    expect(queue.update).not.toHaveBeenCalled();
  });

  it('writes nothing when the owner refuses (an article decided elsewhere is AlreadyDecided)', async () => {
    const { service, articles, queue, audit, outbox, transactions } = setup(itemRow());
    articles.decideReview.mockRejectedValue(new AppError('OperationFailed'));
    await expect(service.decide('i-1', 'approve', '', STAFF)).rejects.toMatchObject({ code: 'AlreadyDecided' });
    expect(queue.update).not.toHaveBeenCalled();
    expect(audit.record).not.toHaveBeenCalled();
    expect(outbox.add).not.toHaveBeenCalled();
    expect(transactions.rolledBack).toBe(1);
  });
});
