import { describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import type { EventConsumers, Subscription } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import type { ArticleAnnouncements } from '../articles/article-announcements.js';
import { PublicationEventsConsumer } from './publication-events.consumer.js';
import type { PublicationLinkRepository } from './publication-link.repository.js';

const PUBLICATION_ID = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';
const ARTICLE_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const AUTHOR = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const OWNER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const OTHER_ARTICLE = '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';

describe('PublicationEventsConsumer', () => {
  async function subscribed() {
    const consumers = strictMock<EventConsumers>('EventConsumers');
    const links = strictMock<PublicationLinkRepository>('PublicationLinkRepository');
    const announcements = strictMock<ArticleAnnouncements>('ArticleAnnouncements');
    consumers.subscribe.mockResolvedValue(undefined);
    announcements.announceAgain.mockResolvedValue(undefined);
    announcements.announceTranslations.mockResolvedValue(undefined);
    await new PublicationEventsConsumer(consumers, links, announcements).onApplicationBootstrap();
    const [detached, deleted] = consumers.subscribe.mock.calls.map(([subscription]) => subscription as Subscription);
    return { links, announcements, detached: detached!, deleted: deleted! };
  }

  it('subscribes its declared durables to publications.article.detached and publications.publication.deleted', async () => {
    const { detached, deleted } = await subscribed();
    expect(detached.durable).toBe(EVENTS.publicationArticleDetached.consumers.articles);
    expect(detached.subjects).toEqual([EVENTS.publicationArticleDetached.subject]);
    expect(deleted.durable).toBe(EVENTS.publicationDeleted.consumers.articles);
    expect(deleted.subjects).toEqual([EVENTS.publicationDeleted.subject]);
  });

  const detachedEvent = () =>
    EVENTS.publicationArticleDetached.message
      .encode({ publicationId: PUBLICATION_ID, articleId: ARTICLE_ID, authorUid: AUTHOR, byUid: OWNER, atMs: 1 })
      .finish();

  it('makes a detached article personal and announces it and its translations again, in the same transaction', async () => {
    const { links, announcements, detached } = await subscribed();
    links.detachArticle.mockResolvedValue(true);
    const data = detachedEvent();
    await detached.handler({ id: 'e-1', subject: EVENTS.publicationArticleDetached.subject, type: '', data }, TX);
    expect(links.detachArticle).toHaveBeenCalledWith(TX, ARTICLE_ID, PUBLICATION_ID);
    expect(announcements.announceAgain).toHaveBeenCalledWith(TX, ARTICLE_ID);
    expect(announcements.announceTranslations).toHaveBeenCalledWith(TX, ARTICLE_ID);
    // Announced once the article has left.
    expect(links.detachArticle.mock.invocationCallOrder[0]!).toBeLessThan(
      announcements.announceAgain.mock.invocationCallOrder[0]!,
    );
  });

  it('announces nothing for an article that was not there (left already, or never in it)', async () => {
    const { links, announcements, detached } = await subscribed();
    links.detachArticle.mockResolvedValue(false);
    const data = detachedEvent();
    await detached.handler({ id: 'e-5', subject: EVENTS.publicationArticleDetached.subject, type: '', data }, TX);
    expect(announcements.announceAgain).not.toHaveBeenCalled();
    expect(announcements.announceTranslations).not.toHaveBeenCalled();
  });

  it('makes every article and draft of a deleted publication personal and announces each article again', async () => {
    const { links, announcements, deleted } = await subscribed();
    links.leavePublication.mockResolvedValue([ARTICLE_ID, OTHER_ARTICLE]);
    const data = EVENTS.publicationDeleted.message
      .encode({ publicationId: PUBLICATION_ID, ownerUid: OWNER, slug: 'jurnal', memberUids: [AUTHOR], deletedAtMs: 2 })
      .finish();
    await deleted.handler({ id: 'e-2', subject: EVENTS.publicationDeleted.subject, type: '', data }, TX);
    expect(links.leavePublication).toHaveBeenCalledWith(TX, PUBLICATION_ID);
    expect(announcements.announceAgain.mock.calls).toEqual([
      [TX, ARTICLE_ID],
      [TX, OTHER_ARTICLE],
    ]);
    expect(announcements.announceTranslations.mock.calls).toEqual([
      [TX, ARTICLE_ID],
      [TX, OTHER_ARTICLE],
    ]);
  });

  it('ignores ids that are not UUIDs (nothing could carry them)', async () => {
    const { links, announcements, detached, deleted } = await subscribed();
    const bad = EVENTS.publicationArticleDetached.message
      .encode({ publicationId: 'x', articleId: ARTICLE_ID, authorUid: AUTHOR, byUid: OWNER, atMs: 1 })
      .finish();
    await detached.handler({ id: 'e-3', subject: EVENTS.publicationArticleDetached.subject, type: '', data: bad }, TX);
    const gone = EVENTS.publicationDeleted.message
      .encode({ publicationId: '', ownerUid: OWNER, slug: 'x', memberUids: [], deletedAtMs: 2 })
      .finish();
    await deleted.handler({ id: 'e-4', subject: EVENTS.publicationDeleted.subject, type: '', data: gone }, TX);
    expect(links.detachArticle).not.toHaveBeenCalled();
    expect(links.leavePublication).not.toHaveBeenCalled();
    expect(announcements.announceAgain).not.toHaveBeenCalled();
  });
});
