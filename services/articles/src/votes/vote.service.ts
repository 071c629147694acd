import { Injectable } from '@nestjs/common';
import type { ArticleMeta } from '@pencraft/contracts/articles/v1/engagement';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { EngagementRepository } from '../feeds/engagement.repository.js';
import { isUuid } from '../feeds/ids.js';
import { nextVote, voteDelta, type VoteValue } from './vote.rules.js';
import { VoteRepository } from './vote.repository.js';

export interface VoteCommand {
  articleId: string;
  voterUid: string;
  direction: string;
  /** The voter's rating as the gateway's session summary holds it. */
  voterRating: number;
}

@Injectable()
export class VoteService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly engagement: EngagementRepository,
    private readonly votes: VoteRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  /**
   * Upvote or downvote as a toggle on a published article. The counts change in the vote's transaction, on the
   * article's locked engagement row (so concurrent votes count exactly), and articles.article.voted goes out with it.
   */
  async vote(command: VoteCommand): Promise<ArticleMeta> {
    if (!isUuid(command.voterUid)) throw new AppError('Unauthorized');
    if (command.direction !== 'up' && command.direction !== 'down') throw new AppError('InvalidModel');
    const pressed: VoteValue = command.direction;
    if (!isUuid(command.articleId)) throw new AppError('ArticleNotFound');
    const { articleId, voterUid } = command;
    return this.transactions.run(async (tx) => {
      const target = await this.engagement.lockPublished(tx, articleId);
      if (!target) throw new AppError('ArticleNotFound');
      if (target.authorId === voterUid) throw new AppError('Forbidden');
      const current = await this.votes.find(tx, articleId, voterUid);
      const next = nextVote(current, pressed, command.voterRating);
      const at = this.clock.now();
      await this.votes.set(tx, articleId, voterUid, next, at);
      const counts = await this.engagement.addCounts(tx, articleId, voteDelta(current, next));
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.articleVoted, {
          articleId,
          authorUid: target.authorId,
          voterUid,
          vote: next ?? '',
          previous: current ?? '',
          up: counts.upVotes,
          down: counts.downVotes,
          atMs: at.getTime(),
          title: target.title,
        }),
      );
      return (await this.engagement.meta(articleId, voterUid, tx))!;
    });
  }
}
