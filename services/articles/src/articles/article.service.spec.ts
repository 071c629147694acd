import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { AuthorRepository } from '../authors/author.repository.js';
import type { DraftRepository } from '../drafts/draft.repository.js';
import type { ArticleRecord, ArticleRepository, ArticleWithAuthor } from './article.repository.js';
import type { ArticleCollaboration } from '../translations/article-collaboration.js';
import type { PublicationDirectory } from '../publications/publication-directory.js';
import { ArticleService } from './article.service.js';
import { Entitlement, type PaidReading } from './entitlement.js';
import type { Clock } from '@pencraft/kit';
import type { ArticleRow } from './article.table.js';
import { Audience, Language } from '@pencraft/contracts/common/v1/common';
import { ArticleStatus } from '@pencraft/contracts/articles/v1/articles';

const NOW = new Date('2026-11-25T10:00:00Z');
const AUTHOR = {
  uid: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b',
  username: 'nigar',
  fullname: 'Nigar Əliyeva',
  imageUrl: '',
};
const READER_UID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const ARTICLE_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const PUBLICATION_ID = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';
const TEXT = 'Bakıda payız gələndə küləklər şəhəri təmizləyir və dəniz sahili sakitləşir.';

const draftInput = {
  title: '  Payız   <b>Bakıda</b> ',
  description: 'Şəhər haqqında',
  language: 'az',
  category: 'culture',
  subCategories: ['travel'],
  contentJson: JSON.stringify({
    blocks: [
      { type: 'paragraph', data: { text: `${TEXT} <script>alert(1)</script><b>qalın</b>` } },
      { type: 'link', data: { link: 'https://example.az/', meta: { title: '<i>Link</i>', description: '' } } },
    ],
  }),
};

function row(overrides: Partial<ArticleRow> = {}): ArticleRow {
  return {
    id: ARTICLE_ID,
    authorId: AUTHOR.uid,
    title: 'Payız Bakıda',
    description: 'Şəhər haqqında',
    language: 'az',
    category: 'culture',
    subCategories: ['travel'],
    content: { time: NOW.getTime(), version: '2.31.0', blocks: [{ type: 'paragraph', data: { text: TEXT } }] },
    bodyText: TEXT,
    status: 'draft',
    wordCount: 10,
    symbolCount: TEXT.length,
    createdAt: NOW,
    updatedAt: NOW,
    publishedAt: null,
    reviewNote: '',
    translationOf: null,
    coverKey: null,
    target: 'personal',
    publicationId: null,
    audience: 'free',
    editCount: 0,
    ...overrides,
  };
}

function withAuthor(overrides: Partial<ArticleRow> = {}): ArticleWithAuthor {
  const { content, ...rest } = row(overrides);
  const article: ArticleRecord = { ...rest, contentJson: JSON.stringify(content) };
  return { article, author: AUTHOR };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('ArticleService', () => {
  let articles: StrictMock<ArticleRepository>;
  let authors: StrictMock<AuthorRepository>;
  let collaboration: StrictMock<ArticleCollaboration>;
  let drafts: StrictMock<DraftRepository>;
  let paid: StrictMock<PaidReading>;
  let publications: StrictMock<PublicationDirectory>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: ArticleService;

  beforeEach(() => {
    articles = strictMock<ArticleRepository>('ArticleRepository');
    authors = strictMock<AuthorRepository>('AuthorRepository');
    transactions = fakeTransactions();
    collaboration = strictMock<ArticleCollaboration>('ArticleCollaboration');
    drafts = strictMock<DraftRepository>('DraftRepository');
    paid = strictMock<PaidReading>('PaidReading');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    const entitlement = new Entitlement(paid, articles, collaboration, clock);
    publications = strictMock<PublicationDirectory>('PublicationDirectory');
    service = new ArticleService(transactions, articles, authors, collaboration, drafts, entitlement, publications);
  });

  describe('create', () => {
    it('stores the checked, sanitized draft with its author in one transaction', async () => {
      authors.upsert.mockResolvedValue(undefined);
      drafts.lockOwner.mockResolvedValue(undefined);
      drafts.countByOwner.mockResolvedValue({ drafts: 9, translations: 5 });
      articles.insert.mockImplementation(async (_tx, values) => row({ ...values, id: ARTICLE_ID } as ArticleRow));

      const created = await service.create(AUTHOR, draftInput);

      expect(authors.upsert).toHaveBeenCalledWith(TX, AUTHOR);
      expect(drafts.lockOwner).toHaveBeenCalledWith(TX, AUTHOR.uid);
      expect(drafts.lockOwner.mock.invocationCallOrder[0]).toBeLessThan(
        drafts.countByOwner.mock.invocationCallOrder[0]!,
      );
      expect(articles.insert).toHaveBeenCalledTimes(1);
      const [tx, stored] = articles.insert.mock.calls[0]!;
      expect(tx).toBe(TX);
      expect(stored).toMatchObject({
        authorId: AUTHOR.uid,
        title: 'Payız Bakıda',
        language: 'az',
        category: 'culture',
        subCategories: ['travel'],
      });
      const paragraph = stored.content.blocks[0]!.data.text as string;
      expect(paragraph).toContain('<b>qalın</b>');
      expect(paragraph).not.toContain('script');
      expect(stored.content.blocks[1]!.data).toEqual({
        link: 'https://example.az/',
        meta: { title: 'Link', description: '' },
      });
      expect(stored.bodyText).toContain(TEXT);
      expect(transactions.committed).toBe(1);
      expect(created).toMatchObject({
        id: ARTICLE_ID,
        status: ArticleStatus.ARTICLE_STATUS_DRAFT,
        author: AUTHOR,
        title: 'Payız Bakıda',
      });
    });

    it('counts against the draft cap: an eleventh draft is refused, counted under the owner lock', async () => {
      authors.upsert.mockResolvedValue(undefined);
      drafts.lockOwner.mockResolvedValue(undefined);
      drafts.countByOwner.mockResolvedValue({ drafts: 10, translations: 0 });

      expect(await codeOf(service.create(AUTHOR, draftInput))).toBe('MaxDraftsCountReached');
      expect(drafts.countByOwner).toHaveBeenCalledWith(TX, AUTHOR.uid);
      expect(articles.insert).not.toHaveBeenCalled();
    });

    it('refuses an anonymous author before anything else', async () => {
      expect(await codeOf(service.create(undefined, draftInput))).toBe('Unauthorized');
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('reports every bad field at once and writes nothing', async () => {
      try {
        await service.create(AUTHOR, {
          ...draftInput,
          title: 'ə'.repeat(151),
          category: 'astrology',
          contentJson: '{}',
        });
        throw new Error('expected a failure');
      } catch (error) {
        expect(AppError.is(error) && error.details?.map((d) => `${d.field}:${d.code}`)).toEqual([
          'title:InvalidArticleTitle',
          'category:InvalidCategory',
          'content:InvalidArticleContent',
        ]);
      }
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('counts the title in code points: 150 emoji are a valid title', async () => {
      authors.upsert.mockResolvedValue(undefined);
      drafts.lockOwner.mockResolvedValue(undefined);
      drafts.countByOwner.mockResolvedValue({ drafts: 0, translations: 0 });
      articles.insert.mockImplementation(async (_tx, values) => row(values as ArticleRow));

      await service.create(AUTHOR, { ...draftInput, title: '😀'.repeat(150) });

      expect(articles.insert.mock.calls[0]![1].title).toBe('😀'.repeat(150));
    });

    describe("on a publication's subdomain", () => {
      beforeEach(() => {
        authors.upsert.mockResolvedValue(undefined);
        drafts.lockOwner.mockResolvedValue(undefined);
        drafts.countByOwner.mockResolvedValue({ drafts: 0, translations: 0 });
        articles.insert.mockImplementation(async (_tx, values) => row(values as ArticleRow));
      });

      it('starts in the publication for its owner or a member, asked after the fields are checked', async () => {
        publications.isMember.mockResolvedValue(true);

        const created = await service.create(AUTHOR, draftInput, PUBLICATION_ID);

        expect(publications.isMember).toHaveBeenCalledWith(PUBLICATION_ID, AUTHOR.uid);
        expect(articles.insert.mock.calls[0]![1].publicationId).toBe(PUBLICATION_ID);
        expect(created.publicationId).toBe(PUBLICATION_ID);
        expect(await codeOf(service.create(AUTHOR, { ...draftInput, title: '' }, PUBLICATION_ID))).toBe(
          'InvalidArticleTitle',
        );
        expect(publications.isMember).toHaveBeenCalledTimes(1);
      });

      it('starts personal, without an error, for anyone else and when the publication is gone', async () => {
        publications.isMember.mockResolvedValue(false);
        expect((await service.create(AUTHOR, draftInput, PUBLICATION_ID)).publicationId).toBe('');
        publications.isMember.mockRejectedValue(new AppError('PublicationNotFound'));
        expect((await service.create(AUTHOR, draftInput, PUBLICATION_ID)).publicationId).toBe('');
        expect(articles.insert.mock.calls.map(([, values]) => values.publicationId)).toEqual([null, null]);
      });

      it('asks nobody without a publication, and writes nothing when publications cannot answer', async () => {
        await service.create(AUTHOR, draftInput, '');
        expect(articles.insert.mock.calls[0]![1].publicationId).toBeNull();
        expect(publications.isMember).not.toHaveBeenCalled();

        publications.isMember.mockRejectedValue(new Error('publications is unavailable'));
        await expect(service.create(AUTHOR, draftInput, PUBLICATION_ID)).rejects.toThrow('publications is unavailable');
        expect(articles.insert).toHaveBeenCalledTimes(1);
      });
    });
  });

  describe('get', () => {
    const group = {
      coAuthors: [{ uid: READER_UID, username: 'rauf', fullname: 'Rauf', imageUrl: '' }],
      translations: [{ id: ARTICLE_ID, language: Language.LANGUAGE_AZ }],
      originalId: '',
    };

    // The read's one statement carries the row and its collaboration fields; the rows below are set through
    // findWithAuthor, which the entitlement also asks for a translation's original.
    beforeEach(() => {
      articles.findForReading.mockImplementation(async (id) => {
        const found = await articles.findWithAuthor(id);
        return found && { ...found, coAuthors: group.coAuthors, translations: [{ id: ARTICLE_ID, language: 'az' }] };
      });
    });

    it('shows a published article to anyone, with its co-authors and translation group', async () => {
      articles.findWithAuthor.mockResolvedValue(withAuthor({ status: 'published', publishedAt: NOW }));

      const article = await service.get(ARTICLE_ID, '');

      expect(articles.findForReading).toHaveBeenCalledWith(ARTICLE_ID);
      expect(article).toMatchObject({ id: ARTICLE_ID, readingMinutes: 1, author: AUTHOR, ...group });
    });

    it("names a translation's original", async () => {
      const ORIGINAL_ID = '5d4c3b2a-1908-4e7f-8d6c-5b4a39281706';
      articles.findWithAuthor.mockImplementation(async (id) =>
        id === ARTICLE_ID
          ? withAuthor({ status: 'published', publishedAt: NOW, translationOf: ORIGINAL_ID })
          : withAuthor({ id: ORIGINAL_ID, status: 'published', publishedAt: NOW }),
      );

      expect(await service.get(ARTICLE_ID, '')).toMatchObject({ originalId: ORIGINAL_ID });
    });

    it('shows a draft to its author and accepted co-authors only', async () => {
      articles.findWithAuthor.mockResolvedValue(withAuthor());
      collaboration.coWrites.mockImplementation(async (_id, uid) => uid === READER_UID);

      expect((await service.get(ARTICLE_ID, AUTHOR.uid)).status).toBe(ArticleStatus.ARTICLE_STATUS_DRAFT);
      expect((await service.get(ARTICLE_ID, READER_UID)).status).toBe(ArticleStatus.ARTICLE_STATUS_DRAFT);
      expect(await codeOf(service.get(ARTICLE_ID, '9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6e'))).toBe('ArticleNotFound');
      expect(await codeOf(service.get(ARTICLE_ID, ''))).toBe('ArticleNotFound');
    });

    it('tells an article its author deleted (params.deleted, for a 410) from one that never was', async () => {
      articles.findWithAuthor.mockResolvedValue(undefined);
      articles.wasDeleted.mockResolvedValueOnce(true).mockResolvedValueOnce(false);

      const gone = await service.get(ARTICLE_ID, '').catch((error: unknown) => error as AppError);
      const unknown = await service.get(ARTICLE_ID, '').catch((error: unknown) => error as AppError);

      expect(gone).toMatchObject({ code: 'ArticleNotFound', params: { deleted: 'true' } });
      expect(unknown).toMatchObject({ code: 'ArticleNotFound' });
      expect((unknown as AppError).params).toBeUndefined();
      expect(articles.wasDeleted).toHaveBeenCalledWith(ARTICLE_ID);
    });

    describe('a paid article', () => {
      const PUBLICATION_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
      const OUTSIDER = '9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6e';
      const SUBSCRIBER = '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b';
      const MARKER = 'The paid part says the secret word zanbaq.';
      const blocks = [
        { type: 'paragraph' as const, data: { text: 'Bakı payızı haqqında açıq giriş.' } },
        ...Array.from({ length: 6 }, () => ({
          type: 'paragraph' as const,
          data: { text: 'Davamı abunəçilər üçündür.' },
        })),
        { type: 'paragraph' as const, data: { text: MARKER } },
      ];
      const paidRow = (overrides: Partial<ArticleRow> = {}) =>
        withAuthor({
          status: 'published',
          publishedAt: NOW,
          audience: 'paid',
          publicationId: PUBLICATION_ID,
          content: { time: 1, version: '2.31.0', blocks },
          ...overrides,
        });

      beforeEach(() => {
        collaboration.coWrites.mockImplementation(async (_id, uid) => uid === READER_UID);
      });

      it('answers a visitor the teaser, locked, without asking publications', async () => {
        articles.findWithAuthor.mockResolvedValue(paidRow());
        const article = await service.get(ARTICLE_ID, '');
        expect(article).toMatchObject({
          locked: true,
          audience: Audience.AUDIENCE_PAID,
          publicationId: PUBLICATION_ID,
        });
        expect(article.contentJson).toContain('açıq giriş');
        expect(article.contentJson).not.toContain('zanbaq');
        expect(paid.canReadInFull).not.toHaveBeenCalled();
      });

      it('asks publications for anyone else, and answers the teaser on no', async () => {
        articles.findWithAuthor.mockResolvedValue(paidRow());
        paid.canReadInFull.mockImplementation(async (_p, _a, viewer) => viewer === SUBSCRIBER);
        const outsider = await service.get(ARTICLE_ID, OUTSIDER);
        expect(outsider.locked).toBe(true);
        expect(outsider.contentJson).not.toContain('zanbaq');
        expect(paid.canReadInFull).toHaveBeenCalledWith(PUBLICATION_ID, AUTHOR.uid, OUTSIDER);
        const subscriber = await service.get(ARTICLE_ID, SUBSCRIBER);
        expect(subscriber.locked).toBe(false);
        expect(subscriber.contentJson).toContain('zanbaq');
      });

      it('reads in full for its writers without asking, and keeps a yes briefly but never a no', async () => {
        articles.findWithAuthor.mockResolvedValue(paidRow());
        expect((await service.get(ARTICLE_ID, AUTHOR.uid)).contentJson).toContain('zanbaq');
        expect((await service.get(ARTICLE_ID, READER_UID)).contentJson).toContain('zanbaq');
        expect(paid.canReadInFull).not.toHaveBeenCalled();
        paid.canReadInFull.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
        expect((await service.get(ARTICLE_ID, SUBSCRIBER)).locked).toBe(true);
        expect((await service.get(ARTICLE_ID, SUBSCRIBER)).locked).toBe(false);
        expect((await service.get(ARTICLE_ID, SUBSCRIBER)).locked).toBe(false);
        expect(paid.canReadInFull).toHaveBeenCalledTimes(2);
        clock.now.mockReturnValue(new Date(NOW.getTime() + 6_000));
        paid.canReadInFull.mockResolvedValueOnce(false);
        expect((await service.get(ARTICLE_ID, SUBSCRIBER)).locked).toBe(true);
      });

      it("locks a translation of a paid original, sold by the original's publication", async () => {
        const ORIGINAL_ID = '7e6d5c4b-3a29-4817-9f6e-5d4c3b2a1908';
        articles.findWithAuthor.mockImplementation(async (id) =>
          id === ORIGINAL_ID
            ? paidRow({ id: ORIGINAL_ID })
            : paidRow({ audience: 'free', publicationId: null, translationOf: ORIGINAL_ID, authorId: OUTSIDER }),
        );
        paid.canReadInFull.mockResolvedValue(false);
        const article = await service.get(ARTICLE_ID, SUBSCRIBER);
        expect(article).toMatchObject({
          locked: true,
          audience: Audience.AUDIENCE_PAID,
          publicationId: PUBLICATION_ID,
        });
        expect(article.contentJson).not.toContain('zanbaq');
        expect(paid.canReadInFull).toHaveBeenCalledWith(PUBLICATION_ID, AUTHOR.uid, SUBSCRIBER);
      });

      it('locks a paid article whose publication is gone for everyone but its writers', async () => {
        articles.findWithAuthor.mockResolvedValue(paidRow({ publicationId: null }));
        expect((await service.get(ARTICLE_ID, OUTSIDER)).locked).toBe(true);
        expect((await service.get(ARTICLE_ID, AUTHOR.uid)).locked).toBe(false);
        expect(paid.canReadInFull).not.toHaveBeenCalled();
      });
    });

    it('answers not found for an unknown article', async () => {
      articles.findWithAuthor.mockResolvedValue(undefined);
      articles.wasDeleted.mockResolvedValue(false);
      expect(await codeOf(service.get(ARTICLE_ID, AUTHOR.uid))).toBe('ArticleNotFound');
    });
  });

  describe('listHome', () => {
    const card = (n: number) => ({
      id: `id-${n}`,
      title: `Title ${n}`,
      description: '',
      language: 'en' as const,
      category: 'tech',
      wordCount: 400,
      publishedAt: new Date(NOW.getTime() - n * 1000),
      publicationId: null,
      author: AUTHOR,
    });

    it('asks for one row more than the page to know whether another page follows', async () => {
      articles.listPublished.mockResolvedValue(Array.from({ length: 21 }, (_, i) => card(i)));

      const page = await service.listHome(0, 0);

      expect(articles.listPublished).toHaveBeenCalledWith(0, 20);
      expect(page.items).toHaveLength(20);
      expect(page).toMatchObject({ page: 1, pageSize: 20, hasMore: true });
      expect(page.items[0]).toEqual({
        id: 'id-0',
        title: 'Title 0',
        description: '',
        language: Language.LANGUAGE_EN,
        category: 'tech',
        author: AUTHOR,
        publishedAtMs: NOW.getTime(),
        readingMinutes: 2,
        coverUrl: '',
        votes: 0,
        comments: 0,
        publicationId: '',
      });
    });

    it('reads the page it is asked for, and says when it is the last', async () => {
      articles.listPublished.mockResolvedValue([card(1), card(2)]);

      const page = await service.listHome(3, 10);

      expect(articles.listPublished).toHaveBeenCalledWith(20, 10);
      expect(page).toMatchObject({ page: 3, pageSize: 10, hasMore: false });
      expect(page.items).toHaveLength(2);
    });

    it.each([-1, 501])('refuses page %p without a query', async (pageNumber) => {
      expect(await codeOf(service.listHome(pageNumber, 20))).toBe('InvalidPage');
      expect(articles.listPublished).not.toHaveBeenCalled();
    });
  });

  describe('listByAuthor', () => {
    const card = (n: number) => ({
      id: `id-${n}`,
      title: `Title ${n}`,
      description: '',
      language: 'az' as const,
      category: 'culture',
      wordCount: 200,
      publishedAt: new Date(NOW.getTime() - n * 1000),
      publicationId: null,
      author: { ...AUTHOR, imageUrl: '/media/users/x/avatar-1.jpg' },
    });

    it("reads one page of the author's published articles and their count", async () => {
      articles.listPublishedByAuthor.mockResolvedValue([card(1), card(2), card(3)]);
      articles.countPublishedByAuthor.mockResolvedValue(7);

      const page = await service.listByAuthor(AUTHOR.uid, 2, 2);

      expect(articles.listPublishedByAuthor).toHaveBeenCalledWith(AUTHOR.uid, 2, 2);
      expect(page).toMatchObject({ page: 2, pageSize: 2, hasMore: true, total: 7 });
      expect(page.items.map((item) => item.id)).toEqual(['id-1', 'id-2']);
      expect(page.items[0]!.author).toEqual({ ...AUTHOR, imageUrl: '/media/users/x/avatar-1.jpg' });
    });

    it('refuses a page out of range', async () => {
      expect(await codeOf(service.listByAuthor(AUTHOR.uid, 501, 20))).toBe('InvalidPage');
      expect(articles.listPublishedByAuthor).not.toHaveBeenCalled();
    });
  });
});
