import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import type { Outbox } from '@pencraft/kit';
import { strictMock, TX, type StrictMock } from '@pencraft/testing';
import { ArticleAnnouncements } from './article-announcements.js';
import type { ArticleRecord, ArticleRepository, ArticleWithAuthor } from './article.repository.js';

const NOW = new Date('2026-11-26T10:00:00Z');
const AUTHOR = { uid: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b', username: 'nigar', fullname: 'Nigar', imageUrl: '' };
const ORIGINAL = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const TRANSLATION = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const OTHER_TRANSLATION = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const PUBLICATION = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';
const OPEN = 'Bakıda payız gələndə küləklər şəhəri təmizləyir və dəniz sahili sakitləşir.';
const SECRET = 'Gizli söz ancaq abunəçilər üçündür.';
const BLOCKS = [
  ...Array.from({ length: 6 }, () => ({ type: 'paragraph', data: { text: OPEN } })),
  { type: 'paragraph', data: { text: SECRET } },
];

function read(overrides: Partial<ArticleRecord> = {}): ArticleWithAuthor {
  return {
    article: {
      id: ORIGINAL,
      authorId: AUTHOR.uid,
      title: 'Payız',
      description: '',
      language: 'az',
      category: 'culture',
      subCategories: [],
      contentJson: JSON.stringify({ time: NOW.getTime(), version: '2.31.0', blocks: BLOCKS }),
      bodyText: BLOCKS.map((block) => block.data.text).join('\n'),
      status: 'published',
      wordCount: 70,
      symbolCount: 500,
      createdAt: NOW,
      updatedAt: NOW,
      publishedAt: NOW,
      reviewNote: '',
      translationOf: null,
      coverKey: null,
      target: 'personal',
      publicationId: null,
      audience: 'free',
      editCount: 0,
      ...overrides,
    },
    author: AUTHOR,
  };
}

describe('ArticleAnnouncements', () => {
  let articles: StrictMock<ArticleRepository>;
  let outbox: StrictMock<Outbox>;
  let announcements: ArticleAnnouncements;
  const announced = () =>
    outbox.add.mock.calls.map(([tx, event]) => {
      expect(tx).toBe(TX);
      expect(event.subject).toBe(EVENTS.articlePublished.subject);
      return EVENTS.articlePublished.message.decode(event.payload);
    });

  beforeEach(() => {
    articles = strictMock<ArticleRepository>('ArticleRepository');
    outbox = strictMock<Outbox>('Outbox');
    outbox.add.mockResolvedValue('event');
    announcements = new ArticleAnnouncements(articles, outbox);
  });

  it('announces a free article in full, with its publication', async () => {
    await announcements.announce(TX, read({ publicationId: PUBLICATION }));
    const [event] = announced();
    expect(event).toMatchObject({ articleId: ORIGINAL, publicationId: PUBLICATION, authorUid: AUTHOR.uid });
    expect(event!.bodyText).toContain(SECRET);
  });

  it('announces only the teaser of a paid article; a personal one names no publication', async () => {
    await announcements.announce(TX, read({ audience: 'paid' }));
    const [event] = announced();
    expect(event!.bodyText).toContain(OPEN);
    expect(event!.bodyText).not.toContain(SECRET);
    expect(event!.publicationId).toBe('');
  });

  it("announces a translation of a paid original as paid, of the original's publication", async () => {
    articles.findWithAuthor.mockResolvedValue(read({ audience: 'paid', publicationId: PUBLICATION }));
    await announcements.announce(TX, read({ id: TRANSLATION, translationOf: ORIGINAL, language: 'en' }));
    expect(articles.findWithAuthor).toHaveBeenCalledWith(ORIGINAL, TX);
    const [event] = announced();
    expect(event).toMatchObject({ articleId: TRANSLATION, publicationId: PUBLICATION });
    expect(event!.bodyText).not.toContain(SECRET);
  });

  it('announces a translation of a free original in full, and a paid translation as paid whatever its original', async () => {
    articles.findWithAuthor.mockResolvedValue(read({ publicationId: PUBLICATION }));
    await announcements.announce(TX, read({ id: TRANSLATION, translationOf: ORIGINAL }));
    await announcements.announce(TX, read({ id: TRANSLATION, translationOf: ORIGINAL, audience: 'paid' }));
    const [free, paid] = announced();
    expect(free!.bodyText).toContain(SECRET);
    expect(paid!.bodyText).not.toContain(SECRET);
  });

  it('announces again only what is published', async () => {
    articles.findWithAuthor.mockResolvedValueOnce(read()).mockResolvedValueOnce(read({ status: 'underModeration' }));
    articles.findWithAuthor.mockResolvedValueOnce(undefined);
    await announcements.announceAgain(TX, ORIGINAL);
    await announcements.announceAgain(TX, ORIGINAL);
    await announcements.announceAgain(TX, ORIGINAL);
    expect(announced().map((event) => event.articleId)).toEqual([ORIGINAL]);
  });

  it("announces an original's published translations again, each as it is now", async () => {
    articles.listPublishedTranslationIds.mockResolvedValue([TRANSLATION, OTHER_TRANSLATION]);
    articles.findWithAuthor.mockImplementation(async (id) =>
      id === ORIGINAL
        ? read({ audience: 'paid', publicationId: PUBLICATION })
        : read({ id, translationOf: ORIGINAL, language: id === TRANSLATION ? 'en' : 'ru' }),
    );
    await announcements.announceTranslations(TX, ORIGINAL);
    expect(articles.listPublishedTranslationIds).toHaveBeenCalledWith(TX, ORIGINAL);
    const events = announced();
    expect(events.map((event) => [event.articleId, event.publicationId])).toEqual([
      [TRANSLATION, PUBLICATION],
      [OTHER_TRANSLATION, PUBLICATION],
    ]);
    expect(events.some((event) => event.bodyText.includes(SECRET))).toBe(false);
  });
});
