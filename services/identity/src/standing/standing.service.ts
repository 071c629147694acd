import { Inject, Injectable } from '@nestjs/common';
import { ratingKinds } from '@pencraft/contracts/enums/identity';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type { ArticleCounted, ArticleReviewed, ArticleVoted } from '@pencraft/contracts/events/v1/articles';
import type { CommentDeleted, CommentPublished, CommentVoted } from '@pencraft/contracts/events/v1/comments';
import type { SupporterTotal, SupportReceived } from '@pencraft/contracts/events/v1/donations';
import type { UserBanned, UserFollowed } from '@pencraft/contracts/events/v1/identity';
import { AppError } from '@pencraft/errors';
import { Clock, LOGGER, Outbox, TransactionManager, type Logger, type Queryable } from '@pencraft/kit';
import {
  HOME_MAX_PAGE,
  POPULAR_ARTICLE_UPVOTES,
  RATING_WEIGHTS,
  badgesEarnedBy,
  currentPeriod,
  isLeaderboardPeriod,
  isProfileComplete,
  isStaffBadge,
  readPoints,
  resolvePaging,
  voteKind,
  votePoints,
  type BadgeCounter,
  type BadgeId,
  type RatingKind,
} from '@pencraft/rules';
import { FollowRepository } from '../follows/follow.repository.js';
import { StandingRepository } from './standing.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);
const atOf = (ms: number, now: Date) => (ms > 0 ? new Date(ms) : now);

/**
 * Ratings and badges (issue #17). Each handler runs in the transaction the kit records the event in, so an event is
 * applied once; the rating log's (user, source event) key and the badges' (user, badge) key make it so even if the
 * same event were applied twice. A badge is announced (identity.badge.earned) in the transaction that awards it.
 */
@Injectable()
export class StandingService {
  constructor(
    private readonly standing: StandingRepository,
    private readonly follows: FollowRepository,
    private readonly transactions: TransactionManager,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  // --- events -------------------------------------------------------------------------------------------------

  /** articles.article.voted: the author's rating moves by the vote's change; the upvote badges are counted. */
  async articleVoted(tx: Queryable, event: ArticleVoted, eventId: string): Promise<void> {
    if (!isUuid(event.authorUid) || !isUuid(event.articleId)) return;
    const at = atOf(event.atMs, this.clock.now());
    if (event.voterUid !== event.authorUid) {
      await this.rate(tx, event.authorUid, voteKind('article', event.vote, event.previous), {
        points: votePoints('article', event.vote, event.previous),
        sourceId: eventId,
        subjectId: event.articleId,
        at,
      });
    }
    await this.standing.tally(tx, 'article', event.articleId, event.authorUid, Math.max(0, event.up), event.atMs);
    const totals = await this.standing.upvoteTotals(tx, 'article', event.authorUid, POPULAR_ARTICLE_UPVOTES);
    await this.count(tx, event.authorUid, 'articleUpvotes', totals.up, 'raise', at);
    await this.count(tx, event.authorUid, 'articlesWith5Upvotes', totals.popular, 'raise', at);
  }

  /** comments.comment.voted: as for articles, with the comment weights and the comment-upvotes badge. */
  async commentVoted(tx: Queryable, event: CommentVoted, eventId: string): Promise<void> {
    if (!isUuid(event.authorUid) || !isUuid(event.commentId)) return;
    const at = atOf(event.atMs, this.clock.now());
    if (event.voterUid !== event.authorUid) {
      await this.rate(tx, event.authorUid, voteKind('comment', event.vote, event.previous), {
        points: votePoints('comment', event.vote, event.previous),
        sourceId: eventId,
        subjectId: event.commentId,
        at,
      });
    }
    await this.standing.tally(tx, 'comment', event.commentId, event.authorUid, Math.max(0, event.up), event.atMs);
    const totals = await this.standing.upvoteTotals(tx, 'comment', event.authorUid, Number.MAX_SAFE_INTEGER);
    await this.count(tx, event.authorUid, 'commentUpvotes', totals.up, 'raise', at);
  }

  /**
   * articles.article.reviewed: an approved new article (or translation) earns its authors articleApproved and counts
   * towards first-article (originals only); a rejection costs articleRejected. Revisions asked for and edits'
   * approvals move nothing.
   */
  async articleReviewed(tx: Queryable, event: ArticleReviewed, eventId: string): Promise<void> {
    if (!isUuid(event.articleId)) return;
    const at = atOf(event.atMs, this.clock.now());
    const authors = [...new Set(event.authorUids)].filter(isUuid);
    for (const uid of authors) {
      if (event.decision === 'approved' && !event.isEdit) {
        // Once per article and author, whatever event says it (a copy under another id adds nothing).
        await this.rate(tx, uid, 'articleApproved', {
          sourceId: `approved:${event.articleId}`,
          subjectId: event.articleId,
          at,
        });
        if (!event.isTranslation && (await this.standing.countArticle(tx, event.articleId, uid))) {
          await this.count(tx, uid, 'articlesPublished', 1, 'increment', at);
        }
      } else if (event.decision === 'rejected') {
        await this.rate(tx, uid, 'articleRejected', { sourceId: eventId, subjectId: event.articleId, at });
      }
    }
  }

  /**
   * articles.article.counted (an article's totals after a statistics flush): every READS_PER_POINT-th read earns its
   * author articleReads (logged once per article and step, so a copy or an older total adds nothing), and the views of
   * all their articles count towards the views badge.
   */
  async articleCounted(tx: Queryable, event: ArticleCounted): Promise<void> {
    if (!isUuid(event.articleId) || !isUuid(event.authorUid)) return;
    if (!(await this.standing.userExists(tx, event.authorUid))) return;
    const at = atOf(event.atMs, this.clock.now());
    const views = Math.max(0, event.viewsTotal);
    const reads = Math.max(0, event.readsTotal);
    const { previousReads, authorViews } = await this.standing.raiseReach(
      tx,
      event.articleId,
      event.authorUid,
      views,
      reads,
    );
    const points = readPoints(previousReads, reads);
    if (points > 0) {
      await this.rate(tx, event.authorUid, 'articleReads', {
        points,
        sourceId: `reads:${event.articleId}:${reads}`,
        subjectId: event.articleId,
        at,
      });
    }
    await this.count(tx, event.authorUid, 'articleViews', authorViews, 'raise', at);
  }

  /** comments.comment.published (once per comment): commentPublished, and the commenter badge's count. */
  async commentPublished(tx: Queryable, event: CommentPublished): Promise<void> {
    if (!isUuid(event.authorUid) || !isUuid(event.commentId)) return;
    const at = atOf(event.publishedAtMs, this.clock.now());
    const added = await this.rate(tx, event.authorUid, 'commentPublished', {
      sourceId: `published:${event.commentId}`,
      subjectId: event.commentId,
      at,
    });
    if (added) await this.count(tx, event.authorUid, 'commentsPublished', 1, 'increment', at);
  }

  /** comments.comment.deleted by moderation (a reported comment removed): commentRemoved. */
  async commentDeleted(tx: Queryable, event: CommentDeleted): Promise<void> {
    if (event.by !== 'moderation' || !event.wasPublished || !isUuid(event.authorUid)) return;
    await this.rate(tx, event.authorUid, 'commentRemoved', {
      sourceId: `removed:${event.commentId}`,
      subjectId: isUuid(event.commentId) ? event.commentId : null,
      at: atOf(event.atMs, this.clock.now()),
    });
  }

  /** identity.user.banned: banned. */
  async userBanned(tx: Queryable, event: UserBanned, eventId: string): Promise<void> {
    if (!isUuid(event.uid)) return;
    await this.rate(tx, event.uid, 'banned', {
      sourceId: event.banId ? `ban:${event.banId}` : eventId,
      subjectId: null,
      at: atOf(event.startsAtMs, this.clock.now()),
    });
  }

  /** identity.user.followed: the followers badge counts the follows there are now. */
  async userFollowed(tx: Queryable, event: UserFollowed): Promise<void> {
    if (!isUuid(event.followeeUid)) return;
    const followers = await this.follows.followerCount(event.followeeUid, tx);
    await this.count(tx, event.followeeUid, 'followers', followers, 'raise', atOf(event.atMs, this.clock.now()));
  }

  /** donations.support.received: the recipient's distinct supporters. */
  async supportReceived(tx: Queryable, event: SupportReceived): Promise<void> {
    if (!isUuid(event.recipientUid) || !isUuid(event.supporterUid)) return;
    if (!(await this.standing.userExists(tx, event.recipientUid))) return;
    const distinct = await this.standing.addSupporter(tx, event.recipientUid, event.supporterUid);
    await this.count(tx, event.recipientUid, 'supporters', distinct, 'raise', atOf(event.atMs, this.clock.now()));
  }

  /** donations.supporter.total: what the supporter has sent in all (the badge stays once earned). */
  async supporterTotal(tx: Queryable, event: SupporterTotal): Promise<void> {
    if (!isUuid(event.supporterUid)) return;
    const at = atOf(event.atMs, this.clock.now());
    await this.count(tx, event.supporterUid, 'supportSentQepik', Math.max(0, event.totalQepik), 'raise', at);
  }

  /** After the profile or its pictures or links changed: the complete-profile badge, once. */
  async profileChanged(uid: string): Promise<void> {
    try {
      await this.transactions.run(async (tx) => {
        const facts = await this.standing.profileFacts(tx, uid);
        if (facts && isProfileComplete(facts)) await this.awardBadge(tx, uid, 'complete-profile', this.clock.now());
      });
    } catch (error) {
      // The change itself has committed; the badge waits for the next change rather than failing it.
      this.log.warn({ err: error }, 'complete-profile badge check failed');
    }
  }

  // --- reads and staff --------------------------------------------------------------------------------------------

  async rating(uid: string): Promise<number> {
    const rating = await this.standing.rating(uid);
    if (rating === undefined) throw new AppError('UserNotFound');
    return rating;
  }

  async ratingLog(uid: string, page: number, pageSize: number) {
    const paging = resolvePaging(page, pageSize, HOME_MAX_PAGE);
    if (!paging) throw new AppError('InvalidPage');
    const rating = await this.rating(uid);
    const rows = await this.standing.log(uid, paging.offset, paging.pageSize + 1);
    return {
      items: rows.slice(0, paging.pageSize).map((row) => ({
        id: row.id,
        kind: ratingKinds.toProto(row.kind),
        points: row.points,
        atMs: row.at.getTime(),
        subjectId: row.subjectId ?? '',
      })),
      page: paging.page,
      pageSize: paging.pageSize,
      hasMore: rows.length > paging.pageSize,
      rating,
    };
  }

  async leaderboard(period: string, page: number, pageSize: number) {
    if (!isLeaderboardPeriod(period)) throw new AppError('InvalidModel');
    const paging = resolvePaging(page, pageSize, HOME_MAX_PAGE);
    if (!paging) throw new AppError('InvalidPage');
    // Week and month are the calendar ones in Asia/Baku, read from the totals kept as the log grows.
    const current = currentPeriod(period, this.clock.now());
    const rows = current
      ? await this.standing.leadersOfPeriod(current.period, current.starts, paging.offset, paging.pageSize + 1)
      : await this.standing.leadersAllTime(paging.offset, paging.pageSize + 1);
    return {
      items: rows.slice(0, paging.pageSize).map((row, index) => ({
        rank: paging.offset + index + 1,
        uid: row.uid,
        username: row.username,
        fullname: row.fullname,
        imageUrl: row.imageUrl ?? '',
        rating: row.rating,
        points: row.points,
      })),
      page: paging.page,
      pageSize: paging.pageSize,
      hasMore: rows.length > paging.pageSize,
    };
  }

  async badges(username: string) {
    const uid = await this.standing.uidOfUsername(username);
    if (!uid) throw new AppError('UserNotFound');
    const rows = await this.standing.badges(uid);
    return { uid, badges: rows.map((row) => ({ id: row.badge, earnedAtMs: row.earnedAt.getTime() })) };
  }

  /** Staff grant a beta-tester or bug-hunter badge; granting it again answers granted = false. */
  async grant(username: string, badge: string, grantedBy: string) {
    if (!isStaffBadge(badge)) throw new AppError('InvalidModel');
    const uid = await this.standing.uidOfUsername(username);
    if (!uid) throw new AppError('UserNotFound');
    const at = this.clock.now();
    const granted = await this.transactions.run((tx) => this.awardBadge(tx, uid, badge, at, grantedBy || null));
    const held = (await this.standing.badges(uid)).find((row) => row.badge === badge);
    return { granted, uid, badge: { id: badge, earnedAtMs: (held?.earnedAt ?? at).getTime() } };
  }

  // --- helpers ----------------------------------------------------------------------------------------------------

  private async rate(
    tx: Queryable,
    uid: string,
    kind: RatingKind | undefined,
    change: { points?: number; sourceId: string; subjectId: string | null; at: Date },
  ): Promise<boolean> {
    if (!kind) return false;
    const points = change.points ?? RATING_WEIGHTS[kind].points;
    if (points === 0) return false;
    return this.standing.addRating(tx, {
      uid,
      kind,
      points,
      sourceId: change.sourceId,
      subjectId: change.subjectId,
      at: change.at,
    });
  }

  private async count(
    tx: Queryable,
    uid: string,
    counter: BadgeCounter,
    value: number,
    how: 'increment' | 'raise',
    at: Date,
  ): Promise<void> {
    const now =
      how === 'increment'
        ? await this.standing.increment(tx, uid, counter, value)
        : await this.standing.raise(tx, uid, counter, value);
    if (now === undefined) return;
    for (const badge of badgesEarnedBy(counter, now)) await this.awardBadge(tx, uid, badge, at);
  }

  private async awardBadge(
    tx: Queryable,
    uid: string,
    badge: BadgeId,
    at: Date,
    grantedBy: string | null = null,
  ): Promise<boolean> {
    if (!(await this.standing.award(tx, uid, badge, at, grantedBy))) return false;
    await this.outbox.add(
      tx,
      outboxEvent(EVENTS.badgeEarned, { uid, badge, earnedAtMs: at.getTime(), grantedBy: grantedBy ?? '' }),
    );
    return true;
  }
}
