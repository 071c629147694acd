import { describe, expect, it } from '@jest/globals';
import type { ArticleSubmitted } from '@pencraft/contracts/events/v1/articles';
import type { EventConsumers } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import type { AutoReviewService } from './auto-review.service.js';
import { IntakeConsumer } from './intake.consumer.js';
import type { QueueItemRow } from './queue-item.table.js';
import type { QueueRepository } from './queue.repository.js';
import { Language } from '@pencraft/contracts/common/v1/common';

const AT = new Date('2026-11-26T12:00:00Z');

function setup() {
  const consumers = strictMock<EventConsumers>('EventConsumers');
  const queue = strictMock<QueueRepository>('QueueRepository');
  const autoReview = strictMock<AutoReviewService>('AutoReviewService');
  const enqueued = { id: 'i-1' } as QueueItemRow;
  queue.enqueue.mockResolvedValue(enqueued);
  autoReview.review.mockResolvedValue(undefined);
  return { consumer: new IntakeConsumer(consumers, queue, autoReview), queue, autoReview, enqueued };
}

function submitted(overrides: Partial<ArticleSubmitted> = {}): ArticleSubmitted {
  return {
    articleId: 'a-1',
    authorUid: 'u-1',
    authorUsername: 'leyla',
    title: 'Köhnə şəhər, yenə',
    description: 'Yeni',
    bodyText: 'The proposed text.',
    language: Language.LANGUAGE_AZ,
    isEdit: true,
    submittedAtMs: AT.getTime(),
    category: 'culture',
    editId: '',
    previousTitle: '',
    previousDescription: '',
    previousBodyText: '',
    ...overrides,
  };
}

describe('IntakeConsumer', () => {
  it('enqueues an edit of a published article as an edit, decided by its id, with both versions', async () => {
    const { consumer, queue, autoReview, enqueued } = setup();
    await consumer.articleSubmitted(
      submitted({
        editId: 'e-1',
        previousTitle: 'Köhnə şəhər',
        previousDescription: 'Köhnə',
        previousBodyText: 'The live text.',
      }),
      TX,
    );
    expect(queue.enqueue).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({
        kind: 'edit',
        subjectId: 'e-1',
        articleId: 'a-1',
        isEdit: true,
        title: 'Köhnə şəhər, yenə',
        content: 'The proposed text.',
        previousTitle: 'Köhnə şəhər',
        previousDescription: 'Köhnə',
        previousContent: 'The live text.',
        submittedAt: AT,
      }),
    );
    expect(autoReview.review).toHaveBeenCalledWith(TX, enqueued);
  });

  it('enqueues a new article (or a revision) as an article, decided by the article id', async () => {
    const { consumer, queue } = setup();
    await consumer.articleSubmitted(submitted({ isEdit: false }), TX);
    expect(queue.enqueue).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ kind: 'article', subjectId: 'a-1', previousContent: '' }),
    );
  });

  it('does nothing for a redelivered submission', async () => {
    const { consumer, queue, autoReview } = setup();
    queue.enqueue.mockResolvedValue(undefined);
    await consumer.articleSubmitted(submitted({ editId: 'e-1' }), TX);
    expect(autoReview.review).not.toHaveBeenCalled();
  });
});
