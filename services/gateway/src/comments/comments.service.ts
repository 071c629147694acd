import { reportReasons } from '@pencraft/contracts/enums';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor, Comment } from '@pencraft/contracts/comments/v1/comments';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { ReportReason } from '@pencraft/rules';
import { SessionService } from '../accounts/session.service.js';
import { PROFILES, type ProfileClient } from '../profiles/profile.upstream.js';
import { STANDING, currentRating, type StandingClient } from '../standing/standing.upstream.js';
import { commentJson, voteOf } from './comments.dto.js';
import { COMMENTS, type CommentsClient } from './comments.upstream.js';

function actorOf(user: UserSummary): Actor {
  return {
    uid: user.uid,
    username: user.username,
    fullname: user.fullname,
    imageUrl: user.imageUrl,
    rating: user.rating,
  };
}

function withArticle(comment: Comment) {
  return { ...commentJson(comment), article: { id: comment.articleId, title: comment.articleTitle } };
}

/**
 * Comments over the comments service. The acting user is always the session's: ids in paths and bodies name
 * comments and articles, never whose they are, and every answer that depends on the viewer is never cached.
 */
@Injectable()
export class CommentsService {
  constructor(
    @Inject(COMMENTS) private readonly comments: CommentsClient,
    @Inject(PROFILES) private readonly profiles: ProfileClient,
    private readonly sessions: SessionService,
    @Inject(STANDING) private readonly standing: StandingClient,
  ) {}

  async thread(articleId: string, page: number, sort: string, token: string | undefined) {
    const viewer = await this.sessions.resolve(token);
    const thread = await this.comments.listThread({
      articleId,
      viewerUid: viewer?.uid ?? '',
      page,
      pageSize: 0,
      sort,
    });
    return {
      items: thread.items.map(commentJson),
      page: thread.page,
      pageSize: thread.pageSize,
      hasMore: thread.hasMore,
      total: thread.total,
    };
  }

  async create(user: UserSummary, body: { articleId: string; parentId?: string | undefined; content: string }) {
    const { comment } = await this.comments.createComment({
      actor: actorOf(user),
      articleId: body.articleId,
      parentId: body.parentId ?? '',
      content: body.content,
    });
    return commentJson(comment!);
  }

  async edit(user: UserSummary, body: { commentId: string; content: string }) {
    const { comment } = await this.comments.editComment({ actor: actorOf(user), ...body });
    return commentJson(comment!);
  }

  async delete(user: UserSummary, commentId: string) {
    await this.comments.deleteComment({ uid: user.uid, commentId });
  }

  async vote(user: UserSummary, commentId: string, direction: 'up' | 'down') {
    // A downvote needs Pro as of now, not as of the cached session (standing).
    const rating = direction === 'down' ? await currentRating(this.standing, user) : user.rating;
    const votes = await this.comments.voteComment({ actor: { ...actorOf(user), rating }, commentId, direction });
    return { id: votes.commentId, up: votes.up, down: votes.down, myVote: voteOf(votes.myVote) };
  }

  async report(user: UserSummary, commentId: string, body: { reason: ReportReason; note?: string | undefined }) {
    const report = await this.comments.reportComment({
      actor: actorOf(user),
      commentId,
      reason: reportReasons.toProto(body.reason),
      note: body.note ?? '',
    });
    return {
      id: report.reportId,
      commentId: report.commentId,
      reason: reportReasons.require(report.reason, 'reason'),
      createdAt: new Date(report.createdAtMs).toISOString(),
    };
  }

  async byUser(username: string, page: number, token: string | undefined) {
    const [viewer, { profile }] = await Promise.all([
      this.sessions.resolve(token),
      this.profiles.getPublicProfile({ username, viewerUid: '' }),
    ]);
    const result = await this.comments.listUserComments({
      uid: profile!.uid,
      viewerUid: viewer?.uid ?? '',
      page,
      pageSize: 0,
    });
    return {
      items: result.items.map(withArticle),
      page: result.page,
      pageSize: result.pageSize,
      hasMore: result.hasMore,
    };
  }

  async effects(ids: string, token: string | undefined) {
    const viewer = await this.sessions.resolve(token);
    const { items } = await this.comments.getCommentEffects({
      viewerUid: viewer?.uid ?? '',
      commentIds: ids.split(','),
    });
    return {
      items: items.map((item) => ({ id: item.commentId, myVote: voteOf(item.myVote), reported: item.reported })),
    };
  }

  async get(commentId: string, token: string | undefined) {
    const viewer = await this.sessions.resolve(token);
    const { comment } = await this.comments.getComment({ commentId, viewerUid: viewer?.uid ?? '', anyState: false });
    return withArticle(comment!);
  }
}
