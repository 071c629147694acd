import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import { languages } from '@pencraft/contracts/enums';
import type { Lang } from '@pencraft/rules';

/** What the translation events read of a translation's article row. */
export interface TranslationRow {
  id: string;
  translationOf: string | null;
  language: Lang;
  title: string;
  description: string;
  bodyText: string;
  authorId: string;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
}

/**
 * articles.translation.submitted, for the outbox in the transaction that submits a draft translation (the publishing
 * path calls it when the article row has translation_of); undefined for an original.
 */
export function translationSubmittedEvent(row: TranslationRow, at: Date = row.updatedAt, authorUsername = '') {
  if (!row.translationOf) return undefined;
  return outboxEvent(EVENTS.translationSubmitted, {
    articleId: row.id,
    originalId: row.translationOf,
    language: languages.toProto(row.language),
    title: row.title,
    authorUid: row.authorId,
    submittedAtMs: at.getTime(),
    description: row.description,
    bodyText: row.bodyText,
    authorUsername,
  });
}

/**
 * articles.translation.published, beside the row's articles.article.published, in the transaction that publishes a
 * translation (the moderation service's approval); undefined for an original.
 */
export function translationPublishedEvent(row: TranslationRow, originalAuthorUid: string) {
  if (!row.translationOf) return undefined;
  return outboxEvent(EVENTS.translationPublished, {
    articleId: row.id,
    originalId: row.translationOf,
    language: languages.toProto(row.language),
    title: row.title,
    authorUid: row.authorId,
    originalAuthorUid,
    publishedAtMs: (row.publishedAt ?? row.updatedAt).getTime(),
  });
}
