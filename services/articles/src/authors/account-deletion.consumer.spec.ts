import { describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { ArticleRemovalReason } from '@pencraft/contracts/events/v1/articles';
import type { Clock, EventConsumers, Outbox, Subscription } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import type { ArticleRepository } from '../articles/article.repository.js';
import type { CoAuthorRepository } from '../coauthors/coauthor.repository.js';
import { AccountDeletionConsumer } from './account-deletion.consumer.js';
import type { EngagementRepository } from '../feeds/engagement.repository.js';
import type { MediaService } from '../media/media.service.js';
import type { AuthorRepository } from './author.repository.js';

describe('AccountDeletionConsumer (articles)', () => {
  it("removes the deleted account's articles, author record, images and engagement in the event's transaction, announcing each published article's removal", async () => {
    const consumers = strictMock<EventConsumers>('EventConsumers');
    const articles = strictMock<ArticleRepository>('ArticleRepository');
    const authors = strictMock<AuthorRepository>('AuthorRepository');
    const media = strictMock<MediaService>('MediaService');
    const coAuthors = strictMock<CoAuthorRepository>('CoAuthorRepository');
    const engagement = strictMock<EngagementRepository>('EngagementRepository');
    consumers.subscribe.mockResolvedValue(undefined);
    const outbox = strictMock<Outbox>('Outbox');
    const clock = strictMock<Clock>('Clock');
    articles.listPublishedIdsByAuthor.mockResolvedValue(['a-1', 'a-2']);
    articles.deleteByAuthor.mockResolvedValue(3);
    outbox.add.mockResolvedValue('e');
    clock.now.mockReturnValue(new Date(5000));
    authors.remove.mockResolvedValue(undefined);
    media.forgetOwner.mockResolvedValue(undefined);
    coAuthors.forgetUser.mockResolvedValue(undefined);
    engagement.forgetUser.mockResolvedValue(undefined);

    await new AccountDeletionConsumer(
      consumers,
      articles,
      authors,
      media,
      engagement,
      coAuthors,
      outbox,
      clock,
    ).onApplicationBootstrap();
    const subscription = consumers.subscribe.mock.calls[0]![0] as Subscription;
    expect(subscription.durable).toBe(EVENTS.userDeleted.consumers.articles);
    expect(subscription.subjects).toEqual([EVENTS.userDeleted.subject]);

    const data = EVENTS.userDeleted.message.encode({ uid: 'u-1', deletedAtMs: 1 }).finish();
    await subscription.handler({ id: 'e-1', subject: EVENTS.userDeleted.subject, type: '', data }, TX);

    expect(articles.deleteByAuthor).toHaveBeenCalledWith(TX, 'u-1');
    expect(authors.remove).toHaveBeenCalledWith(TX, 'u-1');
    expect(media.forgetOwner).toHaveBeenCalledWith('u-1', TX);
    expect(coAuthors.forgetUser).toHaveBeenCalledWith(TX, 'u-1');
    expect(engagement.forgetUser).toHaveBeenCalledWith(TX, 'u-1');
    expect(articles.listPublishedIdsByAuthor).toHaveBeenCalledWith(TX, 'u-1');
    expect(outbox.add.mock.calls.map(([tx, event]) => [tx, event.subject])).toEqual([
      [TX, EVENTS.articleRemoved.subject],
      [TX, EVENTS.articleRemoved.subject],
    ]);
    const removed = outbox.add.mock.calls.map(([, event]) => EVENTS.articleRemoved.message.decode(event.payload));
    expect(removed).toEqual([
      {
        articleId: 'a-1',
        authorUid: 'u-1',
        reason: ArticleRemovalReason.ARTICLE_REMOVAL_REASON_ACCOUNT_DELETED,
        atMs: 5000,
      },
      {
        articleId: 'a-2',
        authorUid: 'u-1',
        reason: ArticleRemovalReason.ARTICLE_REMOVAL_REASON_ACCOUNT_DELETED,
        atMs: 5000,
      },
    ]);
  });
});
