import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, eq, inArray } from 'drizzle-orm';
import { voteOf, voteValue, type Vote } from '../comments/comment.rules.js';
import { commentVotes } from './comment-vote.table.js';

@Injectable()
export class CommentVoteRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async find(tx: Queryable, commentId: string, uid: string): Promise<Vote> {
    const [row] = await tx
      .select({ value: commentVotes.value })
      .from(commentVotes)
      .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.uid, uid)));
    return voteOf(row?.value);
  }

  /** Records the user's vote (null removes it). */
  async set(tx: Queryable, commentId: string, uid: string, vote: Vote, at: Date): Promise<void> {
    if (vote === null) {
      await tx.delete(commentVotes).where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.uid, uid)));
      return;
    }
    await tx
      .insert(commentVotes)
      .values({ commentId, uid, value: voteValue(vote), votedAt: at })
      .onConflictDoUpdate({
        target: [commentVotes.uid, commentVotes.commentId],
        set: { value: voteValue(vote), votedAt: at },
      });
  }

  /** The viewer's votes on the given comments. */
  async votesOf(uid: string, commentIds: string[]): Promise<Map<string, Vote>> {
    if (commentIds.length === 0) return new Map();
    const rows = await this.database.db
      .select({ commentId: commentVotes.commentId, value: commentVotes.value })
      .from(commentVotes)
      .where(and(eq(commentVotes.uid, uid), inArray(commentVotes.commentId, commentIds)));
    return new Map(rows.map((row) => [row.commentId, voteOf(row.value)]));
  }
}
