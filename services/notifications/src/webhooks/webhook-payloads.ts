import { languages } from '@pencraft/contracts/enums';
import { articleRemovalReasons } from '@pencraft/contracts/enums/article-events';
import type { ArticlePublished, ArticleRemoved } from '@pencraft/contracts/events/v1/articles';
import type { CommentPublished } from '@pencraft/contracts/events/v1/comments';
import type { SubscriptionCancelled, SubscriptionCreated } from '@pencraft/contracts/events/v1/publications';
import type { WebhookEventType } from '@pencraft/rules';

/**
 * What a partner receives: `{ type, timestamp, data }` (the Standard Webhooks shape), small and stable. Only public
 * facts: ids, titles, addresses, times and public usernames; never an article's text (paid or not), a comment's
 * text, an e-mail, a full name or who subscribed to what.
 */
export interface WebhookMessage {
  type: WebhookEventType;
  /** ISO 8601, when it happened. */
  timestamp: string;
  data: Record<string, string | boolean | null>;
}

const iso = (ms: number) => new Date(ms > 0 ? ms : Date.now()).toISOString();
const articleUrl = (origin: string, id: string) => `${origin.replace(/\/$/, '')}/a/${id}`;

/** article.published the first time an article is announced, article.updated each time after. */
export function articlePublishedMessage(event: ArticlePublished, origin: string): WebhookMessage {
  return {
    type: event.firstPublication ? 'article.published' : 'article.updated',
    timestamp: iso(event.publishedAtMs),
    data: {
      articleId: event.articleId,
      title: event.title,
      url: articleUrl(origin, event.articleId),
      language: languages.fromProto(event.language) ?? null,
      category: event.category,
      authorUsername: event.authorUsername,
      publicationId: event.publicationId || null,
      publishedAt: iso(event.publishedAtMs),
    },
  };
}

export function articleRemovedMessage(event: ArticleRemoved): WebhookMessage {
  return {
    type: 'article.removed',
    timestamp: iso(event.atMs),
    data: {
      articleId: event.articleId,
      reason: articleRemovalReasons.fromProto(event.reason) ?? null,
      removedAt: iso(event.atMs),
    },
  };
}

export function commentPublishedMessage(event: CommentPublished, origin: string): WebhookMessage {
  return {
    type: 'comment.published',
    timestamp: iso(event.publishedAtMs),
    data: {
      commentId: event.commentId,
      articleId: event.articleId,
      articleTitle: event.articleTitle,
      url: articleUrl(origin, event.articleId),
      parentId: event.parentId || null,
      authorUsername: event.authorUsername,
      publishedAt: iso(event.publishedAtMs),
    },
  };
}

export function subscriptionStartedMessage(event: SubscriptionCreated): WebhookMessage {
  return {
    type: 'subscription.started',
    timestamp: iso(event.atMs),
    data: {
      publicationId: event.publicationId,
      publicationName: event.publicationName,
      paid: event.paid,
      startedAt: iso(event.atMs),
    },
  };
}

export function subscriptionEndedMessage(event: SubscriptionCancelled): WebhookMessage {
  return {
    type: 'subscription.ended',
    timestamp: iso(event.atMs),
    data: {
      publicationId: event.publicationId,
      paid: event.paid,
      endedAt: iso(event.atMs),
      accessUntil: event.periodEndMs > 0 ? iso(event.periodEndMs) : null,
    },
  };
}
