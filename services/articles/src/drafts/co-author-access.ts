import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';

/**
 * What the drafts and review code asks of co-authorship (helper H's CoAuthorRepository implements it and is bound
 * in ArticlesModule with `{ provide: CoAuthorAccess, useExisting: CoAuthorRepository }`). Until then nobody is a
 * co-author: only owners reach their drafts and articles.
 */
@Injectable()
export class CoAuthorAccess {
  /** Whether `uid` accepted an invitation to co-write this draft (edit rights on it). */
  async isAcceptedOnDraft(_draftId: string, _uid: string, _tx?: Queryable): Promise<boolean> {
    return false;
  }

  /** Whether `uid` is an accepted co-author of this article (reads its review timeline). */
  async isAcceptedOnArticle(_articleId: string, _uid: string, _tx?: Queryable): Promise<boolean> {
    return false;
  }

  /** The accepted co-authors of an article (their uids), whom its review decisions concern besides the author. */
  async acceptedUidsOfArticle(_articleId: string, _tx?: Queryable): Promise<string[]> {
    return [];
  }

  /** The drafts `uid` co-writes (accepted invitations), for their drafts list. */
  async draftIdsCoAuthoredBy(_uid: string): Promise<string[]> {
    return [];
  }

  /** A draft became (or updated) an article: carry its co-authors over, in the same transaction. */
  async draftSubmitted(_tx: Queryable, _draftId: string, _articleId: string): Promise<void> {}

  /** A draft is deleted: drop its invitations, in the same transaction. */
  async draftDeleted(_tx: Queryable, _draftId: string): Promise<void> {}

  /** A pending article is deleted: drop its co-authors, in the same transaction. */
  async articleDeleted(_tx: Queryable, _articleId: string): Promise<void> {}
}
