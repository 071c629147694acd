// Every event of the platform, defined once: its subject, its protobuf message, who publishes it and which durable
// consumer of which service reads it. Publishers encode with `outboxEvent`, consumers subscribe with
// `eventSubscription`; neither writes a subject or a message name by hand. EVENTS.md is generated from this
// registry and the proto comments (`npm run events:catalogue -w @pencraft/contracts`).
import type { BinaryReader, BinaryWriter } from '@bufbuild/protobuf/wire';
import {
  ArticleBookmarked,
  ArticleCounted,
  ArticlePublished,
  ArticleRemoved,
  ArticleReported,
  ArticleReviewed,
  ArticleSubmitted,
  ArticleVoted,
  ArticleWithdrawn,
  CoAuthorInvited,
  TranslationPublished,
  TranslationSubmitted,
} from './gen/events/v1/articles.js';
import {
  BadgeEarned,
  PreferencesUpdated,
  UserConfirmed,
  UserDeleted,
  UserFollowed,
  UserBanned,
  UserRegistered,
  UserUnbanned,
  UserUnfollowed,
  UserUpdated,
} from './gen/events/v1/identity.js';
import {
  CommentDeleted,
  CommentPublished,
  CommentReported,
  CommentReviewed,
  CommentSubmitted,
  CommentVoted,
} from './gen/events/v1/comments.js';
import { PayoutUpdated, SupporterTotal, SupportReceived } from './gen/events/v1/donations.js';
import { BanIssued, ReviewDecided } from './gen/events/v1/moderation.js';
import {
  ArticleDetached,
  MemberInvited,
  MemberJoined,
  MemberRemoved,
  PublicationCreated,
  PublicationDeleted,
  PublicationUpdated,
  SubscriptionCancelled,
  SubscriptionPaymentFailed,
  SubscriptionCreated,
} from './gen/events/v1/publications.js';

/** What ts-proto generates for a message: all an event needs to travel. */
export interface EventCodec<T> {
  encode(message: T, writer?: BinaryWriter): BinaryWriter;
  decode(input: BinaryReader | Uint8Array, length?: number): T;
}

export interface EventDefinition<T, Consumers extends string = string> {
  /** `<service>.<entity>.<verb>`; the first segment is the publishing service and its stream. */
  subject: string;
  /** The protobuf message's full name, sent as the `pc-event-type` header. */
  type: string;
  /** The proto file that defines the message, under proto/. */
  proto: string;
  message: EventCodec<T>;
  publisher: string;
  /** Each consuming service and the name of its durable JetStream consumer. */
  consumers: Readonly<Record<Consumers, string>>;
}

function defineEvent<T, Consumers extends string>(definition: EventDefinition<T, Consumers>) {
  const [service] = definition.subject.split('.');
  if (service !== definition.publisher) {
    throw new Error(`${definition.subject} must be published by ${service}, not ${definition.publisher}`);
  }
  return Object.freeze(definition);
}

export const EVENTS = {
  // The notifications service welcomes the user (type 100).
  userConfirmed: defineEvent({
    subject: 'identity.user.confirmed',
    type: 'events.v1.UserConfirmed',
    proto: 'events/v1/identity.proto',
    message: UserConfirmed,
    publisher: 'identity',
    consumers: { notifications: 'notifications-identity-confirmed' },
  }),
  userRegistered: defineEvent({
    subject: 'identity.user.registered',
    type: 'events.v1.UserRegistered',
    proto: 'events/v1/identity.proto',
    message: UserRegistered,
    publisher: 'identity',
    consumers: {
      articles: 'articles-identity-users',
      notifications: 'notifications-identity-registered',
      search: 'search-identity-users',
    },
  }),
  userDeleted: defineEvent({
    subject: 'identity.user.deleted',
    type: 'events.v1.UserDeleted',
    proto: 'events/v1/identity.proto',
    message: UserDeleted,
    publisher: 'identity',
    consumers: {
      articles: 'articles-identity-deletions',
      search: 'search-identity-deletions',
      comments: 'comments-identity-deletions',
      notifications: 'notifications-identity-deletions',
    },
  }),
  userUpdated: defineEvent({
    subject: 'identity.user.updated',
    type: 'events.v1.UserUpdated',
    proto: 'events/v1/identity.proto',
    message: UserUpdated,
    publisher: 'identity',
    consumers: {
      articles: 'articles-identity-user-updates',
      comments: 'comments-identity-user-updates',
      notifications: 'notifications-identity-user-updates',
      search: 'search-identity-user-updates',
    },
  }),
  // articles keeps who follows whom for the following feed; the notifications service tells the followed (type 104).
  userFollowed: defineEvent({
    subject: 'identity.user.followed',
    type: 'events.v1.UserFollowed',
    proto: 'events/v1/identity.proto',
    message: UserFollowed,
    publisher: 'identity',
    consumers: {
      articles: 'articles-identity-follows',
      notifications: 'notifications-identity-follows',
      identity: 'identity-standing-follows',
    },
  }),
  userUnfollowed: defineEvent({
    subject: 'identity.user.unfollowed',
    type: 'events.v1.UserUnfollowed',
    proto: 'events/v1/identity.proto',
    message: UserUnfollowed,
    publisher: 'identity',
    consumers: { articles: 'articles-identity-unfollows' },
  }),
  // The notifications service keeps each user's switches, mail switches and language.
  preferencesUpdated: defineEvent({
    subject: 'identity.preferences.updated',
    type: 'events.v1.PreferencesUpdated',
    proto: 'events/v1/identity.proto',
    message: PreferencesUpdated,
    publisher: 'identity',
    consumers: { notifications: 'notifications-identity-preferences' },
  }),
  // Bans: moderation mirrors them (its bans list); the gateway learns of a ban from ValidateSession, not from these.
  userBanned: defineEvent({
    subject: 'identity.user.banned',
    type: 'events.v1.UserBanned',
    proto: 'events/v1/identity.proto',
    message: UserBanned,
    publisher: 'identity',
    consumers: { identity: 'identity-standing-bans' },
  }),
  userUnbanned: defineEvent({
    subject: 'identity.user.unbanned',
    type: 'events.v1.UserUnbanned',
    proto: 'events/v1/identity.proto',
    message: UserUnbanned,
    publisher: 'identity',
    consumers: {},
  }),
  // Standing (issue #17): the notifications service tells the user of a badge earned (type 105), live.
  badgeEarned: defineEvent({
    subject: 'identity.badge.earned',
    type: 'events.v1.BadgeEarned',
    proto: 'events/v1/identity.proto',
    message: BadgeEarned,
    publisher: 'identity',
    consumers: { notifications: 'notifications-identity-badges' },
  }),
  // The moderation service enqueues submitted originals (translations come as articles.translation.submitted).
  articleSubmitted: defineEvent({
    subject: 'articles.article.submitted',
    type: 'events.v1.ArticleSubmitted',
    proto: 'events/v1/articles.proto',
    message: ArticleSubmitted,
    publisher: 'articles',
    consumers: { moderation: 'moderation-articles-submitted' },
  }),
  // The moderation service takes the withdrawn submission's open queue items away.
  articleWithdrawn: defineEvent({
    subject: 'articles.article.withdrawn',
    type: 'events.v1.ArticleWithdrawn',
    proto: 'events/v1/articles.proto',
    message: ArticleWithdrawn,
    publisher: 'articles',
    consumers: { moderation: 'moderation-articles-withdrawn' },
  }),
  // The notifications service tells the authors (types 2 and 4); initialPassed is for the timeline only.
  articleReviewed: defineEvent({
    subject: 'articles.article.reviewed',
    type: 'events.v1.ArticleReviewed',
    proto: 'events/v1/articles.proto',
    message: ArticleReviewed,
    publisher: 'articles',
    consumers: { notifications: 'notifications-articles-reviews', identity: 'identity-standing-article-reviews' },
  }),
  articlePublished: defineEvent({
    subject: 'articles.article.published',
    type: 'events.v1.ArticlePublished',
    proto: 'events/v1/articles.proto',
    message: ArticlePublished,
    publisher: 'articles',
    consumers: {
      search: 'search-articles',
      articles: 'articles-engagement-published',
      'notifications-webhooks': 'notifications-webhooks-articles-published',
    },
  }),
  // A published article left for good: search drops its document, partner webhooks send article.removed.
  articleRemoved: defineEvent({
    subject: 'articles.article.removed',
    type: 'events.v1.ArticleRemoved',
    proto: 'events/v1/articles.proto',
    message: ArticleRemoved,
    publisher: 'articles',
    consumers: {
      search: 'search-articles-removed',
      'notifications-webhooks': 'notifications-webhooks-articles-removed',
    },
  }),
  // The moderation service triages readers' reports of articles beside the comment reports.
  articleReported: defineEvent({
    subject: 'articles.article.reported',
    type: 'events.v1.ArticleReported',
    proto: 'events/v1/articles.proto',
    message: ArticleReported,
    publisher: 'articles',
    consumers: { moderation: 'moderation-articles-reported' },
  }),
  // The notifications service tells the author of a new upvote (type 0).
  articleVoted: defineEvent({
    subject: 'articles.article.voted',
    type: 'events.v1.ArticleVoted',
    proto: 'events/v1/articles.proto',
    message: ArticleVoted,
    publisher: 'articles',
    consumers: { notifications: 'notifications-articles-votes', identity: 'identity-standing-article-votes' },
  }),
  // Standing (issue #17): identity moves the author's rating by the reads and counts the views for the views badge.
  articleCounted: defineEvent({
    subject: 'articles.article.counted',
    type: 'events.v1.ArticleCounted',
    proto: 'events/v1/articles.proto',
    message: ArticleCounted,
    publisher: 'articles',
    consumers: { identity: 'identity-standing-article-counts' },
  }),
  // No consumer yet: the notifications service reads them once it exists.
  articleBookmarked: defineEvent({
    subject: 'articles.article.bookmarked',
    type: 'events.v1.ArticleBookmarked',
    proto: 'events/v1/articles.proto',
    message: ArticleBookmarked,
    publisher: 'articles',
    consumers: {},
  }),
  // The notifications service tells the invitee (type 500) and the original's author of a translation (type 3).
  coAuthorInvited: defineEvent({
    subject: 'articles.coauthor.invited',
    type: 'events.v1.CoAuthorInvited',
    proto: 'events/v1/articles.proto',
    message: CoAuthorInvited,
    publisher: 'articles',
    consumers: { notifications: 'notifications-articles-coauthors' },
  }),
  translationSubmitted: defineEvent({
    subject: 'articles.translation.submitted',
    type: 'events.v1.TranslationSubmitted',
    proto: 'events/v1/articles.proto',
    message: TranslationSubmitted,
    publisher: 'articles',
    consumers: { moderation: 'moderation-articles-translations' },
  }),
  translationPublished: defineEvent({
    subject: 'articles.translation.published',
    type: 'events.v1.TranslationPublished',
    proto: 'events/v1/articles.proto',
    message: TranslationPublished,
    publisher: 'articles',
    consumers: { notifications: 'notifications-articles-translations' },
  }),
  // moderation's own record of its decisions and bans (the owners announce the effects); no consumer yet.
  reviewDecided: defineEvent({
    subject: 'moderation.review.decided',
    type: 'events.v1.ReviewDecided',
    proto: 'events/v1/moderation.proto',
    message: ReviewDecided,
    publisher: 'moderation',
    consumers: {},
  }),
  banIssued: defineEvent({
    subject: 'moderation.ban.issued',
    type: 'events.v1.BanIssued',
    proto: 'events/v1/moderation.proto',
    message: BanIssued,
    publisher: 'moderation',
    consumers: {},
  }),
  // Comments: moderation enqueues submitted ones and triages reports; articles counts published ones per article;
  // notifications tells the article's authors, the answered commenter, the reviewed author and the voted author.
  commentSubmitted: defineEvent({
    subject: 'comments.comment.submitted',
    type: 'events.v1.CommentSubmitted',
    proto: 'events/v1/comments.proto',
    message: CommentSubmitted,
    publisher: 'comments',
    consumers: { moderation: 'moderation-comments-submitted' },
  }),
  commentPublished: defineEvent({
    subject: 'comments.comment.published',
    type: 'events.v1.CommentPublished',
    proto: 'events/v1/comments.proto',
    message: CommentPublished,
    publisher: 'comments',
    consumers: {
      articles: 'articles-comments-published',
      notifications: 'notifications-comments-published',
      identity: 'identity-standing-comments-published',
      'notifications-webhooks': 'notifications-webhooks-comments-published',
    },
  }),
  commentReviewed: defineEvent({
    subject: 'comments.comment.reviewed',
    type: 'events.v1.CommentReviewed',
    proto: 'events/v1/comments.proto',
    message: CommentReviewed,
    publisher: 'comments',
    consumers: { notifications: 'notifications-comments-reviewed' },
  }),
  commentVoted: defineEvent({
    subject: 'comments.comment.voted',
    type: 'events.v1.CommentVoted',
    proto: 'events/v1/comments.proto',
    message: CommentVoted,
    publisher: 'comments',
    consumers: { notifications: 'notifications-comments-votes', identity: 'identity-standing-comment-votes' },
  }),
  commentReported: defineEvent({
    subject: 'comments.comment.reported',
    type: 'events.v1.CommentReported',
    proto: 'events/v1/comments.proto',
    message: CommentReported,
    publisher: 'comments',
    consumers: { moderation: 'moderation-comments-reported' },
  }),
  commentDeleted: defineEvent({
    subject: 'comments.comment.deleted',
    type: 'events.v1.CommentDeleted',
    proto: 'events/v1/comments.proto',
    message: CommentDeleted,
    publisher: 'comments',
    // Moderation takes the comment's open queue items away.
    consumers: {
      articles: 'articles-comments-deleted',
      moderation: 'moderation-comments-deleted',
      identity: 'identity-standing-comments-deleted',
    },
  }),
  // Publications: articles makes the articles of a deleted publication and a detached article personal; notifications
  // tells the invited (400), the owner of a new subscriber (300) and a subscriber whose payment failed (301); search indexes
  // publications (created, updated, deleted).
  publicationCreated: defineEvent({
    subject: 'publications.publication.created',
    type: 'events.v1.PublicationCreated',
    proto: 'events/v1/publications.proto',
    message: PublicationCreated,
    publisher: 'publications',
    consumers: { search: 'search-publications-created' },
  }),
  publicationUpdated: defineEvent({
    subject: 'publications.publication.updated',
    type: 'events.v1.PublicationUpdated',
    proto: 'events/v1/publications.proto',
    message: PublicationUpdated,
    publisher: 'publications',
    consumers: { search: 'search-publications-updated' },
  }),
  publicationDeleted: defineEvent({
    subject: 'publications.publication.deleted',
    type: 'events.v1.PublicationDeleted',
    proto: 'events/v1/publications.proto',
    message: PublicationDeleted,
    publisher: 'publications',
    consumers: { articles: 'articles-publications-deleted', search: 'search-publications-deleted' },
  }),
  memberInvited: defineEvent({
    subject: 'publications.member.invited',
    type: 'events.v1.MemberInvited',
    proto: 'events/v1/publications.proto',
    message: MemberInvited,
    publisher: 'publications',
    consumers: { notifications: 'notifications-publications-invitations' },
  }),
  memberJoined: defineEvent({
    subject: 'publications.member.joined',
    type: 'events.v1.MemberJoined',
    proto: 'events/v1/publications.proto',
    message: MemberJoined,
    publisher: 'publications',
    consumers: {},
  }),
  memberRemoved: defineEvent({
    subject: 'publications.member.removed',
    type: 'events.v1.MemberRemoved',
    proto: 'events/v1/publications.proto',
    message: MemberRemoved,
    publisher: 'publications',
    consumers: {},
  }),
  subscriptionCreated: defineEvent({
    subject: 'publications.subscription.created',
    type: 'events.v1.SubscriptionCreated',
    proto: 'events/v1/publications.proto',
    message: SubscriptionCreated,
    publisher: 'publications',
    consumers: {
      notifications: 'notifications-publications-subscriptions',
      'notifications-webhooks': 'notifications-webhooks-subscriptions-created',
    },
  }),
  subscriptionCancelled: defineEvent({
    subject: 'publications.subscription.cancelled',
    type: 'events.v1.SubscriptionCancelled',
    proto: 'events/v1/publications.proto',
    message: SubscriptionCancelled,
    publisher: 'publications',
    consumers: { 'notifications-webhooks': 'notifications-webhooks-subscriptions-cancelled' },
  }),
  subscriptionPaymentFailed: defineEvent({
    subject: 'publications.subscription.payment_failed',
    type: 'events.v1.SubscriptionPaymentFailed',
    proto: 'events/v1/publications.proto',
    message: SubscriptionPaymentFailed,
    publisher: 'publications',
    consumers: { notifications: 'notifications-publications-payments-failed' },
  }),
  publicationArticleDetached: defineEvent({
    subject: 'publications.article.detached',
    type: 'events.v1.ArticleDetached',
    proto: 'events/v1/publications.proto',
    message: ArticleDetached,
    publisher: 'publications',
    consumers: { articles: 'articles-publications-detached' },
  }),
  // Donations: notifications tells the recipient of a support (200) and the author of a payout's state (201), and
  // moderation writes staff's payout moves to the audit log; the supporter's running total is the hook of the "100
  // AZN sent as support" badge (no consumer yet).
  supportReceived: defineEvent({
    subject: 'donations.support.received',
    type: 'events.v1.SupportReceived',
    proto: 'events/v1/donations.proto',
    message: SupportReceived,
    publisher: 'donations',
    consumers: { notifications: 'notifications-donations-supports', identity: 'identity-standing-supports' },
  }),
  payoutUpdated: defineEvent({
    subject: 'donations.payout.updated',
    type: 'events.v1.PayoutUpdated',
    proto: 'events/v1/donations.proto',
    message: PayoutUpdated,
    publisher: 'donations',
    consumers: { notifications: 'notifications-donations-payouts', moderation: 'moderation-donations-payouts' },
  }),
  supporterTotal: defineEvent({
    subject: 'donations.supporter.total',
    type: 'events.v1.SupporterTotal',
    proto: 'events/v1/donations.proto',
    message: SupporterTotal,
    publisher: 'donations',
    consumers: { identity: 'identity-standing-supporter-totals' },
  }),
} as const;

export type EventName = keyof typeof EVENTS;
/** The payload type of an event definition. */
export type PayloadOf<D> = D extends EventDefinition<infer T, string> ? T : never;
/** The consuming services an event definition declares. */
export type ConsumerOf<D> = D extends EventDefinition<unknown, infer C> ? C : never;

/** An event ready for the kit's Outbox.add: subject, encoded payload and message name. */
export function outboxEvent<T>(definition: EventDefinition<T>, payload: T) {
  return {
    subject: definition.subject,
    type: definition.type,
    payload: definition.message.encode(payload).finish(),
  };
}

/** What the kit's EventConsumers hands a handler (structurally: the contracts do not depend on the kit). */
export interface DeliveredEvent {
  id: string;
  subject: string;
  data: Uint8Array;
}

/**
 * The kit subscription of one declared consumer: its durable name and subject from the registry, the payload
 * decoded before the handler sees it. `Tx` is the transaction the kit runs the handler in.
 */
export function eventSubscription<D extends EventDefinition<unknown, string>, Tx>(
  definition: D,
  consumer: ConsumerOf<D>,
  handle: (payload: PayloadOf<D>, tx: Tx, event: DeliveredEvent) => Promise<void>,
) {
  const durable = (definition.consumers as Record<string, string>)[consumer];
  if (!durable) throw new Error(`${consumer} is not a declared consumer of ${definition.subject}`);
  return {
    durable,
    subjects: [definition.subject],
    handler: (event: DeliveredEvent, tx: Tx) =>
      handle(definition.message.decode(event.data) as PayloadOf<D>, tx, event),
  };
}
