import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import { and, eq } from 'drizzle-orm';
import { voteOf, voteValue, type Vote } from './vote.rules.js';
import { articleVotes } from './vote.table.js';

@Injectable()
export class VoteRepository {
  async find(tx: Queryable, articleId: string, uid: string): Promise<Vote> {
    const [row] = await tx
      .select({ value: articleVotes.value })
      .from(articleVotes)
      .where(and(eq(articleVotes.articleId, articleId), eq(articleVotes.uid, uid)));
    return voteOf(row?.value);
  }

  /** Records the user's vote (null removes it). */
  async set(tx: Queryable, articleId: string, uid: string, vote: Vote, at: Date): Promise<void> {
    if (vote === null) {
      await tx.delete(articleVotes).where(and(eq(articleVotes.articleId, articleId), eq(articleVotes.uid, uid)));
      return;
    }
    await tx
      .insert(articleVotes)
      .values({ articleId, uid, value: voteValue(vote), votedAt: at })
      .onConflictDoUpdate({
        target: [articleVotes.articleId, articleVotes.uid],
        set: { value: voteValue(vote), votedAt: at },
      });
  }
}
