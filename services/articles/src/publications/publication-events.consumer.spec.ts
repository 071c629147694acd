import { describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import type { EventConsumers, Subscription } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import { PublicationEventsConsumer } from './publication-events.consumer.js';
import type { PublicationLinkRepository } from './publication-link.repository.js';

const PUBLICATION_ID = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';
const ARTICLE_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const AUTHOR = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const OWNER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

describe('PublicationEventsConsumer', () => {
  async function subscribed() {
    const consumers = strictMock<EventConsumers>('EventConsumers');
    const links = strictMock<PublicationLinkRepository>('PublicationLinkRepository');
    consumers.subscribe.mockResolvedValue(undefined);
    await new PublicationEventsConsumer(consumers, links).onApplicationBootstrap();
    const [detached, deleted] = consumers.subscribe.mock.calls.map(([subscription]) => subscription as Subscription);
    return { links, detached: detached!, deleted: deleted! };
  }

  it('subscribes its declared durables to publications.article.detached and publications.publication.deleted', async () => {
    const { detached, deleted } = await subscribed();
    expect(detached.durable).toBe(EVENTS.publicationArticleDetached.consumers.articles);
    expect(detached.subjects).toEqual([EVENTS.publicationArticleDetached.subject]);
    expect(deleted.durable).toBe(EVENTS.publicationDeleted.consumers.articles);
    expect(deleted.subjects).toEqual([EVENTS.publicationDeleted.subject]);
  });

  it('makes a detached article personal, in the transaction that records the event', async () => {
    const { links, detached } = await subscribed();
    links.detachArticle.mockResolvedValue(undefined);
    const data = EVENTS.publicationArticleDetached.message
      .encode({ publicationId: PUBLICATION_ID, articleId: ARTICLE_ID, authorUid: AUTHOR, byUid: OWNER, atMs: 1 })
      .finish();
    await detached.handler({ id: 'e-1', subject: EVENTS.publicationArticleDetached.subject, type: '', data }, TX);
    expect(links.detachArticle).toHaveBeenCalledWith(TX, ARTICLE_ID, PUBLICATION_ID);
  });

  it('makes every article and draft of a deleted publication personal', async () => {
    const { links, deleted } = await subscribed();
    links.leavePublication.mockResolvedValue(undefined);
    const data = EVENTS.publicationDeleted.message
      .encode({ publicationId: PUBLICATION_ID, ownerUid: OWNER, slug: 'jurnal', memberUids: [AUTHOR], deletedAtMs: 2 })
      .finish();
    await deleted.handler({ id: 'e-2', subject: EVENTS.publicationDeleted.subject, type: '', data }, TX);
    expect(links.leavePublication).toHaveBeenCalledWith(TX, PUBLICATION_ID);
  });

  it('ignores ids that are not UUIDs (nothing could carry them)', async () => {
    const { links, detached, deleted } = await subscribed();
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
  });
});
