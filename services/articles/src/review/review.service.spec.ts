import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import { ArticleWithdrawn } from '@pencraft/contracts/events/v1/articles';
import type { Clock, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import { ArticleAnnouncements } from '../articles/article-announcements.js';
import type { ArticleRecord, ArticleRepository, ArticleWithAuthor } from '../articles/article.repository.js';
import type { ArticleRow } from '../articles/article.table.js';
import type { ArticleContent } from '../content/article-content.js';
import type { CoAuthorAccess } from '../drafts/co-author-access.js';
import type { DraftRepository } from '../drafts/draft.repository.js';
import type { DraftRow } from '../drafts/draft.table.js';
import type { PublicationDirectory } from '../publications/publication-directory.js';
import type { ReviewRepository } from './review.repository.js';
import type { ArticleEditRow } from './review.table.js';
import { ReviewService } from './review.service.js';
import { Language } from '@pencraft/contracts/common/v1/common';
import { ArticleStatus } from '@pencraft/contracts/articles/v1/articles';

const NOW = new Date('2026-11-26T10:00:00Z');
const AUTHOR = {
  uid: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b',
  username: 'nigar',
  fullname: 'Nigar Əliyeva',
  imageUrl: '',
};
const OTHER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const ARTICLE_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const DRAFT_ID = '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const EDIT_ID = '7a6b5c4d-3e2f-4a1b-8c9d-2e3f4a5b6c7d';
const PUBLICATION_ID = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';
const TEXT = 'Bakıda payız gələndə küləklər şəhəri təmizləyir və dəniz sahili sakitləşir.';
const CONTENT: ArticleContent = {
  time: NOW.getTime(),
  version: '2.31.0',
  blocks: [{ type: 'paragraph', data: { text: TEXT } }],
};

function article(overrides: Partial<ArticleRow> = {}): ArticleRow {
  return {
    id: ARTICLE_ID,
    authorId: AUTHOR.uid,
    title: 'Payız',
    description: '',
    language: 'az',
    category: 'culture',
    subCategories: [],
    content: CONTENT,
    bodyText: TEXT,
    status: 'accepted',
    wordCount: 11,
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

function read(overrides: Partial<ArticleRow> = {}): ArticleWithAuthor {
  const { content, ...rest } = article(overrides);
  const record: ArticleRecord = { ...rest, contentJson: JSON.stringify(content) };
  return { article: record, author: AUTHOR };
}

function edit(overrides: Partial<ArticleEditRow> = {}): ArticleEditRow {
  return {
    id: EDIT_ID,
    articleId: ARTICLE_ID,
    authorId: AUTHOR.uid,
    status: 'accepted',
    reviewNote: '',
    title: 'Payız',
    description: 'Bakı',
    language: 'az',
    category: 'culture',
    subCategories: ['travel'],
    content: CONTENT,
    bodyText: TEXT,
    wordCount: 11,
    symbolCount: TEXT.length,
    coverKey: null,
    target: 'personal',
    publicationId: null,
    audience: 'free',
    submittedAt: NOW,
    decidedAt: null,
    ...overrides,
  };
}

function draft(overrides: Partial<DraftRow> = {}): DraftRow {
  return {
    id: DRAFT_ID,
    ownerId: AUTHOR.uid,
    articleId: null,
    translationOf: null,
    language: 'az',
    title: '  Payız  ',
    description: 'Bakı',
    content: CONTENT,
    category: 'culture',
    subCategories: ['travel'],
    coverKey: null,
    target: 'personal',
    publicationId: null,
    audience: 'free',
    version: 3,
    previewTokenHash: null,
    previewTokenCreatedAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
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

describe('ReviewService', () => {
  let articles: StrictMock<ArticleRepository>;
  let drafts: StrictMock<DraftRepository>;
  let reviews: StrictMock<ReviewRepository>;
  let coAuthors: StrictMock<CoAuthorAccess>;
  let publications: StrictMock<PublicationDirectory>;
  let outbox: StrictMock<Outbox>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: ReviewService;

  beforeEach(() => {
    articles = strictMock<ArticleRepository>('ArticleRepository');
    drafts = strictMock<DraftRepository>('DraftRepository');
    reviews = strictMock<ReviewRepository>('ReviewRepository');
    coAuthors = strictMock<CoAuthorAccess>('CoAuthorAccess');
    publications = strictMock<PublicationDirectory>('PublicationDirectory');
    outbox = strictMock<Outbox>('Outbox');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new ReviewService(
      transactions,
      articles,
      drafts,
      reviews,
      coAuthors,
      publications,
      outbox,
      clock,
      new ArticleAnnouncements(articles, outbox),
    );
  });

  describe('submit', () => {
    beforeEach(() => {
      reviews.record.mockResolvedValue(undefined);
      coAuthors.draftSubmitted.mockResolvedValue(undefined);
      drafts.delete.mockResolvedValue(undefined);
    });

    it('turns a draft into an accepted article, records it, consumes the draft and announces the submission', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft());
      articles.countPending.mockResolvedValue(4);
      articles.insert.mockResolvedValue(article({ status: 'draft' }));
      articles.setStatus.mockResolvedValue(article());
      articles.findWithAuthor.mockResolvedValue(read());
      outbox.add.mockResolvedValue('event-s');

      const result = await service.submit(DRAFT_ID, AUTHOR.uid);

      expect(articles.insert).toHaveBeenCalledWith(
        TX,
        expect.objectContaining({ authorId: AUTHOR.uid, title: 'Payız', subCategories: ['travel'], bodyText: TEXT }),
      );
      expect(reviews.record).toHaveBeenCalledWith(TX, ARTICLE_ID, ['accepted'], '', NOW);
      expect(articles.setStatus).toHaveBeenCalledWith(TX, ARTICLE_ID, 'accepted', '', NOW);
      expect(coAuthors.draftSubmitted).toHaveBeenCalledWith(TX, DRAFT_ID, ARTICLE_ID);
      expect(drafts.delete).toHaveBeenCalledWith(TX, DRAFT_ID);
      // Co-author invitations move before the draft (and its cascade) goes.
      expect(coAuthors.draftSubmitted.mock.invocationCallOrder[0]!).toBeLessThan(
        drafts.delete.mock.invocationCallOrder[0]!,
      );
      // Announced for the moderation service, never as published: nothing is published without review.
      expect(outbox.add).toHaveBeenCalledTimes(1);
      const [tx, event] = outbox.add.mock.calls[0]!;
      expect(tx).toBe(TX);
      expect(event.subject).toBe(EVENTS.articleSubmitted.subject);
      expect(EVENTS.articleSubmitted.message.decode(event.payload)).toMatchObject({
        articleId: ARTICLE_ID,
        authorUid: AUTHOR.uid,
        title: 'Payız',
        isEdit: false,
        submittedAtMs: NOW.getTime(),
      });
      expect(result.status).toBe(ArticleStatus.ARTICLE_STATUS_ACCEPTED);
    });

    it('announces a submitted translation, and its publication naming the original’s author', async () => {
      const ORIGINAL_ID = '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';
      drafts.lockForUpdate.mockResolvedValue(draft({ translationOf: ORIGINAL_ID, language: 'en', ownerId: OTHER }));
      articles.countPending.mockResolvedValue(0);
      articles.insert.mockResolvedValue(
        article({ status: 'draft', translationOf: ORIGINAL_ID, language: 'en', authorId: OTHER }),
      );
      articles.setStatus.mockResolvedValue(article());
      articles.findWithAuthor.mockResolvedValue(read({ translationOf: ORIGINAL_ID, authorId: OTHER }));
      outbox.add.mockResolvedValue('event-t');

      await service.submit(DRAFT_ID, OTHER);

      expect(articles.insert).toHaveBeenCalledWith(TX, expect.objectContaining({ translationOf: ORIGINAL_ID }));
      expect(outbox.add).toHaveBeenCalledTimes(1);
      const [tx, submitted] = outbox.add.mock.calls[0]!;
      expect(tx).toBe(TX);
      expect(submitted.subject).toBe(EVENTS.translationSubmitted.subject);
      expect(EVENTS.translationSubmitted.message.decode(submitted.payload)).toEqual({
        articleId: ARTICLE_ID,
        originalId: ORIGINAL_ID,
        language: Language.LANGUAGE_EN,
        title: 'Payız',
        authorUid: OTHER,
        submittedAtMs: NOW.getTime(),
        description: '',
        bodyText: TEXT,
        authorUsername: AUTHOR.username,
      });

      // The moderation service approves it: published, and announced as a published translation too.
      outbox.add.mockClear();
      articles.lockForUpdate.mockResolvedValue(
        article({ status: 'underModeration', translationOf: ORIGINAL_ID, authorId: OTHER }),
      );
      articles.findWithAuthor.mockImplementation(async (id) =>
        id === ORIGINAL_ID
          ? read({ id: ORIGINAL_ID })
          : read({ status: 'published', publishedAt: NOW, translationOf: ORIGINAL_ID, authorId: OTHER }),
      );
      coAuthors.acceptedUidsOfArticle.mockResolvedValue([]);
      await service.decide(ARTICLE_ID, 'approve', '');
      expect(outbox.add.mock.calls.map(([, event]) => event.subject)).toEqual([
        EVENTS.articlePublished.subject,
        EVENTS.translationPublished.subject,
        EVENTS.articleReviewed.subject,
      ]);
      expect(EVENTS.articleReviewed.message.decode(outbox.add.mock.calls[2]![1].payload)).toMatchObject({
        articleId: ARTICLE_ID,
        originalId: ORIGINAL_ID,
        isTranslation: true,
        authorUids: [OTHER],
        decision: 'approved',
      });
      expect(EVENTS.translationPublished.message.decode(outbox.add.mock.calls[1]![1].payload)).toMatchObject({
        articleId: ARTICLE_ID,
        originalId: ORIGINAL_ID,
        authorUid: OTHER,
        originalAuthorUid: AUTHOR.uid,
        publishedAtMs: NOW.getTime(),
      });
    });

    it('publishes into the publication the draft names once publications says the owner is still a member', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ publicationId: PUBLICATION_ID }));
      publications.isMember.mockResolvedValue(true);
      articles.countPending.mockResolvedValue(0);
      articles.insert.mockResolvedValue(article({ status: 'draft', publicationId: PUBLICATION_ID }));
      articles.setStatus.mockResolvedValue(article());
      articles.findWithAuthor.mockResolvedValue(read({ publicationId: PUBLICATION_ID }));
      outbox.add.mockResolvedValue('event-p');

      const result = await service.submit(DRAFT_ID, AUTHOR.uid);

      expect(publications.isMember).toHaveBeenCalledWith(PUBLICATION_ID, AUTHOR.uid);
      // The target stays personal, and with it the refusal of paid readers.
      expect(articles.insert).toHaveBeenCalledWith(
        TX,
        expect.objectContaining({ publicationId: PUBLICATION_ID, target: 'personal', audience: 'free' }),
      );
      expect(result.publicationId).toBe(PUBLICATION_ID);
    });

    it('refuses a member removed since the target was set (ActorNotPublicationMember) and keeps the draft', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ publicationId: PUBLICATION_ID }));
      publications.isMember.mockResolvedValue(false);

      expect(await codeOf(service.submit(DRAFT_ID, AUTHOR.uid))).toBe('ActorNotPublicationMember');
      expect(articles.insert).not.toHaveBeenCalled();
      expect(drafts.delete).not.toHaveBeenCalled();
      expect(transactions.rolledBack).toBe(1);
    });

    it('passes on PublicationNotFound for a publication deleted since the target was set', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ publicationId: PUBLICATION_ID }));
      publications.isMember.mockRejectedValue(new AppError('PublicationNotFound'));

      expect(await codeOf(service.submit(DRAFT_ID, AUTHOR.uid))).toBe('PublicationNotFound');
      expect(articles.insert).not.toHaveBeenCalled();
    });

    it('refuses paid readers for a personal draft, asking nobody', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ publicationId: null, audience: 'paid' }));
      expect(await codeOf(service.submit(DRAFT_ID, AUTHOR.uid))).toBe('PaidAudienceNeedsPublication');
      expect(publications.isMember).not.toHaveBeenCalled();
      expect(articles.insert).not.toHaveBeenCalled();
    });

    it("lets paid readers through for a publication's draft (membership is asked next)", async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ publicationId: PUBLICATION_ID, audience: 'paid' }));
      publications.isMember.mockRejectedValue(new AppError('PublicationNotFound'));
      expect(await codeOf(service.submit(DRAFT_ID, AUTHOR.uid))).toBe('PublicationNotFound');
      expect(publications.isMember).toHaveBeenCalledWith(PUBLICATION_ID, AUTHOR.uid);
    });

    it('asks again only when an edit moves the article into a publication', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ articleId: ARTICLE_ID, publicationId: PUBLICATION_ID }));
      reviews.lockOpenEdit.mockResolvedValue(undefined);
      reviews.insertEdit.mockResolvedValue(edit({ publicationId: PUBLICATION_ID }));
      articles.findWithAuthor.mockResolvedValue(read({ status: 'published', publicationId: PUBLICATION_ID }));
      outbox.add.mockResolvedValue('event-e');

      // Already there (its author was removed since): it stays, and the edit keeps it there.
      articles.lockForUpdate.mockResolvedValue(article({ status: 'published', publicationId: PUBLICATION_ID }));
      await service.submit(DRAFT_ID, AUTHOR.uid);
      expect(publications.isMember).not.toHaveBeenCalled();
      expect(reviews.insertEdit).toHaveBeenCalledWith(TX, expect.objectContaining({ publicationId: PUBLICATION_ID }));

      // Moving a personal article in asks, and a non-member is refused.
      articles.lockForUpdate.mockResolvedValue(article({ status: 'published', publicationId: null }));
      publications.isMember.mockResolvedValue(false);
      expect(await codeOf(service.submit(DRAFT_ID, AUTHOR.uid))).toBe('ActorNotPublicationMember');
      expect(publications.isMember).toHaveBeenCalledWith(PUBLICATION_ID, AUTHOR.uid);
      expect(reviews.insertEdit).toHaveBeenCalledTimes(1);
    });

    it('refuses a sixth pending article and keeps the draft', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft());
      articles.countPending.mockResolvedValue(5);

      expect(await codeOf(service.submit(DRAFT_ID, AUTHOR.uid))).toBe('MaxArticlePublishCount');
      expect(articles.insert).not.toHaveBeenCalled();
      expect(drafts.delete).not.toHaveBeenCalled();
      expect(transactions.rolledBack).toBe(1);
    });

    it('holds a submitted draft to the full rules (the minimum content, a title)', async () => {
      drafts.lockForUpdate.mockResolvedValue(
        draft({ content: { blocks: [{ type: 'paragraph', data: { text: 'Qısa.' } }] } }),
      );
      expect(await codeOf(service.submit(DRAFT_ID, AUTHOR.uid))).toBe('InvalidContentMin');
      drafts.lockForUpdate.mockResolvedValue(draft({ title: '' }));
      expect(await codeOf(service.submit(DRAFT_ID, AUTHOR.uid))).toBe('InvalidArticleTitle');
      drafts.lockForUpdate.mockResolvedValue(draft({ content: null }));
      expect(await codeOf(service.submit(DRAFT_ID, AUTHOR.uid))).toBe('InvalidArticleContent');
      expect(articles.insert).not.toHaveBeenCalled();
    });

    it("answers another's draft as not found, and forbids a co-author to submit it", async () => {
      drafts.lockForUpdate.mockResolvedValue(draft());
      coAuthors.isAcceptedOnDraft.mockResolvedValue(false);
      expect(await codeOf(service.submit(DRAFT_ID, OTHER))).toBe('DraftNotFound');
      coAuthors.isAcceptedOnDraft.mockResolvedValue(true);
      expect(await codeOf(service.submit(DRAFT_ID, OTHER))).toBe('Forbidden');
      expect(coAuthors.isAcceptedOnDraft).toHaveBeenCalledWith(DRAFT_ID, OTHER, TX);
    });

    it('keeps the published version live and sends an edit of it into review, never straight to publication', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ articleId: ARTICLE_ID, title: 'Payız, yenə' }));
      articles.lockForUpdate.mockResolvedValue(article({ status: 'published', publishedAt: NOW, editCount: 2 }));
      reviews.lockOpenEdit.mockResolvedValue(undefined);
      reviews.insertEdit.mockResolvedValue(edit({ title: 'Payız, yenə' }));
      articles.findWithAuthor.mockResolvedValue(read({ status: 'published', publishedAt: NOW, editCount: 2 }));
      outbox.add.mockResolvedValue('event-2');

      const result = await service.submit(DRAFT_ID, AUTHOR.uid);

      // The live article is not touched: no new content, no new state, no publication.
      expect(articles.replaceContent).not.toHaveBeenCalled();
      expect(articles.setStatus).not.toHaveBeenCalled();
      expect(reviews.insertEdit).toHaveBeenCalledWith(
        TX,
        expect.objectContaining({
          articleId: ARTICLE_ID,
          authorId: AUTHOR.uid,
          title: 'Payız, yenə',
          bodyText: TEXT,
          status: 'accepted',
          submittedAt: NOW,
        }),
      );
      expect(reviews.record).toHaveBeenCalledWith(TX, ARTICLE_ID, ['accepted'], '', NOW);
      expect(outbox.add).toHaveBeenCalledTimes(1);
      const [tx, event] = outbox.add.mock.calls[0]!;
      expect(tx).toBe(TX);
      expect(event.subject).toBe(EVENTS.articleSubmitted.subject);
      expect(EVENTS.articleSubmitted.message.decode(event.payload)).toMatchObject({
        articleId: ARTICLE_ID,
        editId: EDIT_ID,
        isEdit: true,
        title: 'Payız, yenə',
        previousTitle: 'Payız',
        previousBodyText: TEXT,
      });
      expect(drafts.delete).toHaveBeenCalledWith(TX, DRAFT_ID);
      expect(result).toMatchObject({ status: ArticleStatus.ARTICLE_STATUS_PUBLISHED, editCount: 2, title: 'Payız' });
    });

    it('refuses a second edit while one waits for review', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ articleId: ARTICLE_ID }));
      articles.lockForUpdate.mockResolvedValue(article({ status: 'published', editCount: 1 }));
      reviews.lockOpenEdit.mockResolvedValue(edit());
      expect(await codeOf(service.submit(DRAFT_ID, AUTHOR.uid))).toBe('ArticleEditPending');
      expect(reviews.insertEdit).not.toHaveBeenCalled();
      expect(drafts.delete).not.toHaveBeenCalled();
    });

    it('refuses a sixth edit of a published article', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ articleId: ARTICLE_ID }));
      articles.lockForUpdate.mockResolvedValue(article({ status: 'published', editCount: 5 }));
      expect(await codeOf(service.submit(DRAFT_ID, AUTHOR.uid))).toBe('EditArticleCount');
      expect(articles.replaceContent).not.toHaveBeenCalled();
    });

    it('sends a revision back into review', async () => {
      drafts.lockForUpdate.mockResolvedValue(draft({ articleId: ARTICLE_ID }));
      articles.lockForUpdate.mockResolvedValue(article({ status: 'revisionRequested', reviewNote: 'Fix it' }));
      articles.countPending.mockResolvedValue(0);
      articles.replaceContent.mockResolvedValue(article({ status: 'revisionRequested' }));
      articles.setStatus.mockResolvedValue(article());
      articles.findWithAuthor.mockResolvedValue(read());
      outbox.add.mockResolvedValue('event-r');

      await service.submit(DRAFT_ID, AUTHOR.uid);

      expect(reviews.record).toHaveBeenCalledWith(TX, ARTICLE_ID, ['accepted'], '', NOW);
      expect(articles.setStatus).toHaveBeenCalledWith(TX, ARTICLE_ID, 'accepted', '', NOW);
      expect(outbox.add).toHaveBeenCalledTimes(1);
      expect(EVENTS.articleSubmitted.message.decode(outbox.add.mock.calls[0]![1].payload)).toMatchObject({
        articleId: ARTICLE_ID,
        isEdit: true,
      });
    });

    it('submits an article created directly, and answers a second submission as it is', async () => {
      drafts.lockForUpdate.mockResolvedValue(undefined);
      articles.lockForUpdate.mockResolvedValue(article({ status: 'draft' }));
      articles.countPending.mockResolvedValue(0);
      articles.setStatus.mockResolvedValue(article());
      articles.findWithAuthor.mockResolvedValue(read());
      outbox.add.mockResolvedValue('event-s');
      expect((await service.submit(ARTICLE_ID, AUTHOR.uid)).status).toBe(ArticleStatus.ARTICLE_STATUS_ACCEPTED);
      expect(outbox.add).toHaveBeenCalledTimes(1);

      articles.lockForUpdate.mockResolvedValue(article({ status: 'accepted' }));
      articles.setStatus.mockClear();
      expect((await service.submit(ARTICLE_ID, AUTHOR.uid)).status).toBe(ArticleStatus.ARTICLE_STATUS_ACCEPTED);
      expect(articles.setStatus).not.toHaveBeenCalled();
    });

    it('asks again for an article created directly in a publication (on its subdomain), and refuses a removed member', async () => {
      drafts.lockForUpdate.mockResolvedValue(undefined);
      articles.lockForUpdate.mockResolvedValue(article({ status: 'draft', publicationId: PUBLICATION_ID }));
      publications.isMember.mockResolvedValue(false);
      expect(await codeOf(service.submit(ARTICLE_ID, AUTHOR.uid))).toBe('ActorNotPublicationMember');
      expect(publications.isMember).toHaveBeenCalledWith(PUBLICATION_ID, AUTHOR.uid);
      expect(reviews.record).not.toHaveBeenCalled();

      publications.isMember.mockResolvedValue(true);
      articles.countPending.mockResolvedValue(0);
      articles.setStatus.mockResolvedValue(article());
      articles.findWithAuthor.mockResolvedValue(read());
      outbox.add.mockResolvedValue('event-s');
      expect((await service.submit(ARTICLE_ID, AUTHOR.uid)).status).toBe(ArticleStatus.ARTICLE_STATUS_ACCEPTED);
      expect(reviews.record).toHaveBeenCalledWith(TX, ARTICLE_ID, ['accepted'], '', NOW);
    });

    it('hides unknown ids and the unpublished articles of others', async () => {
      drafts.lockForUpdate.mockResolvedValue(undefined);
      articles.lockForUpdate.mockResolvedValue(undefined);
      expect(await codeOf(service.submit(ARTICLE_ID, AUTHOR.uid))).toBe('DraftNotFound');
      articles.lockForUpdate.mockResolvedValue(article({ status: 'draft' }));
      expect(await codeOf(service.submit(ARTICLE_ID, OTHER))).toBe('ArticleNotFound');
      articles.lockForUpdate.mockResolvedValue(article({ status: 'published' }));
      expect(await codeOf(service.submit(ARTICLE_ID, OTHER))).toBe('Forbidden');
    });
  });

  describe('decide', () => {
    it('approves: records the skipped states, publishes and announces in one transaction', async () => {
      articles.lockForUpdate.mockResolvedValue(article({ status: 'initialReview' }));
      reviews.record.mockResolvedValue(undefined);
      articles.setStatus.mockResolvedValue(article({ status: 'published' }));
      articles.findWithAuthor.mockResolvedValue(read({ status: 'published', publishedAt: NOW }));
      coAuthors.acceptedUidsOfArticle.mockResolvedValue([OTHER]);
      outbox.add.mockResolvedValue('event-3');

      const result = await service.decide(ARTICLE_ID, 'approve', 'ignored');

      expect(reviews.record).toHaveBeenCalledWith(
        TX,
        ARTICLE_ID,
        ['underModeration', 'approved', 'published'],
        '',
        NOW,
      );
      expect(articles.setStatus).toHaveBeenCalledWith(TX, ARTICLE_ID, 'published', '', NOW);
      expect(outbox.add.mock.calls.map(([tx, event]) => [tx, event.subject])).toEqual([
        [TX, EVENTS.articlePublished.subject],
        [TX, EVENTS.articleReviewed.subject],
      ]);
      expect(EVENTS.articleReviewed.message.decode(outbox.add.mock.calls[1]![1].payload)).toEqual({
        articleId: ARTICLE_ID,
        originalId: '',
        isTranslation: false,
        authorUids: [AUTHOR.uid, OTHER],
        title: 'Payız',
        decision: 'approved',
        note: '',
        atMs: NOW.getTime(),
        language: Language.LANGUAGE_AZ,
        isEdit: false,
      });
      expect(coAuthors.acceptedUidsOfArticle).toHaveBeenCalledWith(ARTICLE_ID, TX);
      expect(result.status).toBe(ArticleStatus.ARTICLE_STATUS_PUBLISHED);
    });

    it('keeps the note of a rejection or a revision request', async () => {
      articles.lockForUpdate.mockResolvedValue(article({ status: 'underModeration' }));
      reviews.record.mockResolvedValue(undefined);
      articles.setStatus.mockResolvedValue(article({ status: 'rejected' }));
      articles.findWithAuthor.mockResolvedValue(read({ status: 'rejected', reviewNote: 'Spam' }));
      coAuthors.acceptedUidsOfArticle.mockResolvedValue([]);
      outbox.add.mockResolvedValue('event-4');

      await service.decide(ARTICLE_ID, 'reject', '  Spam  ');

      expect(reviews.record).toHaveBeenCalledWith(TX, ARTICLE_ID, ['rejected'], 'Spam', NOW);
      expect(articles.setStatus).toHaveBeenCalledWith(TX, ARTICLE_ID, 'rejected', 'Spam', NOW);
      expect(outbox.add).toHaveBeenCalledTimes(1);
      expect(EVENTS.articleReviewed.message.decode(outbox.add.mock.calls[0]![1].payload)).toMatchObject({
        decision: 'rejected',
        note: 'Spam',
        authorUids: [AUTHOR.uid],
      });
    });

    it('announces a passed initial review, and nothing for its start', async () => {
      reviews.record.mockResolvedValue(undefined);
      articles.setStatus.mockResolvedValue(article());
      articles.findWithAuthor.mockResolvedValue(read());
      coAuthors.acceptedUidsOfArticle.mockResolvedValue([]);
      outbox.add.mockResolvedValue('event-5');

      articles.lockForUpdate.mockResolvedValue(article({ status: 'accepted' }));
      await service.decide(ARTICLE_ID, 'startInitialReview', '');
      expect(outbox.add).not.toHaveBeenCalled();

      articles.lockForUpdate.mockResolvedValue(article({ status: 'initialReview' }));
      await service.decide(ARTICLE_ID, 'passInitialReview', 'note dropped');
      expect(EVENTS.articleReviewed.message.decode(outbox.add.mock.calls[0]![1].payload)).toMatchObject({
        decision: 'initialPassed',
        note: '',
      });
    });

    it('answers a repeated decision as done and refuses a contrary one', async () => {
      articles.lockForUpdate.mockResolvedValue(article({ status: 'published' }));
      articles.findWithAuthor.mockResolvedValue(read({ status: 'published' }));
      expect((await service.decide(ARTICLE_ID, 'approve', '')).status).toBe(ArticleStatus.ARTICLE_STATUS_PUBLISHED);
      expect(await codeOf(service.decide(ARTICLE_ID, 'reject', ''))).toBe('OperationFailed');
      expect(reviews.record).not.toHaveBeenCalled();
      expect(outbox.add).not.toHaveBeenCalled();
      articles.lockForUpdate.mockResolvedValue(undefined);
      reviews.lockEdit.mockResolvedValue(undefined);
      expect(await codeOf(service.decide(ARTICLE_ID, 'approve', ''))).toBe('ArticleNotFound');
    });
  });

  describe('decide an edit', () => {
    beforeEach(() => {
      articles.lockForUpdate.mockImplementation(async (_tx, id) =>
        id === ARTICLE_ID ? article({ status: 'published', publishedAt: NOW, editCount: 2 }) : undefined,
      );
      reviews.record.mockResolvedValue(undefined);
      reviews.setEditStatus.mockResolvedValue(undefined);
      articles.findWithAuthor.mockResolvedValue(read({ status: 'published', publishedAt: NOW }));
      coAuthors.acceptedUidsOfArticle.mockResolvedValue([]);
      outbox.add.mockResolvedValue('event-e');
    });

    it('approving writes the edit over the live article, counts it and announces it published', async () => {
      reviews.lockEdit.mockResolvedValue(edit({ status: 'underModeration', title: 'Payız, yenə' }));
      articles.replaceContent.mockResolvedValue(article({ status: 'published', editCount: 3 }));

      await service.decide(EDIT_ID, 'approve', '');

      expect(reviews.lockEdit).toHaveBeenCalledWith(TX, EDIT_ID);
      expect(articles.replaceContent).toHaveBeenCalledWith(
        TX,
        ARTICLE_ID,
        expect.objectContaining({
          title: 'Payız, yenə',
          bodyText: TEXT,
          editCount: 3,
          updatedAt: NOW,
          publicationId: null,
        }),
      );
      expect(reviews.setEditStatus).toHaveBeenCalledWith(TX, EDIT_ID, 'published', '', NOW);
      expect(reviews.record).toHaveBeenCalledWith(TX, ARTICLE_ID, ['approved', 'published'], '', NOW);
      expect(articles.setStatus).not.toHaveBeenCalled();
      expect(outbox.add.mock.calls.map(([, event]) => event.subject)).toEqual([
        EVENTS.articlePublished.subject,
        EVENTS.articleReviewed.subject,
      ]);
      expect(EVENTS.articleReviewed.message.decode(outbox.add.mock.calls[1]![1].payload)).toMatchObject({
        articleId: ARTICLE_ID,
        decision: 'approved',
        isEdit: true,
      });
    });

    it('approving an edit that keeps the audience and the publication leaves the translations as announced', async () => {
      reviews.lockEdit.mockResolvedValue(edit({ status: 'underModeration', title: 'Payız, yenə' }));
      articles.replaceContent.mockResolvedValue(article({ status: 'published', editCount: 3 }));
      articles.listPublishedTranslationIds.mockResolvedValue([]);

      await service.decide(EDIT_ID, 'approve', '');

      expect(articles.listPublishedTranslationIds).not.toHaveBeenCalled();
    });

    it.each([
      ['free to paid, into a publication', { audience: 'paid', publicationId: PUBLICATION_ID }, {}],
      [
        'paid to free',
        { audience: 'free', publicationId: PUBLICATION_ID },
        { audience: 'paid', publicationId: PUBLICATION_ID },
      ],
      ['into a publication', { audience: 'free', publicationId: PUBLICATION_ID }, {}],
    ] as const)(
      'approving an edit %s announces the published translations again, after the article',
      async (_, changed, before) => {
        const TRANSLATION_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
        const PAST_TEASER = 'Gizli söz ancaq abunəçilər üçündür.';
        const blocks = [
          ...Array.from({ length: 6 }, () => ({ type: 'paragraph' as const, data: { text: TEXT } })),
          { type: 'paragraph' as const, data: { text: PAST_TEASER } },
        ];
        articles.lockForUpdate.mockImplementation(async (_tx, id) =>
          id === ARTICLE_ID ? article({ status: 'published', publishedAt: NOW, ...before }) : undefined,
        );
        reviews.lockEdit.mockResolvedValue(edit({ status: 'underModeration', ...changed }));
        articles.replaceContent.mockResolvedValue(article({ status: 'published', ...changed }));
        const live = read({ status: 'published', publishedAt: NOW, ...changed });
        const translation = read({
          id: TRANSLATION_ID,
          status: 'published',
          publishedAt: NOW,
          translationOf: ARTICLE_ID,
          language: 'en',
          audience: 'free',
          content: { ...CONTENT, blocks },
          bodyText: [...blocks.map((block) => block.data.text)].join('\n'),
        });
        articles.findWithAuthor.mockImplementation(async (id) => (id === TRANSLATION_ID ? translation : live));
        articles.listPublishedTranslationIds.mockResolvedValue([TRANSLATION_ID]);

        await service.decide(EDIT_ID, 'approve', '');

        expect(articles.listPublishedTranslationIds).toHaveBeenCalledWith(TX, ARTICLE_ID);
        expect(outbox.add.mock.calls.map(([tx, event]) => [tx, event.subject])).toEqual([
          [TX, EVENTS.articlePublished.subject],
          [TX, EVENTS.articlePublished.subject],
          [TX, EVENTS.articleReviewed.subject],
        ]);
        const again = EVENTS.articlePublished.message.decode(outbox.add.mock.calls[1]![1].payload);
        expect(again).toMatchObject({ articleId: TRANSLATION_ID, publicationId: PUBLICATION_ID });
        // A translation of a paid original carries only its teaser's text (search holds no more); of a free one, all.
        expect(again.bodyText.includes(PAST_TEASER)).toBe(changed.audience !== 'paid');
        expect(again.bodyText).toContain(TEXT);
      },
    );

    it('rejecting or asking for a revision leaves the live article as it is and tells the author', async () => {
      for (const [decision, status] of [
        ['reject', 'rejected'],
        ['requestRevision', 'revisionRequested'],
      ] as const) {
        outbox.add.mockClear();
        reviews.lockEdit.mockResolvedValue(edit({ status: 'underModeration' }));

        await service.decide(EDIT_ID, decision, '  Phishing link  ');

        expect(reviews.setEditStatus).toHaveBeenCalledWith(TX, EDIT_ID, status, 'Phishing link', NOW);
        expect(reviews.record).toHaveBeenCalledWith(TX, ARTICLE_ID, [status], 'Phishing link', NOW);
        expect(outbox.add).toHaveBeenCalledTimes(1);
        expect(EVENTS.articleReviewed.message.decode(outbox.add.mock.calls[0]![1].payload)).toMatchObject({
          decision: status,
          note: 'Phishing link',
          isEdit: true,
        });
      }
      expect(articles.replaceContent).not.toHaveBeenCalled();
      expect(articles.setStatus).not.toHaveBeenCalled();
    });

    it('runs the initial review on the edit, and answers a repeated decision as done', async () => {
      reviews.lockEdit.mockResolvedValue(edit({ status: 'accepted' }));
      await service.decide(EDIT_ID, 'startInitialReview', '');
      expect(reviews.setEditStatus).toHaveBeenCalledWith(TX, EDIT_ID, 'initialReview', '', NOW);
      expect(outbox.add).not.toHaveBeenCalled();

      reviews.setEditStatus.mockClear();
      reviews.lockEdit.mockResolvedValue(edit({ status: 'published' }));
      await service.decide(EDIT_ID, 'approve', '');
      expect(reviews.setEditStatus).not.toHaveBeenCalled();
      expect(articles.replaceContent).not.toHaveBeenCalled();
      expect(await codeOf(service.decide(EDIT_ID, 'reject', 'late'))).toBe('OperationFailed');
    });
  });

  describe('deletePending', () => {
    const HOUR = 3_600_000;

    it('deletes a pending article of its author within 6 hours and records the deletion', async () => {
      articles.lockForUpdate.mockResolvedValue(article({ createdAt: new Date(NOW.getTime() - 5 * HOUR) }));
      reviews.lockAuthor.mockResolvedValue(undefined);
      reviews.deletionsSince.mockResolvedValue(2);
      coAuthors.articleDeleted.mockResolvedValue(undefined);
      reviews.deleteTimeline.mockResolvedValue(undefined);
      articles.delete.mockResolvedValue(undefined);
      reviews.recordDeletion.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event');

      await service.deletePending(ARTICLE_ID, AUTHOR.uid);

      expect(reviews.deletionsSince).toHaveBeenCalledWith(TX, AUTHOR.uid, new Date(NOW.getTime() - 24 * HOUR));
      expect(articles.delete).toHaveBeenCalledWith(TX, ARTICLE_ID);
      expect(reviews.recordDeletion).toHaveBeenCalledWith(TX, AUTHOR.uid, ARTICLE_ID, NOW);
      // Moderation hears of it in the same transaction, so the queue does not keep a submission that is gone.
      const [tx, event] = outbox.add.mock.calls[0]!;
      expect(tx).toBe(TX);
      expect(event.subject).toBe('articles.article.withdrawn');
      expect(ArticleWithdrawn.decode(event.payload)).toEqual({
        articleId: ARTICLE_ID,
        authorUid: AUTHOR.uid,
        atMs: NOW.getTime(),
      });
    });

    it('refuses after the window, after a decision and after publication', async () => {
      articles.lockForUpdate.mockResolvedValue(article({ createdAt: new Date(NOW.getTime() - 6 * HOUR - 1000) }));
      expect(await codeOf(service.deletePending(ARTICLE_ID, AUTHOR.uid))).toBe('ArticleDeletionExpired');
      for (const status of ['published', 'rejected', 'revisionRequested'] as const) {
        articles.lockForUpdate.mockResolvedValue(article({ status }));
        expect(await codeOf(service.deletePending(ARTICLE_ID, AUTHOR.uid))).toBe('ArticleDeletionExpired');
      }
      expect(articles.delete).not.toHaveBeenCalled();
    });

    it('refuses a fourth deletion in 24 hours', async () => {
      articles.lockForUpdate.mockResolvedValue(article());
      reviews.lockAuthor.mockResolvedValue(undefined);
      reviews.deletionsSince.mockResolvedValue(3);
      expect(await codeOf(service.deletePending(ARTICLE_ID, AUTHOR.uid))).toBe('MaxArticleDeletionCount');
      expect(articles.delete).not.toHaveBeenCalled();
    });

    it("never deletes another's article", async () => {
      articles.lockForUpdate.mockResolvedValue(article());
      expect(await codeOf(service.deletePending(ARTICLE_ID, OTHER))).toBe('ArticleNotFound');
      articles.lockForUpdate.mockResolvedValue(article({ status: 'published' }));
      expect(await codeOf(service.deletePending(ARTICLE_ID, OTHER))).toBe('Forbidden');
    });
  });

  describe('timeline and list', () => {
    it('shows the timeline to the author and accepted co-authors only', async () => {
      articles.findWithAuthor.mockResolvedValue(read({ status: 'revisionRequested', reviewNote: 'Sources' }));
      reviews.timeline.mockResolvedValue([
        { status: 'accepted', note: '', at: NOW },
        { status: 'revisionRequested', note: 'Sources', at: NOW },
      ]);
      expect(await service.timeline(ARTICLE_ID, AUTHOR.uid)).toEqual({
        articleId: ARTICLE_ID,
        status: ArticleStatus.ARTICLE_STATUS_REVISION_REQUESTED,
        reviewNote: 'Sources',
        events: [
          { status: ArticleStatus.ARTICLE_STATUS_ACCEPTED, atMs: NOW.getTime(), note: '' },
          { status: ArticleStatus.ARTICLE_STATUS_REVISION_REQUESTED, atMs: NOW.getTime(), note: 'Sources' },
        ],
      });
      coAuthors.isAcceptedOnArticle.mockResolvedValue(true);
      expect((await service.timeline(ARTICLE_ID, OTHER)).events).toHaveLength(2);
      coAuthors.isAcceptedOnArticle.mockResolvedValue(false);
      expect(await codeOf(service.timeline(ARTICLE_ID, OTHER))).toBe('ArticleNotFound');
      expect(await codeOf(service.timeline(ARTICLE_ID, ''))).toBe('ArticleNotFound');
    });

    it("lists the author's submitted articles with what can be done to each", async () => {
      const row = (id: string, status: ArticleRow['status'], hoursAgo: number) => ({
        id,
        title: id,
        language: 'az' as const,
        status,
        reviewNote: '',
        translationOf: null,
        createdAt: new Date(NOW.getTime() - hoursAgo * 3_600_000),
        updatedAt: NOW,
      });
      articles.listSubmittedByAuthor.mockResolvedValue([
        row('a', 'accepted', 1),
        row('b', 'accepted', 7),
        row('c', 'published', 1),
        row('d', 'revisionRequested', 1),
      ]);
      const page = await service.listMine(AUTHOR.uid, 1, 3);
      expect(articles.listSubmittedByAuthor).toHaveBeenCalledWith(AUTHOR.uid, 0, 3);
      expect(page.hasMore).toBe(true);
      expect(page.items.map((i) => [i.id, i.deletable, i.editable])).toEqual([
        ['a', true, false],
        ['b', false, false],
        ['c', false, true],
      ]);
      expect(await codeOf(service.listMine(AUTHOR.uid, 501, 20))).toBe('InvalidPage');
    });
  });
});
