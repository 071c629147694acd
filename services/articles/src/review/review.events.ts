import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type { ArticleWithAuthor } from '../articles/article.repository.js';
import type { Decision } from './review.rules.js';
import type { ArticleEditRow } from './review.table.js';
import { languages } from '@pencraft/contracts/enums';

/** The decision names articles.article.reviewed carries; starting the initial review is not announced. */
const REVIEWED: Partial<Record<Decision, string>> = {
  passInitialReview: 'initialPassed',
  approve: 'approved',
  reject: 'rejected',
  requestRevision: 'revisionRequested',
};

/**
 * articles.article.submitted, for the outbox in the transaction where an original article enters review (accepted):
 * `isEdit` when it is the author's revision after a revision request; undefined for a translation (it has its own
 * articles.translation.submitted).
 */
export function submittedEvent({ article, author }: ArticleWithAuthor, isEdit: boolean, at: Date) {
  if (article.translationOf) return undefined;
  return outboxEvent(EVENTS.articleSubmitted, {
    articleId: article.id,
    authorUid: article.authorId,
    title: article.title,
    description: article.description,
    bodyText: article.bodyText,
    language: languages.toProto(article.language),
    isEdit,
    submittedAtMs: at.getTime(),
    category: article.category,
    authorUsername: author?.username ?? '',
    editId: '',
    previousTitle: '',
    previousDescription: '',
    previousBodyText: '',
  });
}

/**
 * articles.article.submitted for an edit of a published article (an original or a translation's row) entering
 * review: the proposed version, with the live one beside it for the staff's comparison.
 */
export function editSubmittedEvent({ article, author }: ArticleWithAuthor, edit: ArticleEditRow, at: Date) {
  return outboxEvent(EVENTS.articleSubmitted, {
    articleId: article.id,
    authorUid: article.authorId,
    title: edit.title,
    description: edit.description,
    bodyText: edit.bodyText,
    language: languages.toProto(edit.language),
    isEdit: true,
    submittedAtMs: at.getTime(),
    category: edit.category,
    authorUsername: author?.username ?? '',
    editId: edit.id,
    previousTitle: article.title,
    previousDescription: article.description,
    previousBodyText: article.bodyText,
  });
}

/**
 * articles.article.reviewed, for the outbox in the transaction of a decision that moved the article; undefined for
 * START_INITIAL_REVIEW. `isEdit`: the decision was on an edit of the published article. `authorUids`: the principal author (the translator) first, then the accepted co-authors.
 */
export function reviewedEvent(
  { article }: ArticleWithAuthor,
  decision: Decision,
  coAuthorUids: readonly string[],
  note: string,
  at: Date,
  isEdit = false,
) {
  const name = REVIEWED[decision];
  if (!name) return undefined;
  return outboxEvent(EVENTS.articleReviewed, {
    articleId: article.id,
    originalId: article.translationOf ?? '',
    isTranslation: Boolean(article.translationOf),
    authorUids: [article.authorId, ...coAuthorUids.filter((uid) => uid !== article.authorId)],
    title: article.title,
    decision: name,
    note,
    atMs: at.getTime(),
    language: languages.toProto(article.language),
    isEdit,
  });
}
