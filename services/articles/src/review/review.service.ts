import { Injectable } from '@nestjs/common';
import type { Article } from '@pencraft/contracts/articles/v1/articles';
import type { GetArticleReviewResponse, ListReviewArticlesResponse } from '@pencraft/contracts/articles/v1/drafts';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, type Queryable, TransactionManager } from '@pencraft/kit';
import {
  ARTICLE_EDITS_MAX,
  HOME_MAX_PAGE,
  PENDING_ARTICLES_MAX,
  PENDING_DELETIONS_PER_DAY,
  resolvePaging,
  withinDeletionWindow,
} from '@pencraft/rules';
import { ArticleAnnouncements } from '../articles/article-announcements.js';
import { ArticleRepository } from '../articles/article.repository.js';
import { checkArticle } from '../articles/article.rules.js';
import { toArticle } from '../articles/article.service.js';
import { PENDING_STATUSES, type ArticleRow } from '../articles/article.table.js';
import { CoAuthorAccess } from '../drafts/co-author-access.js';
import { PublicationDirectory, requireMember } from '../publications/publication-directory.js';
import { DraftRepository } from '../drafts/draft.repository.js';
import { checkAudience } from '../drafts/draft.rules.js';
import type { DraftRow } from '../drafts/draft.table.js';
import type { ArticleEditRow } from './review.table.js';
import { translationPublishedEvent, translationSubmittedEvent } from '../translations/translation.events.js';
import { editSubmittedEvent, reviewedEvent, submittedEvent } from './review.events.js';
import { ReviewRepository } from './review.repository.js';
import { decide, submission, type Decision, type Transition } from './review.rules.js';
import { languages } from '@pencraft/contracts/enums';
import { articleStatuses } from '@pencraft/contracts/enums/articles';

const DAY_MS = 24 * 3_600_000;

/** The note a decision keeps: the reason of a rejection or the revision notes; nothing otherwise. */
function keptNote(transition: Transition, note: string): string {
  return transition.status === 'rejected' || transition.status === 'revisionRequested' ? note : '';
}

/**
 * Publishing and review (SPEC.md section 4): a submitted draft becomes an article in the state accepted, the
 * moderation service's decisions (DecideReview) move it along, and every state it enters is recorded on its timeline.
 * There is no way around review: an original entering it is announced as articles.article.submitted (a translation
 * as articles.translation.submitted) and each decision that moves it as articles.article.reviewed, in the same
 * transaction.
 */
@Injectable()
export class ReviewService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly articles: ArticleRepository,
    private readonly drafts: DraftRepository,
    private readonly reviews: ReviewRepository,
    private readonly coAuthors: CoAuthorAccess,
    private readonly publications: PublicationDirectory,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly announcements: ArticleAnnouncements,
  ) {}

  /**
   * POST /api/articles/publishing/{id}: `id` is a draft (the editor's), or an article created directly and never
   * submitted. A draft is consumed: it becomes a new article, the revision of an article a moderator sent back, or an
   * edit of a published article waiting for review beside it (ArticleEditPending while one waits already).
   */
  async submit(id: string, actorUid: string): Promise<Article> {
    if (!actorUid) throw new AppError('Unauthorized');
    return this.transactions.run(async (tx) => {
      const draft = await this.drafts.lockForUpdate(tx, id);
      if (draft) {
        if (draft.ownerId !== actorUid) {
          const coAuthor = await this.coAuthors.isAcceptedOnDraft(draft.id, actorUid, tx);
          throw new AppError(coAuthor ? 'Forbidden' : 'DraftNotFound');
        }
        return this.submitDraft(tx, draft);
      }
      const article = await this.articles.lockForUpdate(tx, id);
      if (!article) throw new AppError('DraftNotFound');
      // Someone else's article: it does not exist for them unless it is published.
      if (article.authorId !== actorUid && article.status !== 'published') throw new AppError('ArticleNotFound');
      if (article.authorId !== actorUid) throw new AppError('Forbidden');
      // Submitting again is answered with the article as it is (a retried request).
      if (article.status !== 'draft') return this.read(tx, id);
      // One created on a publication's subdomain: a member removed since then is refused, as for a draft.
      if (article.publicationId) await requireMember(this.publications, article.publicationId, actorUid);
      await this.checkPendingCap(tx, actorUid);
      await this.move(tx, article, submission(), '');
      await this.announceSubmitted(tx, article.id, false);
      return this.read(tx, id);
    });
  }

  private async submitDraft(tx: Queryable, draft: DraftRow): Promise<Article> {
    // A paid audience needs a publication (a translation's is its original's); a draft may have left it since.
    const seller =
      draft.publicationId ??
      (draft.translationOf
        ? ((await this.articles.findWithAuthor(draft.translationOf, tx))?.article.publicationId ?? null)
        : null);
    checkAudience(seller, draft.audience);
    const checked = checkArticle({
      title: draft.title,
      description: draft.description,
      language: draft.language,
      category: draft.category,
      subCategories: draft.subCategories,
      contentJson: JSON.stringify(draft.content ?? { blocks: [] }),
    });
    const now = this.clock.now();
    const fields = {
      title: checked.title,
      description: checked.description,
      language: checked.language,
      category: checked.category,
      subCategories: checked.subCategories,
      content: checked.content,
      bodyText: checked.text,
      wordCount: checked.wordCount,
      symbolCount: checked.symbolCount,
      coverKey: draft.coverKey,
      target: draft.target,
      publicationId: draft.publicationId,
      audience: draft.audience,
      translationOf: draft.translationOf,
    };
    let articleId: string;
    if (draft.articleId) {
      const article = await this.articles.lockForUpdate(tx, draft.articleId);
      if (!article || article.authorId !== draft.ownerId) throw new AppError('ArticleNotFound');
      articleId = article.id;
      // Moving it into a publication asks again; staying where it is does not (a removed member's article stays).
      if (draft.publicationId && draft.publicationId !== article.publicationId) {
        await requireMember(this.publications, draft.publicationId, draft.ownerId);
      }
      if (article.status === 'published') {
        // An edit of a published article goes through review like a new one: the published version stays live
        // until the edit is approved (decideEdit writes it over the article then).
        if (article.editCount >= ARTICLE_EDITS_MAX) throw new AppError('EditArticleCount');
        if (await this.reviews.lockOpenEdit(tx, articleId)) throw new AppError('ArticleEditPending');
        const edit = await this.reviews.insertEdit(tx, {
          ...fields,
          articleId,
          authorId: article.authorId,
          status: 'accepted',
          submittedAt: now,
        });
        await this.reviews.record(tx, articleId, ['accepted'], '', now);
        const live = (await this.articles.findWithAuthor(articleId, tx))!;
        await this.outbox.add(tx, editSubmittedEvent(live, edit, now));
      } else if (article.status === 'revisionRequested') {
        // The author's revision goes through review again.
        await this.checkPendingCap(tx, draft.ownerId);
        const revised = await this.articles.replaceContent(tx, articleId, { ...fields, updatedAt: now });
        await this.announceSubmittedTranslation(tx, revised, now);
        await this.move(tx, revised, submission(), '');
        await this.announceSubmitted(tx, articleId, true);
      } else {
        throw new AppError('OperationFailed');
      }
    } else {
      // A member removed since the target was set is refused.
      if (draft.publicationId) await requireMember(this.publications, draft.publicationId, draft.ownerId);
      await this.checkPendingCap(tx, draft.ownerId);
      const created = await this.articles.insert(tx, {
        ...fields,
        authorId: draft.ownerId,
        createdAt: now,
        updatedAt: now,
      });
      articleId = created.id;
      await this.announceSubmittedTranslation(tx, created, now);
      await this.move(tx, created, submission(), '');
      await this.announceSubmitted(tx, articleId, false);
    }
    await this.coAuthors.draftSubmitted(tx, draft.id, articleId);
    await this.drafts.delete(tx, draft.id);
    return this.read(tx, articleId);
  }

  /** PENDING_ARTICLES_MAX articles of one author may wait for review at once. */
  private async checkPendingCap(tx: Queryable, authorId: string) {
    if ((await this.articles.countPending(tx, authorId)) >= PENDING_ARTICLES_MAX) {
      throw new AppError('MaxArticlePublishCount');
    }
  }

  /** Records the transition on the timeline, sets the state and announces a publication, in the caller's transaction. */
  private async move(tx: Queryable, article: ArticleRow, transition: Transition, note: string) {
    if (transition.states.length === 0) return;
    const now = this.clock.now();
    await this.reviews.record(tx, article.id, transition.states, note, now);
    await this.articles.setStatus(tx, article.id, transition.status, note, now);
    if (transition.publishes) {
      const found = (await this.articles.findWithAuthor(article.id, tx))!;
      await this.announcements.announce(tx, found, true);
      if (found.article.translationOf) {
        // A published translation is also announced as such, naming the original's author (notifications).
        const original = await this.articles.findWithAuthor(found.article.translationOf, tx);
        await this.outbox.add(tx, translationPublishedEvent(found.article, original?.article.authorId ?? '')!);
      }
    }
  }

  /** articles.article.submitted for an original entering review (none for a translation). */
  private async announceSubmitted(tx: Queryable, articleId: string, isEdit: boolean) {
    const event = submittedEvent((await this.articles.findWithAuthor(articleId, tx))!, isEdit, this.clock.now());
    if (event) await this.outbox.add(tx, event);
  }

  /** articles.translation.submitted for a translation entering review (none for an original). */
  private async announceSubmittedTranslation(tx: Queryable, row: ArticleRow, at: Date) {
    const author = (await this.articles.findWithAuthor(row.id, tx))?.author;
    const event = translationSubmittedEvent(row, at, author?.username ?? '');
    if (event) await this.outbox.add(tx, event);
  }

  private async read(tx: Queryable, id: string): Promise<Article> {
    return toArticle((await this.articles.findWithAuthor(id, tx))!);
  }

  /**
   * ArticlesService.DecideReview: the moderation service's decision, on an article or on an edit of a published
   * article (the queue names an edit by its own id).
   */
  async decide(articleId: string, decision: Decision, note: string): Promise<Article> {
    const trimmed = (note ?? '').trim().slice(0, 2000);
    return this.transactions.run(async (tx) => {
      const article = await this.articles.lockForUpdate(tx, articleId);
      if (!article) {
        const edit = await this.reviews.lockEdit(tx, articleId);
        if (!edit) throw new AppError('ArticleNotFound');
        return this.decideEdit(tx, edit, decision, trimmed);
      }
      const transition = decide(article.status, decision);
      const kept = keptNote(transition, trimmed);
      await this.move(tx, article, transition, kept);
      if (transition.states.length > 0) await this.announceReviewed(tx, articleId, decision, kept, false);
      return this.read(tx, articleId);
    });
  }

  /**
   * A decision on an edit: the edit walks the review road on the article's timeline while the published version
   * stays live; approving writes the edit over the article and announces it as published again, rejecting or asking
   * for a revision leaves the article as it was.
   */
  private async decideEdit(tx: Queryable, edit: ArticleEditRow, decision: Decision, note: string): Promise<Article> {
    const article = await this.articles.lockForUpdate(tx, edit.articleId);
    if (!article) throw new AppError('ArticleNotFound');
    const transition = decide(edit.status, decision);
    if (transition.states.length === 0) return this.read(tx, article.id);
    const kept = keptNote(transition, note);
    const now = this.clock.now();
    await this.reviews.record(tx, article.id, transition.states, kept, now);
    await this.reviews.setEditStatus(tx, edit.id, transition.status, kept, now);
    if (transition.publishes) {
      await this.articles.replaceContent(tx, article.id, {
        title: edit.title,
        description: edit.description,
        language: edit.language,
        category: edit.category,
        subCategories: edit.subCategories,
        content: edit.content,
        bodyText: edit.bodyText,
        wordCount: edit.wordCount,
        symbolCount: edit.symbolCount,
        coverKey: edit.coverKey,
        target: edit.target,
        publicationId: edit.publicationId,
        audience: edit.audience,
        editCount: article.editCount + 1,
        updatedAt: now,
      });
      await this.announcements.announce(tx, (await this.articles.findWithAuthor(article.id, tx))!);
      // A translation is paid when its original is and belongs to its publication: an original that changed either
      // announces its translations again (search keeps only a paid one's teaser, the gateways drop their copies).
      if (edit.audience !== article.audience || edit.publicationId !== article.publicationId) {
        await this.announcements.announceTranslations(tx, article.id);
      }
    }
    await this.announceReviewed(tx, article.id, decision, kept, true);
    return this.read(tx, article.id);
  }

  /** articles.article.reviewed to the author and the accepted co-authors (notifications tell them). */
  private async announceReviewed(tx: Queryable, articleId: string, decision: Decision, note: string, isEdit: boolean) {
    const found = (await this.articles.findWithAuthor(articleId, tx))!;
    const coAuthors = await this.coAuthors.acceptedUidsOfArticle(articleId, tx);
    const event = reviewedEvent(found, decision, coAuthors, note, this.clock.now(), isEdit);
    if (event) await this.outbox.add(tx, event);
  }

  /**
   * DELETE /api/articles/{id}: the author deletes a pending article (submitted, not yet decided) within 6 hours of
   * its creation; at most PENDING_DELETIONS_PER_DAY deletions in 24 hours.
   */
  async deletePending(articleId: string, actorUid: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      const article = await this.articles.lockForUpdate(tx, articleId);
      if (!article || (article.authorId !== actorUid && article.status !== 'published'))
        throw new AppError('ArticleNotFound');
      if (article.authorId !== actorUid) throw new AppError('Forbidden');
      const now = this.clock.now();
      const pending = article.status === 'draft' || PENDING_STATUSES.includes(article.status);
      if (!pending || !withinDeletionWindow(article.createdAt, now)) throw new AppError('ArticleDeletionExpired');
      await this.reviews.lockAuthor(tx, actorUid);
      if (
        (await this.reviews.deletionsSince(tx, actorUid, new Date(now.getTime() - DAY_MS))) >= PENDING_DELETIONS_PER_DAY
      ) {
        throw new AppError('MaxArticleDeletionCount');
      }
      await this.coAuthors.articleDeleted(tx, articleId);
      await this.reviews.deleteTimeline(tx, articleId);
      await this.articles.delete(tx, articleId);
      await this.reviews.recordDeletion(tx, actorUid, articleId, now);
      // Moderation takes the submission's open queue items away (a draft never reached it: nothing to withdraw).
      if (article.status !== 'draft') {
        await this.outbox.add(
          tx,
          outboxEvent(EVENTS.articleWithdrawn, { articleId, authorUid: actorUid, atMs: now.getTime() }),
        );
      }
    });
  }

  /** GET /api/articles/review: the author's submitted articles with their state. */
  async listMine(actorUid: string, page: number, pageSize: number): Promise<ListReviewArticlesResponse> {
    if (!actorUid) throw new AppError('Unauthorized');
    const paging = resolvePaging(page, pageSize, HOME_MAX_PAGE);
    if (!paging) throw new AppError('InvalidPage');
    const rows = await this.articles.listSubmittedByAuthor(actorUid, paging.offset, paging.pageSize);
    const now = this.clock.now();
    return {
      items: rows.slice(0, paging.pageSize).map((row) => ({
        id: row.id,
        title: row.title,
        language: languages.toProto(row.language),
        status: articleStatuses.toProto(row.status),
        reviewNote: row.reviewNote,
        createdAtMs: row.createdAt.getTime(),
        updatedAtMs: row.updatedAt.getTime(),
        translationOf: row.translationOf ?? '',
        deletable: PENDING_STATUSES.includes(row.status) && withinDeletionWindow(row.createdAt, now),
        editable: row.status === 'published' || row.status === 'revisionRequested',
      })),
      page: paging.page,
      pageSize: paging.pageSize,
      hasMore: rows.length > paging.pageSize,
    };
  }

  /** GET /api/articles/{id}/review: the timeline, for the author and accepted co-authors only. */
  async timeline(articleId: string, actorUid: string): Promise<GetArticleReviewResponse> {
    const found = await this.articles.findWithAuthor(articleId);
    if (!found || !actorUid) throw new AppError('ArticleNotFound');
    if (found.article.authorId !== actorUid && !(await this.coAuthors.isAcceptedOnArticle(articleId, actorUid))) {
      throw new AppError('ArticleNotFound');
    }
    const events = await this.reviews.timeline(articleId);
    return {
      articleId,
      status: articleStatuses.toProto(found.article.status),
      reviewNote: found.article.reviewNote,
      events: events.map((e) => ({ status: articleStatuses.toProto(e.status), atMs: e.at.getTime(), note: e.note })),
    };
  }
}
