import { CommentStatus } from '@pencraft/contracts/comments/v1/comments';
import { ReportReason } from '@pencraft/contracts/common/v1/common';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import {
  CommentDeleted,
  CommentPublished,
  CommentSubmitted,
  CommentVoted,
} from '@pencraft/contracts/events/v1/comments';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { ArticleDirectory } from '../articles/article-directory.js';
import type { ArticleRefRepository } from '../articles/article-ref.repository.js';
import type { AuthorRepository } from '../authors/author.repository.js';
import type { CommentReportRepository } from '../reports/comment-report.repository.js';
import type { CommentVoteRepository } from '../votes/comment-vote.repository.js';
import type { CommentRepository, CommentView } from './comment.repository.js';
import { buildThreads, CommentService } from './comment.service.js';
import type { CommentRow } from './comment.table.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const ARTICLE = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const WRITER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const ALICE = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const BOB = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const COMMENT = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const alice = { uid: ALICE, username: 'alice', fullname: 'Alice', imageUrl: '', rating: 0 };
const bob = { uid: BOB, username: 'bob', fullname: 'Bob', imageUrl: '', rating: 0 };

function row(over: Partial<CommentRow> = {}): CommentRow {
  return {
    id: COMMENT,
    articleId: ARTICLE,
    authorUid: ALICE,
    parentId: null,
    rootId: COMMENT,
    depth: 1,
    replyToUid: null,
    content: 'Salam',
    status: 'underReview',
    deleted: false,
    pendingEdit: false,
    everPublished: false,
    upVotes: 0,
    downVotes: 0,
    reviewNote: '',
    createdAt: NOW,
    editedAt: null,
    publishedAt: null,
    deletedAt: null,
    ...over,
  };
}

function view(over: Partial<CommentView> = {}): CommentView {
  return {
    ...row(over),
    authorUsername: 'alice',
    authorFullname: 'Alice',
    authorImageUrl: null,
    replyToUsername: null,
    articleTitle: 'Title',
    replyCount: 0,
    ...over,
  };
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('CommentService', () => {
  let comments: StrictMock<CommentRepository>;
  let votes: StrictMock<CommentVoteRepository>;
  let reports: StrictMock<CommentReportRepository>;
  let authors: StrictMock<AuthorRepository>;
  let refs: StrictMock<ArticleRefRepository>;
  let articles: StrictMock<ArticleDirectory>;
  let outbox: StrictMock<Outbox>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: CommentService;

  beforeEach(() => {
    comments = strictMock<CommentRepository>('CommentRepository');
    votes = strictMock<CommentVoteRepository>('CommentVoteRepository');
    reports = strictMock<CommentReportRepository>('CommentReportRepository');
    authors = strictMock<AuthorRepository>('AuthorRepository');
    refs = strictMock<ArticleRefRepository>('ArticleRefRepository');
    articles = strictMock<ArticleDirectory>('ArticleDirectory');
    outbox = strictMock<Outbox>('Outbox');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new CommentService(transactions, comments, votes, reports, authors, refs, articles, outbox, clock);
  });

  describe('create', () => {
    beforeEach(() => {
      articles.get.mockResolvedValue({ found: true, status: 'published', title: 'Title', authorUids: [WRITER] });
    });

    it('writes a comment under review with its submitted event, in one transaction', async () => {
      comments.lockUser.mockResolvedValue(undefined);
      comments.countSince.mockResolvedValue({ short: 0, long: 0 });
      comments.insert.mockResolvedValue(undefined);
      authors.upsert.mockResolvedValue(undefined);
      refs.upsert.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event');
      comments.view.mockResolvedValue(view());

      const created = await service.create({ actor: alice, articleId: ARTICLE, parentId: '', content: ' Salam ' });

      expect(created.status).toBe(CommentStatus.COMMENT_STATUS_UNDER_REVIEW);
      expect(comments.lockUser).toHaveBeenCalledWith(TX, 'comment', ALICE);
      const inserted = comments.insert.mock.calls[0]![1];
      expect(inserted).toMatchObject({ articleId: ARTICLE, authorUid: ALICE, depth: 1, content: 'Salam' });
      expect(inserted.rootId).toBe(inserted.id);
      expect(refs.upsert).toHaveBeenCalledWith(TX, { articleId: ARTICLE, title: 'Title', authorUids: [WRITER] }, NOW);
      const [tx, event] = outbox.add.mock.calls[0]!;
      expect(tx).toBe(TX);
      expect(event.subject).toBe(EVENTS.commentSubmitted.subject);
      expect(CommentSubmitted.decode(event.payload)).toMatchObject({
        authorUid: ALICE,
        content: 'Salam',
        isEdit: false,
      });
      expect(transactions.committed).toBe(1);
    });

    it('refuses beyond the limits and writes nothing', async () => {
      comments.lockUser.mockResolvedValue(undefined);
      comments.countSince.mockResolvedValue({ short: 10, long: 10 });
      expect(await codeOf(service.create({ actor: alice, articleId: ARTICLE, parentId: '', content: 'x' }))).toBe(
        'CommentsCountExceed',
      );
      expect(transactions.rolledBack).toBe(1);
    });

    it('refuses an article that is not published, before any transaction', async () => {
      articles.get.mockResolvedValue({ found: true, status: 'accepted', title: 'T', authorUids: [WRITER] });
      expect(await codeOf(service.create({ actor: alice, articleId: ARTICLE, parentId: '', content: 'x' }))).toBe(
        'ArticleNotFound',
      );
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('refuses a parent that readers cannot see', async () => {
      comments.lockUser.mockResolvedValue(undefined);
      comments.countSince.mockResolvedValue({ short: 0, long: 0 });
      comments.find.mockResolvedValue(row());
      expect(await codeOf(service.create({ actor: bob, articleId: ARTICLE, parentId: COMMENT, content: 'x' }))).toBe(
        'CommentNotFound',
      );
    });
  });

  it("refuses to edit or delete someone else's comment", async () => {
    comments.lock.mockResolvedValue(row({ status: 'published' }));
    expect(await codeOf(service.edit({ actor: bob, commentId: COMMENT, content: 'Oğurluq' }))).toBe(
      'EditCommentNotFound',
    );
    expect(await codeOf(service.delete({ uid: BOB, commentId: COMMENT }))).toBe('CommentNotFound');
    expect(transactions.committed).toBe(0);
  });

  it('deletes one’s own published comment, announcing that readers saw it', async () => {
    comments.lock.mockResolvedValue(row({ status: 'published' }));
    comments.update.mockResolvedValue(undefined);
    outbox.add.mockResolvedValue('event');
    await service.delete({ uid: ALICE, commentId: COMMENT });
    expect(comments.update).toHaveBeenCalledWith(TX, COMMENT, { deleted: true, deletedAt: NOW, pendingEdit: false });
    expect(CommentDeleted.decode(outbox.add.mock.calls[0]![1].payload)).toMatchObject({
      wasPublished: true,
      by: 'author',
    });
  });

  it('refuses a vote on one’s own comment', async () => {
    comments.lock.mockResolvedValue(row({ status: 'published' }));
    expect(await codeOf(service.vote({ actor: alice, commentId: COMMENT, direction: 'up' }))).toBe(
      'ForbiddenSelfReaction',
    );
  });

  it('counts an upvote and announces it with the article’s title, for notification 50', async () => {
    comments.lock.mockResolvedValue(row({ status: 'published' }));
    votes.find.mockResolvedValue(null);
    votes.set.mockResolvedValue(undefined);
    comments.addVotes.mockResolvedValue({ up: 1, down: 0 });
    authors.upsert.mockResolvedValue(undefined);
    refs.find.mockResolvedValue({ articleId: ARTICLE, title: 'On rivers', authorUids: [WRITER] });
    outbox.add.mockResolvedValue('event');
    expect(await service.vote({ actor: bob, commentId: COMMENT, direction: 'up' })).toEqual({
      commentId: COMMENT,
      up: 1,
      down: 0,
      myVote: 'up',
    });
    const [tx, event] = outbox.add.mock.calls[0]!;
    expect(tx).toBe(TX);
    expect(CommentVoted.decode(event.payload)).toMatchObject({
      authorUid: ALICE,
      voterUid: BOB,
      vote: 'up',
      previous: '',
      articleTitle: 'On rivers',
    });
  });

  it('answers AlreadyReportedComment for a second report', async () => {
    comments.lockUser.mockResolvedValue(undefined);
    comments.find.mockResolvedValue(row({ status: 'published' }));
    reports.insert.mockResolvedValue(false);
    expect(
      await codeOf(
        service.report({ actor: bob, commentId: COMMENT, reason: ReportReason.REPORT_REASON_SPAM, note: '' }),
      ),
    ).toBe('AlreadyReportedComment');
    expect(reports.insert.mock.calls[0]![1]).toMatchObject({ reason: 'spam' });
  });

  it('refuses a report without a reason this build knows with InvalidModel', async () => {
    expect(
      await codeOf(
        service.report({ actor: bob, commentId: COMMENT, reason: ReportReason.REPORT_REASON_UNSPECIFIED, note: '' }),
      ),
    ).toBe('InvalidModel');
  });

  describe("a publication's comments", () => {
    it('lists the published comments on the given articles, newest first, a page at a time', async () => {
      const other = '7e6d5c4b-3a29-4817-9f6e-5d4c3b2a1908';
      comments.onArticles.mockResolvedValue({
        items: [view({ status: 'published', articleTitle: 'On Baku' })],
        hasMore: true,
      });
      const answer = await service.listOnArticles({
        articleIds: [ARTICLE.toUpperCase(), ARTICLE, other, 'nope'],
        page: 2,
        pageSize: 5,
      });
      expect(comments.onArticles).toHaveBeenCalledWith([ARTICLE, other], 5, 5);
      expect(answer).toMatchObject({ page: 2, pageSize: 5, hasMore: true });
      expect(answer.items).toHaveLength(1);
      expect(answer.items[0]).toMatchObject({
        id: COMMENT,
        articleId: ARTICLE,
        articleTitle: 'On Baku',
        status: CommentStatus.COMMENT_STATUS_PUBLISHED,
        author: { uid: ALICE, username: 'alice', fullname: 'Alice', imageUrl: '' },
        content: 'Salam',
      });
    });

    it('answers an empty page for no article without reading', async () => {
      expect(await service.listOnArticles({ articleIds: ['nope'], page: 0, pageSize: 0 })).toEqual({
        items: [],
        page: 1,
        pageSize: 20,
        hasMore: false,
      });
    });

    it('reads at most 1000 articles', async () => {
      comments.onArticles.mockResolvedValue({ items: [], hasMore: false });
      const ids = Array.from({ length: 1200 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      await service.listOnArticles({ articleIds: ids, page: 1, pageSize: 20 });
      expect(comments.onArticles.mock.calls[0]![0]).toHaveLength(1000);
    });
  });

  describe('decide', () => {
    it('publishes with reviewed and published events naming the article’s authors and the answered author', async () => {
      comments.lock.mockResolvedValue(row({ replyToUid: BOB, parentId: COMMENT, depth: 2 }));
      comments.update.mockResolvedValue(undefined);
      comments.view.mockResolvedValue(view({ status: 'published' }));
      refs.find.mockResolvedValue({ articleId: ARTICLE, title: 'Title', authorUids: [WRITER] });
      outbox.add.mockResolvedValue('event');

      const answer = await service.decide({ commentId: COMMENT, decision: 'approve', note: '', moderator: 'm' });

      expect(answer.changed).toBe(true);
      const subjects = outbox.add.mock.calls.map(([, event]) => event.subject);
      expect(subjects).toEqual([EVENTS.commentReviewed.subject, EVENTS.commentPublished.subject]);
      expect(CommentPublished.decode(outbox.add.mock.calls[1]![1].payload)).toMatchObject({
        articleAuthorUids: [WRITER],
        authorUid: ALICE,
        parentAuthorUid: BOB,
        excerpt: 'Salam',
      });
    });

    it('changes and announces nothing when repeated', async () => {
      comments.lock.mockResolvedValue(row({ status: 'published', everPublished: true }));
      comments.view.mockResolvedValue(view({ status: 'published' }));
      const answer = await service.decide({ commentId: COMMENT, decision: 'approve', note: '', moderator: 'm' });
      expect(answer.changed).toBe(false);
      expect(outbox.add).not.toHaveBeenCalled();
    });

    it('refuses an unknown decision', async () => {
      expect(await codeOf(service.decide({ commentId: COMMENT, decision: 'maybe', note: '', moderator: 'm' }))).toBe(
        'InvalidModel',
      );
    });
  });
});

describe('buildThreads', () => {
  const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

  it('nests replies, keeps a deleted parent of shown replies as a placeholder and shows pending ones to their author', () => {
    const all = [
      view({ id: id(1), rootId: id(1), status: 'published', deleted: true }),
      view({ id: id(2), rootId: id(1), parentId: id(1), depth: 2, status: 'published', authorUid: BOB }),
      view({ id: id(3), rootId: id(1), parentId: id(1), depth: 2, status: 'underReview', authorUid: BOB }),
      view({ id: id(4), rootId: id(1), parentId: id(2), depth: 3, status: 'rejected' }),
    ];
    const [root] = buildThreads([id(1)], all, ALICE);
    expect(root).toMatchObject({ id: id(1), deleted: true, content: '', author: undefined, replyCount: 1 });
    expect(root!.replies.map((reply) => reply.id)).toEqual([id(2)]);
    const [bobsView] = buildThreads([id(1)], all, BOB);
    expect(bobsView!.replies.map((reply) => reply.id)).toEqual([id(2), id(3)]);
  });

  it('leaves out a deleted comment without shown replies', () => {
    expect(buildThreads([id(1)], [view({ id: id(1), status: 'published', deleted: true })], null)).toEqual([]);
  });
});
