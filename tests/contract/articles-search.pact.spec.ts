// The contract of articles.article.published between its publisher (articles) and a consumer (search).
// The consumer side states what search needs of the event and runs search's real mapping on it; the
// provider side checks that articles' real event builder produces such a message. The payload travels as
// protobuf on NATS; the contract is written in its canonical JSON form (ts-proto toJSON/fromJSON).
import {
  asynchronousBodyHandler,
  MatchersV3,
  MessageConsumerPact,
  MessageProviderPact,
  providerWithMetadata,
} from '@pact-foundation/pact';
import { EVENTS, type ConsumerOf } from '@pencraft/contracts/events';
import { ArticlePublished } from '@pencraft/contracts/events/v1/articles';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { publishedEvent } from '../../services/articles/src/articles/article.events.ts';
import { documentFromArticle, photosFromArticle } from '../../services/search/src/documents/article-events.consumer.ts';
import { PACT_DIR } from './pact-dir.ts';

const { like, uuid, integer, regex, eachLike } = MatchersV3;
const { articlePublished } = EVENTS;
/** A consumer the registry declares (the type refuses any other). */
const consumer: ConsumerOf<typeof articlePublished> = 'search';
const metadata = { subject: articlePublished.subject, 'pc-event-type': articlePublished.type };

describe(articlePublished.subject, () => {
  it('search can index what it receives (consumer: search)', async () => {
    const pact = new MessageConsumerPact({
      consumer,
      provider: articlePublished.publisher,
      dir: PACT_DIR,
      logLevel: 'warn',
    });
    await pact
      .given('an article has been published')
      .expectsToReceive(articlePublished.subject)
      .withContent({
        articleId: uuid('6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f'),
        title: like('Çay mədəniyyəti'),
        description: like('Azərbaycanda çay süfrəsi'),
        language: regex('^LANGUAGE_(AZ|EN|RU)$', 'LANGUAGE_AZ'),
        category: like('culture'),
        bodyText: like('Çay süfrəsi qonaqpərvərliyin rəmzidir.'),
        authorUid: uuid('0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b'),
        authorUsername: like('leyla'),
        authorFullname: like('Leyla Həsənova'),
        publishedAtMs: integer(1_795_000_000_000),
        publicationId: uuid('7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b'),
        images: eachLike({ url: like('/media/editor/cay.webp'), caption: like('Çay süfrəsi') }),
      })
      .withMetadata(metadata)
      .verify(
        asynchronousBodyHandler(async (body: unknown) => {
          const event = articlePublished.message.decode(
            articlePublished.message.encode(ArticlePublished.fromJSON(body)).finish(),
          );
          const document = documentFromArticle(event);
          expect(document).toMatchObject({
            kind: 'article',
            id: event.articleId,
            title: event.title,
            body: event.bodyText,
            publicationId: event.publicationId,
          });
          expect(document.publishedAt.getTime()).toBe(event.publishedAtMs);
          expect(photosFromArticle(event).map((photo) => [photo.imageUrl, photo.title])).toEqual(
            event.images.map((image) => [image.url, image.caption]),
          );
        }),
      );
  });

  it('articles publishes exactly that (provider: articles)', async () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const verifier = new MessageProviderPact({
      provider: articlePublished.publisher,
      pactUrls: [join(PACT_DIR, `${consumer}-${articlePublished.publisher}.json`)],
      logLevel: 'warn',
      messageProviders: {
        [articlePublished.subject]: providerWithMetadata(
          () =>
            ArticlePublished.toJSON(
              publishedEvent(
                {
                  article: {
                    id: randomUUID(),
                    authorId: randomUUID(),
                    title: 'Payız',
                    description: 'Bakı haqqında',
                    language: 'az',
                    category: 'culture',
                    subCategories: ['travel'],
                    contentJson: JSON.stringify({
                      time: now.getTime(),
                      version: '2.31.0',
                      blocks: [{ type: 'image', data: { url: '/media/editor/payiz.webp', caption: 'Payız' } }],
                    }),
                    bodyText: 'Bakıda payız gələndə küləklər şəhəri təmizləyir.',
                    status: 'published',
                    wordCount: 7,
                    symbolCount: 48,
                    createdAt: now,
                    updatedAt: now,
                    publishedAt: now,
                    // Published after review (the payload is the same whichever way it got there).
                    reviewNote: '',
                    translationOf: null,
                    coverKey: null,
                    target: 'publication',
                    // An article of a publication (a personal one sends no publicationId).
                    publicationId: randomUUID(),
                    audience: 'free',
                    editCount: 0,
                  },
                  author: { uid: randomUUID(), username: 'nigar', fullname: 'Nigar Əliyeva', imageUrl: '' },
                },
                false,
              ),
            ),
          metadata,
        ),
      },
    });
    await verifier.verify();
  });
});
