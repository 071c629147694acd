import { reportReasons } from '@pencraft/contracts/enums';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type * as pb from '@pencraft/contracts/comments/v1/comments';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, type Transaction, TransactionManager } from '@pencraft/kit';
import {
  PAGE_SIZE,
  REPORT_NOTE_MAX,
  REPORTS_PER_DAY,
  codePointLength,
  commentExcerpt,
  normalizeReportNote,
} from '@pencraft/rules';
import { ArticleDirectory, takesComments } from '../articles/article-directory.js';
import { ArticleRefRepository } from '../articles/article-ref.repository.js';
import { AuthorRepository } from '../authors/author.repository.js';
import { isUuid } from '../ids.js';
import { CommentReportRepository } from '../reports/comment-report.repository.js';
import { CommentVoteRepository } from '../votes/comment-vote.repository.js';
import { presentComment } from './comment.presenter.js';
import { CommentRepository, type CommentView, type ThreadSort } from './comment.repository.js';
import {
  checkCommentLimits,
  commentContent,
  decide,
  isEditable,
  isVisible,
  nextVote,
  placeReply,
  voteDelta,
  type CommentState,
  type Decision,
} from './comment.rules.js';
import type { CommentRow } from './comment.table.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const EFFECTS_MAX = 100;
const PAGE_SIZE_MAX = 50;
/** The most article ids ListArticlesComments reads (what articles answers for a publication at most). */
const ARTICLE_IDS_MAX = 1000;

function stateOf(row: CommentRow): CommentState {
  return {
    status: row.status,
    deleted: row.deleted,
    pendingEdit: row.pendingEdit,
    everPublished: row.everPublished,
  };
}

function actorOf(actor: pb.Actor | undefined): pb.Actor {
  if (!actor || !isUuid(actor.uid)) throw new AppError('Unauthorized');
  return actor;
}

function paging(page: number, pageSize: number) {
  const size = pageSize > 0 ? Math.min(pageSize, PAGE_SIZE_MAX) : PAGE_SIZE;
  const number = page > 0 ? page : 1;
  return { page: number, pageSize: size, offset: (number - 1) * size };
}

/**
 * Comments: written under review, published by moderation's decision, voted and reported by readers, edited and
 * deleted by their authors only. Every change and its event commit together (outbox).
 */
@Injectable()
export class CommentService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly comments: CommentRepository,
    private readonly votes: CommentVoteRepository,
    private readonly reports: CommentReportRepository,
    private readonly authors: AuthorRepository,
    private readonly articleRefs: ArticleRefRepository,
    private readonly articles: ArticleDirectory,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  async create(request: pb.CreateCommentRequest): Promise<pb.Comment> {
    const actor = actorOf(request.actor);
    const content = commentContent(request.content);
    if (!isUuid(request.articleId)) throw new AppError('ArticleNotFound');
    if (request.parentId && !isUuid(request.parentId)) throw new AppError('CommentNotFound');
    const article = await this.articles.get(request.articleId);
    if (!takesComments(article)) throw new AppError('ArticleNotFound');
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      await this.comments.lockUser(tx, 'comment', actor.uid);
      const recent = await this.comments.countSince(
        tx,
        actor.uid,
        new Date(now.getTime() - 10 * MINUTE),
        new Date(now.getTime() - DAY),
      );
      checkCommentLimits(recent.short, recent.long);
      let parent: CommentRow | undefined;
      if (request.parentId) {
        parent = await this.comments.find(tx, request.parentId);
        if (!parent || parent.articleId !== request.articleId || !isVisible(stateOf(parent))) {
          throw new AppError('CommentNotFound');
        }
      }
      const id = randomUUID();
      const placement = placeReply(id, parent);
      await this.comments.insert(tx, {
        id,
        articleId: request.articleId,
        authorUid: actor.uid,
        ...placement,
        content,
        status: 'underReview',
        createdAt: now,
      });
      await this.rememberActor(tx, actor, now);
      await this.articleRefs.upsert(
        tx,
        { articleId: request.articleId, title: article.title, authorUids: article.authorUids.filter(isUuid) },
        now,
      );
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.commentSubmitted, {
          commentId: id,
          articleId: request.articleId,
          authorUid: actor.uid,
          authorUsername: actor.username,
          content,
          parentId: placement.parentId ?? '',
          isEdit: false,
          createdAtMs: now.getTime(),
          articleTitle: article.title,
        }),
      );
      return presentComment((await this.comments.view(id, actor.uid, tx))!);
    });
  }

  /** The author's new text; a published comment stays published and goes to moderation again as an edit. */
  async edit(request: pb.EditCommentRequest): Promise<pb.Comment> {
    const actor = actorOf(request.actor);
    const content = commentContent(request.content);
    if (!isUuid(request.commentId)) throw new AppError('EditCommentNotFound');
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const row = await this.comments.lock(tx, request.commentId);
      if (!row || row.authorUid !== actor.uid || !isEditable(stateOf(row))) throw new AppError('EditCommentNotFound');
      if (content !== row.content) {
        await this.comments.update(tx, row.id, {
          content,
          editedAt: now,
          pendingEdit: row.status === 'published' || row.pendingEdit,
        });
        await this.rememberActor(tx, actor, now);
        const article = await this.articleRefs.find(tx, row.articleId);
        await this.outbox.add(
          tx,
          outboxEvent(EVENTS.commentSubmitted, {
            commentId: row.id,
            articleId: row.articleId,
            authorUid: actor.uid,
            authorUsername: actor.username,
            content,
            parentId: row.parentId ?? '',
            isEdit: true,
            createdAtMs: now.getTime(),
            articleTitle: article?.title ?? '',
          }),
        );
      }
      return presentComment((await this.comments.view(row.id, actor.uid, tx))!);
    });
  }

  /** Soft: the text goes from every answer; replies keep their place under a "deleted" one. */
  async delete(request: pb.DeleteCommentRequest): Promise<void> {
    if (!isUuid(request.uid)) throw new AppError('Unauthorized');
    if (!isUuid(request.commentId)) throw new AppError('CommentNotFound');
    const now = this.clock.now();
    await this.transactions.run(async (tx) => {
      const row = await this.comments.lock(tx, request.commentId);
      if (!row || row.authorUid !== request.uid || row.deleted) throw new AppError('CommentNotFound');
      await this.comments.update(tx, row.id, { deleted: true, deletedAt: now, pendingEdit: false });
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.commentDeleted, {
          commentId: row.id,
          articleId: row.articleId,
          authorUid: row.authorUid,
          wasPublished: row.status === 'published',
          by: 'author',
          atMs: now.getTime(),
        }),
      );
    });
  }

  /** Upvote or downvote as a toggle on a published comment, counted on its locked row. */
  async vote(request: pb.VoteCommentRequest): Promise<pb.VoteCommentResponse> {
    const actor = actorOf(request.actor);
    if (request.direction !== 'up' && request.direction !== 'down') throw new AppError('InvalidModel');
    const pressed = request.direction;
    if (!isUuid(request.commentId)) throw new AppError('CommentNotFound');
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const row = await this.comments.lock(tx, request.commentId);
      if (!row || !isVisible(stateOf(row))) throw new AppError('CommentNotFound');
      if (row.authorUid === actor.uid) throw new AppError('ForbiddenSelfReaction');
      const current = await this.votes.find(tx, row.id, actor.uid);
      const next = nextVote(current, pressed, actor.rating);
      await this.votes.set(tx, row.id, actor.uid, next, now);
      const counts = await this.comments.addVotes(tx, row.id, voteDelta(current, next));
      await this.rememberActor(tx, actor, now);
      const article = await this.articleRefs.find(tx, row.articleId);
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.commentVoted, {
          commentId: row.id,
          articleId: row.articleId,
          authorUid: row.authorUid,
          voterUid: actor.uid,
          voterUsername: actor.username,
          voterFullname: actor.fullname,
          vote: next ?? '',
          previous: current ?? '',
          up: counts.up,
          down: counts.down,
          excerpt: commentExcerpt(row.content),
          atMs: now.getTime(),
          articleTitle: article?.title ?? '',
        }),
      );
      return { commentId: row.id, up: counts.up, down: counts.down, myVote: next ?? '' };
    });
  }

  async report(request: pb.ReportCommentRequest): Promise<pb.ReportCommentResponse> {
    const actor = actorOf(request.actor);
    const reason = reportReasons.require(request.reason, 'reason');
    const note = normalizeReportNote(request.note);
    if (codePointLength(note) > REPORT_NOTE_MAX) throw new AppError('InvalidModel');
    if (!isUuid(request.commentId)) throw new AppError('CommentNotFound');
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      await this.comments.lockUser(tx, 'report', actor.uid);
      const row = await this.comments.find(tx, request.commentId);
      if (!row || !isVisible(stateOf(row))) throw new AppError('CommentNotFound');
      if (row.authorUid === actor.uid) throw new AppError('ForbiddenSelfReaction');
      const id = randomUUID();
      const added = await this.reports.insert(tx, {
        id,
        commentId: row.id,
        reporterUid: actor.uid,
        reason,
        note,
        createdAt: now,
      });
      if (!added) throw new AppError('AlreadyReportedComment');
      // The new report counts too: the transaction rolls it back when it is one too many.
      if ((await this.reports.countSince(tx, actor.uid, new Date(now.getTime() - DAY))) > REPORTS_PER_DAY) {
        throw new AppError('ReportsCountExceed');
      }
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.commentReported, {
          reportId: id,
          commentId: row.id,
          articleId: row.articleId,
          reporterUid: actor.uid,
          reason: request.reason,
          note,
          authorUid: row.authorUid,
          excerpt: commentExcerpt(row.content),
          atMs: now.getTime(),
        }),
      );
      return { reportId: id, commentId: row.id, reason: request.reason, createdAtMs: now.getTime() };
    });
  }

  /** Moderation's decision; the same again changes nothing and announces nothing. */
  async decide(request: pb.DecideCommentRequest): Promise<pb.DecideCommentResponse> {
    if (request.decision !== 'approve' && request.decision !== 'reject') throw new AppError('InvalidModel');
    const decision: Decision = request.decision;
    if (!isUuid(request.commentId)) throw new AppError('CommentNotFound');
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const row = await this.comments.lock(tx, request.commentId);
      if (!row) throw new AppError('CommentNotFound');
      const outcome = decide(stateOf(row), decision);
      if (outcome.changed) {
        await this.comments.update(tx, row.id, {
          status: outcome.next.status,
          pendingEdit: outcome.next.pendingEdit,
          everPublished: outcome.next.everPublished,
          reviewNote: request.note,
          ...(outcome.announcePublished ? { publishedAt: now } : {}),
        });
        await this.announceDecision(tx, row, request, outcome, now);
      }
      return { comment: presentComment((await this.comments.view(row.id, null, tx))!, true), changed: outcome.changed };
    });
  }

  private async announceDecision(
    tx: Transaction,
    row: CommentRow,
    request: pb.DecideCommentRequest,
    outcome: ReturnType<typeof decide>,
    now: Date,
  ) {
    const view = (await this.comments.view(row.id, null, tx))!;
    const excerpt = commentExcerpt(row.content);
    const article = await this.articleRefs.find(tx, row.articleId);
    await this.outbox.add(
      tx,
      outboxEvent(EVENTS.commentReviewed, {
        commentId: row.id,
        articleId: row.articleId,
        articleTitle: article?.title ?? '',
        authorUid: row.authorUid,
        decision: request.decision,
        note: request.note,
        isEdit: outcome.isEdit,
        excerpt,
        moderator: request.moderator,
        atMs: now.getTime(),
      }),
    );
    if (outcome.announcePublished) {
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.commentPublished, {
          commentId: row.id,
          articleId: row.articleId,
          articleTitle: article?.title ?? '',
          articleAuthorUids: article?.authorUids ?? [],
          authorUid: row.authorUid,
          authorUsername: view.authorUsername ?? '',
          authorFullname: view.authorFullname ?? '',
          authorImageUrl: view.authorImageUrl ?? '',
          parentId: row.parentId ?? '',
          parentAuthorUid: row.replyToUid ?? '',
          excerpt,
          publishedAtMs: now.getTime(),
        }),
      );
    }
    if (outcome.announceRemoved) {
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.commentDeleted, {
          commentId: row.id,
          articleId: row.articleId,
          authorUid: row.authorUid,
          wasPublished: true,
          by: 'moderation',
          atMs: now.getTime(),
        }),
      );
    }
  }

  /**
   * One comment: a published one for anyone; one under review or rejected for its author only (RawCommentNotFound
   * for others); a deleted one for nobody but moderation (`anyState`).
   */
  async get(request: pb.GetCommentRequest): Promise<pb.Comment> {
    if (!isUuid(request.commentId)) throw new AppError('CommentNotFound');
    const viewer = isUuid(request.viewerUid) ? request.viewerUid : null;
    const view = await this.comments.view(request.commentId, viewer);
    if (!view) throw new AppError('CommentNotFound');
    if (request.anyState) return presentComment(view, true);
    if (view.deleted) throw new AppError('CommentNotFound');
    if (view.status !== 'published' && view.authorUid !== viewer) throw new AppError('RawCommentNotFound');
    return presentComment(view);
  }

  /**
   * A page of an article's thread: top-level comments with every reply under them. Readers see published comments;
   * a comment they cannot see that holds replies they can is shown as deleted; the viewer also sees their own under
   * review (their top-level ones first on the first page).
   */
  async thread(request: pb.ListThreadRequest): Promise<pb.ListThreadResponse> {
    if (!isUuid(request.articleId)) throw new AppError('ArticleNotFound');
    const viewer = isUuid(request.viewerUid) ? request.viewerUid : null;
    const { page, pageSize, offset } = paging(request.page, request.pageSize);
    const sort: ThreadSort = request.sort === 'oldest' || request.sort === 'top' ? request.sort : 'newest';
    // The article's state (articles, over gRPC) and the page's reads do not wait for one another; nothing read is
    // answered unless the article takes comments.
    const [article, roots, pending, total] = await Promise.all([
      this.articles.getForReading(request.articleId),
      this.comments.threadRoots(request.articleId, sort, offset, pageSize),
      viewer && page === 1 ? this.comments.pendingRootsOf(request.articleId, viewer) : Promise.resolve([]),
      this.comments.countVisible(request.articleId),
    ]);
    if (!takesComments(article)) throw new AppError('ArticleNotFound');
    const rootIds = [...new Set([...pending.map((view) => view.id), ...roots.ids])];
    const all = await this.comments.threadsOf(rootIds, viewer);
    return { items: buildThreads(rootIds, all, viewer), page, pageSize, hasMore: roots.hasMore, total };
  }

  async listByUser(request: pb.ListUserCommentsRequest): Promise<pb.ListUserCommentsResponse> {
    const { page, pageSize, offset } = paging(request.page, request.pageSize);
    if (!isUuid(request.uid)) return { items: [], page, pageSize, hasMore: false };
    const mine = isUuid(request.viewerUid) && request.viewerUid === request.uid;
    const result = await this.comments.byAuthor(request.uid, mine, offset, pageSize);
    return { items: result.items.map((view) => presentComment(view)), page, pageSize, hasMore: result.hasMore };
  }

  /** Published comments on any of the articles (a publication's, chosen by the caller), newest first, flat. */
  async listOnArticles(request: pb.ListArticlesCommentsRequest): Promise<pb.ListArticlesCommentsResponse> {
    const { page, pageSize, offset } = paging(request.page, request.pageSize);
    const ids = [...new Set(request.articleIds.filter(isUuid).map((id) => id.toLowerCase()))].slice(0, ARTICLE_IDS_MAX);
    if (ids.length === 0) return { items: [], page, pageSize, hasMore: false };
    const result = await this.comments.onArticles(ids, offset, pageSize);
    return { items: result.items.map((view) => presentComment(view)), page, pageSize, hasMore: result.hasMore };
  }

  /** The viewer's votes and reports on the given comments (a visitor has none). */
  async effects(request: pb.GetCommentEffectsRequest): Promise<pb.GetCommentEffectsResponse> {
    const ids = [...new Set(request.commentIds.filter(isUuid))].slice(0, EFFECTS_MAX);
    if (!isUuid(request.viewerUid))
      return { items: ids.map((commentId) => ({ commentId, myVote: '', reported: false })) };
    const [votes, reported] = await Promise.all([
      this.votes.votesOf(request.viewerUid, ids),
      this.reports.reportedBy(request.viewerUid, ids),
    ]);
    return {
      items: ids.map((commentId) => ({
        commentId,
        myVote: votes.get(commentId) ?? '',
        reported: reported.has(commentId),
      })),
    };
  }

  private async rememberActor(tx: Transaction, actor: pb.Actor, at: Date) {
    if (!actor.username) return;
    await this.authors.upsert(
      tx,
      { uid: actor.uid, username: actor.username, fullname: actor.fullname, imageUrl: actor.imageUrl || null },
      at,
    );
  }
}

/**
 * Nests the comments of the given threads. A comment shows when readers see it or it is the viewer's own under
 * review; one that does not but holds shown replies stays as a deleted placeholder; the rest are left out.
 */
export function buildThreads(rootIds: string[], all: CommentView[], viewer: string | null): pb.Comment[] {
  const children = new Map<string, CommentView[]>();
  const byId = new Map(all.map((view) => [view.id, view]));
  for (const view of all) {
    if (!view.parentId) continue;
    const siblings = children.get(view.parentId) ?? [];
    siblings.push(view);
    children.set(view.parentId, siblings);
  }
  const shown = (view: CommentView) =>
    isVisible({ status: view.status, deleted: view.deleted }) ||
    (!view.deleted && view.status === 'underReview' && view.authorUid === viewer);
  const build = (view: CommentView): pb.Comment | undefined => {
    const replies = (children.get(view.id) ?? []).map(build).filter((reply) => reply !== undefined);
    if (shown(view)) return { ...presentComment(view, false, replies), replyCount: replies.length };
    if (replies.length === 0) return undefined;
    return { ...presentComment({ ...view, deleted: true }, false, replies), replyCount: replies.length };
  };
  return rootIds
    .map((id) => byId.get(id))
    .filter((view) => view !== undefined)
    .map(build)
    .filter((comment) => comment !== undefined);
}
