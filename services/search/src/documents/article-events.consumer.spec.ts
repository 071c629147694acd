import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { ArticleRemovalReason, type ArticlePublished } from '@pencraft/contracts/events/v1/articles';
import type { EventConsumers, Subscription } from '@pencraft/kit';
import { strictMock, TX, type StrictMock } from '@pencraft/testing';
import { ArticleEventsConsumer, photoId } from './article-events.consumer.js';
import type { DocumentRepository } from './document.repository.js';
import { Language } from '@pencraft/contracts/common/v1/common';

const published: ArticlePublished = {
  articleId: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
  title: 'Çay mədəniyyəti',
  description: 'Azərbaycanda çay süfrəsi',
  language: Language.LANGUAGE_AZ,
  category: 'culture',
  subCategories: ['travel'],
  bodyText: 'Çay süfrəsi qonaqpərvərliyin rəmzidir.',
  authorUid: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b',
  authorUsername: 'leyla',
  authorFullname: 'Leyla Həsənova',
  publishedAtMs: Date.parse('2026-11-25T10:00:00Z'),
  publicationId: '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b',
  images: [],
  firstPublication: true,
};

const expectedDocument = {
  id: published.articleId,
  kind: 'article' as const,
  title: published.title,
  description: published.description,
  body: published.bodyText,
  language: 'az' as const,
  category: 'culture',
  authorUid: published.authorUid,
  authorUsername: 'leyla',
  authorFullname: 'Leyla Həsənova',
  publicationId: published.publicationId,
  publishedAt: new Date(published.publishedAtMs),
};

describe('ArticleEventsConsumer', () => {
  let consumers: StrictMock<EventConsumers>;
  let documents: StrictMock<DocumentRepository>;
  let subscription: Subscription;

  const deliver = (article: ArticlePublished, id: string) =>
    subscription.handler(
      {
        id,
        subject: EVENTS.articlePublished.subject,
        type: EVENTS.articlePublished.type,
        data: EVENTS.articlePublished.message.encode(article).finish(),
      },
      TX,
    );

  beforeEach(async () => {
    consumers = strictMock<EventConsumers>('EventConsumers');
    documents = strictMock<DocumentRepository>('DocumentRepository');
    consumers.subscribe.mockResolvedValue(undefined);
    documents.upsert.mockResolvedValue(undefined);
    documents.replacePhotos.mockResolvedValue(undefined);
    await new ArticleEventsConsumer(consumers, documents).onApplicationBootstrap();
    subscription = consumers.subscribe.mock.calls[0]![0] as Subscription;
  });

  it('reads articles.article.published with its declared durable consumer', () => {
    expect(consumers.subscribe).toHaveBeenCalledTimes(2);
    expect(subscription.durable).toBe(EVENTS.articlePublished.consumers.search);
    expect(subscription.subjects).toEqual([EVENTS.articlePublished.subject]);
  });

  it('indexes the published article in the transaction that records the event', async () => {
    await deliver(published, 'event-1');

    expect(documents.upsert).toHaveBeenCalledWith(TX, expectedDocument);
  });

  it('writes the same document again for a redelivery: an upsert by article id, never a second document', async () => {
    await deliver(published, 'event-1');
    await deliver(published, 'event-1');

    expect(documents.upsert).toHaveBeenCalledTimes(2);
    expect(documents.upsert.mock.calls[0]).toEqual(documents.upsert.mock.calls[1]);
  });

  it('replaces the document of an article announced again with what changed', async () => {
    await deliver(published, 'event-1');
    await deliver({ ...published, title: 'Çay və mürəbbə', bodyText: 'Yeni mətn' }, 'event-2');

    expect(documents.upsert).toHaveBeenLastCalledWith(
      TX,
      expect.objectContaining({ id: published.articleId, title: 'Çay və mürəbbə', body: 'Yeni mətn' }),
    );
  });

  it('keeps the publication of an article, and none once it has left it (or for a personal one)', async () => {
    await deliver({ ...published, publicationId: '' }, 'event-3');
    await deliver({ ...published, publicationId: 'not-a-uuid' }, 'event-4');

    expect(documents.upsert.mock.calls.map(([, document]) => document.publicationId)).toEqual([null, null]);
  });

  it('indexes what it is given of a paid article: the teaser articles announced, and no more', async () => {
    await deliver({ ...published, bodyText: 'Çay süfrəsi…' }, 'event-5');

    expect(documents.upsert).toHaveBeenLastCalledWith(TX, { ...expectedDocument, body: 'Çay süfrəsi…' });
  });

  it("indexes the article's images as photos, by caption and the article's words, and replaces them each time", async () => {
    await deliver(
      {
        ...published,
        images: [
          { url: '/media/editor/a.webp', caption: 'Şəki xan sarayı' },
          { url: '/media/editor/b.webp', caption: '' },
        ],
      },
      'event-6',
    );
    const [, articleId, photos] = documents.replacePhotos.mock.calls[0]!;
    expect(articleId).toBe(published.articleId);
    expect(photos).toEqual([
      expect.objectContaining({
        id: photoId(published.articleId, 0),
        kind: 'photo',
        title: 'Şəki xan sarayı',
        description: published.title,
        body: `${published.description}\n${published.bodyText}`,
        articleId: published.articleId,
        imageUrl: '/media/editor/a.webp',
        authorUid: published.authorUid,
        publicationId: published.publicationId,
      }),
      expect.objectContaining({ id: photoId(published.articleId, 1), title: '', imageUrl: '/media/editor/b.webp' }),
    ]);
    expect(photoId(published.articleId, 0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(photoId(published.articleId, 0)).not.toBe(photoId(published.articleId, 1));
    await deliver(published, 'event-7');
    expect(documents.replacePhotos).toHaveBeenLastCalledWith(TX, published.articleId, []);
  });

  it('drops the document and photos of a removed article (articles.article.removed)', async () => {
    documents.remove.mockResolvedValue(undefined);
    const removed = consumers.subscribe.mock.calls[1]![0] as Subscription;
    expect(removed.durable).toBe(EVENTS.articleRemoved.consumers.search);
    expect(removed.subjects).toEqual([EVENTS.articleRemoved.subject]);
    const data = EVENTS.articleRemoved.message
      .encode({
        articleId: 'a-9',
        authorUid: 'u-1',
        reason: ArticleRemovalReason.ARTICLE_REMOVAL_REASON_ACCOUNT_DELETED,
        atMs: 1,
      })
      .finish();
    await removed.handler({ id: 'e-9', subject: EVENTS.articleRemoved.subject, type: '', data }, TX);
    expect(documents.remove).toHaveBeenCalledWith(TX, 'a-9');
    expect(documents.replacePhotos).toHaveBeenCalledWith(TX, 'a-9', []);
  });
});
