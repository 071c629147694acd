import { Language } from '@pencraft/contracts/common/v1/common';
import { describe, expect, it } from '@jest/globals';
import { ReviewDecision } from '@pencraft/contracts/articles/v1/articles';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { ArticlesClient, CommentsClient, TrustClient } from '../upstreams/upstreams.js';
import { AutoReviewService } from './auto-review.service.js';
import type { QueueItemRow } from './queue-item.table.js';
import type { QueueRepository } from './queue.repository.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const CLEAN =
  'Bakının köhnə məhəllələrində gəzərkən insan hər addımda tarixlə qarşılaşır. Daş küçələr, dar döngələr və ' +
  'balkonlardan sallanan üzüm tənəkləri şəhərin keçmişindən danışır. Bu yazıda İçərişəhərin az tanınan guşələrini ' +
  'təsvir edirəm.';
const SPAM = 'casino free money click here https://a.example https://b.example https://c.example buy now';

function itemRow(overrides: Partial<QueueItemRow> = {}): QueueItemRow {
  return {
    id: 'i-1',
    kind: 'article',
    subjectId: 'a-1',
    articleId: 'a-1',
    authorUid: 'u-1',
    authorUsername: '',
    title: 'Köhnə şəhər',
    description: '',
    content: CLEAN,
    excerpt: '',
    language: 'az',
    isEdit: false,
    previousTitle: '',
    previousDescription: '',
    previousContent: '',
    state: 'initialReview',
    score: 0,
    autoDecision: 'pending',
    signals: [],
    decidedBySub: null,
    decidedByUsername: null,
    note: '',
    submittedAt: NOW,
    decidedAt: null,
    updatedAt: NOW,
    ...overrides,
  };
}

function setup() {
  const queue = strictMock<QueueRepository>('QueueRepository');
  const audit = strictMock<AuditRepository>('AuditRepository');
  const outbox = strictMock<Outbox>('Outbox');
  const clock = strictMock<Clock>('Clock');
  const articles = strictMock<ArticlesClient>('ArticlesClient');
  const comments = strictMock<CommentsClient>('CommentsClient');
  const trust = strictMock<TrustClient>('TrustClient');
  clock.now.mockReturnValue(NOW);
  queue.rejectionsOf.mockResolvedValue(0);
  queue.update.mockImplementation(async (_tx, id, patch) => ({ ...itemRow({ id }), ...patch }) as QueueItemRow);
  audit.record.mockResolvedValue(undefined);
  outbox.add.mockResolvedValue('e-1');
  trust.getModerationProfile.mockResolvedValue({
    uid: 'u-1',
    username: 'leyla',
    fullname: 'Leyla',
    registeredAtMs: NOW.getTime() - 100 * 86_400_000,
    rating: 50,
    confirmed: true,
    lang: Language.LANGUAGE_EN,
    activeBan: undefined,
    bansCount: 0,
  });
  const service = new AutoReviewService(queue, audit, outbox, clock, articles, comments, trust);
  return { service, queue, audit, outbox, articles, comments, trust };
}

describe('AutoReviewService', () => {
  it('starts and passes the initial review of a clean article: under moderation, audited', async () => {
    const { service, articles, queue, audit, outbox } = setup();
    articles.decideReview.mockResolvedValue({ article: undefined });
    await service.review(TX, itemRow());
    expect(articles.decideReview.mock.calls.map(([request]) => request.decision)).toEqual([
      ReviewDecision.REVIEW_DECISION_START_INITIAL_REVIEW,
      ReviewDecision.REVIEW_DECISION_PASS_INITIAL_REVIEW,
    ]);
    expect(queue.update).toHaveBeenCalledWith(
      TX,
      'i-1',
      expect.objectContaining({ state: 'underModeration', autoDecision: 'pass', authorUsername: 'leyla' }),
    );
    expect(audit.record).toHaveBeenCalledWith(TX, expect.objectContaining({ action: 'item.autoPass' }));
    expect(outbox.add).not.toHaveBeenCalled();
  });

  it("rejects spam with a reason in the author's language and announces the decision", async () => {
    const { service, articles, queue, outbox } = setup();
    articles.decideReview.mockResolvedValue({ article: undefined });
    await service.review(TX, itemRow({ content: SPAM, title: 'BUY NOW' }));
    const reject = articles.decideReview.mock.calls[1]![0];
    expect(reject.decision).toBe(ReviewDecision.REVIEW_DECISION_REJECT);
    expect(reject.note).toMatch(/^Automatic review: the content looks like spam \(blocked phrases/);
    expect(queue.update).toHaveBeenCalledWith(
      TX,
      'i-1',
      expect.objectContaining({ state: 'rejected', autoDecision: 'reject', decidedByUsername: 'auto-review' }),
    );
    expect(outbox.add).toHaveBeenCalledTimes(1);
  });

  it('reviews an edit of a published article by its own id, with the rules of a new article', async () => {
    const { service, articles, queue } = setup();
    articles.decideReview.mockResolvedValue({ article: undefined });
    const edit = { kind: 'edit' as const, subjectId: 'e-1', articleId: 'a-1', isEdit: true, previousContent: CLEAN };
    await service.review(TX, itemRow({ ...edit, content: SPAM, title: 'BUY NOW' }));
    expect(articles.decideReview.mock.calls.map(([request]) => [request.articleId, request.decision])).toEqual([
      ['e-1', ReviewDecision.REVIEW_DECISION_START_INITIAL_REVIEW],
      ['e-1', ReviewDecision.REVIEW_DECISION_REJECT],
    ]);
    expect(queue.update).toHaveBeenCalledWith(TX, 'i-1', expect.objectContaining({ state: 'rejected' }));

    articles.decideReview.mockClear();
    await service.review(TX, itemRow({ ...edit, content: 'Short, but clean.' }));
    expect(queue.update).toHaveBeenLastCalledWith(
      TX,
      'i-1',
      expect.objectContaining({
        state: 'underModeration',
        signals: expect.arrayContaining([expect.objectContaining({ code: 'tooShort' })]),
      }),
    );
  });

  it('holds a clean comment for a human without calling comments', async () => {
    const { service, queue } = setup();
    await service.review(TX, itemRow({ kind: 'comment', subjectId: 'c-1', content: 'Thank you, well written.' }));
    expect(queue.update).toHaveBeenCalledWith(
      TX,
      'i-1',
      expect.objectContaining({ state: 'underModeration', autoDecision: 'hold' }),
    );
  });

  it('rejects clear comment spam through DecideComment', async () => {
    const { service, comments } = setup();
    comments.decideComment.mockResolvedValue({ comment: undefined, changed: true });
    await service.review(TX, itemRow({ kind: 'comment', subjectId: 'c-1', content: SPAM }));
    expect(comments.decideComment).toHaveBeenCalledWith(
      expect.objectContaining({ commentId: 'c-1', decision: 'reject', moderator: 'auto-review' }),
    );
  });

  it('drops the item when the article was decided outside the queue or deleted', async () => {
    const { service, articles, queue } = setup();
    articles.decideReview.mockRejectedValue(new AppError('OperationFailed'));
    queue.remove.mockResolvedValue(undefined);
    await service.review(TX, itemRow());
    expect(queue.remove).toHaveBeenCalledWith(TX, 'i-1');
  });

  it('lets other failures through so the event is delivered again', async () => {
    const { service, articles } = setup();
    articles.decideReview.mockRejectedValue(new AppError('NetworkError'));
    await expect(service.review(TX, itemRow())).rejects.toMatchObject({ code: 'NetworkError' });
  });
});
